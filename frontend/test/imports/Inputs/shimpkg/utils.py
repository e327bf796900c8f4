import triton

HAS_TRITON = True
if HAS_TRITON:
    # A decorator bound to triton.jit by an assignment (vLLM's pattern).
    triton_jit_decorator = triton.jit
