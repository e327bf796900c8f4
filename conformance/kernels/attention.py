# The fused attention forward tutorial (one head, fp32), with block
# pointers, an online softmax in exp2 and two dots per K/V block.
import triton
import triton.language as tl


@triton.jit
def attn_fwd(Q, K, V, Out, sm_scale, N_CTX, HEAD_DIM: tl.constexpr,
             BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    start_m = tl.program_id(0)
    q_ptr = tl.make_block_ptr(base=Q, shape=(N_CTX, HEAD_DIM), strides=(HEAD_DIM, 1),
                              offsets=(start_m * BLOCK_M, 0),
                              block_shape=(BLOCK_M, HEAD_DIM), order=(1, 0))
    kt_ptr = tl.make_block_ptr(base=K, shape=(HEAD_DIM, N_CTX), strides=(1, HEAD_DIM),
                               offsets=(0, 0), block_shape=(HEAD_DIM, BLOCK_N),
                               order=(0, 1))
    v_ptr = tl.make_block_ptr(base=V, shape=(N_CTX, HEAD_DIM), strides=(HEAD_DIM, 1),
                              offsets=(0, 0), block_shape=(BLOCK_N, HEAD_DIM),
                              order=(1, 0))
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    q = tl.load(q_ptr)
    for start_n in range(0, N_CTX, BLOCK_N):
        k = tl.load(kt_ptr)
        qk = tl.dot(q, k, input_precision="ieee")
        m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
        qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        l_ij = tl.sum(p, 1)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + l_ij
        acc = acc * alpha[:, None]
        v = tl.load(v_ptr)
        acc = tl.dot(p, v, acc, input_precision="ieee")
        m_i = m_ij
        kt_ptr = tl.advance(kt_ptr, (0, BLOCK_N))
        v_ptr = tl.advance(v_ptr, (BLOCK_N, 0))
    acc = acc / l_i[:, None]
    o_ptr = tl.make_block_ptr(base=Out, shape=(N_CTX, HEAD_DIM), strides=(HEAD_DIM, 1),
                              offsets=(start_m * BLOCK_M, 0),
                              block_shape=(BLOCK_M, HEAD_DIM), order=(1, 0))
    tl.store(o_ptr, acc)
