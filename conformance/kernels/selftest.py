# Kernels for the harness's own test: each is wrong on purpose, and the
# harness must report the case as failed (see cases/SelfTest.cpp).
import triton
import triton.language as tl


@triton.jit
def off_by_one(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) + tl.load(y_ptr + offs, mask=m) + 1, mask=m)


@triton.jit
def skips_last(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n - 1  # never writes the last element
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m), mask=m)


@triton.jit
def correct_add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) + tl.load(y_ptr + offs, mask=m), mask=m)


@triton.jit
def skips_last_nan(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # The last element's expected value is a NaN; it is never written.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n - 1
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m), mask=m)


@triton.jit
def clobbers_input(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(out_ptr + offs, x, mask=m)
    tl.store(x_ptr + offs, x * 0.5, mask=offs == 7)
