"""The compiled launch fast path (_launch.c) and its pure-Python fallback
give the same results and the same errors."""
import os
import subprocess
import sys

import numpy as np
import pytest

import trident as triton
from trident import _launcher
import kernels as K
from conftest import HERE


@pytest.mark.skipif(os.environ.get("TRIDENT_LAUNCHER") == "python",
                    reason="the Python launcher was asked for")
def test_the_compiled_launcher_is_built_here():
    # This machine has a C compiler and Python's headers (scripts/setup.sh).
    assert _launcher.module() is not None, _launcher.why_not()
    x = np.arange(100, dtype=np.float32)
    out = np.zeros(100, np.float32)
    h = K.add_kernel[(4,)](x, x, out, 100, BLOCK_SIZE=32)
    assert type(h._gpu_launch).__name__ == "Launcher"
    np.testing.assert_array_equal(out, 2 * x)


@pytest.mark.skipif(os.environ.get("TRIDENT_LAUNCHER") == "python",
                    reason="the Python launcher was asked for")
def test_kernel_subscript_in_c_keeps_hooks_and_grids():
    """Once the compiled launcher is built, kernel[grid] is its C subscript:
    the last grid object's callable is reused, a new grid gets its own, and
    launch hooks set afterwards are still called."""
    from trident import knobs
    from trident.runtime.jit import JITFunction
    x = np.arange(100, dtype=np.float32)
    out = np.zeros(100, np.float32)
    grid = (4,)
    K.add_kernel[grid](x, x, out, 100, BLOCK_SIZE=32)
    assert type(JITFunction.__dict__["__getitem__"]).__name__ == "Subscript"
    assert K.add_kernel[grid] is K.add_kernel[grid]
    assert K.add_kernel.__getitem__(grid) is K.add_kernel[grid]  # as a bound method
    import inspect
    assert list(inspect.signature(JITFunction.__getitem__).parameters) == ["self", "grid"]
    for n in (1, 2, 4):  # a new grid object each time
        out[:] = 0
        K.add_kernel[(n,)](x, x, out, 100, BLOCK_SIZE=32)
        np.testing.assert_array_equal(out[:32 * n], 2 * x[:32 * n])
        np.testing.assert_array_equal(out[32 * n:], 0)
    K.add_kernel[grid](x, x, out, 100, BLOCK_SIZE=32)  # grid is the last one again
    seen = []
    knobs.runtime.launch_enter_hook = lambda md: seen.append(md.get()["name"])
    try:
        assert knobs.hooks_set
        K.add_kernel[grid](x, x, out, 100, BLOCK_SIZE=32)
    finally:
        knobs.runtime.launch_enter_hook = None
    assert seen == ["add_kernel"]
    out[:] = 0
    K.add_kernel[grid](x, x, out, 100, BLOCK_SIZE=32)
    np.testing.assert_array_equal(out, 2 * x)
    assert seen == ["add_kernel"]


def test_a_failing_data_ptr_leaks_nothing_in_the_dispatcher():
    """A torch-like tensor whose data_ptr() raises: each launch hands the
    call to the Python path, which raises; the dispatcher's remembered key
    entries are not leaked on the way (a reference per launch was)."""
    import gc
    from test_launch import TorchLike

    class Flaky(TorchLike):
        fail = False

        def data_ptr(self):
            if self.fail:
                raise RuntimeError("no data")
            return super().data_ptr()

    @triton.jit
    def copy(x_ptr, out_ptr, n, BLOCK: triton.language.constexpr):
        tl = triton.language
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)

    x = np.arange(256, dtype=np.float32)
    out = np.zeros(256, np.float32)
    src, dst = Flaky(x), Flaky(out)
    for _ in range(3):  # compiled, then through the dispatcher
        copy[(2,)](src, dst, 256, BLOCK=128)
    np.testing.assert_array_equal(out, x)
    keys = [o for o in gc.get_referents(copy._entry) if isinstance(o, str) and o.endswith(":16")]
    assert keys, "the dispatcher remembers no aligned key entry"
    before = [sys.getrefcount(k) for k in keys]
    src.fail = True
    for _ in range(200):
        with pytest.raises(Exception, match="no data"):
            copy[(2,)](src, dst, 256, BLOCK=128)
    assert [sys.getrefcount(k) for k in keys] == before


def test_errors_through_the_compiled_launcher():
    x = np.zeros(8, np.float32)
    with pytest.raises(ValueError, match=r"grid x = 8589934592 is out of range"):
        K.add_kernel[(2 ** 33,)](x, x, x, 8, BLOCK_SIZE=8)
    with pytest.raises(TypeError, match=r"argument 'n_elements' = 'eight' does not fit its type i32"):
        h = K.add_kernel.warmup(x, x, x, 8, BLOCK_SIZE=8, grid=(1,))
        h[(1,)](x, x, x, "eight", 8)
    # grids as lists, 2-d and 3-d, and numpy ints
    K.scale_kernel[[1]](x, x, 8, 1.0, 0, BLOCK=8)
    K.scale_kernel[(np.int64(1), 1, 1)](x, x, 8, 1.0, 0, BLOCK=8)


SCRIPT = """
import numpy as np, sys
sys.path.insert(0, {test!r})
import kernels as K
from trident import _launcher
x = np.arange(64, dtype=np.float32); out = np.zeros(64, np.float32)
K.scale_kernel[(2,)](x, out, 64, 2.5, 1, BLOCK=32)
print(_launcher.module() is None, float(out.sum()))
"""


def test_python_fallback_gives_the_same_results(tmp_path):
    env = dict(os.environ, TRIDENT_LAUNCHER="python")
    env["PYTHONPATH"] = os.path.dirname(HERE) + os.pathsep + env.get("PYTHONPATH", "")
    r = subprocess.run([sys.executable, "-c", SCRIPT.format(test=HERE)], env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    fallback, total = r.stdout.split()
    assert fallback == "True"
    x = np.arange(64, dtype=np.float32)
    assert float(total) == float((x * 2.5 + 1).sum())


def test_the_compiled_dispatcher_follows_fast():
    """kernel[grid](...) through the compiled dispatcher (torch-protocol
    tensors, as test_launch.TorchLike gives them on the host): the same
    launch table entries as the Python path, kwargs, defaults, callable
    grids, bool and float constexprs; launch options and misses go to the
    Python path."""
    from test_launch import TorchLike, fresh, poisoned

    @triton.jit
    def scaled(x_ptr, out_ptr, n, alpha, BLOCK: triton.language.constexpr = 64,
               NEG: triton.language.constexpr = False, OFFSET: triton.language.constexpr = 0.5):
        tl = triton.language
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        y = tl.load(x_ptr + offs, mask=m) * alpha + OFFSET
        if NEG:
            y = -y
        tl.store(out_ptr + offs, y, mask=m)

    x = fresh(1000, seed=5)
    for i in range(4):
        out = poisoned(1000)
        grid = (16,) if i % 2 else (lambda meta: (triton.cdiv(meta["n"], meta["BLOCK"]),))
        h = scaled[grid](TorchLike(x), TorchLike(out), 1000, 2.0)
        np.testing.assert_allclose(out, x * 2.0 + 0.5, rtol=1e-6)
    assert type(scaled._entry).__name__ == "Dispatcher"
    assert len(scaled.cache) == 1, list(scaled.cache)
    # the first launch compiled through the Python path; the other three
    # were the dispatcher's
    assert scaled._entry.fallbacks == 0
    out = poisoned(1000)
    scaled[(8,)](TorchLike(x), TorchLike(out), n=1000, alpha=3.0, BLOCK=128, NEG=True)
    np.testing.assert_allclose(out, -(x * 3.0 + 0.5), rtol=1e-6)
    assert len(scaled.cache) == 2 and scaled._entry.fallbacks == 1  # compiled
    scaled[(8,)](TorchLike(x), TorchLike(out), n=1000, alpha=3.0, BLOCK=128, NEG=True)
    assert scaled._entry.fallbacks == 1
    out = poisoned(1000)
    scaled[(8,)](TorchLike(x), TorchLike(out), 1000, 3.0, BLOCK=128, NEG=True, num_warps=2)
    np.testing.assert_allclose(out, -(x * 3.0 + 0.5), rtol=1e-6)
    assert len(scaled.cache) == 3  # options: another entry, from the Python path
    with pytest.raises(TypeError, match="missing"):
        scaled[(8,)](TorchLike(x), TorchLike(out), 1000)
    with pytest.raises(TypeError, match="alpha"):
        scaled[(8,)](TorchLike(x), TorchLike(out), 1000, 2.0, alpha=2.0)
    # an unaligned view: its own specialization, the same through both
    xs = fresh(1001, seed=6)
    out = poisoned(1000)
    scaled[(16,)](TorchLike(xs[1:]), TorchLike(out), 1000, 1.0)
    np.testing.assert_allclose(out, xs[1:] + 0.5, rtol=1e-6)
    assert any("*fp32" in k[0] for k in scaled.cache)


def test_a_kernel_warmed_up_first_launches_through_the_dispatcher():
    """kernel.warmup(...) compiles without launching; the launches after it
    find the kernel in the table and must still get the compiled dispatcher
    (they stayed on the Python path before: 8.4 against 6.8 us on the H200)."""
    from test_launch import TorchLike, fresh, poisoned

    @triton.jit
    def doubled(x_ptr, out_ptr, n, BLOCK: triton.language.constexpr):
        tl = triton.language
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)

    x, out = fresh(300, seed=6), poisoned(300)
    doubled.warmup(TorchLike(x), TorchLike(out), 300, BLOCK=128, grid=(3,))
    assert type(doubled._entry).__name__ == "Dispatcher"
    doubled[(3,)](TorchLike(x), TorchLike(out), 300, BLOCK=128)
    np.testing.assert_allclose(out, x * 2)
    assert doubled._entry.fallbacks == 0


def test_the_dispatcher_alternating_between_kernels():
    """The dispatcher remembers the last launch's key: launches that
    alternate between specializations (a constexpr, a dtype, an aligned and
    a misaligned view, two dtypes in one launch, through
    kernel[grid](*args, **kwargs) too) each get
    their own kernel, from the dispatcher once all are compiled."""
    from test_launch import TorchLike, fresh, poisoned

    @triton.jit
    def affine(x_ptr, out_ptr, n, SCALE: triton.language.constexpr, BLOCK: triton.language.constexpr):
        tl = triton.language
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) * SCALE + 1, mask=m)

    x = fresh(513, seed=9)
    xi = np.arange(512, dtype=np.int32)
    cases = [
        (lambda: TorchLike(x[:512]), 2, lambda: x[:512] * 2 + 1, np.float32),
        (lambda: TorchLike(x[:512]), 3, lambda: x[:512] * 3 + 1, np.float32),
        (lambda: TorchLike(x[1:]), 2, lambda: x[1:] * 2 + 1, np.float32),
        (lambda: TorchLike(xi), 2, lambda: xi * 2 + 1, np.int32),
        # Two dtypes in one launch: the dispatcher's remembered dtype changes
        # between the arguments of one key.
        (lambda: TorchLike(xi), 2, lambda: (xi * 2 + 1).astype(np.float32), np.float32),
    ]
    for rnd in range(3):
        for i, (make, scale, want, dtype) in enumerate(cases):
            out = np.full(512, -7, dtype=dtype)
            if (rnd + i) % 2:
                affine[(4,)](make(), TorchLike(out), 512, scale, BLOCK=128)
            else:
                args, kwargs = (make(), TorchLike(out), 512), {"SCALE": scale, "BLOCK": 128}
                affine[(4,)](*args, **kwargs)
            np.testing.assert_allclose(out, want(), rtol=1e-6, err_msg=f"round {rnd} case {i}")
        if rnd == 0:
            compiled = affine._entry.fallbacks
    assert len(affine.cache) == 5, list(affine.cache)
    assert affine._entry.fallbacks == compiled  # rounds 1 and 2: the dispatcher's


def test_the_dispatcher_follows_a_cleared_table():
    """Clearing the launch table (to compile again) is seen by the
    dispatcher, though it remembers the last launch: after a clear, the
    kernel launched is the one the table holds, even when the table is
    back at the size it had."""
    from test_launch import TorchLike, fresh, poisoned

    @triton.jit
    def plus(x_ptr, out_ptr, n, ADD: triton.language.constexpr, BLOCK: triton.language.constexpr):
        tl = triton.language
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + ADD, mask=offs < n)

    x = fresh(256, seed=3)

    def launch(add):
        out = poisoned(256)
        h = plus[(2,)](TorchLike(x), TorchLike(out), 256, add, BLOCK=128)
        np.testing.assert_allclose(out, x + add, rtol=1e-6)
        assert any(h is k for k in plus.cache.values()), "launched a kernel the table does not hold"
        return h

    launch(1)
    a = launch(1)  # the dispatcher's, remembered
    plus.cache.clear()
    launch(2)  # compiled again: the table is back at one entry
    assert launch(1) is not a
    # the same kernel compiled again after a clear
    a = launch(1)
    plus.cache.clear()
    again = launch(1)
    assert again is not a and launch(1) is again


def test_compiled_launch_objects_are_collected():
    """kernel[grid] and the dispatcher take part in garbage collection: an
    object that keeps kernel[self.grid] (a cycle through its own method)
    and a kernel defined in a function, once launched, are freed."""
    import gc
    import weakref
    from test_launch import TorchLike, fresh, poisoned

    def make():
        @triton.jit
        def copy(x_ptr, out_ptr, n, BLOCK: triton.language.constexpr):
            tl = triton.language
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)
        return copy

    class Op:
        def __init__(self, kernel):
            self.kernel = kernel
            self.launch = kernel[self.grid]  # Op -> launch -> bound method -> Op

        def grid(self, meta):
            return (triton.cdiv(meta["n"], meta["BLOCK"]),)

    x = fresh(200, seed=4)
    kernel = make()
    kernel[(2,)](TorchLike(x), TorchLike(poisoned(200)), 200, BLOCK=128)  # compiled
    assert type(kernel._entry).__name__ == "Dispatcher"
    op = Op(kernel)  # its kernel[grid]: the compiled callable
    assert type(op.launch).__name__ == "Bound"
    out = poisoned(200)
    op.launch(TorchLike(x), TorchLike(out), 200, BLOCK=128)
    np.testing.assert_allclose(out, x)
    dead_op, dead_kernel = weakref.ref(op), weakref.ref(kernel)
    del op, kernel
    gc.collect()
    assert dead_op() is None, "kernel[grid] kept its holder alive"
    assert dead_kernel() is None, "the dispatcher kept its kernel alive"


def _other_pythons():
    """CPython 3.12 and later other than this one: pyenv's versions where
    the machine has them (scripts/setup.sh does not install them)."""
    import glob
    root = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    found = []
    for exe in sorted(glob.glob(os.path.join(root, "versions", "3.*", "bin", "python3"))):
        version = os.path.basename(os.path.dirname(os.path.dirname(exe))).split(".")
        if len(version) >= 2 and version[1].isdigit() and int(version[1]) >= 12 and \
                os.path.realpath(exe) != os.path.realpath(sys.executable):
            found.append(exe)
    return found


OTHER_PYTHONS = _other_pythons()


@pytest.mark.skipif(not OTHER_PYTHONS, reason="no other CPython 3.12+ on this machine")
@pytest.mark.parametrize("python", OTHER_PYTHONS or [None])
def test_the_compiled_launcher_under_python_3_12_and_later(python, tmp_path):
    """Python 3.12 changed how the launch table's changes are seen (a dict
    watcher); the launcher builds and launches there, without numpy."""
    env = dict(os.environ, TRIDENT_CACHE_DIR=str(tmp_path))
    env.pop("TRIDENT_LAUNCHER", None)
    env["PYTHONPATH"] = os.path.dirname(HERE)
    r = subprocess.run([python, os.path.join(HERE, "scripts", "launcher_without_numpy.py")],
                       env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("compiled 3."), lines
    assert lines[1:] == ["launch", "read-only refused", "cleared table followed"]
