# 2-D tiles from 1-D ranges with [:, None] and [None, :]: each index adds a
# unit dimension (tt.expand_dims) and the binary ops broadcast both sides to
# the full tile (tt.broadcast).  Computes out = x[:, None] * y[None, :] + bias
# for a BLOCK_M x BLOCK_N tile, masked on both edges.
#
# RUN: tridentc %s --kernel outer_kernel --signature '*fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, i32:16, 32, 64' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @outer_kernel(
# CHECK-DAG: tt.get_program_id x : i32
# CHECK-DAG: tt.get_program_id y : i32
# CHECK: %[[RM:.+]] = arith.addi %{{.+}}, %{{.+}} : tensor<32xi32>
# CHECK: %[[RN:.+]] = arith.addi %{{.+}}, %{{.+}} : tensor<64xi32>
# CHECK: %[[X:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<32x!tt.ptr<f32>>
# CHECK: %[[Y:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<64x!tt.ptr<f32>>
# CHECK: %[[BIAS:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<64x!tt.ptr<f32>>
# x[:, None] * y[None, :]
# CHECK: %[[XC:.+]] = tt.expand_dims %[[X]] {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
# CHECK: %[[YR:.+]] = tt.expand_dims %[[Y]] {axis = 0 : i32} : tensor<64xf32> -> tensor<1x64xf32>
# CHECK: %[[XB:.+]] = tt.broadcast %[[XC]] : tensor<32x1xf32> -> tensor<32x64xf32>
# CHECK: %[[YB:.+]] = tt.broadcast %[[YR]] : tensor<1x64xf32> -> tensor<32x64xf32>
# CHECK: %[[PROD:.+]] = arith.mulf %[[XB]], %[[YB]] : tensor<32x64xf32>
# + bias[None, :]
# CHECK: %[[BR:.+]] = tt.expand_dims %[[BIAS]] {axis = 0 : i32} : tensor<64xf32> -> tensor<1x64xf32>
# CHECK: %[[BB:.+]] = tt.broadcast %[[BR]] : tensor<1x64xf32> -> tensor<32x64xf32>
# CHECK: %[[TILE:.+]] = arith.addf %[[PROD]], %[[BB]] : tensor<32x64xf32>
# Offsets and the 2-D mask.
# CHECK: %[[RMC:.+]] = tt.expand_dims %[[RM]] {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
# CHECK: arith.muli %[[RMC]], %{{.+}} : tensor<32x1xi32>
# CHECK: %[[RNR:.+]] = tt.expand_dims %[[RN]] {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
# CHECK: tt.broadcast %{{.+}} : tensor<32x1xi32> -> tensor<32x64xi32>
# CHECK: tt.broadcast %[[RNR]] : tensor<1x64xi32> -> tensor<32x64xi32>
# CHECK: %[[OFFS:.+]] = arith.addi %{{.+}}, %{{.+}} : tensor<32x64xi32>
# CHECK: arith.cmpi slt, %[[RMC]], %{{.+}} : tensor<32x1xi32>
# CHECK: arith.cmpi slt, %[[RNR]], %{{.+}} : tensor<1x64xi32>
# CHECK: tt.broadcast %{{.+}} : tensor<32x1xi1> -> tensor<32x64xi1>
# CHECK: tt.broadcast %{{.+}} : tensor<1x64xi1> -> tensor<32x64xi1>
# CHECK: %[[MASK:.+]] = arith.andi %{{.+}}, %{{.+}} : tensor<32x64xi1>
# CHECK: %[[PTRS:.+]] = tt.addptr %{{.+}}, %[[OFFS]] : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
# CHECK: tt.store %[[PTRS]], %[[TILE]], %[[MASK]] : tensor<32x64x!tt.ptr<f32>>

import triton
import triton.language as tl

@triton.jit
def outer_kernel(x_ptr, y_ptr, bias_ptr, out_ptr, M, N, stride_m,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + rm, mask=rm < M, other=0.0)
    y = tl.load(y_ptr + rn, mask=rn < N, other=0.0)
    bias = tl.load(bias_ptr + rn, mask=rn < N, other=0.0)
    tile = x[:, None] * y[None, :] + bias[None, :]
    offs = rm[:, None] * stride_m + rn[None, :]
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(out_ptr + offs, tile, mask=mask)
