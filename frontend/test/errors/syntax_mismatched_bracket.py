# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel mismatched_bracket --signature '*fp32:16, 16' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def mismatched_bracket(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # CHECK: errors{{/|\\}}syntax_mismatched_bracket.py:[[@LINE+2]]:61: error: closing parenthesis ')' does not match opening parenthesis '['{{$}}
    # CHECK-NEXT: x = tl.load(x_ptr + offs[:, None] * BLOCK + offs[None, :)]
    x = tl.load(x_ptr + offs[:, None] * BLOCK + offs[None, :)]
    tl.store(x_ptr + offs, tl.sum(x, axis=1))
