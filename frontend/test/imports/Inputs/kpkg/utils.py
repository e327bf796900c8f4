import triton
import triton.language as tl

from .constants import SCALE, LOG2E


@triton.jit
def exp2_scaled(x):
    return tl.exp2(x * LOG2E) * SCALE


@triton.jit
def exp2(x):
    # Same name as triton.language's: kept apart by its module.
    return tl.exp2(x) + 1.0


def host_only(x):
    return x * 2
