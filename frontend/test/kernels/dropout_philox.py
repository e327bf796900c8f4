# Dropout whose mask comes from a counter-based generator: tl.rand(seed,
# offsets) runs Philox on the element offsets, so the same seed reproduces the
# same mask without storing it.  Kept elements are rescaled by 1/(1-p).
#
# RUN: tridentc %s --kernel seeded_dropout --signature '*fp32:16, *fp32:16, i32, fp32, i32, 1024' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @seeded_dropout(
# CHECK-SAME: %[[P:[^:]+]]: f32{{[^,]*}}, %[[SEED:[^:]+]]: i32
# CHECK-DAG: %[[SCALE:.+]] = arith.constant dense<4.6566126E-10> : tensor<1024xf32>
# CHECK-DAG: %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : tensor<1024xf32>
# CHECK: %[[OFFS:.+]] = arith.addi %{{.+}}, %{{.+}} : tensor<1024xi32>
# CHECK: %[[X:.+]] = tt.load %{{.+}}, %{{.+}} : tensor<1024x!tt.ptr<f32>>
# The seed is widened to 64 bits and split into two 32-bit keys.
# CHECK: %[[S64:.+]] = arith.extsi %[[SEED]] : i32 to i64
# CHECK: arith.shrui %[[S64]], %{{.+}} : i64
# CHECK: arith.trunci %{{.+}} : i64 to i32
# CHECK: arith.trunci %{{.+}} : i64 to i32
# Philox rounds, fully unrolled: high halves of 32x32 products and xors.
# CHECK: tt.mulhiui %{{.+}}, %{{.+}} : tensor<1024xi32>
# CHECK: arith.xori %{{.+}}, %{{.+}} : tensor<1024xi32>
# CHECK: tt.mulhiui %{{.+}}, %{{.+}} : tensor<1024xi32>
# CHECK: tt.mulhiui %{{.+}}, %{{.+}} : tensor<1024xi32>
# CHECK: tt.mulhiui %{{.+}}, %{{.+}} : tensor<1024xi32>
# The random integer becomes a float in [0, 1).
# CHECK: %[[RI:.+]] = arith.sitofp %{{.+}} : tensor<1024xi32> to tensor<1024xf32>
# CHECK: %[[R:.+]] = arith.mulf %[[RI]], %[[SCALE]] : tensor<1024xf32>
# CHECK: %[[PS:.+]] = tt.splat %[[P]] : f32 -> tensor<1024xf32>
# CHECK: %[[KEEP:.+]] = arith.cmpf ogt, %[[R]], %[[PS]] : tensor<1024xf32>
# CHECK: %[[SCALED:.+]] = arith.divf %[[X]], %{{.+}} : tensor<1024xf32>
# CHECK: %[[OUT:.+]] = arith.select %[[KEEP]], %[[SCALED]], %[[ZERO]] : tensor<1024xi1>, tensor<1024xf32>
# CHECK: tt.store %{{.+}}, %[[OUT]], %{{.+}} : tensor<1024x!tt.ptr<f32>>
# CHECK-NOT: scf.for
# CHECK-NOT: tt.call
# CHECK-NOT: tt.func

import triton
import triton.language as tl

@triton.jit
def seeded_dropout(x_ptr, out_ptr, n_elements, p, seed, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    r = tl.rand(seed, offsets)
    keep = r > p
    out = tl.where(keep, x / (1 - p), 0.0)
    tl.store(out_ptr + offsets, out, mask=mask)
