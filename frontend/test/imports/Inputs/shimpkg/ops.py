import triton
import triton.language as tl

from shimpkg import backend

tl_extra_shim = backend.get_tl_extra_backend_module()


@triton.jit
def rsqrt_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(out_ptr + offs, tl_extra_shim.rsqrt(x), mask=m)
