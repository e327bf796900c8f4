"""libdevice functions TorchInductor's generated kernels call that have no
portable op (erfinv for torch.erfinv, ldexp for torch.ldexp, llrint for
round-to-int index math), written in the language in the prelude, checked
against Python's math in fp32 and fp64."""
import math

import numpy as np

import trident as triton
import trident.language as tl
from trident.language.extra import libdevice


@triton.jit
def erfinv_kernel(x_ptr, o_ptr, N: tl.constexpr):
    i = tl.arange(0, N)
    tl.store(o_ptr + i, libdevice.erfinv(tl.load(x_ptr + i)))


def erfinv_reference(x):
    """erfinv by bisection on erf (erfc near 1), in double."""
    if math.isnan(x) or abs(x) > 1:
        return math.nan
    if abs(x) == 1:
        return math.copysign(math.inf, x)
    if x == 0:
        return x
    a, lo, hi = abs(x), 0.0, 6.0
    for _ in range(200):
        mid = (lo + hi) / 2
        below = math.erfc(mid) > 1 - a if a > 0.5 else math.erf(mid) < a
        lo, hi = (mid, hi) if below else (lo, mid)
    return math.copysign((lo + hi) / 2, x)


def test_erfinv():
    xs = [0.0, -0.0, 1e-30, 1e-8, 0.1, -0.25, 0.5, 0.5000001, 0.75, -0.9, 0.99, 0.999,
          0.999999, 1 - 2 ** -24, 1.0, -1.0, 1.5, math.nan]
    for dt, rtol in ((np.float32, 2e-6), (np.float64, 4e-15)):
        x = np.array(xs + [0.0] * (32 - len(xs)), dt)
        o = np.full(32, 42, dt)
        erfinv_kernel[(1,)](x, o, N=32)
        want = np.array([erfinv_reference(float(v)) for v in x])
        np.testing.assert_allclose(o, want.astype(dt), rtol=rtol, atol=0, equal_nan=True)
    # fp64 close to 1: the Newton steps on erfc keep full precision there.
    x = 1 - np.logspace(-1, -15.9, 32)
    o = np.zeros(32)
    erfinv_kernel[(1,)](x, o, N=32)
    np.testing.assert_allclose(o, [erfinv_reference(v) for v in x], rtol=4e-15)


@triton.jit
def ldexp_llrint(x_ptr, n_ptr, o_ptr, r_ptr, N: tl.constexpr):
    i = tl.arange(0, N)
    x = tl.load(x_ptr + i)
    tl.store(o_ptr + i, libdevice.ldexp(x, tl.load(n_ptr + i)))
    tl.store(r_ptr + i, libdevice.llrint(x))


def test_ldexp_and_llrint():
    for dt in (np.float32, np.float64):
        fi = np.finfo(dt)
        emax, mant = fi.maxexp, fi.nmant
        x = np.array([1.5, -1.5, 3.0, 0.75, fi.max, fi.tiny, fi.smallest_subnormal, 1.0,
                      1.0, 1.0 + fi.eps, 0.0, -0.0, np.inf, np.nan, 2.5, -2.5], dt)
        n = np.array([3, -3, 0, 2 * emax, -2 * emax, 2 * emax, 2 * emax + mant, -emax - mant + 1,
                      -emax - mant - 1, -emax - mant + 1, 5, 5, -5, 7, 0, 0], np.int32)
        o = np.full(16, 42, dt)
        r = np.zeros(16, np.int64)
        ldexp_llrint[(1,)](x, n, o, r, N=16)
        with np.errstate(over="ignore"):
            np.testing.assert_array_equal(o, np.ldexp(x, n))
        finite = np.isfinite(x) & (np.abs(x) < 2 ** 62)
        np.testing.assert_array_equal(r[finite], np.rint(x[finite]).astype(np.int64))


@triton.jit
def ilogb_kernel(x_ptr, o_ptr, N: tl.constexpr):
    i = tl.arange(0, N)
    tl.store(o_ptr + i, libdevice.ilogb(tl.load(x_ptr + i)))


def test_ilogb():
    int_min, int_max = -2 ** 31, 2 ** 31 - 1
    for dt in (np.float32, np.float64):
        fi = np.finfo(dt)
        x = np.array([1.0, 1.5, 2.0, 0.75, -3.0, fi.max, fi.tiny, fi.smallest_subnormal,
                      fi.tiny / 3, 0.0, -0.0, np.inf, -np.inf, np.nan, 1e-3, 12345.0], dt)
        o = np.zeros(16, np.int32)
        ilogb_kernel[(1,)](x, o, N=16)
        want = [int_min if v == 0 or v != v else int_max if abs(v) == np.inf
                else math.frexp(float(v))[1] - 1 for v in x]
        np.testing.assert_array_equal(o, want)
