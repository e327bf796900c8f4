# Kernels and helpers whose names are valid Python identifiers but not
# symbols PTX or the AMDGPU assembler take (symbols.test).
import triton
import triton.language as tl

@triton.jit
def hélper(x):
    return x + 1

@triton.jit
def 核(x_ptr, n):
    i = tl.arange(0, 16)
    tl.store(x_ptr + i, hélper(i), mask=i < n)


@triton.jit
def kernél(x_ptr, n):
    i = tl.arange(0, 16)
    tl.store(x_ptr + i, i * 2, mask=i < n)
