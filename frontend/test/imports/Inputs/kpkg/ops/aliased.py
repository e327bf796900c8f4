# Kernels decorated by names the package binds to triton.jit by assignment
# (kpkg/decorators.py), directly and through a second alias.
import triton.language as tl

from kpkg.decorators import jit_again, triton_jit_decorator


@triton_jit_decorator
def aliased_kernel(x_ptr):
    offs = tl.arange(0, 16)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 3.0)


@jit_again
def aliased_twice_kernel(x_ptr):
    offs = tl.arange(0, 16)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 7.0)
