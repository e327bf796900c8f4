# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel uses_lambda --signature '*fp32:16, 64' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def uses_lambda(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # CHECK: errors{{/|\\}}syntax_lambda.py:[[@LINE+2]]:14: error: lambda expressions are not supported in @jit functions{{$}}
    # CHECK-NEXT: double = lambda v: v * 2
    double = lambda v: v * 2
    tl.store(x_ptr + offs, double(tl.load(x_ptr + offs)))
