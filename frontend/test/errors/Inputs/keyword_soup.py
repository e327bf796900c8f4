# Garbled input for no_crash.py: keywords in the wrong places.
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    for if while else return def class in is lambda:
        pass
