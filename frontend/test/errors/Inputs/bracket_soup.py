# Garbled input for no_crash.py: unbalanced brackets.
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr[)]})
    tl.store(x_ptr, x)
