# Garbled input for no_crash.py: a decorator with nothing after it.
import triton
import triton.language as tl

@triton.jit
