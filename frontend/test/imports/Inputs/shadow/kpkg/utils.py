# Shadows ../kpkg/utils.py when this directory comes first on the path.
import triton


@triton.jit
def exp2_scaled(x):
    return x * 3.0
