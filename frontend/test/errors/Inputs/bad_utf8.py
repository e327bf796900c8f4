# Garbled input for no_crash.py: bytes that are not UTF-8.
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = 1 ÿÃ 2
    tl.store(x_ptr, x)
