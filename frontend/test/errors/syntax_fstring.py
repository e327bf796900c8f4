# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel uses_fstring --signature '*fp32:16, 64' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def uses_fstring(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # CHECK: errors{{/|\\}}syntax_fstring.py:[[@LINE+2]]:21: error: f-strings are not supported in @jit functions{{$}}
    # CHECK-NEXT: tl.static_print(f"BLOCK={BLOCK}")
    tl.static_print(f"BLOCK={BLOCK}")
    tl.store(x_ptr + offs, 1.0)
