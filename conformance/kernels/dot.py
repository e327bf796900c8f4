# tl.dot across dtypes, transposes, input precisions, accumulators,
# batches and chains: the kernels of conformance/cases/Dot.cpp.
import triton
import triton.language as tl


@triton.jit
def dot_k_loop(a_ptr, b_ptr, c_ptr, out_ptr, M, N, K, stride_am, stride_ak,
               stride_bk, stride_bn, BM: tl.constexpr, BN: tl.constexpr,
               BK: tl.constexpr, PREC: tl.constexpr, OUT_F16: tl.constexpr,
               ACC_IN: tl.constexpr):
    # One BM x BN tile per program over a K loop whose last step is masked
    # when BK does not divide K; A and B read through strides (a transposed
    # operand is a swapped stride pair); the accumulator starts from c when
    # ACC_IN.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    c_offs = rm[:, None] * N + rn[None, :]
    c_mask = (rm[:, None] < M) & (rn[None, :] < N)
    if ACC_IN:
        acc = tl.load(c_ptr + c_offs, mask=c_mask, other=0)
    else:
        acc = tl.zeros((BM, BN), dtype=c_ptr.dtype.element_ty)
    for k0 in range(0, K, BK):
        kk = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * stride_am + kk[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0)
        b = tl.load(b_ptr + kk[:, None] * stride_bk + rn[None, :] * stride_bn,
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0)
        if OUT_F16:
            acc = tl.dot(a, b, acc, out_dtype=tl.float16)
        else:
            acc = tl.dot(a, b, acc, input_precision=PREC)
    tl.store(out_ptr + c_offs, acc, mask=c_mask)


@triton.jit
def dot_batched(a_ptr, b_ptr, out_ptr, B: tl.constexpr, M: tl.constexpr,
                N: tl.constexpr, K: tl.constexpr, PREC: tl.constexpr):
    # A 3-D tl.dot: B independent M x K by K x N products.
    rb = tl.arange(0, B)
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rb[:, None, None] * (M * K) + rm[None, :, None] * K +
                rk[None, None, :])
    b = tl.load(b_ptr + rb[:, None, None] * (K * N) + rk[None, :, None] * N +
                rn[None, None, :])
    c = tl.dot(a, b, input_precision=PREC)
    tl.store(out_ptr + rb[:, None, None] * (M * N) + rm[None, :, None] * N +
             rn[None, None, :], c)


@triton.jit
def attention_chain(q_ptr, k_ptr, v_ptr, out_ptr, sm_scale, L,
                    D: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    # softmax(Q K^T * scale) V with an online softmax: the second dot takes
    # the first one's probabilities, cast to V's type, as its A operand.
    pid = tl.program_id(0)
    rm = pid * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rd = tl.arange(0, D)
    q = tl.load(q_ptr + rm[:, None] * D + rd[None, :])
    m_i = tl.full([BM], float("-inf"), tl.float32)
    l_i = tl.zeros([BM], dtype=tl.float32)
    acc = tl.zeros([BM, D], dtype=tl.float32)
    for start in range(0, L, BN):
        kt = tl.load(k_ptr + (start + rn)[None, :] * D + rd[:, None])
        qk = tl.dot(q, kt) * sm_scale
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.exp(qk - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + (start + rn)[:, None] * D + rd[None, :])
        acc = tl.dot(p.to(v.dtype), v, acc * alpha[:, None])
        m_i = m_new
    tl.store(out_ptr + rm[:, None] * D + rd[None, :], acc / l_i[:, None])


@triton.jit
def dot_pipelined(a_ptr, b_ptr, out_ptr, M, N, K, stride_am, stride_ak,
                  stride_bk, stride_bn, BM: tl.constexpr, BN: tl.constexpr,
                  BK: tl.constexpr, NS: tl.constexpr, TWO: tl.constexpr):
    # A K loop software-pipelined NS stages deep (tl.range(num_stages=)),
    # its operand pointers loop-carried and advanced by runtime strides,
    # the last K step masked when BK does not divide K (and no step at all
    # when K is 0). With TWO, each step is two dots over the two halves of
    # its K range, loaded separately: several dots in one loop, the same
    # product.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=out_ptr.dtype.element_ty)
    if TWO:
        HK: tl.constexpr = BK // 2
        rk = tl.arange(0, HK)
        a_lo = a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak
        a_hi = a_lo + HK * stride_ak
        b_lo = b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn
        b_hi = b_lo + HK * stride_bk
        for k0 in tl.range(0, K, BK, num_stages=NS):
            lo = k0 + rk
            hi = lo + HK
            a1 = tl.load(a_lo, mask=(rm[:, None] < M) & (lo[None, :] < K), other=0)
            b1 = tl.load(b_lo, mask=(lo[:, None] < K) & (rn[None, :] < N), other=0)
            acc = tl.dot(a1, b1, acc)
            a2 = tl.load(a_hi, mask=(rm[:, None] < M) & (hi[None, :] < K), other=0)
            b2 = tl.load(b_hi, mask=(hi[:, None] < K) & (rn[None, :] < N), other=0)
            acc = tl.dot(a2, b2, acc)
            a_lo += BK * stride_ak
            a_hi += BK * stride_ak
            b_lo += BK * stride_bk
            b_hi += BK * stride_bk
    else:
        rk = tl.arange(0, BK)
        a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak
        b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn
        for k0 in tl.range(0, K, BK, num_stages=NS):
            kk = k0 + rk
            a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (kk[None, :] < K), other=0)
            b = tl.load(b_ptrs, mask=(kk[:, None] < K) & (rn[None, :] < N), other=0)
            acc = tl.dot(a, b, acc)
            a_ptrs += BK * stride_ak
            b_ptrs += BK * stride_bk
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def dot_k_loop_imprecise(a_ptr, b_ptr, c_ptr, out_ptr, M, N, K, stride_am,
                         stride_ak, stride_bk, stride_bn, BM: tl.constexpr,
                         BN: tl.constexpr, BK: tl.constexpr,
                         IMPRECISE: tl.constexpr):
    # dot_k_loop's fp8 form with max_num_imprecise_acc: at most IMPRECISE
    # products of K are summed at the matrix unit's precision before an
    # fp32 add (Hopper's split accumulation).
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    c_offs = rm[:, None] * N + rn[None, :]
    c_mask = (rm[:, None] < M) & (rn[None, :] < N)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        kk = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * stride_am + kk[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0)
        b = tl.load(b_ptr + kk[:, None] * stride_bk + rn[None, :] * stride_bn,
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0)
        acc = tl.dot(a, b, acc, max_num_imprecise_acc=IMPRECISE)
    tl.store(out_ptr + c_offs, acc, mask=c_mask)
