# Elementwise kernels of the conformance suite: one kernel per shape of
# operation, the operation chosen by a constexpr string, so that each case
# is a (kernel, signature, OP) triple. Masked to n, BLOCK elements per
# program.
import triton
import triton.language as tl


@triton.jit
def binary(x_ptr, y_ptr, out_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    if OP == "add":
        r = x + y
    elif OP == "sub":
        r = x - y
    elif OP == "mul":
        r = x * y
    elif OP == "div":
        r = x / y
    elif OP == "floordiv":
        r = x // y
    elif OP == "mod":
        r = x % y
    elif OP == "maximum":
        r = tl.maximum(x, y)
    elif OP == "minimum":
        r = tl.minimum(x, y)
    elif OP == "and":
        r = x & y
    elif OP == "or":
        r = x | y
    elif OP == "xor":
        r = x ^ y
    elif OP == "shl":
        r = x << y
    elif OP == "shr":
        r = x >> y
    else:
        tl.static_assert(False, "unknown OP")
    tl.store(out_ptr + offs, r, mask=m)


@triton.jit
def scalar_binary(x_ptr, out_ptr, n, s, OP: tl.constexpr, BLOCK: tl.constexpr):
    # A runtime scalar mixed with a tensor.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    if OP == "add":
        r = x + s
    elif OP == "mul":
        r = x * s
    elif OP == "literal":
        r = x * 3 + 1
    else:
        r = s - x
    tl.store(out_ptr + offs, r, mask=m)


@triton.jit
def unary(x_ptr, out_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    if OP == "exp":
        r = tl.exp(x)
    elif OP == "exp2":
        r = tl.exp2(x)
    elif OP == "log":
        r = tl.log(x)
    elif OP == "log2":
        r = tl.log2(x)
    elif OP == "sqrt":
        r = tl.sqrt(x)
    elif OP == "sqrt_rn":
        r = tl.sqrt_rn(x)
    elif OP == "rsqrt":
        r = tl.rsqrt(x)
    elif OP == "sin":
        r = tl.sin(x)
    elif OP == "cos":
        r = tl.cos(x)
    elif OP == "abs":
        r = tl.abs(x)
    elif OP == "floor":
        r = tl.floor(x)
    elif OP == "ceil":
        r = tl.ceil(x)
    elif OP == "erf":
        r = tl.erf(x)
    elif OP == "sigmoid":
        r = tl.sigmoid(x)
    elif OP == "neg":
        r = -x
    elif OP == "invert":
        r = ~x
    elif OP == "fma":
        r = tl.fma(x, x, x)
    elif OP == "clamp":
        r = tl.clamp(x, -1.0, 1.0)
    elif OP == "tanh":
        r = tl.extra.cuda.libdevice.tanh(x)
    elif OP == "lgamma":
        r = tl.extra.cuda.libdevice.lgamma(x)
    elif OP == "erfinv":
        r = tl.extra.cuda.libdevice.erfinv(x)
    elif OP == "erfcx":
        r = tl.extra.cuda.libdevice.erfcx(x)
    else:
        tl.static_assert(False, "unknown OP")
    tl.store(out_ptr + offs, r, mask=m)


@triton.jit
def compare(x_ptr, y_ptr, out_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    if OP == "lt":
        r = x < y
    elif OP == "le":
        r = x <= y
    elif OP == "gt":
        r = x > y
    elif OP == "ge":
        r = x >= y
    elif OP == "eq":
        r = x == y
    else:
        r = x != y
    tl.store(out_ptr + offs, r, mask=m)


@triton.jit
def cast(x_ptr, out_ptr, n, BITCAST: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    r = x.to(out_ptr.dtype.element_ty, bitcast=BITCAST)
    tl.store(out_ptr + offs, r, mask=m)


@triton.jit
def round_trip(x_ptr, out_ptr, n, MID: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(out_ptr + offs, x.to(MID).to(x.dtype), mask=m)


@triton.jit
def where_other(x_ptr, y_ptr, out_ptr, n, LIMIT, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    # Masked loads read `other` past n and where x is large.
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=-7.0)
    y = tl.load(y_ptr + offs, mask=m & (offs % 3 != 0), other=0.5)
    r = tl.where(x > LIMIT, x, y)
    tl.store(out_ptr + offs, r, mask=offs < n)


@triton.jit
def cast_rtz(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # A truncating float conversion rounding toward zero.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    r = x.to(out_ptr.dtype.element_ty, fp_downcast_rounding="rtz")
    tl.store(out_ptr + offs, r, mask=m)
