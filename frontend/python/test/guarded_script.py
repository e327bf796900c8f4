"""Kernels under a module-level `if` (with the imports) and inside a
function there, with a helper of their own."""
import numpy as np

HAS_TRITON = True
if HAS_TRITON:
    import triton
    import triton.language as tl

    @triton.jit
    def guarded(x_ptr):
        tl.store(x_ptr, tl.load(x_ptr) + 1.0)

    def make():
        @triton.jit
        def helper(v):
            return v * 3.0

        @triton.jit
        def nested(x_ptr):
            tl.store(x_ptr, helper(tl.load(x_ptr)))
        return nested


x = np.ones(1, np.float32)
guarded[(1,)](x)
make()[(1,)](x)
print("guarded", float(x[0]))
