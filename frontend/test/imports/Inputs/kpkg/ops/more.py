import triton
import triton.language as tl

from ..star_helpers import *
from .unlexable import f_unlexable


@triton.jit
def k_star(x_ptr):
    tl.store(x_ptr, star_a(tl.load(x_ptr)))


@triton.jit
def k_star_private(x_ptr):
    tl.store(x_ptr, star_b(tl.load(x_ptr)))


@triton.jit
def k_unlexable(x_ptr):
    tl.store(x_ptr, f_unlexable(1.0))
