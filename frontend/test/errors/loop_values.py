# Values that cannot be loop-carried, and returns nested inside loops.
# RUN: not tridentc %s --kernel tuple_in_loop --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=TUPLE
# RUN: not tridentc %s --kernel dtype_in_loop --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=DTYPE
# RUN: not tridentc %s --kernel nested_return --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=RET
import triton
import triton.language as tl


@triton.jit
def tuple_in_loop(x_ptr, n):
    t = (tl.load(x_ptr), tl.load(x_ptr + 1))
    # TUPLE: errors{{/|\\}}loop_values.py:[[@LINE+1]]:5: error: 't' holds (scalar fp32, scalar fp32) and is reassigned in the loop (to (scalar fp32, scalar fp32)); only tensors and numbers can change from one iteration to the next{{$}}
    for i in range(n):
        t = (t[1], t[0])
    tl.store(x_ptr, t[0])


@triton.jit
def dtype_in_loop(x_ptr, n):
    d = tl.float32
    # DTYPE: errors{{/|\\}}loop_values.py:[[@LINE+1]]:5: error: 'd' holds dtype fp32 and is reassigned in the loop (to dtype fp16); only tensors and numbers can change from one iteration to the next{{$}}
    while n > 0:
        d = tl.float16
        n -= 1
    tl.store(x_ptr, tl.load(x_ptr).to(d))


@triton.jit
def nested_return(x_ptr, n):
    for i in range(n):
        if i > 3:
            # RET: errors{{/|\\}}loop_values.py:[[@LINE+1]]:13: error: cannot have 'return' inside 'for' or 'while' loops in @jit functions{{$}}
            return
    tl.store(x_ptr, 1.0)
