# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel uses_walrus --signature '*fp32:16, i32' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def uses_walrus(x_ptr, n):
    # CHECK: errors{{/|\\}}syntax_walrus.py:[[@LINE+2]]:11: error: assignment expressions (':=') are not supported in @jit functions{{$}}
    # CHECK-NEXT: if (m := n * 2) > 8:
    if (m := n * 2) > 8:
        tl.store(x_ptr, m)
