# Calling a dtype (`tl.float32(x)`) is refused, as Triton 3.6 refuses it
# ("'dtype' object is not callable", checked on the GPU machine): the error
# says how to convert instead.
#
# RUN: not tridentc %s --kernel on_tensor --signature '*fp16' 2>&1 | FileCheck %s --check-prefix=TENSOR
# RUN: not tridentc %s --kernel on_number --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=NUMBER
import triton
import triton.language as tl


# TENSOR: dtype-calls.py:[[@LINE+4]]:21: error: dtypes are not callable; use x.to(fp32)
@triton.jit
def on_tensor(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, tl.float32(x) + 1)


# NUMBER: dtype-calls.py:[[@LINE+3]]:21: error: dtypes are not callable; use x.to(int32)
@triton.jit
def on_number(x_ptr):
    tl.store(x_ptr, tl.int32(2) + tl.load(x_ptr))
