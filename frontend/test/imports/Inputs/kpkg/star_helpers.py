import triton

__all__ = ["star_a"]


@triton.jit
def star_a(x):
    return x * 5.0


@triton.jit
def star_b(x):
    return x * 7.0
