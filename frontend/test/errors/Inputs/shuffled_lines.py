# Garbled input for no_crash.py: the lines of a kernel in reverse order.
    tl.store(out_ptr + offsets, x + y, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    x = tl.load(x_ptr + offsets, mask=mask)
    mask = offsets < n_elements
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    block_start = pid * BLOCK_SIZE
    pid = tl.program_id(axis=0)
def k(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
@triton.jit
import triton.language as tl
import triton
