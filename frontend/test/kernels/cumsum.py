# Built-in scans: tl.cumsum along both axes of a 2-D tile (float and int) and
# tl.cumprod, each a tt.scan whose region holds a single add or multiply.
#
# RUN: tridentc %s --kernel prefix_kernel --signature '*fp32:16, *i32:16, *fp32:16, *i32:16, *fp32:16, 16, 64' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @prefix_kernel(
# CHECK: %[[X:.+]] = tt.load %{{.+}} : tensor<16x64x!tt.ptr<f32>>
# CHECK: %[[C:.+]] = tt.load %{{.+}} : tensor<16x64x!tt.ptr<i32>>
# CHECK: %[[XS:.+]] = "tt.scan"(%[[X]]) <{axis = 1 : i32, reverse = false}> ({
# CHECK: arith.addf %{{.+}}, %{{.+}} : f32
# CHECK-NEXT: tt.scan.return %{{.+}} : f32
# CHECK-NEXT: }) : (tensor<16x64xf32>) -> tensor<16x64xf32>
# CHECK: tt.store %{{.+}}, %[[XS]] : tensor<16x64x!tt.ptr<f32>>
# CHECK: %[[CS:.+]] = "tt.scan"(%[[C]]) <{axis = 0 : i32, reverse = true}> ({
# CHECK: arith.addi %{{.+}}, %{{.+}} : i32
# CHECK-NEXT: tt.scan.return %{{.+}} : i32
# CHECK-NEXT: }) : (tensor<16x64xi32>) -> tensor<16x64xi32>
# CHECK: tt.store %{{.+}}, %[[CS]] : tensor<16x64x!tt.ptr<i32>>
# CHECK: %[[XP:.+]] = "tt.scan"(%[[X]]) <{axis = 1 : i32, reverse = false}> ({
# CHECK: arith.mulf %{{.+}}, %{{.+}} : f32
# CHECK-NEXT: tt.scan.return %{{.+}} : f32
# CHECK: tt.store %{{.+}}, %[[XP]] : tensor<16x64x!tt.ptr<f32>>
# CHECK-NOT: tt.call
# CHECK-NOT: tt.func

import triton
import triton.language as tl

@triton.jit
def prefix_kernel(x_ptr, c_ptr, xs_ptr, cs_ptr, prod_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    idx = rows[:, None] * N + cols[None, :]
    x = tl.load(x_ptr + idx)
    counts = tl.load(c_ptr + idx)
    tl.store(xs_ptr + idx, tl.cumsum(x, axis=1))
    tl.store(cs_ptr + idx, tl.cumsum(counts, axis=0, reverse=True))
    tl.store(prod_ptr + idx, tl.cumprod(x, axis=1))
