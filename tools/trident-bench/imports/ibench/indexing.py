import triton
import triton.language as tl


@triton.jit
def block_offsets(BLOCK: tl.constexpr):
    pid = tl.program_id(0).to(tl.int64)
    return pid * BLOCK + tl.arange(0, BLOCK)
