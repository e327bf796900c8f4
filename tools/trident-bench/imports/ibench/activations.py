import math

import triton
import triton.language as tl

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)


@triton.jit
def gelu_tanh(x):
    inner = SQRT_2_OVER_PI * (x + 0.044715 * x * x * x)
    return 0.5 * x * (1.0 + tl.extra.libdevice.tanh(inner))


@triton.jit
def silu(x):
    return x * tl.sigmoid(x)


def host_side_reference(x):
    return 0.5 * x * (1 + math.tanh(SQRT_2_OVER_PI * (x + 0.044715 * x**3)))
