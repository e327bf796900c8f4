# `.value` of a tl.constexpr parameter inside a @jit helper (FlagGems'
# `dtype_ = dtype.value; if dtype_.is_floating(): ...`): Triton's constexpr
# unwraps to its value; Trident's compile-time values are the value.
# RUN: tridentc %s --kernel fill_float --signature '*fp32, 64' --no-locs | FileCheck %s --check-prefix=FLOAT
# RUN: tridentc %s --kernel fill_int --signature '*i32, 64' --no-locs | FileCheck %s --check-prefix=INT
# FLOAT-LABEL: tt.func public @fill_float
# FLOAT: arith.constant dense<1.500000e+00> : tensor<64xf32>
# INT-LABEL: tt.func public @fill_int
# INT: arith.constant dense<6> : tensor<64xi32>
import triton
import triton.language as tl


@triton.jit
def _fill(p, dtype: tl.constexpr, BLOCK: tl.constexpr, SCALE: tl.constexpr):
    dtype_ = dtype.value
    scale = SCALE.value
    if dtype_.is_floating():
        v = tl.full((BLOCK,), 1.5, dtype_)
    else:
        v = tl.full((BLOCK,), 2 * scale, dtype_)
    tl.store(p + tl.arange(0, BLOCK), v)


@triton.jit
def fill_float(x_ptr, BLOCK: tl.constexpr):
    _fill(x_ptr, tl.float32, BLOCK, 1)


@triton.jit
def fill_int(x_ptr, BLOCK: tl.constexpr):
    _fill(x_ptr, tl.int32, BLOCK, 3)
