# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel bad_dedent --signature '*fp32:16, 64' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def bad_dedent(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    if BLOCK > 32:
        x = tl.load(x_ptr + offs)
    # CHECK: errors{{/|\\}}syntax_dedent.py:[[@LINE+2]]:7: error: unindent does not match any outer indentation level{{$}}
    # CHECK-NEXT: tl.store(x_ptr + offs, x)
      tl.store(x_ptr + offs, x)
