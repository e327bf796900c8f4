# Control-flow errors: loop-carried and if/else type changes, return inside a
# loop, tensor conditions, assignment targets and loop iterables.
#
# RUN: not tridentc %s --kernel loop_type_change --signature '*fp32:16, i32, 64' 2>&1 | FileCheck %s --check-prefix=LOOPTYPE
# RUN: not tridentc %s --kernel loop_shape_change --signature '*fp32:16, i32, 64' 2>&1 | FileCheck %s --check-prefix=LOOPSHAPE
# RUN: not tridentc %s --kernel while_type_change --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=WHILETYPE
# RUN: not tridentc %s --kernel if_else_mismatch --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=IFELSE
# RUN: not tridentc %s --kernel return_in_loop --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=RETLOOP
# RUN: not tridentc %s --kernel tensor_condition --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=TENSORIF
# RUN: not tridentc %s --kernel tensor_while_condition --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=TENSORWHILE
# RUN: not tridentc %s --kernel subscript_assign --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=SUBASSIGN
# RUN: not tridentc %s --kernel attribute_assign --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=ATTRASSIGN
# RUN: not tridentc %s --kernel return_type_mismatch --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=RETTYPE
# RUN: not tridentc %s --kernel for_over_tensor --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=FORTENSOR
# RUN: not tridentc %s --kernel float_range --signature '*fp32:16, fp32' 2>&1 | FileCheck %s --check-prefix=FLOATRANGE
# RUN: not tridentc %s --kernel unpack_mismatch --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=UNPACK

import triton
import triton.language as tl


@triton.jit
def helper_returns(x, n):
    if n > 0:
        return x
    else:
        # RETTYPE: errors{{/|\\}}control_flow.py:[[@LINE+2]]:9: error: Inconsistent return types: fp32 and int32{{$}}
        # RETTYPE-NEXT: return n
        return n


@triton.jit
def loop_type_change(x_ptr, n, BLOCK: tl.constexpr):
    acc = 0
    # LOOPTYPE: errors{{/|\\}}control_flow.py:[[@LINE+2]]:5: error: Loop-carried variable acc has initial type int32 but is re-assigned to fp32 in loop! Please make sure that the type stays consistent.{{$}}
    # LOOPTYPE-NEXT: for i in range(n):
    for i in range(n):
        acc += tl.load(x_ptr + i)
    tl.store(x_ptr, acc)


@triton.jit
def loop_shape_change(x_ptr, n, BLOCK: tl.constexpr):
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    # LOOPSHAPE: errors{{/|\\}}control_flow.py:[[@LINE+2]]:5: error: Loop-carried variable acc has initial type <[64], fp32> but is re-assigned to <[64, 1], fp32> in loop! Please make sure that the type stays consistent.{{$}}
    # LOOPSHAPE-NEXT: for i in range(n):
    for i in range(n):
        acc = acc[:, None] + 1.0
    tl.store(x_ptr + tl.arange(0, BLOCK), acc)


@triton.jit
def while_type_change(x_ptr, n):
    i = 0
    # WHILETYPE: errors{{/|\\}}control_flow.py:[[@LINE+2]]:5: error: Loop-carried variable i has initial type int32 but is re-assigned to fp32 in loop! Please make sure that the type stays consistent.{{$}}
    # WHILETYPE-NEXT: while i < n:
    while i < n:
        i = i + 0.5
    tl.store(x_ptr, i)


@triton.jit
def if_else_mismatch(x_ptr, n):
    # IFELSE: errors{{/|\\}}control_flow.py:[[@LINE+2]]:5: error: Mismatched type for y between then block (int32) and else block (fp32){{$}}
    # IFELSE-NEXT: if n > 0:
    if n > 0:
        y = 1
    else:
        y = 1.0
    tl.store(x_ptr, y)


@triton.jit
def return_in_loop(x_ptr, n):
    for i in range(n):
        tl.store(x_ptr + i, 1.0)
        # RETLOOP: errors{{/|\\}}control_flow.py:[[@LINE+2]]:9: error: cannot have 'return' inside 'for' or 'while' loops in @jit functions{{$}}
        # RETLOOP-NEXT: return
        return


@triton.jit
def tensor_condition(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # TENSORIF: errors{{/|\\}}control_flow.py:[[@LINE+2]]:8: error: the condition of 'if' is a tensor <[64], int1>; it must be a scalar (use tl.where for elementwise selection){{$}}
    # TENSORIF-NEXT: if x > 0:
    if x > 0:
        x = -x
    tl.store(x_ptr + offs, x)


@triton.jit
def tensor_while_condition(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # TENSORWHILE: errors{{/|\\}}control_flow.py:[[@LINE+2]]:11: error: the condition of 'while' must be a scalar, got tensor <[64], int1>{{$}}
    # TENSORWHILE-NEXT: while x > 0:
    while x > 0:
        x = x - 1.0
    tl.store(x_ptr + offs, x)


@triton.jit
def subscript_assign(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # SUBASSIGN: errors{{/|\\}}control_flow.py:[[@LINE+2]]:5: error: assignment to a subscript is not supported: tensors are immutable in @jit functions (use tl.where or tl.store){{$}}
    # SUBASSIGN-NEXT: x[0] = 1.0
    x[0] = 1.0
    tl.store(x_ptr + offs, x)


@triton.jit
def attribute_assign(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # ATTRASSIGN: errors{{/|\\}}control_flow.py:[[@LINE+2]]:5: error: assignment to an attribute is not supported in @jit functions{{$}}
    # ATTRASSIGN-NEXT: x.dtype = tl.float16
    x.dtype = tl.float16
    tl.store(x_ptr + offs, x)


@triton.jit
def return_type_mismatch(x_ptr, n):
    x = tl.load(x_ptr)
    tl.store(x_ptr, helper_returns(x, n))


@triton.jit
def for_over_tensor(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = 0.0
    # FORTENSOR: errors{{/|\\}}control_flow.py:[[@LINE+2]]:14: error: 'for' loops in @jit functions iterate over range(), tl.range() or tl.static_range(), got tensor <[64], int32>{{$}}
    # FORTENSOR-NEXT: for o in offs:
    for o in offs:
        acc += tl.load(x_ptr + o)
    tl.store(x_ptr, acc)


@triton.jit
def float_range(x_ptr, n):
    # FLOATRANGE: errors{{/|\\}}control_flow.py:[[@LINE+2]]:14: error: range bounds must be integer scalars, got scalar fp32{{$}}
    # FLOATRANGE-NEXT: for i in range(n):
    for i in range(n):
        tl.store(x_ptr, 1.0)


@triton.jit
def unpack_mismatch(x_ptr, n):
    # UNPACK: errors{{/|\\}}control_flow.py:[[@LINE+2]]:5: error: cannot unpack 2 values into 3 names{{$}}
    # UNPACK-NEXT: a, b, c = n, n
    a, b, c = n, n
    tl.store(x_ptr, a + b)
