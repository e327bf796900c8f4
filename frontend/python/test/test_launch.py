"""Launching @jit kernels from Python on the cpu backend with numpy arrays:
grids, constexprs, defaults, specialization keys and the launch table."""
import numpy as np
import pytest

import trident as triton
from trident import _native
import kernels as K


def fresh(n, dtype=np.float32, seed=0):
    return np.random.default_rng(seed).standard_normal(n).astype(dtype)


def poisoned(n, dtype=np.float32):
    return np.full(n, np.nan if np.issubdtype(dtype, np.floating) else -7, dtype)


class CountingCompiler:
    """Counts calls that reach the C++ compiler."""

    def __init__(self, monkeypatch):
        self.calls = []
        real = _native.compiler()
        orig = real.compile

        def counted(*args, **kwargs):
            self.calls.append(args[3])  # the signature
            return orig(*args, **kwargs)

        monkeypatch.setattr(real, "compile", counted)


def test_vector_add_grid_tuple_and_callable():
    n = 10007
    x, y = fresh(n, seed=1), fresh(n, seed=2)
    out = poisoned(n)
    K.add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK_SIZE=1024)
    np.testing.assert_array_equal(out, x + y)
    out2 = poisoned(n)
    K.add_kernel[lambda meta: (triton.cdiv(meta["n_elements"], meta["BLOCK_SIZE"]),)](
        x, y, out2, n, BLOCK_SIZE=256)
    np.testing.assert_array_equal(out2, x + y)


def test_keyword_arguments_defaults_and_launch_options():
    n = 300
    x = fresh(n)
    out = poisoned(n)
    K.scale_kernel[(3,)](x, out, n, 2.0, False)  # BLOCK and HAS_BIAS defaults
    np.testing.assert_allclose(out, x * 2.0, rtol=1e-6)
    out = poisoned(n)
    K.scale_kernel[(1,)](x_ptr=x, out_ptr=out, n=n, alpha=0.5, flag=True, BLOCK=512,
                         HAS_BIAS=True, num_warps=2, num_stages=1)
    np.testing.assert_allclose(out, x * 0.5 + 101.0, rtol=1e-6)


def test_2d_grid_and_int32_arrays():
    out = poisoned(5 * 7, np.int32)
    K.grid2d_kernel[(5, 7)](out, 7)
    want = np.array([i * 1000 + j for i in range(5) for j in range(7)], np.int32)
    np.testing.assert_array_equal(out, want)


def test_none_is_a_constexpr():
    x = fresh(64)
    b = fresh(64, seed=3)
    want = x + b
    K.optional_kernel[(1,)](x, b, 64, BLOCK=64)
    np.testing.assert_allclose(x, want)
    before = x.copy()
    K.optional_kernel[(1,)](x, None, 64, BLOCK=64)
    np.testing.assert_array_equal(x, before)
    keys = [k[0] for k in K.optional_kernel.cache]
    assert any(k[1] is None for k in keys)


def test_second_call_with_the_same_key_never_compiles(monkeypatch):
    counter = CountingCompiler(monkeypatch)
    n = 4096
    x, y = fresh(n), fresh(n, seed=5)
    out = poisoned(n)
    K.add_kernel[(4,)](x, y, out, n, BLOCK_SIZE=1024)
    first = len(counter.calls)
    for _ in range(5):
        K.add_kernel[(4,)](x, y, out, n, BLOCK_SIZE=1024)
    assert len(counter.calls) == first
    np.testing.assert_array_equal(out, x + y)
    # A new constexpr value is a new key.
    K.add_kernel[(8,)](x, y, out, n, BLOCK_SIZE=512)
    assert len(counter.calls) == first + 1


def test_specialization_keys_follow_triton(monkeypatch):
    counter = CountingCompiler(monkeypatch)
    base = fresh(4096 + 16)
    out = np.empty_like(base)
    cases = [
        (base[:4096], 4096, "*fp32:16", "i32:16"),
        (base[1:4097], 4096, "*fp32", "i32:16"),   # 4 bytes off: not 16-byte aligned
        (base[:4096], 1, "*fp32:16", "i32:1"),      # equal to 1
        (base[:4096], 4095, "*fp32:16", "i32"),
        (base[:4096], 48, "*fp32:16", "i32:16"),
    ]
    for x, n, ptr, integer in cases:
        counter.calls.clear()
        K.add_kernel.cache.clear()
        o = poisoned(x.size)
        K.add_kernel[(triton.cdiv(n, 256),)](x, x, o, n, BLOCK_SIZE=256)
        sig = [s.strip() for s in counter.calls[0].split(",")]
        assert sig[0] == ptr and sig[3] == integer, sig
        np.testing.assert_array_equal(o[:n], (x + x)[:n])
        assert np.isnan(o[n:]).all()
    # A misaligned view computes correctly too (its own specialization).
    x = base[3:3 + 1000]
    o = poisoned(1000)
    K.add_kernel[(4,)](x, x, o, 1000, BLOCK_SIZE=256)
    np.testing.assert_array_equal(o, x + x)


def test_scalar_types(monkeypatch):
    counter = CountingCompiler(monkeypatch)
    out = np.zeros(1, np.int64)
    big = 3 * 2 ** 31 + 5
    K.wide_int_kernel[(1,)](out, big)
    assert out[0] == big // 1024
    assert counter.calls[-1].split(",")[1].strip() == "i64"
    x = fresh(128)
    o = poisoned(128)
    K.scale_kernel[(1,)](x, o, 128, 3, True)  # an int where a float is used
    assert [s.strip() for s in counter.calls[-1].split(",")][3:5] == ["i32", "u1"]
    np.testing.assert_allclose(o, x * 3 + 1, rtol=1e-6)


def test_do_not_specialize(monkeypatch):
    counter = CountingCompiler(monkeypatch)
    x = np.zeros(32, np.float32)
    K.nospec_kernel[(1,)](x, 16, BLOCK=32)
    K.nospec_kernel[(1,)](x, 1, BLOCK=32)
    assert [c.split(",")[1].strip() for c in counter.calls] == ["i32"]
    assert x[0] == 17 and x[1] == 16 and x[16] == 0  # n=16, then n=1


def test_warmup_compiles_without_launching():
    n = 512
    x, y = fresh(n), fresh(n, seed=9)
    out = poisoned(n)
    k = K.add_kernel.warmup(x, y, out, n, BLOCK_SIZE=128, grid=(1,))
    assert np.isnan(out).all()
    assert k.metadata.num_warps >= 1 and k.name == "add_kernel"
    k[(4, 1, 1)](x, y, out, n, 128)  # all parameters, constexprs in place
    np.testing.assert_array_equal(out, x + y)


def test_heuristics_fill_meta_parameters():
    @triton.heuristics({"BLOCK": lambda args: triton.next_power_of_2(args["n"])})
    @triton.jit
    def copy_kernel(x_ptr, out_ptr, n, BLOCK: triton.language.constexpr):
        offs = triton.language.arange(0, BLOCK)
        m = offs < n
        triton.language.store(out_ptr + offs, triton.language.load(x_ptr + offs, mask=m), mask=m)

    x = fresh(100)
    out = poisoned(100)
    copy_kernel[(1,)](x, out, 100)
    np.testing.assert_array_equal(out, x)
    key = next(iter(copy_kernel.fn.cache))[0]
    assert key[-1] == 128


def test_helpers():
    assert triton.cdiv(10, 3) == 4
    assert [triton.next_power_of_2(v) for v in (0, 1, 2, 3, 1000, 1024)] == [0, 1, 2, 4, 1024, 1024]
    c = triton.Config({"BLOCK": 64}, num_warps=2, num_stages=1)
    assert c.all_kwargs() == {"BLOCK": 64, "num_warps": 2, "num_ctas": 1, "num_stages": 1}
    assert triton.language.float16.name == "fp16"


class DLPackOnly:
    """An array seen only through the DLPack protocol (as JAX arrays are)."""

    def __init__(self, array):
        self._a = array

    def __dlpack__(self, stream=None):
        return self._a.__dlpack__()

    def __dlpack_device__(self):
        return self._a.__dlpack_device__()


def test_dlpack_objects():
    n = 777
    x, y = fresh(n, seed=11), fresh(n, seed=12)
    out = poisoned(n)
    K.add_kernel[(1,)](DLPackOnly(x), DLPackOnly(y), DLPackOnly(out), n, BLOCK_SIZE=1024)
    np.testing.assert_array_equal(out, x + y)


class TorchLike:
    """The protocol the package reads from torch tensors (data_ptr, dtype,
    device, shape, stride, get_device), over a numpy array: the torch code
    path on the cpu backend where torch itself is not installed."""

    class _Dtype:
        def __init__(self, name):
            self.name = name

        def __str__(self):
            return "torch." + self.name

    class _Device:
        type, index = "cpu", None

    _dtypes = {}

    def __init__(self, array):
        self._a = array
        name = {"float32": "float32", "int32": "int32"}[str(array.dtype)]
        self.dtype = TorchLike._dtypes.setdefault(name, TorchLike._Dtype(name))
        self.device = TorchLike._Device()
        self.shape = array.shape

    def data_ptr(self):
        return self._a.__array_interface__["data"][0]

    def stride(self, dim=None):
        s = tuple(v // self._a.itemsize for v in self._a.strides)
        return s if dim is None else s[dim]

    def get_device(self):
        return -1


def test_torch_protocol_on_the_host():
    base = fresh(2048, seed=21)
    y = fresh(2048, seed=22)
    out = poisoned(2048)
    for _ in range(3):  # the first call learns the type; later ones take the fast path
        K.add_kernel[(2,)](TorchLike(base), TorchLike(y), TorchLike(out), 2048, BLOCK_SIZE=1024)
    np.testing.assert_array_equal(out, base + y)
    # A strided view: the wrapped range covers every element it touches.
    view = base[::2]
    o = poisoned(1024)
    K.add_kernel[(1,)](TorchLike(view), TorchLike(view), TorchLike(o), 1024, BLOCK_SIZE=1024)
    # the kernel reads contiguously from the view's start: the first 1024 floats of base
    np.testing.assert_array_equal(o, base[:1024] * 2)


def test_a_kernel_of_hundreds_of_unrolled_reductions(tmp_path):
    """600 unrolled tl.sum calls (what Python loops over constexpr ranges
    give): the cpu backend splits the function into parts
    (cpu-split-large-functions); the result must be the same."""
    import importlib.util
    n = 600
    lines = ["import trident as triton", "import trident.language as tl", "", "",
             "@triton.jit", "def unrolled(x_ptr, out_ptr):",
             "    x = tl.load(x_ptr + tl.arange(0, 16))", "    acc = 0.0"]
    lines += [f"    acc += tl.sum(x * {i + 1}.0, axis=0)" for i in range(n)]
    lines.append("    tl.store(out_ptr, acc)")
    path = tmp_path / "unrolled.py"
    path.write_text("\n".join(lines) + "\n")
    spec = importlib.util.spec_from_file_location("unrolled_kernels", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    x = fresh(16, seed=31)
    out = poisoned(1)
    mod.unrolled[(1,)](x, out)
    want = float(np.sum(x.astype(np.float64))) * n * (n + 1) / 2
    assert abs(float(out[0]) - want) <= 1e-5 * abs(want) + 1e-3
