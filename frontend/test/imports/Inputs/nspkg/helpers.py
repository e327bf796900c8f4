# nspkg has no __init__.py: a namespace package.
import triton


@triton.jit
def negate(x):
    return -x
