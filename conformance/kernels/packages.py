# tl.dot as real packages write it: the idioms of inference and training
# libraries' kernels (mixture-of-experts GEMMs over sorted token ids,
# int8 GEMMs with per-row and per-column scales, chunked causal attention
# on block pointers), written for this suite: conformance/cases/Packages.cpp.
import triton
import triton.language as tl


@triton.jit
def moe_gemm(a_ptr, b_ptr, c_ptr, weights_ptr, sorted_ids_ptr, expert_ids_ptr,
             padded_len_ptr, N, K, num_slots, stride_am, stride_ak, stride_be,
             stride_bk, stride_bn, stride_cm, stride_cn,
             BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
             BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr, TOP_K: tl.constexpr,
             MUL_WEIGHT: tl.constexpr):
    # Rows of A are tokens; the slots (token * TOP_K + choice) routed to one
    # expert are listed contiguously in sorted_ids, padded per BLOCK_M with
    # num_slots; each row block reads its expert's B ([E, K, N] by strides).
    pid = tl.program_id(axis=0)
    padded_len = tl.load(padded_len_ptr)
    blocks_m = tl.cdiv(padded_len, BLOCK_M)
    blocks_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_M * blocks_n
    group = pid // per_group
    first_m = group * GROUP_M
    group_rows = min(blocks_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % per_group) % group_rows)
    pid_n = (pid % per_group) // group_rows
    if pid_m * BLOCK_M >= padded_len:
        return
    slot_idx = pid_m * BLOCK_M + tl.arange(0, BLOCK_M).to(tl.int64)
    slots = tl.load(sorted_ids_ptr + slot_idx)
    live = slots < num_slots
    expert = tl.load(expert_ids_ptr + pid_m).to(tl.int64)
    cols = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N).to(tl.int64)) % N
    ks = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + (slots[:, None] // TOP_K * stride_am + ks[None, :] * stride_ak)
    b_ptrs = (b_ptr + expert * stride_be +
              (ks[:, None] * stride_bk + cols[None, :] * stride_bn))
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        left = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=live[:, None] & (ks[None, :] < left), other=0.0)
        b = tl.load(b_ptrs, mask=ks[:, None] < left, other=0.0)
        acc += tl.dot(a, b)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    if MUL_WEIGHT:
        w = tl.load(weights_ptr + slots, mask=live, other=0)
        acc = acc * w[:, None]
    out = acc.to(c_ptr.dtype.element_ty)
    out_cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + stride_cm * slots[:, None] + stride_cn * out_cols[None, :]
    tl.store(c_ptrs, out, mask=live[:, None] & (out_cols[None, :] < N))


@triton.jit
def int8_scaled_mm(a_ptr, b_ptr, c_ptr, a_scale_ptr, b_scale_ptr, bias_ptr,
                   M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                   stride_cm, stride_cn, BLOCK_M: tl.constexpr,
                   BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                   HAS_BIAS: tl.constexpr):
    # int8 x int8 -> int32 on the matrix unit, then the per-token scale of
    # A, the per-channel scale of B and a bias in fp32, stored as fp16.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ram = tl.max_contiguous(tl.multiple_of(rm % M, BLOCK_M), BLOCK_M)
    rbn = tl.max_contiguous(tl.multiple_of(rn % N, BLOCK_N), BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + ram[:, None] * stride_am + rk[None, :] * stride_ak
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rbn[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=rk[None, :] < K - k * BLOCK_K, other=0)
        b = tl.load(b_ptrs, mask=rk[:, None] < K - k * BLOCK_K, other=0)
        acc = tl.dot(a, b, acc, out_dtype=tl.int32)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    a_s = tl.load(a_scale_ptr + ram)
    b_s = tl.load(b_scale_ptr + rbn)
    res = acc.to(tl.float32) * a_s[:, None] * b_s[None, :]
    if HAS_BIAS:
        res += tl.load(bias_ptr + rbn)[None, :]
    c = res.to(c_ptr.type.element_ty)
    mask = (rm < M)[:, None] & (rn < N)[None, :]
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, c,
             mask=mask)


@triton.jit
def chunk_causal_attn(q, k, v, o, scale, T, K: tl.constexpr, V: tl.constexpr,
                      BT: tl.constexpr, BK: tl.constexpr, BV: tl.constexpr):
    # One BT x BV block of o = (tril(q k^T) * scale) v per program, over
    # every earlier chunk; q, k: [T, K], v, o: [T, V]; ragged T handled by
    # the block pointers' boundary checks.
    i_v, i_t = tl.program_id(0), tl.program_id(1)
    o_i = tl.arange(0, BT)
    b_o = tl.zeros([BT, BV], dtype=tl.float32)
    for i_s in range(0, i_t + 1):
        b_s = tl.zeros([BT, BT], dtype=tl.float32)
        for i_k in range(tl.cdiv(K, BK)):
            p_q = tl.make_block_ptr(q, (T, K), (K, 1), (i_t * BT, i_k * BK),
                                    (BT, BK), (1, 0))
            p_k = tl.make_block_ptr(k, (K, T), (1, K), (i_k * BK, i_s * BT),
                                    (BK, BT), (0, 1))
            b_q = tl.load(p_q, boundary_check=(0, 1))
            b_k = tl.load(p_k, boundary_check=(0, 1))
            b_s += tl.dot(b_q, b_k)
        if i_s == i_t:
            b_s = tl.where(o_i[:, None] >= o_i[None, :], b_s, 0)
        p_v = tl.make_block_ptr(v, (T, V), (V, 1), (i_s * BT, i_v * BV),
                                (BT, BV), (1, 0))
        b_v = tl.load(p_v, boundary_check=(0, 1))
        b_o += tl.dot((b_s * scale).to(b_v.dtype), b_v)
    p_o = tl.make_block_ptr(o, (T, V), (V, 1), (i_t * BT, i_v * BV), (BT, BV),
                            (1, 0))
    tl.store(p_o, b_o.to(p_o.dtype.element_ty), boundary_check=(0, 1))
