"""Kernels that unroll into thousands of ops: the cpu backend cuts them into
parts of bounded size (cpu-split-large-functions) and fuses their loops in
bounded bodies (cpu-fuse-elementwise); the results must not change."""
import numpy as np

import trident as triton
import trident.language as tl


@triton.jit
def dwconv_bwd_kernel(dy_ptr, w_ptr, dx_ptr, L, C,
                      W: tl.constexpr, BLOCK_C: tl.constexpr):
    # dx[l, c] = sum_k w[k, c] * dy[l + k - W // 2, c], for a tile of W rows
    pid_l = tl.program_id(0)
    pid_c = tl.program_id(1)
    offs_c = pid_c * BLOCK_C + tl.arange(0, BLOCK_C)
    mask_c = offs_c < C
    for i in tl.static_range(W):
        l = pid_l * W + i
        acc = tl.zeros([BLOCK_C], dtype=tl.float32)
        for k in tl.static_range(W):
            src = l + k - W // 2
            m = mask_c & (src >= 0) & (src < L)
            dy = tl.load(dy_ptr + src * C + offs_c, mask=m, other=0.0)
            w = tl.load(w_ptr + k * C + offs_c, mask=mask_c, other=0.0)
            acc += dy.to(tl.float32) * w
        tl.store(dx_ptr + l * C + offs_c, acc, mask=mask_c & (l < L))


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
