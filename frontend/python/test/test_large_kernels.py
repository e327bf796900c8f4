"""Kernels that unroll into thousands of ops: the cpu backend cuts them into
parts of bounded size (cpu-split-large-functions) and fuses their loops in
bounded bodies (cpu-fuse-elementwise); the results must not change."""
import os

import numpy as np

import trident as triton
from trident._dropin import load_file

# The kernel is the compile-scaling benchmark's
# (tools/trident-bench/compile_scaling.py --kernel dwconv).
DWCONV = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tools",
                      "trident-bench", "scaling", "dwconv_bwd.py")
dwconv_bwd_kernel = load_file(DWCONV, "scaling_dwconv_bwd").dwconv_bwd_kernel


def reference(dy, w, W):
    L, C = dy.shape
    dx = np.zeros_like(dy, dtype=np.float64)
    for l in range(L):
        for k in range(W):
            src = l + k - W // 2
            if 0 <= src < L:
                dx[l] += w[k].astype(np.float64) * dy[src]
    return dx


def test_unrolled_depthwise_conv_backward():
    # W = 16 unrolls to 256 masked loads of each input: a function of
    # about 12,000 ops before the split (a part once returned the buffer it
    # was given, which deallocation cloned, and the clone was never
    # lowered).
    W, L, C, BLOCK_C = 16, 40, 80, 64
    rng = np.random.default_rng(7)
    dy = rng.standard_normal((L, C)).astype(np.float32)
    w = rng.standard_normal((W, C)).astype(np.float32)
    dx = np.full((L, C), np.nan, np.float32)
    grid = (triton.cdiv(L, W), triton.cdiv(C, BLOCK_C))
    dwconv_bwd_kernel[grid](dy, w, dx, L, C, W=W, BLOCK_C=BLOCK_C)
    np.testing.assert_allclose(dx, reference(dy, w, W), rtol=1e-5, atol=1e-5)
