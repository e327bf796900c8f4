import math

import torch
import triton.language as tl

SCALE = tl.constexpr(2.0)
LOG2E = tl.constexpr(math.log2(math.e))
NEG_INF = tl.constexpr(torch.finfo(torch.float32).min)
INT_MAX = tl.constexpr(2**31 - 1)
BLOCK_DEFAULT = tl.constexpr(64)
FACT = math.factorial(5)  # outside the subset: an error only when used
