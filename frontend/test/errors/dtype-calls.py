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


# A dtype predicate Triton's dtype has is a compile-time method; one it has
# not is refused at the attribute.
# RUN: tridentc %s --kernel predicates --signature '*fp16' --emit ttir --no-locs | FileCheck %s --check-prefix=PRED
# PRED: %[[C:.+]] = arith.constant 2.000000e+00 : f16
# PRED: tt.store %x_ptr, %[[C]] : !tt.ptr<f16>
@triton.jit
def predicates(x_ptr):
    x = tl.load(x_ptr)
    if x.dtype.is_fp16() and not x.dtype.is_int() and x.dtype.is_floating():
        tl.store(x_ptr, 2.0)
    else:
        tl.store(x_ptr, 3.0)


# RUN: not tridentc %s --kernel unknown_predicate --signature '*fp16' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# UNKNOWN: dtype-calls.py:[[@LINE+4]]:8: error: dtype has no attribute 'is_fp12'
@triton.jit
def unknown_predicate(x_ptr):
    x = tl.load(x_ptr)
    if x.dtype.is_fp12():
        tl.store(x_ptr, x)
