import triton
import triton.language as tl


@triton.jit
def dwconv_bwd_kernel(dy_ptr, w_ptr, dx_ptr, L, C,
                      W: tl.constexpr, BLOCK_C: tl.constexpr):
    # dx[l, c] = sum_k w[k, c] * dy[l + k - W // 2, c] for a tile of W rows
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
