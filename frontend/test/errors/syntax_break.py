# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel uses_break --signature '*fp32:16, i32' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def uses_break(x_ptr, n):
    for i in range(n):
        if tl.load(x_ptr + i) < 0:
            # CHECK: errors{{/|\\}}syntax_break.py:[[@LINE+2]]:13: error: 'break' is not supported in @jit functions{{$}}
            # CHECK-NEXT: break
            break
        tl.store(x_ptr + i, 0.0)
