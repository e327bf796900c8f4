import triton
import triton.language as tl


@triton.jit
def tile(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr,
         K: tl.constexpr, PREC: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    c = tl.dot(a, b, input_precision=PREC)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c)


@triton.jit
def chain(q_ptr, k_ptr, v_ptr, o_ptr, M: tl.constexpr, D: tl.constexpr):
    rm = tl.arange(0, M)
    rd = tl.arange(0, D)
    q = tl.load(q_ptr + rm[:, None] * D + rd[None, :])
    k = tl.load(k_ptr + rd[:, None] * M + rm[None, :])
    v = tl.load(v_ptr + rm[:, None] * D + rd[None, :])
    p = tl.dot(q, k)
    o = tl.dot(p.to(tl.float16), v)
    tl.store(o_ptr + rm[:, None] * D + rd[None, :], o)


@triton.jit
def tile_f16_out(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr,
                 K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    c = tl.dot(a, b).to(tl.float16)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c)
