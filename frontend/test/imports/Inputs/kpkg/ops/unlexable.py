import triton

BROKEN = "this string never ends


@triton.jit
def f_unlexable(x):
    return x
