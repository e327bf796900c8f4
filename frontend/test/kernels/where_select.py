# tl.where in its different shapes: tensor condition with tensor/scalar
# branches, a scalar (i1) condition that is splatted, integer and float
# branches promoted to float, and nested selects.
#
# RUN: tridentc %s --kernel where_kernel --signature '*fp32:16, *i32:16, *fp32:16, i32, fp32, 256' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @where_kernel(
# CHECK-SAME: %[[N:[^:]+]]: i32{{[^,]*}}, %[[THRESH:[^:]+]]: f32
# CHECK-DAG: %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : tensor<256xf32>
# CHECK-DAG: %[[PONE:.+]] = arith.constant dense<1.000000e+00> : tensor<256xf32>
# CHECK-DAG: %[[MONE:.+]] = arith.constant dense<-1.000000e+00> : tensor<256xf32>
# CHECK: %[[X:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<256x!tt.ptr<f32>>
# CHECK: %[[K:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<256x!tt.ptr<i32>>
# where(x > 0, x, 0.0)
# CHECK: %[[POS:.+]] = arith.cmpf ogt, %[[X]], %[[ZERO]] : tensor<256xf32>
# CHECK: %[[RELU:.+]] = arith.select %[[POS]], %[[X]], %[[ZERO]] : tensor<256xi1>, tensor<256xf32>
# where(relu > thresh, thresh, relu): the scalar branch is splatted.
# CHECK: %[[TS:.+]] = tt.splat %[[THRESH]] : f32 -> tensor<256xf32>
# CHECK: %[[OVER:.+]] = arith.cmpf ogt, %[[RELU]], %[[TS]] : tensor<256xf32>
# CHECK: %[[CAP:.+]] = arith.select %[[OVER]], %[[TS]], %[[RELU]] : tensor<256xi1>, tensor<256xf32>
# where(k > 0, k, x): the int branch is converted to float.
# CHECK: %[[KPOS:.+]] = arith.cmpi sgt, %[[K]], %{{.+}} : tensor<256xi32>
# CHECK: %[[KF:.+]] = arith.sitofp %[[K]] : tensor<256xi32> to tensor<256xf32>
# CHECK: %[[MIX:.+]] = arith.select %[[KPOS]], %[[KF]], %[[X]] : tensor<256xi1>, tensor<256xf32>
# Nested: where(x > 0, 1.0, where(x < 0, -1.0, 0.0)); x > 0 is reused.
# CHECK: %[[NEG:.+]] = arith.cmpf olt, %[[X]], %[[ZERO]] : tensor<256xf32>
# CHECK: %[[INNER:.+]] = arith.select %[[NEG]], %[[MONE]], %[[ZERO]] : tensor<256xi1>, tensor<256xf32>
# CHECK: %[[SIGN:.+]] = arith.select %[[POS]], %[[PONE]], %[[INNER]] : tensor<256xi1>, tensor<256xf32>
# A scalar condition is splatted to an i1 tensor.
# CHECK: %[[BIG:.+]] = arith.cmpi sgt, %[[N]], %{{.+}} : i32
# CHECK: %[[NCAP:.+]] = arith.subf %[[ZERO]], %[[CAP]] : tensor<256xf32>
# CHECK: %[[BIGS:.+]] = tt.splat %[[BIG]] : i1 -> tensor<256xi1>
# CHECK: %[[FLIP:.+]] = arith.select %[[BIGS]], %[[NCAP]], %[[CAP]] : tensor<256xi1>, tensor<256xf32>
# CHECK: %[[S1:.+]] = arith.addf %[[FLIP]], %[[MIX]] : tensor<256xf32>
# CHECK: %[[S2:.+]] = arith.addf %[[S1]], %[[SIGN]] : tensor<256xf32>
# CHECK: tt.store %{{.+}}, %[[S2]], %{{.+}} : tensor<256x!tt.ptr<f32>>

import triton
import triton.language as tl

@triton.jit
def where_kernel(x_ptr, k_ptr, out_ptr, n, thresh, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    k = tl.load(k_ptr + offs, mask=m, other=0)

    relu = tl.where(x > 0, x, 0.0)
    capped = tl.where(relu > thresh, thresh, relu)
    mixed = tl.where(k > 0, k, x)
    sign = tl.where(x > 0, 1.0, tl.where(x < 0, -1.0, 0.0))
    flip = tl.where(n > 1000, -capped, capped)
    tl.store(out_ptr + offs, flip + mixed + sign, mask=m)
