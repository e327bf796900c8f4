# Atomics under contention, and the dot product in several forms.
import triton
import triton.language as tl


@triton.jit
def atomic_contend(x_ptr, acc_ptr, n, SLOTS: tl.constexpr, OP: tl.constexpr,
                   BLOCK: tl.constexpr):
    # Every program folds its elements into SLOTS shared addresses.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    slot = acc_ptr + offs % SLOTS
    if OP == "add":
        tl.atomic_add(slot, x, mask=m)
    elif OP == "max":
        tl.atomic_max(slot, x, mask=m)
    elif OP == "min":
        tl.atomic_min(slot, x, mask=m)
    elif OP == "or":
        tl.atomic_or(slot, x, mask=m)
    else:
        tl.atomic_xor(slot, x, mask=m)


@triton.jit
def atomic_counter(count_ptr, order_ptr):
    # A ticket lock built from atomic_cas: each program takes the counter's
    # value and increments it; tickets must be a permutation of the programs.
    pid = tl.program_id(0)
    got = 0
    done = 0
    while done == 0:
        cur = tl.atomic_add(count_ptr, 0)
        prev = tl.atomic_cas(count_ptr, cur, cur + 1)
        if prev == cur:
            got = cur
            done = 1
    tl.store(order_ptr + pid, got)


@triton.jit
def atomic_xchg_last(slot_ptr, seen_ptr):
    pid = tl.program_id(0)
    old = tl.atomic_xchg(slot_ptr, pid + 1)
    tl.store(seen_ptr + pid, old)


@triton.jit
def dot_tile(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
             TRANS_A: tl.constexpr, TRANS_B: tl.constexpr, OUT: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    if TRANS_A:
        a = tl.trans(tl.load(a_ptr + rk[:, None] * M + rm[None, :]))
    else:
        a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    if TRANS_B:
        b = tl.trans(tl.load(b_ptr + rn[:, None] * K + rk[None, :]))
    else:
        b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    if OUT == "fp16":
        c = tl.dot(a, b, out_dtype=tl.float16)
    else:
        c = tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c)


@triton.jit
def dot_chain_epilogue(a_ptr, b_ptr, d_ptr, bias_ptr, out_ptr, M: tl.constexpr,
                       N: tl.constexpr, K: tl.constexpr):
    # (A @ B) @ D with a bias and ReLU epilogue, accumulating into acc.
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    d = tl.load(d_ptr + rn[:, None] * N + rn[None, :])
    acc = tl.zeros((M, N), dtype=tl.float32)
    acc = tl.dot(a, b, acc, input_precision="ieee")
    e = tl.dot(acc, d, input_precision="ieee")
    bias = tl.load(bias_ptr + rn)
    out = tl.maximum(e + bias[None, :], 0.0)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], out)


@triton.jit
def matmul_grouped(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk,
                   stride_bn, stride_cm, stride_cn, BLOCK_M: tl.constexpr,
                   BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    # The tiled matmul tutorial: GROUP_M swizzle, K loop, masks.
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_am = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_bn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    accumulator = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c = accumulator.to(tl.float16)
    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)


@triton.jit
def block_ptr_rowsum(x_ptr, out_ptr, M, N, stride_m, BLOCK_M: tl.constexpr,
                     BLOCK_N: tl.constexpr):
    # Block pointers: boundary checks with zero padding, tl.advance in a loop,
    # a 1-D block pointer for the output.
    pid = tl.program_id(0)
    xp = tl.make_block_ptr(base=x_ptr, shape=(M, N), strides=(stride_m, 1),
                           offsets=(pid * BLOCK_M, 0), block_shape=(BLOCK_M, BLOCK_N),
                           order=(1, 0))
    acc = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for k in range(0, N, BLOCK_N):
        x = tl.load(xp, boundary_check=(0, 1), padding_option="zero")
        acc += tl.sum(x, axis=1)
        xp = tl.advance(xp, (0, BLOCK_N))
    op = tl.make_block_ptr(base=out_ptr, shape=(M,), strides=(1,), offsets=(pid * BLOCK_M,),
                           block_shape=(BLOCK_M,), order=(0,))
    tl.store(op, acc, boundary_check=(0,))


@triton.jit
def block_ptr_transpose(x_ptr, out_ptr, M, N, BLOCK: tl.constexpr):
    # Loads a tile through a block pointer and stores its transpose through
    # another, both boundary-checked.
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    xp = tl.make_block_ptr(base=x_ptr, shape=(M, N), strides=(N, 1),
                           offsets=(pm * BLOCK, pn * BLOCK), block_shape=(BLOCK, BLOCK),
                           order=(1, 0))
    t = tl.trans(tl.load(xp, boundary_check=(0, 1)))
    op = tl.make_block_ptr(base=out_ptr, shape=(N, M), strides=(M, 1),
                           offsets=(pn * BLOCK, pm * BLOCK), block_shape=(BLOCK, BLOCK),
                           order=(1, 0))
    tl.store(op, t, boundary_check=(0, 1))


@triton.jit
def mask_forms(x_ptr, a_ptr, b_ptr, c_ptr, d_ptr, n, lo, BLOCK: tl.constexpr):
    # Masks of the affine forms a backend may prove all-true for a whole
    # block (the cpu backend then drops the per-element test), on blocks
    # where they are wholly true, partly true and wholly false.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    a = tl.load(x_ptr + offs, mask=(offs >= lo) & (offs < n), other=-1.0)
    rev = n - 1 - offs
    b = tl.load(x_ptr + rev, mask=(rev >= 0) & (offs < n), other=-2.0)
    odd = offs * 2 - 3
    c = tl.load(x_ptr + odd, mask=(odd >= 0) & (odd < n), other=-3.0)
    # Unsigned: offs - lo wraps to a huge value below lo.
    d = tl.load(x_ptr + offs, mask=(offs - lo).to(tl.uint32) < (n - lo).to(tl.uint32),
                other=-4.0)
    tl.store(a_ptr + offs, a)
    tl.store(b_ptr + offs, b)
    tl.store(c_ptr + offs, c)
    tl.store(d_ptr + offs, d, mask=offs < n + BLOCK)


@triton.jit
def atomic_old(x_ptr, acc_ptr, old_ptr, n, OP: tl.constexpr, SEM: tl.constexpr,
               SCOPE: tl.constexpr, BLOCK: tl.constexpr):
    # One address per element: the returned old values are determined.
    # Elements from n on are masked off (cas, which has no mask, swaps the
    # even elements and compares the odd ones against a value they do not
    # hold, everywhere).
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs)
    p = acc_ptr + offs
    if OP == "add":
        old = tl.atomic_add(p, x, mask=m, sem=SEM, scope=SCOPE)
    elif OP == "max":
        old = tl.atomic_max(p, x, mask=m, sem=SEM, scope=SCOPE)
    elif OP == "min":
        old = tl.atomic_min(p, x, mask=m, sem=SEM, scope=SCOPE)
    elif OP == "and":
        old = tl.atomic_and(p, x, mask=m, sem=SEM, scope=SCOPE)
    elif OP == "or":
        old = tl.atomic_or(p, x, mask=m, sem=SEM, scope=SCOPE)
    elif OP == "xor":
        old = tl.atomic_xor(p, x, mask=m, sem=SEM, scope=SCOPE)
    elif OP == "xchg":
        old = tl.atomic_xchg(p, x, mask=m, sem=SEM, scope=SCOPE)
    else:
        cur = tl.load(p)
        cmp = tl.where(offs % 2 == 0, cur, cur + 1)
        old = tl.atomic_cas(p, cmp, x, sem=SEM, scope=SCOPE)
    if OP == "cas":
        tl.store(old_ptr + offs, old)
    else:
        tl.store(old_ptr + offs, old, mask=m)


@triton.jit
def atomic_shared_elements(acc_ptr, old_ptr, count_ptr, seen_ptr,
                           BLOCK: tl.constexpr):
    # BLOCK is smaller than the program's threads, so several threads hold
    # each element (and every thread the scalar): each is updated once, and
    # every holder sees the old value.
    i = tl.arange(0, BLOCK)
    old = tl.atomic_add(acc_ptr + i, i + 1)
    tl.store(old_ptr + i, old)
    prev = tl.atomic_add(count_ptr, 5)
    tl.store(seen_ptr + i, prev + i * 0)
