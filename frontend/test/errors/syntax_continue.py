# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel uses_continue --signature '*fp32:16, i32' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def uses_continue(x_ptr, n):
    for i in range(n):
        if i % 2 == 0:
            # CHECK: errors{{/|\\}}syntax_continue.py:[[@LINE+2]]:13: error: 'continue' is not supported in @jit functions{{$}}
            # CHECK-NEXT: continue
            continue
        tl.store(x_ptr + i, 0.0)
