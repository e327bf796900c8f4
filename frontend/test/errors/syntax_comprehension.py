# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel uses_comprehension --signature '*fp32:16, 64' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def uses_comprehension(x_ptr, BLOCK: tl.constexpr):
    # CHECK: errors{{/|\\}}syntax_comprehension.py:[[@LINE+2]]:23: error: list comprehensions are not supported in @jit functions{{$}}
    # CHECK-NEXT: ptrs = [x_ptr + i for i in range(4)]
    ptrs = [x_ptr + i for i in range(4)]
    tl.store(ptrs[0], 1.0)
