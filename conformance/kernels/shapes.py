# Shape manipulation kernels: broadcasting, expand_dims, reshape, trans,
# permute, join, split, cat, interleave. Tiles are M x N (powers of two).
import triton
import triton.language as tl


@triton.jit
def outer_add(x_ptr, y_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, M))
    y = tl.load(y_ptr + tl.arange(0, N))
    r = x[:, None] + y[None, :]
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    tl.store(out_ptr + offs, r)


@triton.jit
def transpose(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, HOW: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offs)
    if HOW == "trans":
        t = tl.trans(x)
    elif HOW == "T":
        t = x.T
    else:
        t = tl.permute(x, (1, 0))
    out = tl.arange(0, N)[:, None] * M + tl.arange(0, M)[None, :]
    tl.store(out_ptr + out, t)


@triton.jit
def reshape_flat(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offs)
    y = tl.reshape(x, (N, M))
    z = tl.ravel(y) * 2
    tl.store(out_ptr + tl.arange(0, M * N), z)


@triton.jit
def expand_broadcast(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    e = tl.expand_dims(x, 0)
    b = tl.broadcast_to(e, (M, N))
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    tl.store(out_ptr + offs, b + tl.arange(0, M)[:, None].to(tl.float32))


@triton.jit
def permute3d(x_ptr, out_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    a = tl.arange(0, A)[:, None, None]
    b = tl.arange(0, B)[None, :, None]
    c = tl.arange(0, C)[None, None, :]
    x = tl.load(x_ptr + a * B * C + b * C + c)
    p = tl.permute(x, (2, 0, 1))  # shape C, A, B
    cc = tl.arange(0, C)[:, None, None]
    aa = tl.arange(0, A)[None, :, None]
    bb = tl.arange(0, B)[None, None, :]
    tl.store(out_ptr + cc * A * B + aa * B + bb, p)


@triton.jit
def join_split(x_ptr, y_ptr, out_ptr, back_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    j = tl.join(x, y)  # N x 2
    jo = tl.arange(0, N)[:, None] * 2 + tl.arange(0, 2)[None, :]
    tl.store(out_ptr + jo, j)
    a, b = tl.split(j)
    tl.store(back_ptr + offs, a - b)


@triton.jit
def join_row_sums(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    # tl.join of a loaded tile and a broadcast of its row sums: the two
    # operands come from different layout classes (a load's, a reduction's
    # slice), which tl.join must have the same (a random kernel generator
    # found the GPU layouts disagreeing).
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    b = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    j = tl.join(b, tl.broadcast_to(tl.sum(b, axis=1)[:, None], (M, N)))
    tl.store(out_ptr + rm[:, None, None] * (2 * N) + rn[None, :, None] * 2 +
             tl.arange(0, 2)[None, None, :], j)


@triton.jit
def interleave_cat(x_ptr, y_ptr, out_ptr, sum_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    tl.store(out_ptr + tl.arange(0, 2 * N), tl.interleave(x, y))
    # cat may reorder elements: only order-free facts are checked.
    c = tl.cat(x, y, can_reorder=True)
    tl.store(sum_ptr, tl.sum(c, axis=0))


@triton.jit
def gather2d(src_ptr, idx_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
             K: tl.constexpr, AXIS: tl.constexpr):
    # out[i, j] = src[idx[i, j], j] (axis 0) or src[i, idx[i, j]] (axis 1).
    if AXIS == 0:
        src = tl.load(src_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :])
        o = tl.arange(0, K)[:, None] * N + tl.arange(0, N)[None, :]
        tl.store(out_ptr + o, tl.gather(src, tl.load(idx_ptr + o), 0))
    else:
        src = tl.load(src_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :])
        o = tl.arange(0, M)[:, None] * K + tl.arange(0, K)[None, :]
        tl.store(out_ptr + o, src.gather(tl.load(idx_ptr + o), axis=-1))


@triton.jit
def gather1d(src_ptr, idx_ptr, out_ptr, N: tl.constexpr, K: tl.constexpr):
    src = tl.load(src_ptr + tl.arange(0, N))
    idx = tl.load(idx_ptr + tl.arange(0, K))
    tl.store(out_ptr + tl.arange(0, K), tl.gather(src, idx, axis=0))


@triton.jit
def flip2d(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, DIM: tl.constexpr):
    # DIM 2: tl.flip's default, the last dimension.
    o = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + o)
    if DIM == 2:
        y = tl.flip(x)
    else:
        y = x.flip(DIM)
    tl.store(out_ptr + o, y)
