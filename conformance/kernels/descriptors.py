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
