# Garbled input for no_crash.py: CR/LF and tabs mixed up.
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
	if 1:
        	  x = 1
  tl.store(x_ptr, x)
