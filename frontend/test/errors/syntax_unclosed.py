# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel unclosed_paren --signature '*fp32:16, 64' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def unclosed_paren(x_ptr, BLOCK: tl.constexpr):
    # CHECK: errors{{/|\\}}syntax_unclosed.py:[[@LINE+2]]:21: error: '(' was never closed{{$}}
    # CHECK-NEXT: offs = tl.arange(0, BLOCK
    offs = tl.arange(0, BLOCK
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, x)
