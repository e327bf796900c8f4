# A parse error is reported for the whole file, so this case has a file of
# its own: an f-string field without an expression (f-strings of
# compile-time values are taken: kernels/fstrings.py).
#
# RUN: not tridentc %s --kernel uses_fstring --signature '*fp32:16, 64' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def uses_fstring(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # CHECK: errors{{/|\\}}syntax_fstring.py:[[@LINE+2]]:21: error: f-string: invalid expression in a replacement field: {}{{$}}
    # CHECK-NEXT: tl.static_print(f"BLOCK={}")
    tl.static_print(f"BLOCK={}")
    tl.store(x_ptr + offs, 1.0)
