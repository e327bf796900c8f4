import triton
import triton.language as tl


@triton.jit
def transpose(x_ptr, y_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r[:, None] * N + r[None, :])
    tl.store(y_ptr + r[:, None] * N + r[None, :], tl.trans(x))


@triton.jit
def row_sums(x_ptr, y_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r[:, None] * N + r[None, :])
    tl.store(y_ptr + r, tl.sum(x, axis=1))
