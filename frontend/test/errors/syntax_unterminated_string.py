# A parse error is reported for the whole file, so this case has a file of
# its own.
#
# RUN: not tridentc %s --kernel bad_string --signature '*fp32:16' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def bad_string(x_ptr):
    # CHECK: errors{{/|\\}}syntax_unterminated_string.py:[[@LINE+2]]:21: error: unterminated string literal{{$}}
    # CHECK-NEXT: tl.static_print("unterminated)
    tl.static_print("unterminated)
    tl.store(x_ptr, 1.0)
