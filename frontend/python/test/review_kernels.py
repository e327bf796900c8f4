"""Kernels for the regression tests of review findings."""
import trident as triton
import trident.language as tl


@triton.jit
def fill_kernel(out_ptr, value, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.full((BLOCK,), 0, tl.float32) + value, mask=offs < n)


@triton.jit
def scaled_int_kernel(out_ptr, C: tl.constexpr):
    offs = tl.arange(0, 4)
    tl.store(out_ptr + offs, (tl.full((4,), 16777217, tl.int32) * C).to(tl.float64))


@triton.jit
def wide_kernel(out_ptr, n: tl.int64):
    tl.store(out_ptr, n * 1000000)


@triton.jit
def odd_names_kernel(out_ptr, callable, tuple, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.full((BLOCK,), 0, tl.int32) + callable * 10 + tuple)


@triton.jit(do_not_specialize=["x_ptr", "n"])
def dns_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1.0, mask=offs < n)


@triton.jit
def maybe_zero_kernel(x_ptr, other_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=m) + 1.0, mask=m)
