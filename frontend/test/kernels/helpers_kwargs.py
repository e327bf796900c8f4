# Calls of @triton.jit helpers with keyword arguments, out-of-order keywords,
# default values (a float default and a constexpr default) and a helper that
# calls another helper.  Every helper is inlined: no tt.call and no private
# function remains after the TTIR passes.
#
# RUN: tridentc %s --kernel kwargs_kernel --signature '*fp32:16, *fp32:16, i32, fp32, 512' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @kwargs_kernel(
# CHECK-SAME: %[[S:[^:]+]]: f32
# CHECK-DAG: %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : tensor<512xf32>
# CHECK-DAG: %[[MONE:.+]] = arith.constant dense<-1.000000e+00> : tensor<512xf32>
# CHECK-DAG: %[[TWO:.+]] = arith.constant dense<2.000000e+00> : tensor<512xf32>
# CHECK-DAG: %[[ONE:.+]] = arith.constant dense<1.000000e+00> : tensor<512xf32>
# load_masked(..., other=1.0)
# CHECK: %[[X:.+]] = tt.load %{{.+}}, %{{.+}}, %[[ONE]] : tensor<512x!tt.ptr<f32>>
# CHECK: %[[SS:.+]] = tt.splat %[[S]] : f32 -> tensor<512xf32>
# CHECK: %[[XS:.+]] = arith.mulf %[[X]], %[[SS]] : tensor<512xf32>
# a = affine(x, shift=2.0, scale=s)
# CHECK: %[[A:.+]] = arith.addf %[[XS]], %[[TWO]] : tensor<512xf32>
# b = affine(x, CLAMP=True, scale=s): default shift 0.0, then the clamp.
# CHECK: %[[XS0:.+]] = arith.addf %[[XS]], %[[ZERO]] : tensor<512xf32>
# CHECK: %[[LO:.+]] = arith.maxnumf %[[XS0]], %[[MONE]] : tensor<512xf32>
# CHECK: %[[B:.+]] = arith.minnumf %[[LO]], %[[ONE]] : tensor<512xf32>
# c = two_step(x, s=s): the outer call's scale=1.0 multiply folds away.
# CHECK: %[[C:.+]] = arith.addf %[[XS0]], %[[SS]] : tensor<512xf32>
# CHECK: %[[AB:.+]] = arith.addf %[[A]], %[[B]] : tensor<512xf32>
# CHECK: %[[ABC:.+]] = arith.addf %[[AB]], %[[C]] : tensor<512xf32>
# CHECK: tt.store %{{.+}}, %[[ABC]], %{{.+}} : tensor<512x!tt.ptr<f32>>
# CHECK-NOT: tt.call
# CHECK-NOT: tt.func

import triton
import triton.language as tl

@triton.jit
def load_masked(ptr, offs, n, other=0.0):
    return tl.load(ptr + offs, mask=offs < n, other=other)

@triton.jit
def affine(x, scale=1.0, shift=0.0, CLAMP: tl.constexpr = False):
    y = x * scale + shift
    if CLAMP:
        y = tl.minimum(tl.maximum(y, -1.0), 1.0)
    return y

@triton.jit
def two_step(x, s):
    return affine(affine(x, scale=s), shift=s)

@triton.jit
def kwargs_kernel(x_ptr, out_ptr, n, s, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = load_masked(x_ptr, offs, n, other=1.0)
    a = affine(x, shift=2.0, scale=s)
    b = affine(x, CLAMP=True, scale=s)
    c = two_step(x, s=s)
    tl.store(out_ptr + offs, a + b + c, mask=offs < n)
