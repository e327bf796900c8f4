import triton
import triton.language as tl


@triton.jit
def cast(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, x.to(out_ptr.dtype.element_ty))
