"""libdevice functions TorchInductor's generated kernels call that have no
portable op (erfinv for torch.erfinv, ldexp for torch.ldexp, llrint for
round-to-int index math), written in the language in the prelude, checked
against Python's math in fp32 and fp64."""
import math
from decimal import Decimal, localcontext

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


@triton.jit
def lgamma_kernel(x_ptr, o_ptr, N: tl.constexpr):
    i = tl.arange(0, N)
    tl.store(o_ptr + i, libdevice.lgamma(tl.load(x_ptr + i)))


_PI = Decimal("3.14159265358979323846264338327950288419716939937510")


def lgamma_reference(v):
    """log|gamma(v)| in 50-digit decimal arithmetic: Stirling's series after
    shifting the argument past 40, reflection for v <= 0. (Python's
    math.lgamma loses relative precision near lgamma's zeros.)"""
    if v != v:
        return v
    if v == -math.inf or (v <= 0 and v == int(v)) or v == math.inf:
        return math.inf
    if v in (1.0, 2.0):
        return 0.0
    with localcontext() as ctx:
        ctx.prec = 50
        x = Decimal(v)
        if x <= 0:
            r = abs(x - x.to_integral_value())
            t, term, k = _PI * r, _PI * r, 1
            s = Decimal(0)
            while abs(term) > Decimal("1e-45"):
                s += term
                term = -term * t * t / ((2 * k) * (2 * k + 1))
                k += 1
            return float((_PI / s).ln() - Decimal(lgamma_reference_decimal(1 - x)))
        return float(lgamma_reference_decimal(x))


def lgamma_reference_decimal(x):
    shift = Decimal(0)
    while x < 40:
        shift += x.ln()
        x += 1
    bernoulli = [Decimal(1) / 6, Decimal(-1) / 30, Decimal(1) / 42, Decimal(-1) / 30,
                 Decimal(5) / 66, Decimal(-691) / 2730, Decimal(7) / 6, Decimal(-3617) / 510]
    s = (x - Decimal("0.5")) * x.ln() - x + (2 * _PI).ln() / 2
    for k, b in enumerate(bernoulli, 1):
        s += b / (2 * k * (2 * k - 1) * x ** (2 * k - 1))
    return s - shift


def test_lgamma():
    rng = np.random.default_rng(3)
    xs = np.concatenate([
        [1.0, 2.0, 1 + 2 ** -20, 2 - 2 ** -30, 0.5, 1.5, 2.5, 2.5000001, 0.4999999, 3.0, 10.0,
         1e-30, 1e-300, 170.5, 1e10, 1e300, -0.5, -1.5, -2.5, -100.25, -1e10 - 0.5,
         1.4616321449683622, 0.0, -0.0, -1.0, -7.0, np.inf, -np.inf, np.nan],
        rng.uniform(0.4, 2.6, 64), rng.uniform(-20, 40, 32), 10.0 ** rng.uniform(-8, 30, 3)])
    n = len(xs)
    # fp64: full relative precision, also at lgamma's zeros 1 and 2.
    o = np.full(n, 42.0)
    lgamma_kernel[(1,)](xs, o, N=n)
    want = np.array([lgamma_reference(v) for v in xs])
    # For x < 0 the reflection's subtraction leaves an absolute bound
    # (glibc's and libdevice's lose relative precision near the zeros at
    # negative non-integers too).
    neg = xs < 0
    np.testing.assert_allclose(o[~neg], want[~neg], rtol=3e-15, atol=0, equal_nan=True)
    np.testing.assert_allclose(o[neg], want[neg], rtol=3e-14, atol=1e-14)
    # fp32: computed in fp64 and rounded once.
    with np.errstate(over="ignore"):
        x32 = xs.astype(np.float32)
    o32 = np.full(n, 42, np.float32)
    lgamma_kernel[(1,)](x32, o32, N=n)
    want32 = np.array([lgamma_reference(float(v)) for v in x32]).astype(np.float32)
    np.testing.assert_array_equal(o32, want32)


@triton.jit
def erfcx_kernel(x_ptr, o_ptr, N: tl.constexpr):
    i = tl.arange(0, N)
    tl.store(o_ptr + i, libdevice.erfcx(tl.load(x_ptr + i)))


def erfcx_reference(v):
    """exp(v*v) erfc(v) in 60-digit decimal arithmetic: the Taylor series of
    erf below 2, the continued fraction of erfc from 2 on."""
    if v != v:
        return v
    if v == math.inf:
        return 0.0
    with localcontext() as ctx:
        ctx.prec = 60
        x = Decimal(v)
        sqrt_pi = _PI.sqrt()
        if x < 2:
            term, n, s = x, 0, Decimal(0)
            while abs(term) > Decimal("1e-70"):
                s += term / (2 * n + 1)
                n += 1
                term = -term * x * x / n
            try:
                return float((x * x).exp() * (1 - 2 * s / sqrt_pi))
            except OverflowError:
                return math.inf
        f = x
        for k in range(4000, 0, -1):
            f = x + Decimal(k) / 2 / f
        return float(1 / (sqrt_pi * f))


def test_erfcx():
    xs = [-30.0, -26.7, -5.0, -1.0, -1e-5, 0.0, 1e-5, 0.5, 1.0, 1.9, 2.0, 2.1, 5.0, 10.0, 25.9,
          26.0, 26.1, 30.0, 100.0, 1e5, 1e150, 1e300, np.inf, np.nan]
    n = 32
    x = np.array(xs + [1.0] * (n - len(xs)))
    o = np.full(n, 42.0)
    erfcx_kernel[(1,)](x, o, N=n)
    want = np.array([erfcx_reference(v) for v in x])
    np.testing.assert_allclose(o, want, rtol=2e-15, atol=0, equal_nan=True)
    with np.errstate(over="ignore"):
        x32 = x.astype(np.float32)
    o32 = np.full(n, 42, np.float32)
    erfcx_kernel[(1,)](x32, o32, N=n)
    with np.errstate(over="ignore"):
        want32 = np.array([erfcx_reference(float(v)) for v in x32]).astype(np.float32)
    np.testing.assert_array_equal(o32, want32)
