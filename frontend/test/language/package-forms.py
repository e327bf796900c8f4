# Forms real packages write that Triton 3.6 accepts (issue: frontend III,
# found by compiling FlagGems, flash-linear-attention, lightllm and unsloth
# kernel files): tl.where between pointers, tl.core.get_int_dtype, Python's
# range() with keywords (evaluated and ignored), `X: tl.constexpr =` a
# runtime value (kept as it is), and host functions decorated
# @triton.constexpr_function or @tl.constexpr called on compile-time values.
# DEFINE: %{tc} = tridentc %s --no-locs --emit ttir-raw
# RUN: %{tc} --kernel pick_base --signature '*fp16, *fp16, *fp16, i32, 32' | FileCheck %s --check-prefix=WHERE
# RUN: not %{tc} --kernel pick_mixed --signature '*fp16, *fp32, *fp16, i32, 32' 2>&1 | FileCheck %s --check-prefix=MIXED
# RUN: %{tc} --kernel as_int --signature '*fp16, *i16, 32' | FileCheck %s --check-prefix=INTDT
# RUN: not %{tc} --kernel bad_width --signature '*fp32, 32' 2>&1 | FileCheck %s --check-prefix=BADW
# RUN: %{tc} --kernel range_keywords --signature '*fp32, i32, 1' | FileCheck %s --check-prefix=RANGE
# RUN: %{tc} --kernel runtime_constexpr --signature '*fp32, i32, 16' | FileCheck %s --check-prefix=ANN
# RUN: %{tc} --kernel host_fns --signature '*fp32, *i64, 16' | FileCheck %s --check-prefix=HOSTFN
# RUN: not %{tc} --kernel host_fn_runtime_arg --signature '*fp32, i32' 2>&1 | FileCheck %s --check-prefix=HOSTRT
import triton
import triton.language as tl


@triton.jit
def pick_base(q_ptr, k_ptr, out_ptr, which, BLOCK: tl.constexpr):
    # lightllm's mrope: one of two base pointers, chosen at run time.
    base = tl.where(which == 0, q_ptr, k_ptr)
    offs = tl.arange(0, BLOCK)
    # and a block of pointers chosen element-wise
    ptrs = tl.where(offs < 16, q_ptr + offs, k_ptr + offs)
    tl.store(out_ptr + offs, tl.load(base + offs) + tl.load(ptrs))

# WHERE-LABEL: tt.func public @pick_base
# WHERE: arith.select %{{.*}}, %q_ptr, %k_ptr : !tt.ptr<f16>
# WHERE: arith.select %{{.*}} : tensor<32xi1>, tensor<32x!tt.ptr<f16>>


@triton.jit
def pick_mixed(a_ptr, b_ptr, out_ptr, which, BLOCK: tl.constexpr):
    base = tl.where(which == 0, a_ptr, b_ptr)
    tl.store(out_ptr, tl.load(base))

# MIXED: package-forms.py:[[@LINE-3]]:12: error: tl.where: incompatible operands pointer<fp16> and pointer<fp32>


@triton.jit
def as_int(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    it = tl.core.get_int_dtype(bitwidth=x.dtype.primitive_bitwidth, signed=True)
    ut = tl.core.get_int_dtype(16, False)
    tl.store(out_ptr + offs, x.to(it, bitcast=True) + x.to(ut, bitcast=True).to(it, bitcast=True))

# INTDT-LABEL: tt.func public @as_int
# INTDT: tt.bitcast %x : tensor<32xf16> -> tensor<32xi16>
# INTDT: tt.bitcast %x : tensor<32xf16> -> tensor<32xi16>
# INTDT: arith.addi


@triton.jit
def bad_width(x_ptr, BLOCK: tl.constexpr):
    t = tl.core.get_int_dtype(24, True)
    tl.store(x_ptr, tl.full([BLOCK], 0, t))

# BADW: package-forms.py:[[@LINE-3]]:9: error: Unsupported bitwidth 24 and signedness True


@triton.jit
def range_keywords(x_ptr, n, FLATTEN: tl.constexpr):
    # unsloth's grouped GEMM: keywords of Python's range() are ignored.
    acc = 0.0
    for i in range(n, flatten=FLATTEN, num_stages=2):
        acc += tl.load(x_ptr + i)
    tl.store(x_ptr, acc)

# RANGE-LABEL: tt.func public @range_keywords
# RANGE: scf.for
# RANGE-NOT: tt.num_stages
# RANGE: tt.return


@triton.jit
def runtime_constexpr(x_ptr, tiles, TILE: tl.constexpr):
    # FlagGems' sort: a constexpr annotation on a runtime product.
    SPAN: tl.constexpr = TILE * tiles
    start = tl.program_id(0) * SPAN
    tl.store(x_ptr + start + tl.arange(0, TILE), tl.zeros([TILE], tl.float32))

# ANN-LABEL: tt.func public @runtime_constexpr
# ANN: %SPAN = arith.muli %c16_i32, %tiles : i32
# ANN: arith.muli %{{.*}}, %SPAN : i32


@tl.constexpr
def int_type_of(num_bits: tl.constexpr, signed: tl.constexpr) -> tl.dtype:
    if num_bits == 32:
        return tl.int32 if signed else tl.uint32
    return tl.int64


@triton.constexpr_function
def padded(n):
    p = 1
    while p < n:
        p *= 2
    for i in range(3):
        if i == 2:
            return p
    return 0


@triton.jit
def host_fns(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, padded(BLOCK - 3))
    x = tl.load(x_ptr + offs)
    t = int_type_of(x.dtype.primitive_bitwidth * 2, True)
    tl.store(out_ptr + offs, x.to(t))

# HOSTFN-LABEL: tt.func public @host_fns
# HOSTFN: tt.make_range {end = 16 : i32, start = 0 : i32}
# HOSTFN: arith.fptosi %{{.*}} : tensor<16xf32> to tensor<16xi64>


@triton.jit
def host_fn_runtime_arg(x_ptr, n):
    tl.store(x_ptr, padded(n))

# HOSTRT: package-forms.py:[[@LINE-2]]:21: error: 'padded' (line {{[0-9]+}}) is a constexpr_function: its arguments must be compile-time values, got scalar int32


# unsloth's rms_layernorm: a constexpr parameter before runtime ones. The
# signature may list the runtime parameters only, the constexpr given by -D
# (as Triton's own signature, every parameter in order, works too).
# RUN: %{tc} --kernel interleaved --signature '*fp32, *fp32, i32' -D STRIDE=2 -D BLOCK=16 | FileCheck %s --check-prefix=INTER
# RUN: %{tc} --kernel interleaved --signature '*fp32, 2, *fp32, i32, 16' | FileCheck %s --check-prefix=INTER
# RUN: not %{tc} --kernel interleaved --signature '*fp32, *fp32' -D STRIDE=2 -D BLOCK=16 2>&1 | FileCheck %s --check-prefix=INTERBAD
@triton.jit
def interleaved(Y, STRIDE: tl.constexpr, X, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(Y + offs * STRIDE, tl.load(X + offs, mask=offs < n), mask=offs < n)

# INTER-LABEL: tt.func public @interleaved(%Y: !tt.ptr<f32>, %X: !tt.ptr<f32>, %n: i32)
# INTER: arith.muli %offs, %{{.*}} : tensor<16xi32>
# INTERBAD: error: parameter 'STRIDE' is given both in the signature ('*fp32') and by -D


# flash-linear-attention's attnres: a tuple of tensors as one argument
# (Triton's tuple arguments): its runtime elements are the kernel's
# arguments NAME.0, NAME.1, ..., nested ones NAME.1.0; an element that is
# specialized (`i32:1`) or constant (None, 4) is folded in.
# RUN: %{tc} --kernel sum_of --signature '(*fp32:16, *fp32), *fp32, (i32:1, (None, 4, i32)), 8' | FileCheck %s --check-prefix=TUPLE
# RUN: not %{tc} --kernel sum_of --signature '(*fp32, tensordesc<fp32[8]>), *fp32, (1, (None, 4, 2)), 8' 2>&1 | FileCheck %s --check-prefix=TUPLEDESC
@triton.jit
def sum_of(res, out, extra, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in tl.static_range(len(res)):
        acc += tl.load(res[i] + offs)
    tl.static_assert(extra[1][0] is None)
    scaled = [v * extra[1][1] for v in (acc, acc + extra[0])]
    tl.store(out + offs, scaled[0] + scaled[1] + extra[1][2])

# TUPLE-LABEL: tt.func public @sum_of(%res.0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %res.1: !tt.ptr<f32>, %out: !tt.ptr<f32>, %extra.1.2: i32)
# TUPLE: arith.constant 4.000000e+00 : f32
# TUPLE: arith.sitofp %extra.1.2
# TUPLEDESC: error: signature entry '(*fp32,tensordesc<fp32[8]>)' for parameter 'res': tensor descriptors inside tuples are not supported


# FlagGems' vendor folders: a block pointer's .advance() method (tl.advance
# is a tensor member in Triton 3.6), a scalar indexed [None, :] (a block of
# one: ':' items are not counted against the rank), a module-level list
# comprehension. Every kernel of this file except those expected to fail
# was run through Triton 3.6 on the H200 with the results checked
# (2026-12-05): Triton accepts these forms and refuses those refused here.
# RUN: %{tc} --kernel vendor_forms --signature '*fp32, i32, 16' | FileCheck %s --check-prefix=VENDOR
EPS = [2.220446049250313e-16, 1.1920928955078125e-07]
HALF_EPS = tl.constexpr([-0.5 * x for x in EPS])


@triton.jit
def vendor_forms(x_ptr, n, BLOCK: tl.constexpr):
    bp = tl.make_block_ptr(base=x_ptr, shape=(n, BLOCK), strides=(BLOCK, 1),
                           offsets=(0, 0), block_shape=(BLOCK, BLOCK), order=(1, 0))
    b = tl.load(bp.advance([BLOCK, 0]), boundary_check=(0, 1))
    offs = tl.arange(0, BLOCK)
    v = offs[None, :] * n[None, :] + HALF_EPS[1]
    tl.store(x_ptr + offs[None, :], v + tl.sum(b, axis=0)[None, :])

# VENDOR-LABEL: tt.func public @vendor_forms
# VENDOR: tt.advance
# VENDOR: tt.splat %n : i32 -> tensor<1xi32>
# VENDOR: arith.constant -5.96046448E-8 : f32


# flash-linear-attention's softplus on NVIDIA: tl.inline_asm_elementwise,
# one result or a tuple of them, the arguments broadcast to one shape; the
# text is the target's assembly (PTX here), which the cpu backend refuses.
# RUN: %{tc} --kernel with_asm --signature '*fp32, *fp32, 128' | FileCheck %s --check-prefix=ASM
# RUN: tridentc %s --kernel with_asm --signature '*fp32, *fp32, 128' --target cuda:90 --emit ptx --no-cache -o - | FileCheck %s --check-prefix=ASMPTX
# RUN: not tridentc %s --kernel with_asm --signature '*fp32, *fp32, 128' --target cpu --no-cache -o /dev/null 2>&1 | FileCheck %s --check-prefix=ASMCPU
@triton.jit
def with_asm(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.inline_asm_elementwise(asm="ex2.approx.f32 $0, $1;", constraints="=r,r",
                                  args=[x], dtype=tl.float32, is_pure=True, pack=1)
    a, b = tl.inline_asm_elementwise("mov.b32 $0, $2; mov.b32 $1, $3;", "=r,=r,r,r",
                                     [y, 2.0], (tl.float32, tl.int32), True, 1)
    tl.store(y_ptr + offs, a + b.to(tl.float32, bitcast=True))

# ASM-LABEL: tt.func public @with_asm
# ASM: %y = tt.elementwise_inline_asm "ex2.approx.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<128xf32> -> tensor<128xf32>
# ASM: tt.elementwise_inline_asm "mov.b32 $0, $2; mov.b32 $1, $3;" {{.*}} : tensor<128xf32>, tensor<128xf32> -> tensor<128xf32>, tensor<128xi32>
# ASMPTX: ex2.approx.f32
# ASMCPU: error: inline assembly is not supported by the cpu backend yet
