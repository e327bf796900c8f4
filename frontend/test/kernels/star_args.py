# Argument unpacking in calls, as Triton 3.6 takes it: `f(*t)` passes the
# elements of a tuple as positional arguments, to a @jit helper or a
# builtin, beside other positional arguments; `**`, unpacking of a
# runtime value and `*` outside a call are refused with the place and the
# reason.
#
# RUN: tridentc %s --kernel unpack --signature '*fp32:16, *fp32:16, i32, 64' --emit ttir-raw -o - 2>&1 | FileCheck %s
# RUN: not tridentc %s --kernel not_a_tuple --signature '*fp32:16, i32' --emit ttir 2>&1 | FileCheck %s --check-prefix=SCALAR
# RUN: not tridentc %s --kernel double_star --signature '*fp32:16' --emit ttir 2>&1 | FileCheck %s --check-prefix=KW
# RUN: not tridentc %s --kernel starred_alone --signature '*fp32:16' --emit ttir 2>&1 | FileCheck %s --check-prefix=ALONE

import triton
import triton.language as tl


@triton.jit
def _scaled_sum(a, b, scale, bias):
    return (a + b) * scale + bias


@triton.jit
def _pair(x):
    return x, x * 2.0


# The pair's two tensors are a and b; 3.0 and 1.0 the constexpr scale and
# bias (in the specialization's name); (8, 8) the reshape's shape.
# CHECK-LABEL: tt.func public @unpack
# CHECK: %[[P:.*]]:2 = tt.call @_pair
# CHECK: tt.call @_scaled_sum{{.*}}_c3d0_c1d0_(%[[P]]#0, %[[P]]#1)
# CHECK: tt.reshape {{.*}} : tensor<64xf32> -> tensor<8x8xf32>
@triton.jit
def unpack(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    args = _pair(x)
    y = _scaled_sum(*args, 3.0, *(1.0,))
    z = tl.reshape(y, *(8, 8))
    tl.store(y_ptr + offs, tl.reshape(z, BLOCK), mask=offs < n)


@triton.jit
def not_a_tuple(x_ptr, n):
    # SCALAR: star_args.py:[[@LINE+1]]:27: error: argument unpacking ('*') needs a tuple, got scalar int32
    tl.store(x_ptr, _pair(*n)[0])


@triton.jit
def double_star(x_ptr):
    # KW: star_args.py:[[@LINE+1]]:18: error: keyword argument unpacking ('**') is not supported in @jit functions
    _pair(x=1.0, **x_ptr)


@triton.jit
def starred_alone(x_ptr):
    # ALONE: star_args.py:[[@LINE+1]]:10: error: expected an expression, found '*'
    t = (*x_ptr,)
