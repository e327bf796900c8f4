import torch
import triton.language as tl

NEG_INF = tl.constexpr(torch.finfo(torch.float32).min)
EPS = tl.constexpr(1e-6)
