import triton
import triton.language as tl


@triton.jit
def broken_helper(x):
    return x +* 2.0
