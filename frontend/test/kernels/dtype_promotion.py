# Implicit type promotion of binary operators:
#   int8 + int32          -> int32 (sign-extended)
#   int8 * fp32           -> fp32
#   fp16 * fp32           -> fp32
#   fp16 * 2.0 + 1        -> fp16 (Python literals do not widen a tensor)
#   uint32 with int32     -> uint32 (unsigned compare and divide)
#   int8 + 1              -> int8
#
# RUN: tridentc %s --kernel promote_kernel --signature '*i8:16, *i32:16, *fp16:16, *fp32:16, *u32:16, *i32:16, *fp32:16, *fp16:16, *u32:16, *i8:16, 128' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @promote_kernel(
# CHECK-DAG: %[[ONE8:.+]] = arith.constant dense<1> : tensor<128xi8>
# CHECK-DAG: %[[THREE:.+]] = arith.constant dense<3> : tensor<128xi32>
# CHECK-DAG: %[[ONEH:.+]] = arith.constant dense<1.000000e+00> : tensor<128xf16>
# CHECK-DAG: %[[TWOH:.+]] = arith.constant dense<2.000000e+00> : tensor<128xf16>
# CHECK: %[[A8:.+]] = tt.load %{{.+}} : tensor<128x!tt.ptr<i8>>
# CHECK: %[[A32:.+]] = tt.load %{{.+}} : tensor<128x!tt.ptr<i32>>
# CHECK: %[[H:.+]] = tt.load %{{.+}} : tensor<128x!tt.ptr<f16>>
# CHECK: %[[F:.+]] = tt.load %{{.+}} : tensor<128x!tt.ptr<f32>>
# CHECK: %[[U:.+]] = tt.load %{{.+}} : tensor<128x!tt.ptr<i32>>
# int8 + int32: sign-extend the int8 side.
# CHECK: %[[A8W:.+]] = arith.extsi %[[A8]] : tensor<128xi8> to tensor<128xi32>
# CHECK: arith.addi %[[A8W]], %[[A32]] : tensor<128xi32>
# fp16 * fp32 and int8 * fp32 are done in fp32.
# CHECK: %[[HW:.+]] = arith.extf %[[H]] : tensor<128xf16> to tensor<128xf32>
# CHECK: arith.mulf %[[HW]], %[[F]] : tensor<128xf32>
# CHECK: %[[A8F:.+]] = arith.sitofp %[[A8]] : tensor<128xi8> to tensor<128xf32>
# CHECK: arith.mulf %[[A8F]], %[[F]] : tensor<128xf32>
# CHECK: arith.addf %{{.+}}, %{{.+}} : tensor<128xf32>
# Python scalars take the tensor's type: fp16 stays fp16.
# CHECK: %[[HM:.+]] = arith.mulf %[[H]], %[[TWOH]] : tensor<128xf16>
# CHECK: arith.addf %[[HM]], %[[ONEH]] : tensor<128xf16>
# uint32 op int32 is unsigned.
# CHECK: %[[US:.+]] = arith.addi %[[U]], %[[A32]] : tensor<128xi32>
# CHECK: arith.divui %[[US]], %[[THREE]] : tensor<128xi32>
# int8 + 1 stays int8; the unsigned compare's i1 is zero-extended to int8.
# CHECK: %[[A8P:.+]] = arith.addi %[[A8]], %[[ONE8]] : tensor<128xi8>
# CHECK: %[[LT:.+]] = arith.cmpi ult, %[[U]], %[[A32]] : tensor<128xi32>
# CHECK: %[[LT8:.+]] = arith.extui %[[LT]] : tensor<128xi1> to tensor<128xi8>
# CHECK: arith.muli %[[A8P]], %[[LT8]] : tensor<128xi8>
# CHECK: tt.store %{{.+}}, %{{.+}} : tensor<128x!tt.ptr<i8>>

import triton
import triton.language as tl

@triton.jit
def promote_kernel(i8_ptr, i32_ptr, f16_ptr, f32_ptr, u32_ptr,
                   out_i32_ptr, out_f32_ptr, out_f16_ptr, out_u32_ptr, out_i8_ptr,
                   BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a8 = tl.load(i8_ptr + offs)
    a32 = tl.load(i32_ptr + offs)
    h = tl.load(f16_ptr + offs)
    f = tl.load(f32_ptr + offs)
    u = tl.load(u32_ptr + offs)

    tl.store(out_i32_ptr + offs, a8 + a32)
    tl.store(out_f32_ptr + offs, h * f + a8 * f)
    tl.store(out_f16_ptr + offs, h * 2.0 + 1)
    tl.store(out_u32_ptr + offs, (u + a32) // 3)
    tl.store(out_i8_ptr + offs, (a8 + 1) * (u < a32).to(tl.int8))
