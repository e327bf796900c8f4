# RMS normalisation of wide rows (as in LLaMA-style models): one program per
# row of up to BLOCK_SIZE columns; the sum of squares is a reduction across
# all the program's warps.
import triton
import triton.language as tl


@triton.jit
def rms_norm_kernel(X, Y, W, stride, N, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < N
    x = tl.load(X + row * stride + cols, mask=mask, other=0.)
    w = tl.load(W + cols, mask=mask, other=0.)
    rms = tl.sqrt(tl.sum(x * x, axis=0) / N + eps)
    tl.store(Y + row * stride + cols, x / rms * w, mask=mask)
