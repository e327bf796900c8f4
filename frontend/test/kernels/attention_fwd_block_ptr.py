# Flash-attention style forward pass written with block pointers.
# Each program owns BLOCK_M query rows of one (batch, head) pair and streams
# over the keys/values BLOCK_N rows at a time, keeping a running maximum and
# a running normaliser (online softmax in base 2).  K and V are walked with
# tl.advance; loads near the end of the sequence are bounds-checked.
#
# RUN: tridentc %s --kernel attn_fwd --signature '*fp16:16, *fp16:16, *fp16:16, fp32, *fp16:16, i32:16, i32:16, i32:16, i32, i32:16, 64, 128, 64' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @attn_fwd(
# CHECK-DAG: %[[NEGINF:.+]] = arith.constant dense<0xFF800000> : tensor<128xf32>
# CHECK-DAG: %[[ONES:.+]] = arith.constant dense<1.000000e+00> : tensor<128xf32>
# CHECK-DAG: %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
# CHECK-DAG: tt.get_program_id x : i32
# CHECK-DAG: tt.get_program_id y : i32
# The head offset is computed in 64 bits.
# CHECK: arith.extsi %{{.+}} : i32 to i64
# CHECK: arith.muli %{{.+}}, %{{.+}} : i64
# CHECK: tt.addptr %{{.+}}, %{{.+}} : !tt.ptr<f16>, i64
# tl.make_block_ptr is tt.make_tensor_ptr: shape and strides are i64, offsets i32.
# CHECK: %[[QP:.+]] = tt.make_tensor_ptr %{{.+}}, [%{{.+}}, %{{.+}}], [%{{.+}}, %{{.+}}], [%{{.+}}, %{{.+}}] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
# CHECK: %[[KP:.+]] = tt.make_tensor_ptr %{{.+}} {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
# CHECK: %[[VP:.+]] = tt.make_tensor_ptr %{{.+}} {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
# CHECK: %[[OP:.+]] = tt.make_tensor_ptr %{{.+}} {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
# CHECK: %[[Q:.+]] = tt.load %[[QP]] {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<128x64xf16>>
# The inner helper is inlined; the block pointers are loop-carried.
# CHECK: %[[LOOP:.+]]:5 = scf.for {{.+}} -> ({{.*}}!tt.ptr<tensor<64x64xf16>>{{.*}}) : i32 {
# CHECK: %[[K:.+]] = tt.load %{{.+}} {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16>>
# CHECK: %[[KT:.+]] = tt.trans %[[K]] {order = array<i32: 1, 0>} : tensor<64x64xf16> -> tensor<64x64xf16>
# CHECK: tt.dot %[[Q]], %[[KT]], %[[ZERO]], inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
# CHECK: "tt.reduce"(%{{.+}}) <{axis = 1 : i32}>
# CHECK: arith.maxnumf %{{.+}}, %{{.+}} : f32
# CHECK: }) : (tensor<128x64xf32>) -> tensor<128xf32>
# CHECK: arith.maxnumf %{{.+}}, %{{.+}} : tensor<128xf32>
# CHECK: tt.expand_dims %{{.+}} {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
# CHECK: tt.broadcast %{{.+}} : tensor<128x1xf32> -> tensor<128x64xf32>
# CHECK: math.exp2 %{{.+}} : tensor<128x64xf32>
# CHECK: "tt.reduce"(%{{.+}}) <{axis = 1 : i32}>
# CHECK: arith.addf %{{.+}}, %{{.+}} : f32
# CHECK: math.exp2 %{{.+}} : tensor<128xf32>
# CHECK: %[[V:.+]] = tt.load %{{.+}} {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16>>
# CHECK: %[[P16:.+]] = arith.truncf %{{.+}} : tensor<128x64xf32> to tensor<128x64xf16>
# CHECK: tt.dot %[[P16]], %[[V]], %{{.+}}, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
# CHECK: tt.advance %{{.+}}, [%{{.+}}, %{{.+}}] : <tensor<64x64xf16>>
# CHECK: tt.advance %{{.+}}, [%{{.+}}, %{{.+}}] : <tensor<64x64xf16>>
# CHECK: scf.yield
# CHECK: }
# CHECK: arith.divf %{{.+}}, %{{.+}} : tensor<128x64xf32>
# CHECK: %[[O:.+]] = arith.truncf %{{.+}} : tensor<128x64xf32> to tensor<128x64xf16>
# CHECK: tt.store %[[OP]], %[[O]] {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<128x64xf16>>
# CHECK-NOT: tt.call

import triton
import triton.language as tl

@triton.jit
def attn_fwd_inner(acc, l_i, m_i, q, K_block_ptr, V_block_ptr, qk_scale, N_CTX,
                   BLOCK_N: tl.constexpr):
    for start_n in range(0, N_CTX, BLOCK_N):
        k = tl.load(K_block_ptr, boundary_check=(0, 1), padding_option="zero")
        qk = tl.dot(q, tl.trans(k))
        m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
        qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        l_ij = tl.sum(p, 1)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + l_ij
        acc = acc * alpha[:, None]
        v = tl.load(V_block_ptr, boundary_check=(0, 1), padding_option="zero")
        acc = tl.dot(p.to(v.dtype), v, acc)
        m_i = m_ij
        K_block_ptr = tl.advance(K_block_ptr, (BLOCK_N, 0))
        V_block_ptr = tl.advance(V_block_ptr, (BLOCK_N, 0))
    return acc, l_i, m_i

@triton.jit
def attn_fwd(Q, K, V, sm_scale, Out, stride_z, stride_h, stride_m, H, N_CTX,
             HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    off_z = off_hz // H
    off_h = off_hz % H
    head_offset = off_z.to(tl.int64) * stride_z + off_h.to(tl.int64) * stride_h

    Q_block_ptr = tl.make_block_ptr(base=Q + head_offset, shape=(N_CTX, HEAD_DIM),
                                    strides=(stride_m, 1), offsets=(start_m * BLOCK_M, 0),
                                    block_shape=(BLOCK_M, HEAD_DIM), order=(1, 0))
    K_block_ptr = tl.make_block_ptr(base=K + head_offset, shape=(N_CTX, HEAD_DIM),
                                    strides=(stride_m, 1), offsets=(0, 0),
                                    block_shape=(BLOCK_N, HEAD_DIM), order=(1, 0))
    V_block_ptr = tl.make_block_ptr(base=V + head_offset, shape=(N_CTX, HEAD_DIM),
                                    strides=(stride_m, 1), offsets=(0, 0),
                                    block_shape=(BLOCK_N, HEAD_DIM), order=(1, 0))
    O_block_ptr = tl.make_block_ptr(base=Out + head_offset, shape=(N_CTX, HEAD_DIM),
                                    strides=(stride_m, 1), offsets=(start_m * BLOCK_M, 0),
                                    block_shape=(BLOCK_M, HEAD_DIM), order=(1, 0))

    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504  # 1/ln(2)

    q = tl.load(Q_block_ptr, boundary_check=(0,))
    acc, l_i, m_i = attn_fwd_inner(acc, l_i, m_i, q, K_block_ptr, V_block_ptr,
                                   qk_scale, N_CTX, BLOCK_N)
    acc = acc / l_i[:, None]
    tl.store(O_block_ptr, acc.to(Out.type.element_ty), boundary_check=(0,))
