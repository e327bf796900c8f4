# tl.dot operand checks and reduction/scan axis and combine-function errors.
#
# RUN: not tridentc %s --kernel dot_k_mismatch --signature '*fp16:16, *fp32:16, 32' 2>&1 | FileCheck %s --check-prefix=DOTK
# RUN: not tridentc %s --kernel dot_too_small --signature '*fp16:16, *fp32:16, 8' 2>&1 | FileCheck %s --check-prefix=DOTSMALL
# RUN: not tridentc %s --kernel dot_dtype_mismatch --signature '*fp16:16, *fp32:16, 32' 2>&1 | FileCheck %s --check-prefix=DOTDTYPE
# RUN: not tridentc %s --kernel dot_1d --signature '*fp16:16, *fp32:16, 32' 2>&1 | FileCheck %s --check-prefix=DOT1D
# RUN: not tridentc %s --kernel dot_bad_acc --signature '*fp16:16, *fp32:16, 32' 2>&1 | FileCheck %s --check-prefix=DOTACC
# RUN: not tridentc %s --kernel dot_bad_precision --signature '*fp32:16, *fp32:16, 32' 2>&1 | FileCheck %s --check-prefix=DOTPREC
# RUN: not tridentc %s --kernel sum_bad_axis --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=SUMAXIS
# RUN: not tridentc %s --kernel max_negative_axis --signature '*fp32:16, 16' 2>&1 | FileCheck %s --check-prefix=MAXAXIS
# RUN: not tridentc %s --kernel reduce_plain_combine --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=COMBINE
# RUN: not tridentc %s --kernel cumsum_bad_axis --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=CUMSUM
# RUN: not tridentc %s --kernel reduce_combine_arity --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=ARITY

import triton
import triton.language as tl


def plain_add(a, b):
    return a + b


@triton.jit
def add3(a, b, c):
    return a + b + c


@triton.jit
def dot_k_mismatch(a_ptr, c_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    r2 = tl.arange(0, 2 * BLOCK)
    a = tl.load(a_ptr + r[:, None] * BLOCK + r[None, :])
    b = tl.load(a_ptr + r2[:, None] * BLOCK + r[None, :])
    # DOTK: errors{{/|\\}}dot_reduce.py:[[@LINE+2]]:9: error: First input shape (<[32, 32], fp16>) and second input shape <[64, 32], fp16> are not compatible for matmul (second index of first shape (32) must be equal to first index of second shape (64){{$}}
    # DOTK-NEXT: c = tl.dot(a, b)
    c = tl.dot(a, b)
    tl.store(c_ptr + r[:, None] * BLOCK + r[None, :], c)


@triton.jit
def dot_too_small(a_ptr, c_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + r[:, None] * BLOCK + r[None, :])
    # DOTSMALL: errors{{/|\\}}dot_reduce.py:[[@LINE+2]]:9: error: Input shapes should have M >= 16, N >= 16 and K >= 16 (got M=8, N=8, K=8){{$}}
    # DOTSMALL-NEXT: c = tl.dot(a, a)
    c = tl.dot(a, a)
    tl.store(c_ptr + r[:, None] * BLOCK + r[None, :], c)


@triton.jit
def dot_dtype_mismatch(a_ptr, c_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + r[:, None] * BLOCK + r[None, :])
    b = tl.load(c_ptr + r[:, None] * BLOCK + r[None, :])
    # DOTDTYPE: errors{{/|\\}}dot_reduce.py:[[@LINE+2]]:9: error: Both operands must be same dtype. Got fp16 and fp32{{$}}
    # DOTDTYPE-NEXT: c = tl.dot(a, b)
    c = tl.dot(a, b)
    tl.store(c_ptr + r[:, None] * BLOCK + r[None, :], c)


@triton.jit
def dot_1d(a_ptr, c_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + r)
    # DOT1D: errors{{/|\\}}dot_reduce.py:[[@LINE+2]]:9: error: Both inputs must be either 2D or 3D; (lhs: <[32], fp16> vs rhs: <[32], fp16>){{$}}
    # DOT1D-NEXT: c = tl.dot(a, a)
    c = tl.dot(a, a)
    tl.store(c_ptr, c)


@triton.jit
def dot_bad_acc(a_ptr, c_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + r[:, None] * BLOCK + r[None, :])
    acc = tl.zeros((BLOCK, 2 * BLOCK), dtype=tl.float32)
    # DOTACC: errors{{/|\\}}dot_reduce.py:[[@LINE+2]]:9: error: acc of tl.dot must be <[32, 32], fp32>, got <[32, 64], fp32>{{$}}
    # DOTACC-NEXT: c = tl.dot(a, a, acc)
    c = tl.dot(a, a, acc)
    tl.store(c_ptr + r[:, None] * BLOCK + r[None, :], c)


@triton.jit
def dot_bad_precision(a_ptr, c_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + r[:, None] * BLOCK + r[None, :])
    # DOTPREC: errors{{/|\\}}dot_reduce.py:[[@LINE+2]]:9: error: input_precision must be one of tf32, tf32x3, ieee, bf16x3, bf16x6; got 'tf64'{{$}}
    # DOTPREC-NEXT: c = tl.dot(a, a, input_precision="tf64")
    c = tl.dot(a, a, input_precision="tf64")
    tl.store(c_ptr + r[:, None] * BLOCK + r[None, :], c)


@triton.jit
def sum_bad_axis(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # SUMAXIS: errors{{/|\\}}dot_reduce.py:[[@LINE+2]]:21: error: invalid axis 1. Expected -1 <= axis < 1{{$}}
    # SUMAXIS-NEXT: tl.store(x_ptr, tl.sum(x, axis=1))
    tl.store(x_ptr, tl.sum(x, axis=1))


@triton.jit
def max_negative_axis(x_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + r[:, None] * BLOCK + r[None, :])
    # MAXAXIS: errors{{/|\\}}dot_reduce.py:[[@LINE+2]]:25: error: invalid axis -3. Expected -2 <= axis < 2{{$}}
    # MAXAXIS-NEXT: tl.store(x_ptr + r, tl.max(x, axis=-3))
    tl.store(x_ptr + r, tl.max(x, axis=-3))


@triton.jit
def reduce_plain_combine(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # COMBINE: errors{{/|\\}}dot_reduce.py:[[@LINE+2]]:21: error: 'plain_add' is not a @jit function; @jit functions can only call other @jit functions and triton.language builtins{{$}}
    # COMBINE-NEXT: tl.store(x_ptr, tl.reduce(x, 0, plain_add))
    tl.store(x_ptr, tl.reduce(x, 0, plain_add))


@triton.jit
def cumsum_bad_axis(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # CUMSUM: errors{{/|\\}}dot_reduce.py:[[@LINE+2]]:28: error: invalid axis 1. Expected -1 <= axis < 1{{$}}
    # CUMSUM-NEXT: tl.store(x_ptr + offs, tl.cumsum(x, axis=1))
    tl.store(x_ptr + offs, tl.cumsum(x, axis=1))


@triton.jit
def reduce_combine_arity(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # ARITY: errors{{/|\\}}dot_reduce.py:[[@LINE+2]]:21: error: add3() missing required argument: 'c'{{$}}
    # ARITY-NEXT: tl.store(x_ptr, tl.reduce(x, 0, add3))
    tl.store(x_ptr, tl.reduce(x, 0, add3))
