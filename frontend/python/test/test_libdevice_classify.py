"""libdevice's classification functions (int32, nonzero when true) and
nearbyint, as TorchInductor's generated kernels call them for torch.isnan,
torch.isinf, torch.signbit and torch.round."""
import numpy as np

import trident as triton
import trident.language as tl
from trident.language.extra import libdevice


@triton.jit
def classify(x_ptr, o_ptr, N: tl.constexpr):
    i = tl.arange(0, N)
    x = tl.load(x_ptr + i)
    r = libdevice.isnan(x) + 2 * libdevice.isinf(x) + 4 * (libdevice.signbit(x) != 0).to(tl.int32)
    tl.store(o_ptr + i, r.to(tl.float32) * 100 + libdevice.nearbyint(i.to(tl.float32) + 0.5))


def test_isnan_isinf_signbit_nearbyint():
    x = np.array([1.0, -1.0, np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0], np.float32)
    o = np.full(8, np.nan, np.float32)
    classify[(1,)](x, o, N=8)
    want = np.isnan(x) + 2 * np.isinf(x) + 4 * np.signbit(x)
    np.testing.assert_array_equal(o, want * 100 + np.array([0, 2, 2, 4, 4, 6, 6, 8]))


@triton.jit
def erfc_kernel(x_ptr, o_ptr, N: tl.constexpr):
    i = tl.arange(0, N)
    tl.store(o_ptr + i, libdevice.erfc(tl.load(x_ptr + i)))


def test_erfc():
    from math import erfc
    x = np.linspace(-3, 9, 16).astype(np.float32)
    o = np.full(16, np.nan, np.float32)
    erfc_kernel[(1,)](x, o, N=16)
    np.testing.assert_allclose(o, [erfc(v) for v in x.astype(np.float64)], rtol=1e-5, atol=1e-30)


@triton.jit
def hypot_nextafter(x_ptr, y_ptr, h_ptr, n_ptr, N: tl.constexpr):
    i = tl.arange(0, N)
    x = tl.load(x_ptr + i)
    y = tl.load(y_ptr + i)
    tl.store(h_ptr + i, libdevice.hypot(x, y))
    tl.store(n_ptr + i, libdevice.nextafter(x, y))


def test_hypot_and_nextafter_written_in_the_language():
    inf, nan = np.inf, np.nan
    for dt in (np.float32, np.float64):
        tiny = np.finfo(dt).smallest_subnormal
        x = np.array([3, -3, 0, 0, 1e30, 1e-30, inf, nan, 1, -1, 5, 2, -0.0, 7, tiny, -2], dt)
        y = np.array([4, 4, 0, -1, 1e30, 1e-30, nan, inf, 2, -2, 5, 1, 1, nan, 0, -inf], dt)
        h, n = np.full(16, 42, dt), np.full(16, 42, dt)
        hypot_nextafter[(1,)](x, y, h, n, N=16)
        np.testing.assert_allclose(h, np.hypot(x, y), rtol=2e-7 if dt == np.float32 else 1e-15)
        np.testing.assert_array_equal(n, np.nextafter(x, y))
