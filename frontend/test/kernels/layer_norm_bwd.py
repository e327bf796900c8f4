# Layer normalisation backward pass in two kernels.
#
# The first is the kernel corpus's layer_norm_bwd_dx_fused
# (conformance/kernels/layer_norm_bwd.py): it computes the input gradient of
# one row and adds the row's contribution to dW/dB into one of GROUP_SIZE_M
# partial buffers.  Rows that share a buffer take turns through a spin lock
# built on atomic_cas; a counter next to the lock says whether the buffer
# already holds data.
#
# layer_norm_bwd_dwdb, here, then sums the partial buffers column-block by
# column-block.
#
# RUN: tridentc %S/../../../conformance/kernels/layer_norm_bwd.py --kernel layer_norm_bwd_dx_fused --signature '*fp16:16, *fp16:16, *fp32:16, *fp32:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, *i32:16, i32:16, i32, 64, 1024' --emit ttir | FileCheck %s --check-prefix=DX
# RUN: tridentc %s --kernel layer_norm_bwd_dwdb --signature '*fp32:16, *fp32:16, *fp16:16, *fp16:16, i32, i32, 32, 128' --emit ttir | FileCheck %s --check-prefix=DWDB

# DX-LABEL: tt.func public @layer_norm_bwd_dx_fused(
# DX-SAME: %[[LOCK:[^:]+]]: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# DX: tt.get_program_id x : i32
# DX: %[[GROUP:.+]] = arith.remsi %{{.+}}, %{{.+}} : i32
# DX: %[[MYLOCK:.+]] = tt.addptr %[[LOCK]], %[[GROUP]] : !tt.ptr<i32>, i32
# DX: %[[COUNT:.+]] = tt.addptr %{{.+}}, %{{.+}} : !tt.ptr<i32>, i32
# DX: tt.load %{{.+}} : !tt.ptr<f32>
# DX: tt.load %{{.+}} : !tt.ptr<f32>
# DX: "tt.reduce"
# DX: arith.addf
# DX: arith.sitofp %{{.+}} : i32 to f32
# DX: "tt.reduce"
# DX: arith.truncf %{{.+}} : tensor<1024xf32> to tensor<1024xf16>
# DX: tt.store %{{.+}}, %{{.+}}, %{{.+}} : tensor<1024x!tt.ptr<f16>>
# Spin until the lock is taken: the compare-and-swap is the loop condition.
# DX: scf.while : () -> () {
# DX-NEXT: %[[OLD:.+]] = tt.atomic_cas acq_rel, gpu, %[[MYLOCK]], %{{.+}}, %{{.+}} : (!tt.ptr<i32>, i32, i32) -> i32
# DX-NEXT: %[[BUSY:.+]] = arith.cmpi eq, %[[OLD]], %{{.+}} : i32
# DX-NEXT: scf.condition(%[[BUSY]])
# DX-NEXT: } do {
# DX-NEXT: scf.yield
# DX-NEXT: }
# DX: %[[CNT:.+]] = tt.load %[[COUNT]] : !tt.ptr<i32>
# DX: %[[FIRST:.+]] = arith.cmpi eq, %[[CNT]], %{{.+}} : i32
# DX: %[[PARTIAL:.+]]:2 = scf.if %[[FIRST]] -> (tensor<1024xf32>, tensor<1024xf32>) {
# DX: tt.atomic_rmw exch, acq_rel, gpu, %[[COUNT]], %{{.+}}, %{{.+}} : (!tt.ptr<i32>, i32, i1) -> i32
# DX: scf.yield %{{.+}}, %{{.+}} : tensor<1024xf32>, tensor<1024xf32>
# DX: } else {
# DX: tt.load %{{.+}}, %{{.+}} : tensor<1024x!tt.ptr<f32>>
# DX: arith.addf
# DX: tt.load %{{.+}}, %{{.+}} : tensor<1024x!tt.ptr<f32>>
# DX: arith.addf
# DX: scf.yield %{{.+}}, %{{.+}} : tensor<1024xf32>, tensor<1024xf32>
# DX: }
# DX: tt.store %{{.+}}, %[[PARTIAL]]#{{[01]}}, %{{.+}} : tensor<1024x!tt.ptr<f32>>
# DX: tt.store %{{.+}}, %[[PARTIAL]]#{{[01]}}, %{{.+}} : tensor<1024x!tt.ptr<f32>>
# Release the lock.
# DX: tt.atomic_rmw exch, acq_rel, gpu, %[[MYLOCK]], %{{.+}}, %{{.+}} : (!tt.ptr<i32>, i32, i1) -> i32
# DX-NEXT: tt.return

# DWDB-LABEL: tt.func public @layer_norm_bwd_dwdb(
# DWDB: %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : tensor<32x128xf32>
# DWDB: tt.get_program_id x : i32
# DWDB: tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
# DWDB: tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
# DWDB: tt.expand_dims %{{.+}} {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
# DWDB: %[[SUMS:.+]]:2 = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %[[ZERO]], %{{.+}} = %[[ZERO]]) -> (tensor<32x128xf32>, tensor<32x128xf32>) : i32 {
# DWDB: tt.expand_dims %{{.+}} {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
# DWDB: tt.broadcast %{{.+}} : tensor<32x1xi1> -> tensor<32x128xi1>
# DWDB: arith.andi %{{.+}}, %{{.+}} : tensor<32x128xi1>
# DWDB: tt.load %{{.+}}, %{{.+}}, %[[ZERO]] : tensor<32x128x!tt.ptr<f32>>
# DWDB: arith.addf %{{.+}}, %{{.+}} : tensor<32x128xf32>
# DWDB: tt.load %{{.+}}, %{{.+}}, %[[ZERO]] : tensor<32x128x!tt.ptr<f32>>
# DWDB: arith.addf %{{.+}}, %{{.+}} : tensor<32x128xf32>
# DWDB: scf.yield %{{.+}}, %{{.+}} : tensor<32x128xf32>, tensor<32x128xf32>
# DWDB: "tt.reduce"(%[[SUMS]]#{{[01]}}) <{axis = 0 : i32}>
# DWDB: }) : (tensor<32x128xf32>) -> tensor<128xf32>
# DWDB: "tt.reduce"(%[[SUMS]]#{{[01]}}) <{axis = 0 : i32}>
# DWDB: }) : (tensor<32x128xf32>) -> tensor<128xf32>
# DWDB: arith.truncf %{{.+}} : tensor<128xf32> to tensor<128xf16>
# DWDB: tt.store %{{.+}}, %{{.+}}, %{{.+}} : tensor<128x!tt.ptr<f16>>
# DWDB: arith.truncf %{{.+}} : tensor<128xf32> to tensor<128xf16>
# DWDB: tt.store %{{.+}}, %{{.+}}, %{{.+}} : tensor<128x!tt.ptr<f16>>

import triton
import triton.language as tl

@triton.jit
def layer_norm_bwd_dwdb(DW, DB, FINAL_DW, FINAL_DB, M, N,
                        BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    dw = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    db = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for i in range(0, M, BLOCK_SIZE_M):
        rows = i + tl.arange(0, BLOCK_SIZE_M)
        tile_mask = (rows[:, None] < M) & (cols[None, :] < N)
        offs = rows[:, None] * N + cols[None, :]
        dw += tl.load(DW + offs, mask=tile_mask, other=0.)
        db += tl.load(DB + offs, mask=tile_mask, other=0.)
    sum_dw = tl.sum(dw, axis=0)
    sum_db = tl.sum(db, axis=0)
    tl.store(FINAL_DW + cols, sum_dw, mask=cols < N)
    tl.store(FINAL_DB + cols, sum_db, mask=cols < N)
