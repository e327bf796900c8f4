# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel uses_global --signature '*fp32:16' 2>&1 | FileCheck %s

import triton
import triton.language as tl


COUNTER = 0


@triton.jit
def uses_global(x_ptr):
    # CHECK: errors{{/|\\}}syntax_global_stmt.py:[[@LINE+2]]:5: error: 'global' statements are not supported in @jit functions{{$}}
    # CHECK-NEXT: global COUNTER
    global COUNTER
    tl.store(x_ptr, 1.0)
