# Reductions and scans over tiles, with the built-in and custom combines.
import triton
import triton.language as tl


@triton.jit
def _absmax(a, b):
    return tl.maximum(tl.abs(a), tl.abs(b))


@triton.jit
def _mul(a, b):
    return a * b


@triton.jit
def reduce2d(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr,
             OP: tl.constexpr, KEEP: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offs)
    if OP == "sum":
        r = tl.sum(x, axis=AXIS, keep_dims=KEEP)
    elif OP == "max":
        r = tl.max(x, axis=AXIS, keep_dims=KEEP)
    elif OP == "min":
        r = tl.min(x, axis=AXIS, keep_dims=KEEP)
    elif OP == "argmax":
        r = tl.argmax(x, axis=AXIS, keep_dims=KEEP)
    elif OP == "argmin":
        r = tl.argmin(x, axis=AXIS, keep_dims=KEEP)
    elif OP == "xor_sum":
        r = tl.xor_sum(x, axis=AXIS, keep_dims=KEEP)
    elif OP == "absmax":
        r = tl.reduce(x, AXIS, _absmax, keep_dims=KEEP)
    else:
        r = tl.reduce(x, AXIS, _mul, keep_dims=KEEP)
    if AXIS == 0:
        tl.store(out_ptr + tl.arange(0, N), tl.reshape(r, (N,)))
    else:
        tl.store(out_ptr + tl.arange(0, M), tl.reshape(r, (M,)))


@triton.jit
def reduce_all(x_ptr, out_ptr, N: tl.constexpr, OP: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    if OP == "sum":
        tl.store(out_ptr, tl.sum(x))
    elif OP == "max":
        tl.store(out_ptr, tl.max(x))
    else:
        tl.store(out_ptr, tl.argmin(x, axis=0))


@triton.jit
def reduce3d(x_ptr, out_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    a = tl.arange(0, A)[:, None, None]
    b = tl.arange(0, B)[None, :, None]
    c = tl.arange(0, C)[None, None, :]
    x = tl.load(x_ptr + a * B * C + b * C + c)
    s = tl.sum(x, axis=1)  # A x C
    tl.store(out_ptr + tl.arange(0, A)[:, None] * C + tl.arange(0, C)[None, :], s)


@triton.jit
def scan2d(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr,
           OP: tl.constexpr, REVERSE: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offs)
    if OP == "cumsum":
        r = tl.cumsum(x, axis=AXIS, reverse=REVERSE)
    elif OP == "cumprod":
        r = tl.cumprod(x, axis=AXIS, reverse=REVERSE)
    else:
        r = tl.associative_scan(x, AXIS, _absmax, reverse=REVERSE)
    tl.store(out_ptr + offs, r)


@triton.jit
def softmax_rows(x_ptr, out_ptr, n_cols, M: tl.constexpr, BLOCK: tl.constexpr):
    # The fused softmax tutorial, one row per program, masked columns.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=m, other=-float('inf'))
    z = x - tl.max(x, axis=0)
    num = tl.exp(z)
    den = tl.sum(num, axis=0)
    tl.store(out_ptr + row * n_cols + cols, num / den, mask=m)


@triton.jit
def histogram(x_ptr, out_ptr, n, BLOCK: tl.constexpr, BINS: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    h = tl.histogram(x, BINS, mask=offs < n)
    tl.store(out_ptr + tl.arange(0, BINS), h)


@triton.jit
def sort_rows(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, DESC: tl.constexpr):
    o = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    tl.store(out_ptr + o, tl.sort(tl.load(x_ptr + o), descending=DESC))


@triton.jit
def topk_rows(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    o = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    ok = tl.arange(0, M)[:, None] * K + tl.arange(0, K)[None, :]
    tl.store(out_ptr + ok, tl.topk(tl.load(x_ptr + o), K))
