# Tiled fp16 matrix multiplication C = A @ B with an fp32 accumulator.
# Program ids are swizzled in groups of GROUP_SIZE_M rows of tiles so that
# neighbouring programs reuse the same tiles of A and B.  The K loop masks the
# last partial tile, an optional leaky ReLU runs on the accumulator, and the
# result is converted to fp16 before the masked store.
#
# RUN: tridentc %s --kernel matmul_kernel --signature '*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 32, 8, 1' --emit ttir | FileCheck %s
# RUN: tridentc %s --kernel matmul_kernel --signature '*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 64, 32, 16, 4, 0' --emit ttir | FileCheck %s --check-prefix=NOACT

# CHECK-LABEL: tt.func public @matmul_kernel(
# CHECK-DAG: %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
# CHECK-DAG: %[[SLOPE:.+]] = arith.constant dense<0.00999999977> : tensor<128x128xf32>
# CHECK: %[[PID:.+]] = tt.get_program_id x : i32
# tl.cdiv(M, 128) is (M + 127) / 128.
# CHECK: arith.addi %{{.+}}, %{{.+}} : i32
# CHECK: arith.divsi %{{.+}}, %{{.+}} : i32
# The group swizzle: divide, min, remainders.
# CHECK: arith.divsi %[[PID]], %{{.+}} : i32
# CHECK: arith.minsi %{{.+}}, %{{.+}} : i32
# CHECK: arith.remsi %[[PID]], %{{.+}} : i32
# CHECK: arith.remsi %{{.+}}, %{{.+}} : i32
# CHECK: arith.divsi %{{.+}}, %{{.+}} : i32
# CHECK: tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
# CHECK: arith.remsi %{{.+}}, %{{.+}} : tensor<128xi32>
# CHECK: tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
# CHECK: tt.expand_dims %{{.+}} {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
# CHECK: tt.expand_dims %{{.+}} {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
# CHECK: tt.broadcast %{{.+}} : tensor<128x1xi32> -> tensor<128x32xi32>
# CHECK: tt.addptr %{{.+}}, %{{.+}} : tensor<128x32x!tt.ptr<f16>>, tensor<128x32xi32>
# CHECK: tt.addptr %{{.+}}, %{{.+}} : tensor<32x128x!tt.ptr<f16>>, tensor<32x128xi32>
# CHECK: %[[LOOP:.+]]:3 = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args({{.+}}) -> ({{.*}}tensor<128x128xf32>{{.*}}) : i32 {
# CHECK: arith.cmpi slt, %{{.+}}, %{{.+}} : tensor<1x32xi32>
# CHECK: tt.broadcast %{{.+}} : tensor<1x32xi1> -> tensor<128x32xi1>
# CHECK: %[[A:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<128x32x!tt.ptr<f16>>
# CHECK: arith.cmpi slt, %{{.+}}, %{{.+}} : tensor<32x1xi32>
# CHECK: tt.broadcast %{{.+}} : tensor<32x1xi1> -> tensor<32x128xi1>
# CHECK: %[[B:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<32x128x!tt.ptr<f16>>
# CHECK: %[[D:.+]] = tt.dot %[[A]], %[[B]], %{{.+}}, inputPrecision = tf32 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
# CHECK-DAG: tt.addptr %{{.+}}, %{{.+}} : tensor<128x32x!tt.ptr<f16>>, tensor<128x32xi32>
# CHECK-DAG: tt.addptr %{{.+}}, %{{.+}} : tensor<32x128x!tt.ptr<f16>>, tensor<32x128xi32>
# CHECK: scf.yield {{.*}}%[[D]]
# CHECK: }
# leaky_relu, inlined.
# CHECK: %[[POS:.+]] = arith.cmpf oge, %[[LOOP]]#{{[0-2]}}, %[[ZERO]] : tensor<128x128xf32>
# CHECK: %[[NEG:.+]] = arith.mulf %[[LOOP]]#{{[0-2]}}, %[[SLOPE]] : tensor<128x128xf32>
# CHECK: %[[ACT:.+]] = arith.select %[[POS]], %[[LOOP]]#{{[0-2]}}, %[[NEG]] : tensor<128x128xi1>, tensor<128x128xf32>
# CHECK: %[[C:.+]] = arith.truncf %[[ACT]] : tensor<128x128xf32> to tensor<128x128xf16>
# CHECK: arith.andi %{{.+}}, %{{.+}} : tensor<128x128xi1>
# CHECK: tt.store %{{.+}}, %[[C]], %{{.+}} : tensor<128x128x!tt.ptr<f16>>
# CHECK-NOT: tt.call

# NOACT-LABEL: tt.func public @matmul_kernel(
# NOACT: scf.for
# NOACT: tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<64x16x!tt.ptr<f16>>
# NOACT: tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<16x32x!tt.ptr<f16>>
# NOACT: tt.dot %{{.+}}, %{{.+}}, %{{.+}}, inputPrecision = tf32 : tensor<64x16xf16> * tensor<16x32xf16> -> tensor<64x32xf32>
# NOACT: scf.yield
# NOACT-NOT: arith.select
# NOACT-NOT: arith.cmpf
# NOACT: arith.truncf %{{.+}} : tensor<64x32xf32> to tensor<64x32xf16>
# NOACT: tt.store %{{.+}}, %{{.+}}, %{{.+}} : tensor<64x32x!tt.ptr<f16>>

import triton
import triton.language as tl

@triton.jit
def leaky_relu(x):
    return tl.where(x >= 0, x, 0.01 * x)

@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
                  GROUP_SIZE_M: tl.constexpr, APPLY_LEAKY_RELU: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    pids_per_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // pids_per_group
    first_pid_m = group_id * GROUP_SIZE_M
    rows_in_group = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % pids_per_group) % rows_in_group)
    pid_n = (pid % pids_per_group) // rows_in_group

    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)

    acc = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        k_remaining = K - k * BLOCK_SIZE_K
        a = tl.load(a_ptrs, mask=offs_k[None, :] < k_remaining, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < k_remaining, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk

    if APPLY_LEAKY_RELU:
        acc = leaky_relu(acc)
    c = acc.to(tl.float16)

    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)
