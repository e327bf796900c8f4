from .cyc_b import loop_fn  # noqa: F401  (cyc_b imports it back)
import triton


@triton.jit
def a_helper(x):
    return x + 1.0
