import triton.language as tl

from shimpkg.utils import triton_jit_decorator


@triton_jit_decorator
def aliased_kernel(x_ptr):
    offs = tl.arange(0, 16)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 3.0)
