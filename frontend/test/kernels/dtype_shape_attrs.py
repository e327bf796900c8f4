# Compile-time properties of values: x.dtype, x.shape, x.T, p.dtype.element_ty
# and p.type.element_ty, used to pick types, shapes and branches while the
# kernel is specialised.
#
# RUN: tridentc %s --kernel meta_kernel --signature '*fp16:16, *fp32:16, *fp16:16, 32, 64' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @meta_kernel(
# CHECK-DAG: %[[ACC0:.+]] = arith.constant dense<0.000000e+00> : tensor<64x32xf32>
# CHECK-DAG: %[[TWO:.+]] = arith.constant dense<2.000000e+00> : tensor<64x32xf32>
# CHECK-DAG: %[[HZERO:.+]] = arith.constant dense<0.000000e+00> : tensor<32x64xf16>
# CHECK: %[[X:.+]] = tt.load %{{.+}} : tensor<32x64x!tt.ptr<f16>>
# x.T
# CHECK: %[[XT:.+]] = tt.trans %[[X]] {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
# .to(out_ptr.dtype.element_ty) is fp32.
# CHECK: %[[XTF:.+]] = arith.extf %[[XT]] : tensor<64x32xf16> to tensor<64x32xf32>
# CHECK: %[[ACC:.+]] = arith.addf %[[XTF]], %[[ACC0]] : tensor<64x32xf32>
# x.dtype == tl.float16 holds; the 32-bit branch is dropped.
# CHECK: %[[ACC2:.+]] = arith.mulf %[[ACC]], %[[TWO]] : tensor<64x32xf32>
# CHECK-NOT: arith.mulf
# CHECK: tt.store %{{.+}}, %[[ACC2]] : tensor<64x32x!tt.ptr<f32>>
# CHECK: %[[Y:.+]] = arith.addf %[[X]], %[[HZERO]] : tensor<32x64xf16>
# copy_ptr.type.element_ty is fp16: no conversion.
# CHECK-NOT: arith.truncf
# CHECK: tt.store %{{.+}}, %[[Y]] : tensor<32x64x!tt.ptr<f16>>

import triton
import triton.language as tl

@triton.jit
def meta_kernel(in_ptr, out_ptr, copy_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    x = tl.load(in_ptr + rows[:, None] * N + cols[None, :])
    tl.static_assert(x.shape[0] == M and x.shape[1] == N)
    xt = x.T
    tl.static_assert(xt.shape == (N, M))
    acc = tl.zeros(xt.shape, dtype=out_ptr.dtype.element_ty)
    acc += xt.to(out_ptr.dtype.element_ty)
    if x.dtype == tl.float16:
        acc = acc * 2.0
    if x.dtype.primitive_bitwidth == 32:
        acc = acc * 4.0
    tl.store(out_ptr + cols[:, None] * M + rows[None, :], acc)
    y = tl.zeros_like(x) + x
    tl.store(copy_ptr + rows[:, None] * N + cols[None, :], y.to(copy_ptr.type.element_ty))
