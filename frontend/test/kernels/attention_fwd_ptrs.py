# Attention forward pass with plain tensors of pointers instead of block
# pointers: offsets are built by broadcasting row and column ranges, every
# load is masked against the sequence length, and an optional causal mask is
# applied inside the key loop.  K is loaded already transposed.
#
# RUN: tridentc %s --kernel attn_fwd_ptrs --signature '*fp16:16, *fp16:16, *fp16:16, *fp16:16, fp32, i32:16, i32:16, i32:16, i32:16, i32, 64, 128, 64, 1' --emit ttir | FileCheck %s
# RUN: tridentc %s --kernel attn_fwd_ptrs --signature '*fp16:16, *fp16:16, *fp16:16, *fp16:16, fp32, i32:16, i32:16, i32:16, i32:16, i32, 64, 64, 32, 0' --emit ttir | FileCheck %s --check-prefix=NONCAUSAL

# CHECK-LABEL: tt.func public @attn_fwd_ptrs(
# CHECK-DAG: %[[NEGINF:.+]] = arith.constant dense<0xFF800000> : tensor<128x64xf32>
# CHECK-DAG: %[[ZACC:.+]] = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
# CHECK: tt.get_program_id x : i32
# CHECK: tt.expand_dims %{{.+}} {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
# CHECK: tt.broadcast %{{.+}} : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
# CHECK: %[[Q:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<128x64x!tt.ptr<f16>>
# With IS_CAUSAL the loop stops at min((pid_m + 1) * BLOCK_M, seq_len).
# CHECK: %[[HI:.+]] = arith.minsi %{{.+}}, %{{.+}} : i32
# CHECK: %[[LOOP:.+]]:3 = scf.for %{{.+}} = %{{.+}} to %[[HI]] step %{{.+}} iter_args({{.+}}) -> ({{.+}}) : i32 {
# K is loaded transposed: a [HEAD_DIM, BLOCK_N] tile.
# CHECK: %[[KT:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<64x64x!tt.ptr<f16>>
# CHECK: %[[QK:.+]] = tt.dot %[[Q]], %[[KT]], %[[ZACC]], inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
# CHECK: arith.mulf %[[QK]], %{{.+}} : tensor<128x64xf32>
# CHECK: arith.cmpi sge, %{{.+}}, %{{.+}} : tensor<128x64xi32>
# CHECK: arith.andi %{{.+}}, %{{.+}} : tensor<128x64xi1>
# CHECK: arith.select %{{.+}}, %{{.+}}, %[[NEGINF]] : tensor<128x64xi1>, tensor<128x64xf32>
# CHECK: "tt.reduce"(%{{.+}}) <{axis = 1 : i32}>
# CHECK: arith.maxnumf
# CHECK: math.exp2 %{{.+}} : tensor<128x64xf32>
# CHECK: math.exp2 %{{.+}} : tensor<128xf32>
# CHECK: "tt.reduce"(%{{.+}}) <{axis = 1 : i32}>
# CHECK: arith.addf
# CHECK: %[[V:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<64x64x!tt.ptr<f16>>
# acc * alpha + dot(p, v) is folded into the accumulator operand of the dot.
# CHECK: %[[SCALED:.+]] = arith.mulf %{{.+}}, %{{.+}} : tensor<128x64xf32>
# CHECK: %[[P:.+]] = arith.truncf %{{.+}} : tensor<128x64xf32> to tensor<128x64xf16>
# CHECK: %[[PV:.+]] = tt.dot %[[P]], %[[V]], %[[SCALED]], inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
# CHECK-NOT: arith.addf %{{.+}} : tensor<128x64xf32>
# CHECK: scf.yield {{.*}}%[[PV]]
# CHECK: arith.divf %{{.+}}, %{{.+}} : tensor<128x64xf32>
# CHECK: arith.truncf %{{.+}} : tensor<128x64xf32> to tensor<128x64xf16>
# CHECK: tt.store %{{.+}}, %{{.+}}, %{{.+}} : tensor<128x64x!tt.ptr<f16>>

# Without IS_CAUSAL the loop runs to seq_len and there is no causal compare.
# NONCAUSAL-LABEL: tt.func public @attn_fwd_ptrs(
# NONCAUSAL-NOT: arith.minsi
# NONCAUSAL: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args({{.+}}) -> ({{.*}}tensor<64x64xf32>{{.*}}) : i32 {
# NONCAUSAL-NOT: arith.cmpi sge
# NONCAUSAL: tt.dot %{{.+}}, %{{.+}}, %{{.+}}, inputPrecision = tf32 : tensor<64x64xf16> * tensor<64x32xf16> -> tensor<64x32xf32>
# NONCAUSAL-NOT: arith.cmpi sge
# NONCAUSAL: tt.dot %{{.+}}, %{{.+}}, %{{.+}}, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
# NONCAUSAL: scf.yield

import triton
import triton.language as tl

@triton.jit
def attn_fwd_ptrs(Q, K, V, Out, sm_scale, stride_qm, stride_km, stride_vm, stride_om, seq_len,
                  HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  IS_CAUSAL: tl.constexpr):
    pid_m = tl.program_id(0)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)

    q = tl.load(Q + offs_m[:, None] * stride_qm + offs_d[None, :],
                mask=offs_m[:, None] < seq_len, other=0.0)

    m_i = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    scale = sm_scale * 1.4426950408889634

    hi = tl.minimum((pid_m + 1) * BLOCK_M, seq_len) if IS_CAUSAL else seq_len
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + offs_n
        kt = tl.load(K + cols[None, :] * stride_km + offs_d[:, None],
                     mask=cols[None, :] < seq_len, other=0.0)
        qk = tl.dot(q, kt) * scale
        keep = cols[None, :] < seq_len
        if IS_CAUSAL:
            keep = keep & (offs_m[:, None] >= cols[None, :])
        qk = tl.where(keep, qk, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(qk, axis=1))
        p = tl.exp2(qk - m_new[:, None])
        alpha = tl.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(V + cols[:, None] * stride_vm + offs_d[None, :],
                    mask=cols[:, None] < seq_len, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new

    acc = acc / l_i[:, None]
    tl.store(Out + offs_m[:, None] * stride_om + offs_d[None, :], acc.to(tl.float16),
             mask=offs_m[:, None] < seq_len)
