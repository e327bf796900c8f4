# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel uses_try --signature '*fp32:16, 64' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def uses_try(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # CHECK: errors{{/|\\}}syntax_try.py:[[@LINE+2]]:5: error: 'try' statements are not supported in @jit functions{{$}}
    # CHECK-NEXT: try:
    try:
        x = tl.load(x_ptr + offs)
    except Exception:
        x = tl.zeros((BLOCK,), dtype=tl.float32)
    tl.store(x_ptr + offs, x)
