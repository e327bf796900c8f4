# The empty kernels python_launch_compare.py launches, written as a Triton
# user writes them: Triton compiles this file as it is, Trident reads it.
import triton
import triton.language as tl


@triton.jit
def empty_kernel(x_ptr, n, BLOCK: tl.constexpr):
    pass


@triton.jit
def empty_kernel_10(a_ptr, b_ptr, c_ptr, d_ptr, e_ptr, n, m, stride, alpha, beta,
                    BLOCK: tl.constexpr):
    pass
