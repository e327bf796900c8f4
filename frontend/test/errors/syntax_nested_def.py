# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel nested_def --signature '*fp32:16, 64' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def nested_def(x_ptr, BLOCK: tl.constexpr):
    # CHECK: errors{{/|\\}}syntax_nested_def.py:[[@LINE+2]]:5: error: nested function definitions are not supported in @jit functions{{$}}
    # CHECK-NEXT: def double(v):
    def double(v):
        return v * 2
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, double(tl.load(x_ptr + offs)))
