# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel star_kwargs --signature '*fp32:16' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
# CHECK: errors{{/|\\}}syntax_kwargs.py:[[@LINE+2]]:24: error: '**' parameters are not supported in @jit functions{{$}}
# CHECK-NEXT: def star_kwargs(x_ptr, **kwargs):
def star_kwargs(x_ptr, **kwargs):
    tl.store(x_ptr, 1.0)
