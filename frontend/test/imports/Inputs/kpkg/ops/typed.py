import triton
import triton.language as tl

from .typed_inner import inner


@triton.jit
def outer(x):
    return inner(x) + 1.0


@triton.jit
def direct(x):
    return x + tl.arange(0, 3)
