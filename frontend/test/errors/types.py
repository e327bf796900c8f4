# Type errors in operators and casts: each kernel is rejected with the
# message (and the position) that tridentc gives for it.
#
# RUN: not tridentc %s --kernel float_floordiv --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=FLOORDIV
# RUN: not tridentc %s --kernel bad_shift --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=SHIFT
# RUN: not tridentc %s --kernel float_and --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=AND
# RUN: not tridentc %s --kernel unsigned_negative --signature '*u32:16, u32' 2>&1 | FileCheck %s --check-prefix=UNEG
# RUN: not tridentc %s --kernel mixed_sign_div --signature '*i32:16, i32, u32' 2>&1 | FileCheck %s --check-prefix=MIXDIV
# RUN: not tridentc %s --kernel ptr_plus_ptr --signature '*fp32:16, *fp32:16' 2>&1 | FileCheck %s --check-prefix=PTRADD
# RUN: not tridentc %s --kernel neg_ptr --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=NEGPTR
# RUN: not tridentc %s --kernel bad_cast --signature '*fp32:16, *fp32:16' 2>&1 | FileCheck %s --check-prefix=CAST
# RUN: not tridentc %s --kernel bad_bitcast --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=BITCAST
# RUN: not tridentc %s --kernel float_offset --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=FOFF
# RUN: not tridentc %s --kernel invert_float --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=INV
# RUN: not tridentc %s --kernel pow_tensor --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=POW
# RUN: not tridentc %s --kernel matmul_op --signature '*fp32:16, 16' 2>&1 | FileCheck %s --check-prefix=MATMUL
# RUN: not tridentc %s --kernel bad_rounding --signature '*fp32:16, *fp16:16, 64' 2>&1 | FileCheck %s --check-prefix=ROUND
# RUN: not tridentc %s --kernel sub_ptrs --signature '*fp32:16, *fp32:16' 2>&1 | FileCheck %s --check-prefix=PTRSUB

import triton
import triton.language as tl


@triton.jit
def float_floordiv(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # FLOORDIV: errors{{/|\\}}types.py:[[@LINE+2]]:9: error: floor division ('//') is only supported on integers; got tensor <[64], fp32> and constexpr 2.0{{$}}
    # FLOORDIV-NEXT: y = x // 2.0
    y = x // 2.0
    tl.store(x_ptr + offs, y)


@triton.jit
def bad_shift(x_ptr, n):
    x = tl.load(x_ptr)
    # SHIFT: errors{{/|\\}}types.py:[[@LINE+2]]:9: error: bitwise operator '<<' needs integer operands, got scalar fp32 and constexpr 2{{$}}
    # SHIFT-NEXT: y = x << 2
    y = x << 2
    tl.store(x_ptr, y)


@triton.jit
def float_and(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # AND: errors{{/|\\}}types.py:[[@LINE+2]]:28: error: bitwise operator '&' needs integer operands, got tensor <[64], fp32> and tensor <[64], int32>{{$}}
    # AND-NEXT: tl.store(x_ptr + offs, x & offs)
    tl.store(x_ptr + offs, x & offs)


@triton.jit
def unsigned_negative(x_ptr, n):
    # UNEG: errors{{/|\\}}types.py:[[@LINE+2]]:9: error: Cannot perform a binary operation between an unsigned tensor and a negative scalar. Perform a explicit cast on one of them.{{$}}
    # UNEG-NEXT: y = n + -1
    y = n + -1
    tl.store(x_ptr, y)


@triton.jit
def mixed_sign_div(x_ptr, a, b):
    # MIXDIV: errors{{/|\\}}types.py:[[@LINE+2]]:21: error: Cannot use /, //, or % with int32 and uint32 because they have different signedness; this is unlikely to result in a useful answer. Cast them to the same signedness.{{$}}
    # MIXDIV-NEXT: tl.store(x_ptr, a // b)
    tl.store(x_ptr, a // b)


@triton.jit
def ptr_plus_ptr(x_ptr, y_ptr):
    # PTRADD: errors{{/|\\}}types.py:[[@LINE+2]]:9: error: invalid operands of type pointer<fp32> and pointer<fp32> for '+'{{$}}
    # PTRADD-NEXT: p = x_ptr + y_ptr
    p = x_ptr + y_ptr
    tl.store(p, 1.0)


@triton.jit
def neg_ptr(x_ptr):
    # NEGPTR: errors{{/|\\}}types.py:[[@LINE+2]]:9: error: wrong type argument to unary minus (pointer<fp32>){{$}}
    # NEGPTR-NEXT: p = -x_ptr
    p = -x_ptr
    tl.store(p, 1.0)


@triton.jit
def bad_cast(x_ptr, y_ptr):
    # CAST: errors{{/|\\}}types.py:[[@LINE+2]]:9: error: cannot cast pointer<fp32> to fp32{{$}}
    # CAST-NEXT: v = x_ptr.to(tl.float32)
    v = x_ptr.to(tl.float32)
    tl.store(y_ptr, v)


@triton.jit
def bad_bitcast(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # BITCAST: errors{{/|\\}}types.py:[[@LINE+2]]:9: error: Cannot bitcast data-type of size 32 to data-type of size 16{{$}}
    # BITCAST-NEXT: y = x.to(tl.int16, bitcast=True)
    y = x.to(tl.int16, bitcast=True)
    tl.store(x_ptr + offs, y)


@triton.jit
def float_offset(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK).to(tl.float32)
    # FOFF: errors{{/|\\}}types.py:[[@LINE+2]]:17: error: pointer offsets must be integers, got <[64], fp32>{{$}}
    # FOFF-NEXT: x = tl.load(x_ptr + offs)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr, x)


@triton.jit
def invert_float(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # INV: errors{{/|\\}}types.py:[[@LINE+2]]:28: error: wrong type argument to unary invert (fp32){{$}}
    # INV-NEXT: tl.store(x_ptr + offs, ~x)
    tl.store(x_ptr + offs, ~x)


@triton.jit
def pow_tensor(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # POW: errors{{/|\\}}types.py:[[@LINE+2]]:28: error: operator '**' is not supported on tensors; use tl.exp, tl.exp2, or repeated multiplication{{$}}
    # POW-NEXT: tl.store(x_ptr + offs, x ** 2)
    tl.store(x_ptr + offs, x ** 2)


@triton.jit
def matmul_op(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs[:, None] * BLOCK + offs[None, :])
    # MATMUL: errors{{/|\\}}types.py:[[@LINE+2]]:9: error: operator '@' is not supported; use tl.dot{{$}}
    # MATMUL-NEXT: y = x @ x
    y = x @ x
    tl.store(x_ptr + offs[:, None] * BLOCK + offs[None, :], y)


@triton.jit
def bad_rounding(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # ROUND: errors{{/|\\}}types.py:[[@LINE+2]]:9: error: Invalid rounding mode: rtx{{$}}
    # ROUND-NEXT: y = x.to(tl.float16, fp_downcast_rounding="rtx")
    y = x.to(tl.float16, fp_downcast_rounding="rtx")
    tl.store(y_ptr + offs, y)


@triton.jit
def sub_ptrs(x_ptr, y_ptr):
    # PTRSUB: errors{{/|\\}}types.py:[[@LINE+2]]:9: error: invalid operands of type pointer<fp32> and pointer<fp32> for '-'{{$}}
    # PTRSUB-NEXT: d = x_ptr - y_ptr
    d = x_ptr - y_ptr
    tl.store(x_ptr, d)
