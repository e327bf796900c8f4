# Tensor descriptors: host-side (TensorDescriptor arguments, signature
# `tensordesc<...>`) and made in the kernel (tl.make_tensor_descriptor),
# read and written a block at a time, with the out-of-bounds rules (reads
# padded with zero or NaN, writes dropped), gathers and scatters of rows,
# reductions, descriptors passed to helpers, and a matmul fed by them.
import triton
import triton.language as tl


@triton.jit
def desc_copy(in_desc, out_desc, SCALE: tl.constexpr):
    # One block per program; edge blocks hang over the tensor.
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    BM: tl.constexpr = in_desc.block_shape[0]
    BN: tl.constexpr = in_desc.block_shape[1]
    x = in_desc.load([pm * BM, pn * BN])
    out_desc.store([pm * BM, pn * BN], x * SCALE + 1)


@triton.jit
def desc_padding(in_ptr, out_ptr, IM, IN, OM, ON, BM: tl.constexpr,
                 BN: tl.constexpr, PADDING: tl.constexpr):
    # A descriptor over the small input padded out to the larger output:
    # what lies outside the input reads as the padding and is stored whole.
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    src = tl.make_tensor_descriptor(in_ptr, shape=[IM, IN], strides=[IN, 1],
                                    block_shape=[BM, BN], padding_option=PADDING)
    dst = tl.make_tensor_descriptor(out_ptr, shape=[OM, ON], strides=[ON, 1],
                                    block_shape=[BM, BN])
    x = tl.load_tensor_descriptor(src, [pm * BM, pn * BN])
    tl.store_tensor_descriptor(dst, [pm * BM, pn * BN], x)


@triton.jit
def desc_3d(in_desc, out_desc, B1: tl.constexpr):
    # A 3-D block, edges hanging over the first two dimensions.
    p = tl.program_id(0)
    q = tl.program_id(1)
    B0: tl.constexpr = in_desc.block_shape[0]
    x = in_desc.load([p * B0, q * B1, 0])
    out_desc.store([p * B0, q * B1, 0], x - 2)


@triton.jit
def desc_gather_scatter(in_desc, out_desc, idx_ptr, ROWS: tl.constexpr,
                        Y: tl.constexpr):
    # Rows idx[i] of the input, columns Y.., go to rows idx[i] of the output.
    idx = tl.load(idx_ptr + tl.arange(0, ROWS))
    x = in_desc.gather(idx, Y)
    out_desc.scatter(x + 10, idx, Y)


@triton.jit
def desc_atomic_add(x_ptr, acc_desc, M, BM: tl.constexpr, BN: tl.constexpr):
    # Every program adds its block of x into the same block of acc.
    pid = tl.program_id(0)
    x_desc = tl.make_tensor_descriptor(x_ptr, shape=[M, BN], strides=[BN, 1],
                                       block_shape=[BM, BN])
    x = x_desc.load([pid * BM, 0])
    acc_desc.atomic_add([0, 0], x)


@triton.jit
def _tile_sum(desc, row, BN: tl.constexpr):
    # A helper that takes the descriptor (its shape and strides travel
    # with it) and walks one row of blocks.
    acc = tl.zeros((desc.block_shape[0], BN), dtype=tl.float32)
    for col in range(0, desc.shape[1], BN):
        acc += desc.load([row, col]).to(tl.float32)
    return tl.sum(acc, axis=1)


@triton.jit
def desc_row_sums(x_desc, out_ptr, BN: tl.constexpr):
    pid = tl.program_id(0)
    BM: tl.constexpr = x_desc.block_shape[0]
    s = _tile_sum(x_desc, pid * BM, BN)
    rows = pid * BM + tl.arange(0, BM)
    tl.store(out_ptr + rows, s, mask=rows < x_desc.shape[0])


@triton.jit
def desc_matmul(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr,
                BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # The descriptor form of Triton's matmul tutorials (09): A, B and C
    # through descriptors made in the kernel, K loop of tl.dot.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1],
                                       block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1],
                                       block_shape=[BLOCK_K, BLOCK_N])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1],
                                       block_shape=[BLOCK_M, BLOCK_N])
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = a_desc.load([pid_m * BLOCK_M, k * BLOCK_K])
        b = b_desc.load([k * BLOCK_K, pid_n * BLOCK_N])
        acc = tl.dot(a, b, acc)
    c_desc.store([pid_m * BLOCK_M, pid_n * BLOCK_N], acc.to(c_desc.dtype))


# --- The forms of Triton 3.6's tutorials 06 and 09 ---------------------------


@triton.jit
def _compute_pid(tile_id, num_pid_in_group, num_pid_m, GROUP_SIZE_M: tl.constexpr):
    group_id = tile_id // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + (tile_id % group_size_m)
    pid_n = (tile_id % num_pid_in_group) // group_size_m
    return pid_m, pid_n


@triton.jit
def _store_tile(c_desc, accumulator, offs_cm, offs_cn, dtype: tl.constexpr,
                BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                EPILOGUE_SUBTILE: tl.constexpr):
    # Epilogue subtiling: the tile stored as two halves along N.
    if EPILOGUE_SUBTILE:
        acc = tl.reshape(accumulator, (BLOCK_SIZE_M, 2, BLOCK_SIZE_N // 2))
        acc = tl.permute(acc, (0, 2, 1))
        acc0, acc1 = tl.split(acc)
        c_desc.store([offs_cm, offs_cn], acc0.to(dtype))
        c_desc.store([offs_cm, offs_cn + BLOCK_SIZE_N // 2], acc1.to(dtype))
    else:
        c_desc.store([offs_cm, offs_cn], accumulator.to(dtype))


@triton.jit
def matmul_tma_persistent(a_desc, b_desc, c_desc, M, N, K,
                          BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                          BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr,
                          FP8_OUTPUT: tl.constexpr, EPILOGUE_SUBTILE: tl.constexpr,
                          NUM_SMS: tl.constexpr, WARP_SPECIALIZE: tl.constexpr):
    # Host descriptors; B is N x K (transposed in the dot); every program
    # walks tiles NUM_SMS apart.
    dtype = tl.float8e4nv if FP8_OUTPUT else tl.float16
    start_pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    k_tiles = tl.cdiv(K, BLOCK_SIZE_K)
    num_tiles = num_pid_m * num_pid_n
    tile_id_c = start_pid - NUM_SMS
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    for tile_id in tl.range(start_pid, num_tiles, NUM_SMS, flatten=True,
                            warp_specialize=WARP_SPECIALIZE):
        pid_m, pid_n = _compute_pid(tile_id, num_pid_in_group, num_pid_m, GROUP_SIZE_M)
        offs_am = pid_m * BLOCK_SIZE_M
        offs_bn = pid_n * BLOCK_SIZE_N
        accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
        for ki in range(k_tiles):
            offs_k = ki * BLOCK_SIZE_K
            a = a_desc.load([offs_am, offs_k])
            b = b_desc.load([offs_bn, offs_k])
            accumulator = tl.dot(a, b.T, accumulator)
        tile_id_c += NUM_SMS
        pid_m, pid_n = _compute_pid(tile_id_c, num_pid_in_group, num_pid_m, GROUP_SIZE_M)
        _store_tile(c_desc, accumulator, pid_m * BLOCK_SIZE_M, pid_n * BLOCK_SIZE_N,
                    dtype, BLOCK_SIZE_M, BLOCK_SIZE_N, EPILOGUE_SUBTILE)


@triton.jit
def matmul_descriptor_persistent(a_ptr, b_ptr, c_ptr, M, N, K,
                                 BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                                 BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr,
                                 EPILOGUE_SUBTILE: tl.constexpr, NUM_SMS: tl.constexpr,
                                 WARP_SPECIALIZE: tl.constexpr, FLATTEN: tl.constexpr):
    # The same with descriptors made in the kernel.
    dtype = c_ptr.dtype.element_ty
    start_pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    k_tiles = tl.cdiv(K, BLOCK_SIZE_K)
    num_tiles = num_pid_m * num_pid_n
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1],
                                       block_shape=[BLOCK_SIZE_M, BLOCK_SIZE_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1],
                                       block_shape=[BLOCK_SIZE_N, BLOCK_SIZE_K])
    c_desc = tl.make_tensor_descriptor(
        c_ptr, shape=[M, N], strides=[N, 1],
        block_shape=[BLOCK_SIZE_M, BLOCK_SIZE_N if not EPILOGUE_SUBTILE else BLOCK_SIZE_N // 2])
    tile_id_c = start_pid - NUM_SMS
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    for tile_id in tl.range(start_pid, num_tiles, NUM_SMS, flatten=FLATTEN,
                            warp_specialize=WARP_SPECIALIZE):
        pid_m, pid_n = _compute_pid(tile_id, num_pid_in_group, num_pid_m, GROUP_SIZE_M)
        offs_am = pid_m * BLOCK_SIZE_M
        offs_bn = pid_n * BLOCK_SIZE_N
        accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
        for ki in range(k_tiles):
            offs_k = ki * BLOCK_SIZE_K
            a = a_desc.load([offs_am, offs_k])
            b = b_desc.load([offs_bn, offs_k])
            accumulator = tl.dot(a, b.T, accumulator)
        tile_id_c += NUM_SMS
        pid_m, pid_n = _compute_pid(tile_id_c, num_pid_in_group, num_pid_m, GROUP_SIZE_M)
        _store_tile(c_desc, accumulator, pid_m * BLOCK_SIZE_M, pid_n * BLOCK_SIZE_N,
                    dtype, BLOCK_SIZE_M, BLOCK_SIZE_N, EPILOGUE_SUBTILE)


@triton.jit
def _attn_fwd_inner(acc, l_i, m_i, q, desc_k, desc_v, offset_y, dtype: tl.constexpr,
                    start_m, qk_scale, BLOCK_M: tl.constexpr, HEAD_DIM: tl.constexpr,
                    BLOCK_N: tl.constexpr, STAGE: tl.constexpr, offs_m: tl.constexpr,
                    offs_n: tl.constexpr, N_CTX: tl.constexpr,
                    warp_specialize: tl.constexpr):
    # STAGE 1: the blocks left of the diagonal; 2: the diagonal block,
    # masked; 3: every block (not causal).
    if STAGE == 1:
        lo, hi = 0, start_m * BLOCK_M
    elif STAGE == 2:
        lo, hi = start_m * BLOCK_M, (start_m + 1) * BLOCK_M
        lo = tl.multiple_of(lo, BLOCK_M)
    else:
        lo, hi = 0, N_CTX
    offsetk_y = offset_y + lo
    offsetv_y = offset_y + lo
    for start_n in tl.range(lo, hi, BLOCK_N, warp_specialize=warp_specialize):
        start_n = tl.multiple_of(start_n, BLOCK_N)
        k = desc_k.load([offsetk_y, 0]).T
        qk = tl.dot(q, k)
        if STAGE == 2:
            mask = offs_m[:, None] >= (start_n + offs_n[None, :])
            qk = qk * qk_scale + tl.where(mask, 0, -1.0e6)
            m_ij = tl.maximum(m_i, tl.max(qk, 1))
            qk -= m_ij[:, None]
        else:
            m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
            qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        alpha = tl.math.exp2(m_i - m_ij)
        l_ij = tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = desc_v.load([offsetv_y, 0])
        p = p.to(dtype)
        acc = tl.dot(p, v, acc)
        l_i = l_i * alpha + l_ij
        m_i = m_ij
        offsetk_y += BLOCK_N
        offsetv_y += BLOCK_N
    return acc, l_i, m_i


@triton.jit
def _maybe_make_tensor_desc(desc_or_ptr, shape, strides, block_shape):
    if isinstance(desc_or_ptr, tl.tensor_descriptor):
        return desc_or_ptr
    else:
        return tl.make_tensor_descriptor(desc_or_ptr, shape, strides, block_shape)


@triton.jit
def attn_fwd(sm_scale, M, Z, H, desc_q, desc_k, desc_v, desc_o, N_CTX,
             HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
             FP8_OUTPUT: tl.constexpr, STAGE: tl.constexpr,
             warp_specialize: tl.constexpr):
    # Q, K, V, O are (Z*H*N_CTX) x HEAD_DIM, given as host descriptors or
    # as pointers (then described here).
    dtype = tl.float8e5 if FP8_OUTPUT else tl.float16
    tl.static_assert(BLOCK_N <= HEAD_DIM)
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    off_z = off_hz // H
    off_h = off_hz % H
    y_dim = Z * H * N_CTX
    desc_q = _maybe_make_tensor_desc(desc_q, shape=[y_dim, HEAD_DIM], strides=[HEAD_DIM, 1],
                                     block_shape=[BLOCK_M, HEAD_DIM])
    desc_v = _maybe_make_tensor_desc(desc_v, shape=[y_dim, HEAD_DIM], strides=[HEAD_DIM, 1],
                                     block_shape=[BLOCK_N, HEAD_DIM])
    desc_k = _maybe_make_tensor_desc(desc_k, shape=[y_dim, HEAD_DIM], strides=[HEAD_DIM, 1],
                                     block_shape=[BLOCK_N, HEAD_DIM])
    desc_o = _maybe_make_tensor_desc(desc_o, shape=[y_dim, HEAD_DIM], strides=[HEAD_DIM, 1],
                                     block_shape=[BLOCK_M, HEAD_DIM])
    offset_y = off_z * (N_CTX * H) + off_h * N_CTX
    qo_offset_y = offset_y + start_m * BLOCK_M
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale
    qk_scale *= 1.44269504  # 1/log(2)
    q = desc_q.load([qo_offset_y, 0])
    if STAGE & 1:
        acc, l_i, m_i = _attn_fwd_inner(acc, l_i, m_i, q, desc_k, desc_v, offset_y, dtype,
                                        start_m, qk_scale, BLOCK_M, HEAD_DIM, BLOCK_N,
                                        4 - STAGE, offs_m, offs_n, N_CTX, warp_specialize)
    if STAGE & 2:
        acc, l_i, m_i = _attn_fwd_inner(acc, l_i, m_i, q, desc_k, desc_v, offset_y, dtype,
                                        start_m, qk_scale, BLOCK_M, HEAD_DIM, BLOCK_N,
                                        2, offs_m, offs_n, N_CTX, warp_specialize)
    m_i += tl.math.log2(l_i)
    acc = acc / l_i[:, None]
    m_ptrs = M + off_hz * N_CTX + offs_m
    tl.store(m_ptrs, m_i)
    desc_o.store([qo_offset_y, 0], acc.to(dtype))


@triton.jit
def desc_pick(a_ptr, b_ptr, out_ptr, MA, MB, N, BM: tl.constexpr, BN: tl.constexpr):
    # A descriptor chosen at run time (odd programs read b, of other rows),
    # then read through with its own shape.
    pid = tl.program_id(0)
    if pid % 2 == 0:
        d = tl.make_tensor_descriptor(a_ptr, shape=[MA, N], strides=[N, 1], block_shape=[BM, BN])
    else:
        d = tl.make_tensor_descriptor(b_ptr, shape=[MB, N], strides=[N, 1], block_shape=[BM, BN])
    x = d.load([0, 0])
    rows = tl.arange(0, BM)[:, None]
    cols = tl.arange(0, BN)[None, :]
    tl.store(out_ptr + pid * BM * BN + rows * BN + cols, x + d.shape[0])
