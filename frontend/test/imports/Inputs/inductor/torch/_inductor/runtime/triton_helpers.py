# Stand-in for TorchInductor's triton_helpers (torch/_inductor/runtime), with
# the shapes of what the real module holds: libdevice, math, tl and triton
# imported from triton_compat (which binds them under a module-level `if`),
# a constant computed with Python's math, host functions the generated file
# calls at import, @jit
# helpers the kernels call, and two `@triton_builtin` host functions Triton
# evaluates while compiling.
import math as pymath
import warnings

from .triton_compat import libdevice, math, tl, triton

_LOG_2_E: tl.constexpr = tl.constexpr(pymath.log2(pymath.e))


def set_driver_to_gpu():
    for name, backend in triton.backends.backends.items():
        if (active := backend.driver.is_active()) and name != "cpu":
            return active
    warnings.warn("no GPU backend")


@triton.jit
def promote_to_tensor(x):
    return x + tl.zeros((1,), tl.int1)


@triton.jit
def is_floating(x):
    return promote_to_tensor(x).dtype.is_floating()


@triton.jit
def maximum(a, b):
    # NaN wins, as in torch.
    mask = a > b
    if is_floating(a):
        mask |= a != a
    return tl.where(mask, a, b)


@triton.jit
def max2(a, dim):
    return tl.reduce(a, dim, maximum)


@triton.jit
def exp(x, use_fast_math: tl.constexpr):
    if use_fast_math:
        return libdevice.exp2(x * _LOG_2_E)
    else:
        return math.exp(x)


@triton.jit
def welford_combine(mean_1, m2_1, weight_1, mean_2, m2_2, weight_2):
    delta = mean_2 - mean_1
    new_weight = weight_1 + weight_2
    w2_over_w = tl.where(new_weight == 0.0, 0.0, weight_2 / new_weight)
    return (mean_1 + delta * w2_over_w,
            m2_1 + m2_2 + delta * delta * weight_1 * w2_over_w,
            new_weight)


@triton.jit
def welford(mean, m2, weight, dim):
    return tl.reduce((mean, m2, weight), dim, welford_combine)


@triton.jit
def online_softmax_combine(lhs_max, lhs_sum, rhs_max, use_fast_math: tl.constexpr):
    # One step of the online softmax: the running maximum and the sum of
    # exp(x - maximum), rescaled when the maximum grows (-inf on both sides
    # leaves the sum as it is).
    out_max = maximum(lhs_max, rhs_max)
    lhs_scale = tl.where(out_max == float("-inf"), 1.0, exp(lhs_max - out_max, use_fast_math))
    rhs_scale = tl.where(out_max == float("-inf"), 1.0, exp(rhs_max - out_max, use_fast_math))
    return out_max, lhs_sum * lhs_scale + rhs_scale


@triton.jit
def online_softmax_reduce(lhs_max, lhs_sum, dim, use_fast_math: tl.constexpr):
    out_max = max2(lhs_max, dim)
    out_max_keepdim = tl.expand_dims(out_max, dim)
    scale = tl.where(out_max_keepdim == float("-inf"), 1.0,
                     exp(lhs_max - out_max_keepdim, use_fast_math))
    return out_max, tl.sum(lhs_sum * scale, dim)


def triton_builtin(f):
    f.__triton_builtin__ = True
    return f


@triton_builtin
def constexpr_next_power_of_2(n: tl.constexpr, *, _builder: object = None) -> tl.constexpr:
    return tl.constexpr(triton.next_power_of_2(n.value))


@triton_builtin
def if_mask(mask, val, *, _builder: object = None) -> tl.constexpr:
    if isinstance(mask, tl.constexpr) and mask.value is None:
        return tl.constexpr(None)
    return val


@triton_builtin
def not_modeled(x, *, _builder: object = None):
    return x


@triton.jit
def pack_value_flag(value, flag, DTYPE_VALUE_AS_UINT: tl.constexpr, DTYPE_PACK: tl.constexpr):
    # A value and a flag in one wider word; the dtype arrives as a constexpr
    # and is unwrapped as Triton's core helper does.
    DTYPE_VALUE_AS_UINT = tl.core._constexpr_to_value(DTYPE_VALUE_AS_UINT)
    bits = DTYPE_VALUE_AS_UINT.primitive_bitwidth
    word = value.to(DTYPE_VALUE_AS_UINT, bitcast=True).to(DTYPE_PACK)
    return flag.to(DTYPE_PACK) | (word << bits)
