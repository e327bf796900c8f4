# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel star_args --signature '*fp32:16, 64' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
# CHECK: errors{{/|\\}}syntax_star_args.py:[[@LINE+2]]:22: error: '*' parameters are not supported in @jit functions{{$}}
# CHECK-NEXT: def star_args(x_ptr, *args):
def star_args(x_ptr, *args):
    tl.store(x_ptr, 1.0)
