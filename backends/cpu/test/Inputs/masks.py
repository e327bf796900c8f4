import triton
import triton.language as tl


@triton.jit
def two_sided(x_ptr, out_ptr, lo, hi, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=(offs >= lo) & (offs < hi), other=0.0)
    tl.store(out_ptr + offs, x)


@triton.jit
def data_mask(x_ptr, m_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = tl.load(m_ptr + offs) != 0
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m, other=0.0), mask=m)
