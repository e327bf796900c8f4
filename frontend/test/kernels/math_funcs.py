# Math functions of triton.language, each written to its own slice of the
# output so that none is dead code.
#
# RUN: tridentc %s --kernel math_kernel --signature '*fp32:16, *fp32:16, *i32:16, *fp32:16, *i32:16, 256' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @math_kernel(
# CHECK: %[[X:.+]] = tt.load %{{.+}} : tensor<256x!tt.ptr<f32>>
# CHECK: %[[Y:.+]] = tt.load %{{.+}} : tensor<256x!tt.ptr<f32>>
# CHECK: %[[K:.+]] = tt.load %{{.+}} : tensor<256x!tt.ptr<i32>>
# CHECK: math.exp2 %[[X]] : tensor<256xf32>
# CHECK: %[[AX:.+]] = math.absf %[[X]] : tensor<256xf32>
# CHECK: math.log2 %{{.+}} : tensor<256xf32>
# CHECK: math.sqrt %[[Y]] : tensor<256xf32>
# sqrt_rn is the correctly rounded square root.
# CHECK: tt.precise_sqrt %[[Y]] : tensor<256xf32>
# CHECK: math.rsqrt %[[Y]] : tensor<256xf32>
# CHECK: math.erf %[[X]] : tensor<256xf32>
# CHECK: math.fma %[[X]], %[[Y]], %{{.+}} : tensor<256xf32>
# CHECK: math.floor %[[X]] : tensor<256xf32>
# CHECK: math.ceil %[[Y]] : tensor<256xf32>
# sigmoid(x) = 1 / (1 + exp(0 - x))
# CHECK: %[[NX:.+]] = arith.subf %{{.+}}, %[[X]] : tensor<256xf32>
# CHECK: %[[E:.+]] = math.exp %[[NX]] : tensor<256xf32>
# CHECK: %[[D:.+]] = arith.addf %[[E]], %{{.+}} : tensor<256xf32>
# CHECK: arith.divf %{{.+}}, %[[D]] : tensor<256xf32>
# CHECK: tt.clampf %[[X]], %{{.+}}, %{{.+}}, propagateNan = none : tensor<256xf32>
# maximum/minimum ignore NaNs by default; PropagateNan.ALL gives maximumf.
# CHECK: arith.maxnumf %[[X]], %[[Y]] : tensor<256xf32>
# CHECK: arith.minnumf %[[X]], %[[Y]] : tensor<256xf32>
# CHECK: arith.maximumf %[[X]], %[[Y]] : tensor<256xf32>
# CHECK: math.exp %[[X]] : tensor<256xf32>
# CHECK: math.log %[[Y]] : tensor<256xf32>
# CHECK: math.sin %[[X]] : tensor<256xf32>
# CHECK: math.cos %[[Y]] : tensor<256xf32>
# CHECK: tt.precise_divf %[[X]], %[[Y]] : tensor<256xf32>
# Integer abs/max/min.
# CHECK: math.absi %[[K]] : tensor<256xi32>
# CHECK: arith.maxsi %[[K]], %{{.+}} : tensor<256xi32>
# CHECK: arith.minsi %[[K]], %{{.+}} : tensor<256xi32>
# CHECK: tt.store %{{.+}}, %{{.+}} : tensor<256x!tt.ptr<i32>>

import triton
import triton.language as tl

@triton.jit
def math_kernel(x_ptr, y_ptr, k_ptr, out_ptr, iout_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    k = tl.load(k_ptr + offs)
    o = out_ptr + offs

    tl.store(o + 0 * BLOCK, tl.exp2(x))
    tl.store(o + 1 * BLOCK, tl.log2(tl.abs(x) + 1.0))
    tl.store(o + 2 * BLOCK, tl.sqrt(y))
    tl.store(o + 3 * BLOCK, tl.sqrt_rn(y))
    tl.store(o + 4 * BLOCK, tl.rsqrt(y))
    tl.store(o + 5 * BLOCK, tl.erf(x))
    tl.store(o + 6 * BLOCK, tl.fma(x, y, 1.0))
    tl.store(o + 7 * BLOCK, tl.floor(x) + tl.ceil(y))
    tl.store(o + 8 * BLOCK, tl.sigmoid(x))
    tl.store(o + 9 * BLOCK, tl.clamp(x, -2.0, 2.0))
    tl.store(o + 10 * BLOCK, tl.maximum(x, y) - tl.minimum(x, y))
    tl.store(o + 11 * BLOCK, tl.maximum(x, y, propagate_nan=tl.PropagateNan.ALL))
    tl.store(o + 12 * BLOCK, tl.exp(x) + tl.log(y) + tl.sin(x) + tl.cos(y))
    tl.store(o + 13 * BLOCK, tl.div_rn(x, y))
    tl.store(iout_ptr + offs, tl.abs(k) + tl.maximum(k, 7) + tl.minimum(k, -7))
