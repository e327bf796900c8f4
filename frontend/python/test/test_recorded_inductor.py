"""Kernel files TorchInductor (torch 2.11) wrote for torch.compile on a GPU
(inductor/recorded/), compiled and launched here as Inductor drives Triton:
triton.compile(ASTSource(fn, triton_meta's signature, the config's
constexprs, triton_meta's divisibility attributes), target, options), then
the launcher ABI `run(grid, stream, function, metadata, ...)` with every
parameter -- on the cpu backend, with numpy, checked against numpy. The
files' torch._inductor imports resolve to the stand-in package of
frontend/test/imports/Inputs/inductor (torch is not installed here)."""
import os
import sys

import numpy as np
import pytest

import trident as triton
from trident._dropin import load_file
from trident.backends.compiler import GPUTarget
from trident.compiler import ASTSource

HERE = os.path.dirname(os.path.abspath(__file__))
STAND_IN = os.path.join(os.path.dirname(os.path.dirname(HERE)), "test", "imports", "Inputs",
                        "inductor")


@pytest.fixture(autouse=True)
def stand_in_torch():
    # On the search path while the files import and while their kernels
    # compile (the compiler reads torch._inductor's helpers from it).
    sys.path.insert(0, STAND_IN)
    yield
    sys.path.remove(STAND_IN)
    for m in [m for m in sys.modules if m == "torch" or m.startswith("torch.")]:
        del sys.modules[m]


def _kernel(file, name):
    module = load_file(os.path.join(HERE, "inductor", "recorded", file), file[:-3])
    return getattr(module, name)


def _compile(fn, constants, num_warps):
    # CachingAutotuner._precompile_config, for one of its configs.
    meta = fn.inductor_triton_meta
    src = ASTSource(fn, meta["signature"], constants, meta["configs"][0])
    options = {"num_warps": num_warps, "num_stages": 1, "debug": True,
               "sanitize_overflow": False, "enable_fp_fusion": meta["enable_fp_fusion"],
               "launch_cooperative_grid": False, "launch_pdl": meta["launch_pdl"]}
    return triton.compile(src, target=GPUTarget("cpu", "cpu", 1), options=options)


def _launch(kernel, grid, *args):
    kernel._init_handles()
    kernel.run(grid, 1, 1, 0, kernel.function, kernel.packed_metadata, None, None, None,
               *args)


def test_recorded_pointwise_chain():
    fn = _kernel("pointwise_chain.py", "triton_poi_fused_add_mul_pow_relu_sigmoid_sin_sub_tanh_0")
    n, xblock = 1 << 24, 1024  # the file's xnumel
    k = _compile(fn, {"XBLOCK": xblock}, 4)
    # The first 512 of Inductor's n // XBLOCK programs (the file's sizes are
    # the model's; the rest of the buffers is never touched).
    m = 512 * xblock
    rng = np.random.default_rng(5)
    x, y = np.zeros(n, np.float32), np.zeros(n, np.float32)
    x[:m] = rng.standard_normal(m)
    y[:m] = rng.standard_normal(m)
    out = np.empty(n, np.float32)
    out[:m] = np.nan
    _launch(k, m // xblock, x, y, out, n, xblock)
    x64, y64 = x[:m].astype(np.float64), y[:m].astype(np.float64)
    want = 1 / (1 + np.exp(-(np.sin(x64) * y64 + np.maximum(x64, 0) ** 2))) - 0.5 * np.tanh(y64)
    np.testing.assert_allclose(out[:m], want, rtol=1e-5, atol=1e-6)


def test_recorded_online_softmax():
    fn = _kernel("softmax_online.py",
                 "triton_red_fused__softmax_exp_prepare_softmax_online_sub_0")
    rows, cols, xblock, rblock = 8192, 4096, 1, 2048  # the file's sizes
    k = _compile(fn, {"XBLOCK": xblock, "R0_BLOCK": rblock}, 8)
    # The first 256 rows (programs), over two R0_BLOCKs each.
    m = 256
    rng = np.random.default_rng(6)
    x = np.zeros((rows, cols), np.float32)
    x[:m] = rng.standard_normal((m, cols)) * 4
    x[0, :7] = -np.inf  # masked-out scores: exp gives 0, the rest still sums to 1
    out = np.empty_like(x)
    out[:m] = np.nan
    _launch(k, m // xblock, x, out, rows, cols, xblock, rblock)
    e = np.exp(x[:m].astype(np.float64) - x[:m].max(axis=1, keepdims=True))
    # fp32 sums of 4096 terms: a few ulp of relative error
    np.testing.assert_allclose(out[:m], e / e.sum(axis=1, keepdims=True), rtol=5e-5, atol=1e-12)
    assert (out[0, :7] == 0).all()
