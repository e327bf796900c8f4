"""Kernels in Triton's style for the tests (imported as `triton`)."""
import trident as triton
import trident.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)


@triton.jit
def scale_kernel(x_ptr, out_ptr, n, alpha, flag, BLOCK: tl.constexpr = 128, HAS_BIAS: tl.constexpr = False):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = x * alpha
    if flag:
        y = y + 1.0
    if HAS_BIAS:
        y = y + 100.0
    tl.store(out_ptr + offs, y, mask=m)


@triton.jit
def grid2d_kernel(out_ptr, stride):
    i = tl.program_id(0)
    j = tl.program_id(1)
    tl.store(out_ptr + i * stride + j, i * 1000 + j + tl.num_programs(1) * 0)


@triton.jit
def optional_kernel(x_ptr, bias_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    if bias_ptr is not None:
        x += tl.load(bias_ptr + offs, mask=m)
    tl.store(x_ptr + offs, x, mask=m)


@triton.jit(do_not_specialize=["n"])
def nospec_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + n, mask=offs < n)


@triton.jit
def wide_int_kernel(out_ptr, big):
    tl.store(out_ptr, (big // 1024).to(tl.int64))


@triton.jit
def atomic_sum_kernel(x_ptr, total_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.atomic_add(total_ptr, tl.sum(x, axis=0))


@triton.jit
def increment_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=m) + 1.0, mask=m)
