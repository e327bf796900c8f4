"""tl.sort and tl.topk (the prelude's bitonic sort in Triton's form) on the
cpu backend, against numpy: both orders, several dtypes and shapes, ties and
negative values, and topk's k largest in descending order."""
import numpy as np
import pytest

import trident as triton
import trident.language as tl


@triton.jit
def sort_kernel(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
                DESC: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.sort(x, descending=DESC))


@triton.jit
def sort_1d_kernel(x_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs).sort())


@triton.jit
def topk_kernel(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
                K: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offs)
    o = tl.arange(0, M)[:, None] * K + tl.arange(0, K)[None, :]
    tl.store(out_ptr + o, tl.topk(x, K))


def values(shape, dtype, rng):
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(max(info.min, -50), min(info.max, 50), shape,
                            dtype=dtype, endpoint=True)
    x = rng.standard_normal(shape).astype(dtype)
    x.flat[::5] = x.flat[1]  # ties
    return x


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32,
                                   np.int8, np.uint16, np.int64])
@pytest.mark.parametrize("desc", [False, True])
@pytest.mark.parametrize("shape", [(4, 16), (2, 128), (8, 2)])
def test_sort(dtype, desc, shape):
    x = values(shape, dtype, np.random.default_rng(1))
    out = np.zeros_like(x)
    sort_kernel[(1,)](x, out, M=shape[0], N=shape[1], DESC=desc)
    ref = np.sort(x, axis=1)
    np.testing.assert_array_equal(out, ref[:, ::-1] if desc else ref)


def test_sort_1d_method():
    x = values((256,), np.float32, np.random.default_rng(2))
    out = np.zeros_like(x)
    sort_1d_kernel[(1,)](x, out, N=256)
    np.testing.assert_array_equal(out, np.sort(x))


@pytest.mark.parametrize("dtype", [np.float32, np.int32])
@pytest.mark.parametrize("n,k", [(16, 4), (64, 8), (32, 32), (8, 1)])
def test_topk(dtype, n, k):
    x = values((4, n), dtype, np.random.default_rng(3))
    out = np.zeros((4, k), dtype)
    topk_kernel[(1,)](x, out, M=4, N=n, K=k)
    np.testing.assert_array_equal(out, np.sort(x, axis=1)[:, ::-1][:, :k])
