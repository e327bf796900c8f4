import numpy as np
import triton
import triton.language as tl


@triton.jit
def broken(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, undefined_name + offs, mask=offs < n)


broken[(1,)](np.zeros(8, np.float32), 8, BLOCK=8)
