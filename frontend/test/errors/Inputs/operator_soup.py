# Garbled input for no_crash.py: operators without operands.
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = * / // % ** << >> & | ^ ~ not and or
    tl.store(x_ptr, x)
