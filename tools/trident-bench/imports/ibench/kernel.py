import triton
import triton.language as tl

from .activations import gelu_tanh, silu
from .indexing import block_offsets
from . import config


@triton.jit
def fused_act_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = block_offsets(BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = gelu_tanh(x) + silu(x) + config.EPS
    tl.store(y_ptr + offs, tl.maximum(y, config.NEG_INF), mask=mask)
