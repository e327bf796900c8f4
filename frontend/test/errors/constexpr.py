# Runtime values where a compile-time constant is required.
#
# RUN: not tridentc %s --kernel arange_runtime_end --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=ARANGE
# RUN: not tridentc %s --kernel static_range_runtime --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=SRANGE
# RUN: not tridentc %s --kernel zeros_runtime_shape --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=ZEROS
# RUN: not tridentc %s --kernel static_assert_fails --signature '*fp32:16, 48' 2>&1 | FileCheck %s --check-prefix=SASSERT
# RUN: not tridentc %s --kernel static_assert_runtime --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=SASSERTRT
# RUN: not tridentc %s --kernel static_range_outside_for --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=RANGEOBJ
# RUN: not tridentc %s --kernel assign_constexpr_param --signature '*fp32:16, i32, 64' 2>&1 | FileCheck %s --check-prefix=REASSIGN
# RUN: not tridentc %s --kernel reshape_runtime --signature '*fp32:16, i32, 64' 2>&1 | FileCheck %s --check-prefix=RESHAPE

import triton
import triton.language as tl


@triton.jit
def arange_runtime_end(x_ptr, n):
    # ARANGE: errors{{/|\\}}constexpr.py:[[@LINE+2]]:12: error: arange's arguments must be of type tl.constexpr{{$}}
    # ARANGE-NEXT: offs = tl.arange(0, n)
    offs = tl.arange(0, n)
    tl.store(x_ptr + offs, 1.0)


@triton.jit
def static_range_runtime(x_ptr, n):
    acc = 0.0
    # SRANGE: errors{{/|\\}}constexpr.py:[[@LINE+2]]:14: error: the end of tl.static_range must be a constexpr integer, got scalar int32{{$}}
    # SRANGE-NEXT: for i in tl.static_range(n):
    for i in tl.static_range(n):
        acc += i
    tl.store(x_ptr, acc)


@triton.jit
def zeros_runtime_shape(x_ptr, n):
    # ZEROS: errors{{/|\\}}constexpr.py:[[@LINE+2]]:9: error: shape entries must be a constexpr integer, got scalar int32{{$}}
    # ZEROS-NEXT: z = tl.zeros((n,), dtype=tl.float32)
    z = tl.zeros((n,), dtype=tl.float32)
    tl.store(x_ptr, tl.sum(z, axis=0))


@triton.jit
def static_assert_fails(x_ptr, BLOCK: tl.constexpr):
    # SASSERT: errors{{/|\\}}constexpr.py:[[@LINE+2]]:5: error: static_assert failed: BLOCK must be a multiple of 32{{$}}
    # SASSERT-NEXT: tl.static_assert(BLOCK % 32 == 0, "BLOCK must be a multiple of 32")
    tl.static_assert(BLOCK % 32 == 0, "BLOCK must be a multiple of 32")
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0)


@triton.jit
def static_assert_runtime(x_ptr, n):
    # SASSERTRT: errors{{/|\\}}constexpr.py:[[@LINE+2]]:5: error: Assertion condition could not be determined at compile-time. Make sure that it depends only on `constexpr` values{{$}}
    # SASSERTRT-NEXT: tl.static_assert(n > 0)
    tl.static_assert(n > 0)
    tl.store(x_ptr, 1.0)


@triton.jit
def static_range_outside_for(x_ptr, n):
    # RANGEOBJ: errors{{/|\\}}constexpr.py:[[@LINE+2]]:9: error: range objects can only be used as the iterable of a 'for' loop{{$}}
    # RANGEOBJ-NEXT: y = tl.static_range(0, n)
    y = tl.static_range(0, n)
    tl.store(x_ptr, 1.0)


@triton.jit
def assign_constexpr_param(x_ptr, n, BLOCK: tl.constexpr):
    BLOCK = n
    # REASSIGN: errors{{/|\\}}constexpr.py:[[@LINE+2]]:12: error: arange's arguments must be of type tl.constexpr{{$}}
    # REASSIGN-NEXT: offs = tl.arange(0, BLOCK)
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0)


@triton.jit
def reshape_runtime(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # RESHAPE: errors{{/|\\}}constexpr.py:[[@LINE+2]]:9: error: shape entries must be a constexpr integer, got scalar int32{{$}}
    # RESHAPE-NEXT: y = tl.reshape(x, (n, BLOCK // n))
    y = tl.reshape(x, (n, BLOCK // n))
    tl.store(x_ptr + offs, tl.reshape(y, (BLOCK,)))
