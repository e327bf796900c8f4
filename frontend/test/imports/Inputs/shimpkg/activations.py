# A helper chosen by a module-level `if` on a flag of another module of the
# package (fla/ops/utils/softplus.py's `if IS_NVIDIA:`): the reader cannot
# decide it; -D shimpkg.flags.IS_FAST=... (or the interpreter, under
# Python) can.
import triton
import triton.language as tl

from .flags import IS_FAST

if IS_FAST:
    @triton.jit
    def act(x):
        return x * 2.0
else:
    @triton.jit
    def act(x):
        return x * 3.0


@triton.jit
def act_kernel(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, act(tl.load(x_ptr + offs)))
