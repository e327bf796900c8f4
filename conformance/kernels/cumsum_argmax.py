# A scan and a reduction in one kernel: each row's running sum, and the
# column of its largest element.
import triton
import triton.language as tl


@triton.jit
def cumsum_argmax(x_ptr, cs_ptr, am_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0)
    tl.store(cs_ptr + row * N + cols, tl.cumsum(x, axis=0), mask=mask)
    best = tl.argmax(tl.where(mask, x, float("-inf")), axis=0)
    tl.store(am_ptr + row, best)
