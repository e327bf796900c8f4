# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel missing_indent --signature '*fp32:16, i32' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def missing_indent(x_ptr, n):
    if n > 0:
    # CHECK: errors{{/|\\}}syntax_missing_indent.py:[[@LINE+2]]:5: error: expected an indented block, found 'tl'{{$}}
    # CHECK-NEXT: tl.store(x_ptr, 1.0)
    tl.store(x_ptr, 1.0)
