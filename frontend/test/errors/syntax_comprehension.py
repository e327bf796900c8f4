# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel uses_comprehension --signature '*fp32:16, 64' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def uses_comprehension(x_ptr, BLOCK: tl.constexpr):
    # One comprehension over a tuple or a range of constants is unrolled at
    # compile time; nested ones are not supported (nor by Triton).
    # CHECK: errors{{/|\\}}syntax_comprehension.py:[[@LINE+2]]:27: error: nested comprehensions are not supported in @jit functions{{$}}
    # CHECK-NEXT: ptrs = [x_ptr + i + j for i in range(4) for j in range(2)]
    ptrs = [x_ptr + i + j for i in range(4) for j in range(2)]
    tl.store(ptrs[0], 1.0)
