"""triton.compile with an ASTSource and the compiled kernel's launcher ABI
(`run(gridX, gridY, gridZ, stream, function, packed_metadata,
launch_metadata, enter_hook, exit_hook, *args)`), as TorchInductor's
CachingAutotuner drives Triton 3.6 for torch.compile: the recorded kernels
of inductor_kernels.py, compiled with the signature, constexprs and
divisibility attributes Inductor passes, launched with every parameter
(constexprs as literals), on the cpu backend with numpy."""
import os

import numpy as np
import pytest

import trident as triton
from trident import knobs
from trident._dropin import load_file
from trident.backends.compiler import GPUTarget
from trident.compiler import ASTSource
from trident.compiler.compiler import make_backend, triton_key

HERE = os.path.dirname(os.path.abspath(__file__))
K = load_file(os.path.join(HERE, "inductor_kernels.py"), "inductor_kernels")
DIV16 = [["tt.divisibility", 16]]


def _target():
    return triton.runtime.driver.active.get_current_target()


def _compile(fn, signature, constants, divisible, **options):
    src = ASTSource(fn, signature, constants, {(i,): DIV16 for i in divisible})
    opts = {"num_warps": 4, "num_stages": 1, "debug": False, "sanitize_overflow": False,
            "enable_fp_fusion": True, "launch_cooperative_grid": False, "launch_pdl": False}
    opts.update(options)
    return triton.compile(src, target=_target(), options=opts)


def _launch(kernel, grid, *args, hooks=(None, None)):
    """What Inductor's generated launcher does."""
    kernel._init_handles()
    stream = triton.runtime.driver.active.get_current_stream()
    lm = kernel.launch_metadata((grid, 1, 1), stream, *args) if hooks[0] else None
    kernel.run(grid, 1, 1, stream, kernel.function, kernel.packed_metadata, lm,
               hooks[0], hooks[1], *args)


def test_pointwise_kernel():
    sig = {"in_ptr0": "*fp32", "in_ptr1": "*fp32", "out_ptr0": "*fp32", "xnumel": "i32",
           "XBLOCK": "constexpr"}
    k = _compile(K.triton_poi_fused_mul_sin_0, sig, {"XBLOCK": 1024}, (0, 1, 2, 3))
    rng = np.random.default_rng(0)
    a = rng.standard_normal(8192).astype(np.float32)
    b = rng.standard_normal(64).astype(np.float32)
    out = np.full(8192, np.nan, np.float32)
    _launch(k, 8, a, b, out, 8192, 1024)
    np.testing.assert_allclose(out, np.sin(a) * np.tile(b, 128), rtol=1e-5, atol=1e-6)
    # What Inductor reads back.
    assert k.src.fn is K.triton_poi_fused_mul_sin_0
    assert k.src.constants == {(4,): 1024}
    assert isinstance(k.hash, str) and len(k.hash) == 64
    assert k.metadata.num_warps == 4 and k.metadata.num_ctas == 1
    assert k.metadata.cluster_dims == (1, 1, 1)
    assert not k.metadata.launch_pdl and not k.metadata.launch_cooperative_grid
    assert k.metadata.global_scratch_size == 0 and k.metadata.profile_scratch_size == 0
    assert k.metadata.tensordesc_meta is None
    assert isinstance(k.n_regs, int) and isinstance(k.n_spills, int)
    assert isinstance(k.function, int) and len(k.packed_metadata) == 6


def test_persistent_reduction_and_hooks():
    sig = {"in_out_ptr0": "*fp32", "in_ptr0": "*fp32", "xnumel": "i32", "r0_numel": "i32",
           "XBLOCK": "constexpr"}
    k = _compile(K.triton_per_fused__softmax_0, sig, {"XBLOCK": 8}, (0, 1, 2, 3))
    x = np.random.default_rng(1).standard_normal((512, 128)).astype(np.float32)
    out = np.full_like(x, np.nan)
    seen = []
    hooks = (lambda md: seen.append(md.get()["name"]), lambda md: seen.append("exit"))
    _launch(k, 64, out, x, 512, 128, 8, hooks=hooks)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(out, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-6)
    assert seen == ["triton_per_fused__softmax_0", "exit"]


def test_looped_reduction_with_size_one_constant():
    # A size argument equal to 1 is typed constexpr with its value among the
    # constants, and still passed at launch (Inductor's form).
    sig = {"in_ptr0": "*fp32", "out_ptr0": "*fp32", "xnumel": "i32", "r0_numel": "i32",
           "XBLOCK": "constexpr", "R0_BLOCK": "constexpr"}
    k = _compile(K.triton_red_fused_sum_1, sig, {"XBLOCK": 1, "R0_BLOCK": 256}, (0, 1, 2))
    x = np.random.default_rng(2).standard_normal((64, 1000)).astype(np.float32)
    out = np.full(64, np.nan, np.float32)
    _launch(k, 64, x, out, 64, 1000, 1, 256)
    np.testing.assert_allclose(out, x.sum(axis=1), rtol=1e-4, atol=1e-4)


def test_keys_and_errors():
    assert triton_key() == triton_key() and "trident" in triton_key()
    h = make_backend(GPUTarget("cuda", 90, 32)).hash()
    assert h != make_backend(GPUTarget("hip", "gfx942", 64)).hash()
    fn = K.triton_poi_fused_mul_sin_0
    with pytest.raises(TypeError, match="Signature keys must be string"):
        ASTSource(fn, {0: "*fp32"})
    with pytest.raises(TypeError, match="parameter 'xnumel' of triton_poi_fused_mul_sin_0 "
                                        "has no type"):
        triton.compile(ASTSource(fn, {"in_ptr0": "*fp32", "in_ptr1": "*fp32",
                                      "out_ptr0": "*fp32"}, {"XBLOCK": 8}), target=_target())
    with pytest.raises(TypeError, match="constexpr parameter 'XBLOCK' .* has no value"):
        triton.compile(ASTSource(fn, {"in_ptr0": "*fp32", "in_ptr1": "*fp32",
                                      "out_ptr0": "*fp32", "xnumel": "i32"}), target=_target())
    with pytest.raises(NotImplementedError, match="launch_cooperative_grid=True"):
        _compile(fn, {"in_ptr0": "*fp32", "in_ptr1": "*fp32", "out_ptr0": "*fp32",
                      "xnumel": "i32", "XBLOCK": "constexpr"}, {"XBLOCK": 8}, (),
                 launch_cooperative_grid=True)
    # launch_pdl=True is taken (the launch keeps stream order: the kernel's
    # gdc_wait has nothing to wait for, the results are the same).
    k = _compile(fn, {"in_ptr0": "*fp32", "in_ptr1": "*fp32", "out_ptr0": "*fp32",
                      "xnumel": "i32", "XBLOCK": "constexpr"}, {"XBLOCK": 8}, (),
                 launch_pdl=True)
    assert k.metadata.launch_pdl
    with pytest.raises(ValueError, match="unknown target"):
        triton.compile(ASTSource(fn, {}, {}), target=GPUTarget("xpu", 1, 16))


def test_what_inductor_reads_besides_the_launch():
    # The compiled kernel's hash names what was compiled: the options too.
    fn = K.triton_poi_fused_mul_sin_0
    sig = {"in_ptr0": "*fp32", "in_ptr1": "*fp32", "out_ptr0": "*fp32", "xnumel": "i32",
           "XBLOCK": "constexpr"}
    a = _compile(fn, sig, {"XBLOCK": 8}, (0, 1, 2), num_warps=4)
    b = _compile(fn, sig, {"XBLOCK": 8}, (0, 1, 2), num_warps=2)
    assert a.hash != b.hash and a.src.hash() == b.src.hash()
    # n_spills as Triton's, once loaded: the local memory per thread in
    # 4-byte words (none on the host).
    a._init_handles()
    assert a.n_spills == 0
    # make_backend(target).parse_options({}).__dict__ (Inductor's
    # get_backend_options): Triton's defaults, unknown keys left out.
    opts = make_backend(GPUTarget("cuda", 90, 32)).parse_options({"num_stages": 4, "x": 1})
    assert opts.num_stages == 4 and opts.num_warps == 4 and "x" not in opts.__dict__
    assert make_backend(GPUTarget("hip", "gfx942", 64)).parse_options({}).warp_size == 64
    # knobs.nvidia.libdevice_path: what the compiler reads as TRIDENT_LIBDEVICE.
    saved = os.environ.get("TRIDENT_LIBDEVICE")
    try:
        knobs.nvidia.libdevice_path = "/opt/torch/libdevice.10.bc"
        assert os.environ["TRIDENT_LIBDEVICE"] == knobs.nvidia.libdevice_path
        knobs.nvidia.libdevice_path = None
        assert "TRIDENT_LIBDEVICE" not in os.environ and knobs.nvidia.libdevice_path is None
    finally:
        if saved is not None:
            os.environ["TRIDENT_LIBDEVICE"] = saved


def test_backends_table_as_inductor_reads_it():
    # Inductor's triton_helpers.set_driver_to_gpu / set_driver_to_cpu, in
    # their logic: the first active non-cpu backend's driver, made active
    # unless it already is.
    import trident.backends as backends
    from trident.runtime import driver
    assert set(backends.backends) >= {"nvidia", "amd", "cpu"}
    gpus = [b for n, b in backends.backends.items() if n != "cpu" and b.driver.is_active()]
    has_gpu = any(d.driver in ("cuda", "hip") for d in triton._native.runtime().devices)
    assert bool(gpus) == has_gpu
    cpu = backends.backends["cpu"]
    assert cpu.driver.is_active()
    try:
        driver.set_active(cpu.driver())
        assert isinstance(driver.active, cpu.driver)
        assert driver.active.get_current_target().backend == "cpu"
        assert cpu.compiler(driver.active.get_current_target()).hash() == \
            make_backend(driver.active.get_current_target()).hash()
    finally:
        driver.reset_active()


def test_hook_chain():
    from trident.runtime.cache import _base32
    assert _base32("00" * 32) == "A" * 52
    chain = knobs.HookChain()
    knobs.runtime.launch_enter_hook = chain
    try:
        assert not knobs.hooks_set  # an empty chain is no hook
        seen = []
        chain.add(lambda md: seen.append(md.get()["name"]))
        assert knobs.hooks_set
        sig = {"in_ptr0": "*fp32", "in_ptr1": "*fp32", "out_ptr0": "*fp32", "xnumel": "i32",
               "XBLOCK": "constexpr"}
        k = _compile(K.triton_poi_fused_mul_sin_0, sig, {"XBLOCK": 1024}, (0, 1, 2, 3))
        a = np.zeros(8192, np.float32)
        _launch(k, 8, a, np.ones(64, np.float32), a.copy(), 8192, 1024,
                hooks=(knobs.runtime.launch_enter_hook, None))
        assert seen == ["triton_poi_fused_mul_sin_0"]
        chain.remove(chain.calls[0])
        assert not knobs.hooks_set
    finally:
        knobs.runtime.launch_enter_hook = None
    assert not knobs.hooks_set


def test_inductor_import_sequence_through_the_dropin():
    from conftest import run_script
    r = run_script(os.path.join(HERE, "scripts", "inductor_imports.py"))
    assert r.returncode == 0, r.stderr
    assert "imports ok trident ['amd', 'cpu', 'nvidia']" in r.stdout
    assert "'ASTSource', 'GPUTarget'] HookChain" in r.stdout


def test_kernels_compiled_in_a_worker_launch_in_the_parent(tmp_path):
    # TorchInductor's compile workers: a generated file in Inductor's form
    # (its torch._inductor imports resolved by a stand-in package) compiled
    # through the drop-in in another process, the compiled kernels pickled
    # as Inductor pickles them, rebuilt here as Inductor rebuilds them
    # (CompiledKernel.__new__, __dict__.update, _init_handles) and launched
    # through `run` with every parameter. The worker never loads them.
    import pickle

    from conftest import run_script
    from trident.compiler.compiler import CompiledKernel
    stand_in = os.path.join(HERE, "..", "..", "test", "imports", "Inputs", "inductor")
    out = tmp_path / "kernels.pickle"
    r = run_script(os.path.join(HERE, "scripts", "inductor_worker.py"),
                   os.path.join(HERE, "inductor", "generated_kernels.py"), str(out),
                   env={"PYTHONPATH": os.pathsep.join([os.path.dirname(HERE), stand_in])})
    assert r.returncode == 0, r.stderr
    assert "loaded here: False" in r.stdout
    import sys
    sys.path.insert(0, stand_in)  # the pickles name its _ConstRepr, as Inductor's do
    try:
        with open(out, "rb") as f:
            states = pickle.load(f)
    finally:
        sys.path.remove(stand_in)
        for m in [m for m in sys.modules if m == "torch" or m.startswith("torch.")]:
            del sys.modules[m]
    from trident.compiler import compiler as tc
    loads = tc.load_count
    kernels = {}
    for name, state in states.items():
        k = CompiledKernel.__new__(CompiledKernel)
        k.__dict__.update(state)
        k._init_handles()
        assert k.src.fn.fn is None and k.src.fn.arg_names[-1] == "XBLOCK"
        kernels[name] = k
    assert tc.load_count == loads + 2
    rng = np.random.default_rng(3)
    x = rng.standard_normal(8192).astype(np.float32)
    out = np.full_like(x, np.nan)
    k = kernels["triton_poi_fused_gelu_0"]
    assert k.src.fn.constexprs == [3] and isinstance(k.n_regs, int)
    _launch(k, 8, x, out, 8192, 1024)
    from math import erf
    want = np.array([0.5 * v * (1 + erf(v / 2 ** 0.5)) for v in x.astype(np.float64)])
    np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-6)
    x = rng.standard_normal((512, 128)).astype(np.float32)
    x[7, 5] = np.nan  # max2 propagates NaN, as torch.amax
    amax, var = np.full(512, np.nan, np.float32), np.full(512, np.nan, np.float32)
    _launch(kernels["triton_per_fused_amax_var_1"], 64, x, amax, var, 512, 128, 8)
    np.testing.assert_allclose(amax[8:], x[8:].max(axis=1), rtol=0, atol=0)
    assert np.isnan(amax[7]) and amax[6] == x[6].max()
    np.testing.assert_allclose(var[8:], x[8:].var(axis=1), rtol=1e-4, atol=1e-5)
