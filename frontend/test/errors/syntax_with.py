# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel uses_with --signature '*fp32:16, 64' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def uses_with(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # CHECK: errors{{/|\\}}syntax_with.py:[[@LINE+2]]:5: error: 'with' statements are not supported in @jit functions{{$}}
    # CHECK-NEXT: with tl.device_assert(BLOCK > 0):
    with tl.device_assert(BLOCK > 0):
        tl.store(x_ptr + offs, 1.0)
