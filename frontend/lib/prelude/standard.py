# The part of triton.language that is written in the language itself, as
# Triton writes it in triton.language.standard and random: cdiv,
# reductions and scans with their combine functions, softmax, sigmoid,
# flip, sort and topk, swizzling and the Philox random number generator.
# A function decorated @core._tensor_member_fn is also a tensor method
# (x.sum()).
# (tl.zeros, `full(shape, 0, dtype)` in Triton's standard library, is a
# builtin here: the same TTIR, and a shape that is not compile-time gets
# an error naming the shape rather than the call of a @jit function.)
# Trident's frontend compiles this file like a user's kernel file; a call
# such as tl.sum(x) becomes a call of `sum` below, inlined by the core
# pipeline. Errors raised while compiling these functions are reported at
# the user's call.
import triton
import triton.language as tl
from triton import jit
from triton.language import core


# --- elementwise ------------------------------------------------------------

@core._tensor_member_fn
@jit
def cdiv(x, div):
    return (x + div - 1) // div


@core._tensor_member_fn
@jit
def sigmoid(x):
    return 1 / (1 + tl.exp(-x))


@jit
def zeros_like(input):
    return tl.zeros(input.shape, input.dtype)


@core._tensor_member_fn
@jit
def ravel(x, can_reorder=False):
    return tl.reshape(x, [x.numel], can_reorder=can_reorder)


@jit
def swizzle2d(i, j, size_i, size_j, size_g):
    # Programs are grouped size_g rows at a time so that neighbouring
    # programs share tiles of the operands.
    ij = i * size_j + j
    size_gj = size_g * size_j
    group_id = ij // size_gj
    off_i = group_id * size_g
    size_g = tl.minimum(size_i - off_i, size_g)
    ij = ij % size_gj
    new_i = off_i + ij % size_g
    new_j = ij // size_g
    return new_i, new_j


# A tensor method here (as it always was in Trident), though Triton 3.6's
# tensor has no .interleave.
@core._tensor_member_fn
@jit
def interleave(a, b):
    c = tl.join(a, b)
    if len(c.shape) == 2:
        return tl.reshape(c, [c.shape[0] * 2])
    else:
        return tl.reshape(c, c.shape[:-2] + (2 * c.shape[-2],))


# --- combine functions --------------------------------------------------------

@jit
def _sum_combine(a, b):
    return a + b


@jit
def _prod_combine(a, b):
    return a * b


@jit
def _elementwise_max(a, b):
    return tl.maximum(a, b)


@jit
def _elementwise_min(a, b):
    return tl.minimum(a, b)


@jit
def _xor_combine(a, b):
    return a ^ b


@jit
def _or_combine(a, b):
    return a | b


@jit
def _argmax_combine(value1, index1, value2, index2, tie_break_left: tl.constexpr):
    if tie_break_left:
        tie = value1 == value2 and index1 < index2
    else:
        tie = False
    gt = value1 > value2 or tie
    return tl.where(gt, value1, value2), tl.where(gt, index1, index2)


@jit
def _argmax_combine_tie_break_left(value1, index1, value2, index2):
    return _argmax_combine(value1, index1, value2, index2, True)


@jit
def _argmax_combine_tie_break_fast(value1, index1, value2, index2):
    return _argmax_combine(value1, index1, value2, index2, False)


@jit
def _argmin_combine(value1, index1, value2, index2, tie_break_left: tl.constexpr):
    if tie_break_left:
        tie = value1 == value2 and index1 < index2
    else:
        tie = False
    lt = value1 < value2 or tie
    return tl.where(lt, value1, value2), tl.where(lt, index1, index2)


@jit
def _argmin_combine_tie_break_left(value1, index1, value2, index2):
    return _argmin_combine(value1, index1, value2, index2, True)


@jit
def _argmin_combine_tie_break_fast(value1, index1, value2, index2):
    return _argmin_combine(value1, index1, value2, index2, False)


# --- reductions ---------------------------------------------------------------

@jit
def _reduce_with_indices(input, axis, combine_fn: tl.constexpr, keep_dims=False):
    tl.static_assert(axis is None or isinstance(axis, int), "the axis of a reduction must be a compile-time integer")
    if axis is None:
        input = tl.reshape(input, [input.numel], can_reorder=True)
        axis_: tl.constexpr = 0
    else:
        axis_: tl.constexpr = axis
    rank: tl.constexpr = len(input.shape)
    if axis_ < 0:
        axis_: tl.constexpr = axis_ + rank
    n: tl.constexpr = input.shape[axis_]
    index = tl.arange(0, n)
    for i in tl.static_range(rank):
        if i < axis_:
            index = tl.expand_dims(index, 0)
        if i > axis_:
            index = tl.expand_dims(index, -1)
    index = tl.broadcast_to(index, input.shape)
    return tl.reduce((input, index), axis_, combine_fn, keep_dims=keep_dims)


@core._tensor_member_fn
@jit
def sum(input, axis=None, keep_dims=False, dtype: tl.constexpr = None):
    out_dtype: tl.constexpr = tl._pick_sum_dtype(input.dtype, dtype)
    if out_dtype is not None:
        input = input.to(out_dtype)
    return tl.reduce(input, axis, _sum_combine, keep_dims=keep_dims)


@core._tensor_member_fn
@jit
def xor_sum(input, axis=None, keep_dims=False):
    tl.static_assert(input.dtype.is_int(), "xor_sum only supported for integers")
    return tl.reduce(input, axis, _xor_combine, keep_dims=keep_dims)


@jit
def _log2(n: tl.constexpr):
    # log2 of a power of two below 2**31 (0 for anything else).
    log: tl.constexpr = 0
    for i in tl.static_range(1, 31):
        if (1 << i) == n:
            log: tl.constexpr = i
    return log


@jit
def _int_dtype(bits: tl.constexpr):
    # The signed integer type of `bits` bits (Triton's core.get_int_dtype).
    idtype: tl.constexpr = tl.int1
    if bits == 8:
        idtype: tl.constexpr = tl.int8
    elif bits == 16:
        idtype: tl.constexpr = tl.int16
    elif bits == 32:
        idtype: tl.constexpr = tl.int32
    elif bits == 64:
        idtype: tl.constexpr = tl.int64
    return idtype


@core._tensor_member_fn
@jit
def flip(x, dim=None):
    # Triton's form: the flipped dimension reshaped to (2, 2, ..., 2), each
    # of those halves swapped by xor with their xor-sum (TTIR of reshapes,
    # reductions and xors, which every backend lowers well).
    rank: tl.constexpr = len(x.shape)
    tl.static_assert(rank > 0, "tl.flip needs a tensor with at least one dimension")
    if dim is not None:
        tl.static_assert(-rank <= dim and dim < rank,
                         "flip dim " + str(dim) + " must be in [" + str(-rank) + ", " +
                         str(rank) + ")")
    _dim: tl.constexpr = rank - 1 if dim is None else (dim + rank if dim < 0 else dim)
    n: tl.constexpr = x.shape[_dim]
    tl.static_assert((n & (n - 1)) == 0, "tl.flip needs a power-of-two size along dim")
    steps: tl.constexpr = _log2(n)
    idtype: tl.constexpr = _int_dtype(x.dtype.primitive_bitwidth)
    y = tl.reshape(x.to(idtype, bitcast=True), x.shape[:_dim] + [2] * steps + x.shape[_dim + 1:])
    for i in tl.static_range(steps):
        y = y ^ xor_sum(y, _dim + i, True)
    return tl.reshape(y, x.shape).to(x.dtype, bitcast=True)


@core._tensor_member_fn
@jit
def reduce_or(input, axis, keep_dims=False):
    tl.static_assert(input.dtype.is_int(), "reduce_or only supported for integers")
    return tl.reduce(input, axis, _or_combine, keep_dims=keep_dims)


@core._tensor_member_fn
@jit
def max(input, axis=None, return_indices=False, return_indices_tie_break_left=True,
        keep_dims=False):
    if input.dtype == tl.bfloat16:
        input = input.to(tl.float32)
    if return_indices:
        if return_indices_tie_break_left:
            return _reduce_with_indices(input, axis, _argmax_combine_tie_break_left,
                                        keep_dims=keep_dims)
        else:
            return _reduce_with_indices(input, axis, _argmax_combine_tie_break_fast,
                                        keep_dims=keep_dims)
    if input.dtype.primitive_bitwidth < 32:
        if input.dtype.is_floating():
            input = input.to(tl.float32)
        else:
            input = input.to(tl.int32)
    return tl.reduce(input, axis, _elementwise_max, keep_dims=keep_dims)


@core._tensor_member_fn
@jit
def min(input, axis=None, return_indices=False, return_indices_tie_break_left=True,
        keep_dims=False):
    if input.dtype == tl.bfloat16:
        input = input.to(tl.float32)
    if return_indices:
        if return_indices_tie_break_left:
            return _reduce_with_indices(input, axis, _argmin_combine_tie_break_left,
                                        keep_dims=keep_dims)
        else:
            return _reduce_with_indices(input, axis, _argmin_combine_tie_break_fast,
                                        keep_dims=keep_dims)
    if input.dtype.primitive_bitwidth < 32:
        if input.dtype.is_floating():
            input = input.to(tl.float32)
        else:
            input = input.to(tl.int32)
    return tl.reduce(input, axis, _elementwise_min, keep_dims=keep_dims)


@core._tensor_member_fn
@jit
def argmax(input, axis, tie_break_left=True, keep_dims=False):
    _, index = max(input, axis, return_indices=True,
                   return_indices_tie_break_left=tie_break_left, keep_dims=keep_dims)
    return index


@core._tensor_member_fn
@jit
def argmin(input, axis, tie_break_left=True, keep_dims=False):
    _, index = min(input, axis, return_indices=True,
                   return_indices_tie_break_left=tie_break_left, keep_dims=keep_dims)
    return index


@core._tensor_member_fn
@jit
def softmax(x, dim=None, keep_dims=False, ieee_rounding=False):
    if dim is None:
        d: tl.constexpr = 0
    else:
        d: tl.constexpr = dim
    z = x - max(x, d, keep_dims=True)
    num = tl.exp(z)
    den = sum(num, d, keep_dims=True)
    return tl.fdiv(num, den, ieee_rounding)


# --- scans --------------------------------------------------------------------

@core._tensor_member_fn
@jit
def cumsum(input, axis=0, reverse=False, dtype: tl.constexpr = None):
    if input.dtype == tl.bfloat16:
        input = input.to(tl.float32)
    out_dtype: tl.constexpr = tl._pick_sum_dtype(input.dtype, dtype)
    if out_dtype is not None:
        input = input.to(out_dtype)
    return tl.associative_scan(input, axis, _sum_combine, reverse)


@core._tensor_member_fn
@jit
def cumprod(input, axis=0, reverse=False):
    if input.dtype == tl.bfloat16:
        input = input.to(tl.float32)
    return tl.associative_scan(input, axis, _prod_combine, reverse)


# --- sort and topk -------------------------------------------------------------
# Triton's form: a bitonic sort on the tensor reshaped to a hypercube of
# side 2; each compare-and-swap pairs elements by xor with an xor-sum along
# one side, and topk keeps the larger half of the candidates with a max
# along one side between merges.

@jit
def _indicator(n_dims: tl.constexpr, j: tl.constexpr):
    # [0, 1] along side j (counted from the innermost) of the hypercube.
    ar = tl.arange(0, 2)
    return tl.reshape(ar, [1] * (n_dims - j - 1) + [2] + [1] * j)


@jit
def _compare_and_swap(x, flip, i: tl.constexpr):
    n_dims: tl.constexpr = _log2(x.numel)
    idtype: tl.constexpr = _int_dtype(x.dtype.primitive_bitwidth)
    # Each element's partner along side i: x ^ (x ^ partner).
    ix = x.to(idtype, bitcast=True)
    iy = ix ^ xor_sum(ix, n_dims - 1 - i, True)
    y = iy.to(x.dtype, bitcast=True)
    is_right = _indicator(n_dims, i)
    return tl.where((x > y) != (flip ^ is_right), y, x)


@jit
def _bitonic_merge_hypercube(x, stage: tl.constexpr, order: tl.constexpr):
    # order 0: ascending, 1: descending, 2: alternating by side `stage`.
    if order == 2:
        flip = _indicator(_log2(x.numel), stage)
    else:
        flip = order
    for i in tl.static_range(stage):
        x = _compare_and_swap(x, flip, stage - 1 - i)
    return x


@jit
def _sort_impl(x, k: tl.constexpr = None, dim: tl.constexpr = None,
               descending: tl.constexpr = 0):
    rank: tl.constexpr = len(x.shape)
    tl.static_assert(rank > 0, "tl.sort and tl.topk need a tensor with at least one dimension")
    _dim: tl.constexpr = rank - 1 if dim is None else dim
    tl.static_assert(_dim == rank - 1, "only the minor dimension can be sorted")
    n: tl.constexpr = x.shape[_dim]
    tl.static_assert((n & (n - 1)) == 0, "tl.sort and tl.topk need a power-of-two size along dim")
    log_n: tl.constexpr = _log2(n)
    log_k: tl.constexpr = log_n if k is None else _log2(k)
    if k is not None:
        tl.static_assert((k & (k - 1)) == 0 and k <= n, "topk's k must be a power of two no larger than the dimension")
    n_dims: tl.constexpr = _log2(x.numel)
    h = tl.reshape(x, [2] * n_dims)
    for i in tl.static_range(1, log_k + 1):
        h = _bitonic_merge_hypercube(h, i, 2 if i < log_n else descending)
    # Bitonic top-k: halve the candidates, then merge what is left.
    for i in tl.static_range(log_k + 1, log_n + 1):
        if descending:
            h = max(h, axis=_log2(h.numel) - 1 - log_k)
        else:
            h = min(h, axis=_log2(h.numel) - 1 - log_k)
        h = _bitonic_merge_hypercube(h, log_k, 2 if i < log_n else descending)
    return tl.reshape(h, x.shape[:-1] + [1 << log_k])


@core._tensor_member_fn
@jit
def sort(x, dim: tl.constexpr = None, descending: tl.constexpr = 0):
    return _sort_impl(x, dim=dim, descending=descending)


@jit
def topk(x, k: tl.constexpr, dim: tl.constexpr = None):
    # Not a tensor method: Triton 3.6's tensor has no .topk.
    return _sort_impl(x, k=k, dim=dim, descending=True)


# --- Philox random numbers ----------------------------------------------------
# Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3").

@jit
def philox_impl(c0, c1, c2, c3, k0, k1, n_rounds: tl.constexpr = 10):
    if c0.dtype == tl.uint32:
        KEY_A: tl.constexpr = 0x9E3779B9
        KEY_B: tl.constexpr = 0xBB67AE85
        ROUND_A: tl.constexpr = 0xD2511F53
        ROUND_B: tl.constexpr = 0xCD9E8D57
    else:
        tl.static_assert(c0.dtype == tl.uint64, "dtype not supported in philox_impl")
        KEY_A: tl.constexpr = 0x9E3779B97F4A7C15
        KEY_B: tl.constexpr = 0xBB67AE8584CAA73B
        ROUND_A: tl.constexpr = 0xD2E7470EE14C6C93
        ROUND_B: tl.constexpr = 0xCA5A826395121157
    for _ in tl.static_range(n_rounds):
        prev_c0 = c0
        prev_c2 = c2
        c0 = tl.umulhi(ROUND_B, prev_c2) ^ c1 ^ k0
        c2 = tl.umulhi(ROUND_A, prev_c0) ^ c3 ^ k1
        c1 = ROUND_B * prev_c2
        c3 = ROUND_A * prev_c0
        k0 = k0 + KEY_A
        k1 = k1 + KEY_B
    return c0, c1, c2, c3


@jit
def philox(seed, c0, c1, c2, c3, n_rounds: tl.constexpr = 10):
    seed = tl.to_tensor(seed)
    tl.static_assert(seed.dtype.is_int(), "the seed of tl.rand/randn/randint must be an integer")
    tl.static_assert(tl.to_tensor(c0).dtype.is_int(), "the offsets of tl.rand/randn/randint must be integers")
    c0 = tl.to_tensor(c0)
    c1 = tl.to_tensor(c1)
    c2 = tl.to_tensor(c2)
    c3 = tl.to_tensor(c3)
    seed = seed.to(tl.uint64)
    if c0.dtype.primitive_bitwidth == 32:
        int_dtype: tl.constexpr = tl.uint32
        seed_hi = ((seed >> 32) & 0xffffffff).to(tl.uint32)
        seed_lo = (seed & 0xffffffff).to(tl.uint32)
    else:
        tl.static_assert(c0.dtype.primitive_bitwidth == 64, "bitwidth not supported in philox")
        int_dtype: tl.constexpr = tl.uint64
        seed_hi = tl.full((1,), 0, dtype=int_dtype)
        seed_lo = seed
    c0 = c0.to(int_dtype, bitcast=True)
    c1 = c1.to(int_dtype, bitcast=True)
    c2 = c2.to(int_dtype, bitcast=True)
    c3 = c3.to(int_dtype, bitcast=True)
    return philox_impl(c0, c1, c2, c3, seed_lo, seed_hi, n_rounds)


@jit
def randint4x(seed, offset, n_rounds: tl.constexpr = 10):
    offset = tl.to_tensor(offset)
    zero = offset * 0
    return philox(seed, offset, zero, zero, zero, n_rounds)


@jit
def randint(seed, offset, n_rounds: tl.constexpr = 10):
    ret, _, _, _ = randint4x(seed, offset, n_rounds)
    return ret


@jit
def uint_to_uniform_float(x):
    # Maps the full integer range to [0, 1).
    if x.dtype == tl.uint32 or x.dtype == tl.int32:
        x = x.to(tl.int32, bitcast=True)
        scale = 4.6566127342e-10
    else:
        tl.static_assert(x.dtype == tl.uint64 or x.dtype == tl.int64)
        x = x.to(tl.int64, bitcast=True)
        scale = 1.0842020432385337e-19
    x = tl.where(x < 0, -x - 1, x)
    return x * scale


@jit
def rand(seed, offset, n_rounds: tl.constexpr = 10):
    source = randint(seed, offset, n_rounds)
    return uint_to_uniform_float(source)


@jit
def rand4x(seed, offsets, n_rounds: tl.constexpr = 10):
    i1, i2, i3, i4 = randint4x(seed, offsets, n_rounds)
    return (uint_to_uniform_float(i1), uint_to_uniform_float(i2),
            uint_to_uniform_float(i3), uint_to_uniform_float(i4))


@jit
def pair_uniform_to_normal(u1, u2):
    # Box-Muller.
    u1 = tl.maximum(1.0e-7, u1)
    th = 6.283185307179586 * u2
    r = tl.sqrt(-2.0 * tl.log(u1))
    return r * tl.cos(th), r * tl.sin(th)


@jit
def randn(seed, offset, n_rounds: tl.constexpr = 10):
    i1, i2, _, _ = randint4x(seed, offset, n_rounds)
    u1 = uint_to_uniform_float(i1)
    u2 = uint_to_uniform_float(i2)
    n1, _ = pair_uniform_to_normal(u1, u2)
    return n1


@jit
def randn4x(seed, offset, n_rounds: tl.constexpr = 10):
    u1, u2, u3, u4 = rand4x(seed, offset, n_rounds)
    n1, n2 = pair_uniform_to_normal(u1, u2)
    n3, n4 = pair_uniform_to_normal(u3, u4)
    return n1, n2, n3, n4


# --- libdevice functions without a portable op ---------------------------------
# `libdevice.NAME` finds `_libdevice_NAME` here when no builtin has the name:
# written in the language, so every target has them (TorchInductor emits
# these for torch.hypot and torch.nextafter).

@jit
def _libdevice_hypot(x, y):
    # sqrt(x*x + y*y) without overflow or underflow: the larger magnitude
    # times sqrt(1 + q*q), q the ratio; inf wins over NaN, as in C.
    tl.static_assert(x.dtype.is_floating() and y.dtype.is_floating(),
                     "libdevice.hypot takes floating-point arguments")
    ax = tl.abs(x)
    ay = tl.abs(y)
    big = tl.where(ax > ay, ax, ay)
    small = tl.where(ax > ay, ay, ax)
    q = small / tl.where(big == 0, 1.0, big)
    h = big * tl.sqrt_rn(1.0 + q * q) if x.dtype == tl.float32 else big * tl.sqrt(1.0 + q * q)
    h = tl.where((x != x) | (y != y), x + y, h)
    return tl.where((ax == float("inf")) | (ay == float("inf")), float("inf"), h)


@jit
def _libdevice_nextafter(x, y):
    # The next representable value after x toward y: one step of the bits
    # (away from zero when y lies beyond x on x's side of zero).
    tl.static_assert(x.dtype.is_floating(), "libdevice.nextafter takes floating-point arguments")
    itype: tl.constexpr = core.get_int_dtype(x.dtype.primitive_bitwidth, True)
    bits = x.to(itype, bitcast=True)
    away = (y > x) == (x > 0)
    r = tl.where(away, bits + 1, bits - 1).to(x.dtype, bitcast=True)
    tiny = tl.full(bits.shape, 1, itype).to(x.dtype, bitcast=True)
    r = tl.where(x == 0, tl.where(y > 0, tiny, -tiny), r)
    r = tl.where(x == y, y, r)
    return tl.where((x != x) | (y != y), x + y, r)


@jit
def _libdevice_llrint(x):
    # Rounded to the nearest integer, ties to even, as an int64.
    tl.static_assert(x.dtype.is_floating(), "libdevice.llrint takes a floating-point argument")
    return tl.extra.libdevice.rint(x).to(tl.int64)


@jit
def _libdevice_ldexp(x, n):
    # x * 2**n rounded once (C's ldexp): a scale past the exponent range is
    # applied in at most three exact power-of-two steps, the ones toward
    # subnormals through a normal intermediate so only the last one rounds.
    tl.static_assert(x.dtype.is_floating(), "libdevice.ldexp takes a floating-point argument")
    tl.static_assert(n.dtype.is_int(), "libdevice.ldexp takes an integer exponent")
    if x.dtype == tl.float64:
        ct: tl.constexpr = tl.float64
        it: tl.constexpr = tl.int64
        EMAX: tl.constexpr = 1023
        EMIN: tl.constexpr = -1022
        MBITS: tl.constexpr = 52
    else:
        ct: tl.constexpr = tl.float32
        it: tl.constexpr = tl.int32
        EMAX: tl.constexpr = 127
        EMIN: tl.constexpr = -126
        MBITS: tl.constexpr = 23
    y, e = tl.broadcast(x.to(ct), n.to(tl.int32))
    big = tl.full(y.shape, (EMAX + EMAX) << MBITS, it).to(ct, bitcast=True)
    # 2**EMIN * 2**MBITS: a step down that leaves a normal number normal.
    down = tl.full(y.shape, (EMIN + MBITS + EMAX) << MBITS, it).to(ct, bitcast=True)
    for _ in tl.static_range(2):
        y = tl.where(e > EMAX, y * big, y)
        e = tl.where(e > EMAX, e - EMAX, e)
        y = tl.where(e < EMIN, y * down, y)
        e = tl.where(e < EMIN, e - EMIN - MBITS, e)
    e = tl.minimum(tl.maximum(e, EMIN), EMAX)
    scale = ((e + EMAX).to(it) << MBITS).to(ct, bitcast=True)
    return (y * scale).to(x.dtype)


@jit
def _horner(x, coeffs: tl.constexpr):
    # coeffs[0] + x * (coeffs[1] + x * (...)), in x's type (the constants
    # exact in fp64).
    n: tl.constexpr = len(coeffs)
    s = tl.full(x.shape, coeffs[n - 1], x.dtype)
    for i in tl.static_range(n - 1):
        s = coeffs[n - 2 - i] + s * x
    return s


@jit
def _erfinv_guess(a):
    # Giles' single-precision approximation of erfinv on [0, 1) ("Approximating
    # the erfinv function", GPU Computing Gems, 2011): a few ulp in fp32.
    w = -tl.log((1.0 - a) * (1.0 + a))
    p = _horner(w - 2.5, (1.50140941, 0.246640727, -0.00417768164, -0.00125372503,
                          0.00021858087, -4.39150654e-06, -3.5233877e-06, 3.43273939e-07,
                          2.81022636e-08))
    q = _horner(tl.sqrt(w) - 3.0, (2.83297682, 1.00167406, 0.00943887047, -0.0076224613,
                                   0.00573950773, -0.00367342844, 0.00134934322,
                                   0.000100950558, -0.000200214257))
    return tl.where(w < 5.0, p, q) * a


@jit
def _libdevice_erfinv(x):
    # The inverse error function. fp32 (and narrower, computed in fp32):
    # Giles' approximation. fp64: that guess refined by Newton steps on
    # erf(y) = a, or near 1 on log(erfc(y)) = log(1 - a) (1 - a is exact
    # for a >= 0.5; the logarithm is close to quadratic in y, so the steps
    # converge from the far tail, where the guess is off by a few percent).
    tl.static_assert(x.dtype.is_floating(), "libdevice.erfinv takes a floating-point argument")
    if x.dtype == tl.float64:
        a = tl.abs(x)
        y = _erfinv_guess(a)
        tail = a > 0.5
        t = tl.where(tail, 1.0 - a, 1.0)
        for _ in tl.static_range(4):
            slope = 1.1283791670955126 * tl.exp(-y * y)
            slope = tl.where(slope == 0, 1.0, slope)
            c = tl.extra.libdevice.erfc(y)
            step_tail = tl.log(c / t) * c / slope
            step_mid = (tl.math.erf(y) - a) / slope
            y = tl.where(tail, y + step_tail, y - step_mid)
    else:
        a = tl.abs(x.to(tl.float32))
        y = _erfinv_guess(a)
    y = tl.where(a == 1, float("inf"), y)
    y = tl.where((a > 1) | (a != a), float("nan"), y)
    return tl.where(x < 0, -y, y).to(x.dtype)


@jit
def _libdevice_ilogb(x):
    # The unbiased binary exponent of x as an int32 (C's ilogb): INT_MIN for
    # zero and NaN, INT_MAX for infinities, subnormals scaled into the
    # normal range first.
    tl.static_assert(x.dtype.is_floating(), "libdevice.ilogb takes a floating-point argument")
    if x.dtype == tl.float64:
        it: tl.constexpr = tl.int64
        BIAS: tl.constexpr = 1023
        MBITS: tl.constexpr = 52
        y = x
    else:
        it: tl.constexpr = tl.int32
        BIAS: tl.constexpr = 127
        MBITS: tl.constexpr = 23
        y = x.to(tl.float32)
    sub = (tl.abs(y) < tl.full(y.shape, 1 << MBITS, it).to(y.dtype, bitcast=True)) & (y != 0)
    scaled = tl.where(sub, y * 18446744073709551616.0, y)
    bits = scaled.to(it, bitcast=True)
    e = (((bits >> MBITS) & (2 * BIAS + 1)) - BIAS).to(tl.int32) - tl.where(sub, 64, 0)
    e = tl.where(y == 0, -2147483648, e)
    e = tl.where(tl.abs(y) == float("inf"), 2147483647, e)
    return tl.where(y != y, -2147483648, e)


@jit
def _lgamma_series(z):
    # lgamma(2 + z) for |z| <= 0.5, in fp64: (1 - euler_gamma) z plus
    # sum over k >= 2 of (-1)**k (zeta(k) - 1) / k z**k, the terms below
    # 0.25**k / k (lgamma(1 + z) is this minus log1p(z)).
    s = _horner(z, (0.3224670334241132, -0.0673523010531981, 0.020580808427784546,
                    -0.007385551028673986, 0.0028905103307415234, -0.001192753911703261,
                    0.0005096695247430425, -0.00022315475845357939, 9.945751278180853e-05,
                    -4.492623673813314e-05, 2.050721277567069e-05, -9.439488275268397e-06,
                    4.374866789907488e-06, -2.039215753801366e-06, 9.55141213040742e-07,
                    -4.492469198764566e-07, 2.1207184805554665e-07,
                    -1.0043224823968099e-07, 4.7698101693639804e-08,
                    -2.2711094608943164e-08, 1.0838659214896955e-08,
                    -5.183475041970047e-09, 2.4836745438024785e-09,
                    -1.1921401405860912e-09, 5.731367241678862e-10,
                    -2.7595228851242334e-10))
    return 0.42278433509846713 * z + s * z * z


@jit
def _lgamma_stirling(x):
    # lgamma(x) for x >= 8, in fp64: Stirling's series to the x**-15 term
    # (the first one left out is below 1e-16 there).
    r = 1.0 / x
    s = _horner(r * r, (1.0 / 12.0, -1.0 / 360.0, 1.0 / 1260.0, -1.0 / 1680.0, 1.0 / 1188.0,
                        -691.0 / 360360.0, 1.0 / 156.0, -3617.0 / 122400.0))
    return (x - 0.5) * tl.log(x) - x + 0.91893853320467274 + s * r


@jit
def _lgamma_positive(x):
    # lgamma(x) for x > 0 (fp64): below 8, the series around 1 and 2 (where
    # lgamma has its zeros), reached by lgamma(x) = lgamma(1 + x) - log(x)
    # below 0.5 and by lgamma(x) = lgamma(x - 1) + log(x - 1) above 2.5;
    # Stirling's series from 8.
    y = x
    prod = tl.full(x.shape, 1.0, tl.float64)
    for _ in tl.static_range(6):
        down = (y >= 2.5) & (x < 8.0)
        prod = tl.where(down, prod * (y - 1.0), prod)
        y = tl.where(down, y - 1.0, y)
    near1 = y < 1.5
    z = tl.where(y < 0.5, y, tl.where(near1, y - 1.0, y - 2.0))
    z = tl.where(x < 8.0, z, 0.0)
    series = _lgamma_series(z) - tl.where(near1, tl.extra.libdevice.log1p(z), 0.0)
    series = series + tl.log(tl.where(y < 0.5, 1.0 / tl.where(y < 0.5, y, 1.0), prod))
    return tl.where(x < 8.0, series, _lgamma_stirling(tl.where(x < 8.0, 8.0, x)))


@jit
def _libdevice_lgamma(x):
    # log|gamma(x)|, computed in fp64 for every floating type (so fp32 is
    # correctly rounded but for a rare last-bit tie): positive x directly;
    # x <= 0 by reflection, log(pi / |sin(pi x)|) - lgamma(1 - x), with
    # sin(pi x) from x's distance to the nearest integer (exact), +inf at
    # the poles (0 and the negative integers) and at -inf.
    tl.static_assert(x.dtype.is_floating(), "libdevice.lgamma takes a floating-point argument")
    y = x.to(tl.float64)
    pos = y > 0
    lg = _lgamma_positive(tl.where(pos, y, 1.0 - y))
    r = tl.abs(y - tl.extra.libdevice.rint(y))
    s = tl.sin(3.141592653589793 * tl.where(r == 0, 0.5, r))
    neg = tl.log(3.141592653589793 / s) - lg
    neg = tl.where((r == 0) | (y == float("-inf")), float("inf"), neg)
    res = tl.where(pos, lg, neg)
    res = tl.where(y == float("inf"), float("inf"), res)
    return tl.where(y != y, y, res).to(x.dtype)


@jit
def _libdevice_erfcx(x):
    # The scaled complementary error function exp(x*x) * erfc(x), in fp64
    # for every floating type: below 26 as that product, exp(x*x) from x*x
    # split exactly into a rounded square and its fma remainder; from 26 on
    # (where erfc would lose precision in subnormals) the asymptotic series
    # 1/(x sqrt(pi)) * sum (-1)**k (2k-1)!! / (2x**2)**k, whose eighth term
    # is below 1e-17 there.
    tl.static_assert(x.dtype.is_floating(), "libdevice.erfcx takes a floating-point argument")
    y = x.to(tl.float64)
    small = y < 26.0
    ys = tl.where(small, y, 0.0)
    hi = ys * ys
    lo = tl.fma(ys, ys, -hi)
    direct = tl.exp(hi) * (1.0 + lo) * tl.extra.libdevice.erfc(ys)
    yl = tl.where(small, 26.0, y)
    s = _horner(0.5 / (yl * yl), (1.0, -1.0, 3.0, -15.0, 105.0, -945.0, 10395.0, -135135.0))
    series = 0.5641895835477563 * s / yl
    res = tl.where(small, direct, series)
    return tl.where(y != y, y, res).to(x.dtype)


# --- special registers (triton.language.extra.cuda) -------------------------
# globaltimer() and smid(): inline PTX, as in Triton (NVIDIA targets only).

@jit
def _cuda_globaltimer():
    return tl.inline_asm_elementwise("mov.u64 $0, %globaltimer;", "=l", [],
                                     dtype=tl.int64, is_pure=False, pack=1)


@jit
def _cuda_smid():
    return tl.inline_asm_elementwise("mov.u32 $0, %smid;", "=r", [],
                                     dtype=tl.int32, is_pure=True, pack=1)


# --- grid dependency control (triton.language.extra.cuda) ------------------
# Programmatic dependent launch: gdc_wait blocks until the grids this one
# depends on have finished and their writes are visible; gdc_launch_dependents
# lets the next grid start early. The same inline PTX as Triton's (sm_90 on);
# where a target has no such thing (the host, AMD, NVIDIA before sm_90) the
# backend drops it: without a programmatic launch the stream already orders
# the grids, so both are no-ops there.

@jit
def _cuda_gdc_wait():
    tl.inline_asm_elementwise("griddepcontrol.wait; // dummy $0", "=r", [],
                              dtype=tl.int32, is_pure=False, pack=1)


@jit
def _cuda_gdc_launch_dependents():
    tl.inline_asm_elementwise("griddepcontrol.launch_dependents; // dummy $0", "=r", [],
                              dtype=tl.int32, is_pure=False, pack=1)
