# Garbled input for no_crash.py: literals out of every range.
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = 123456789012345678901234567890123456789012345678901234567890 * 1e999999
    tl.store(x_ptr, x)
