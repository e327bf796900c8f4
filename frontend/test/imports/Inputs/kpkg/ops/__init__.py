import triton
import triton.language as tl

from ..utils import exp2_scaled
from .norm import pointwise_kernel as reexported_kernel  # noqa: F401


@triton.jit
def init_kernel(x_ptr):
    tl.store(x_ptr, exp2_scaled(tl.load(x_ptr)))
