import triton
import triton.language as tl


@triton.jit
def masked_where(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.)
    tl.store(out_ptr + offs, tl.where(m, x * 2, 1.0), mask=m)
