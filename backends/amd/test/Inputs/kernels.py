# Small kernels for the AMD backend's tests: device printf and assertions,
# atomics with and without a result, a compare-and-swap lock.
import triton
import triton.language as tl


@triton.jit
def print_kernel(x_ptr, n, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.device_print("x = ", x, n)


@triton.jit
def assert_kernel(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.device_assert(x > 0, "x must be positive")


@triton.jit
def atomic_kernel(p, old_ptr, x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.atomic_add(p + offs, x, mask=mask, sem="relaxed")
    old = tl.atomic_max(p + BLOCK + offs, x, mask=mask, sem="acq_rel", scope="cta")
    tl.store(old_ptr + offs, old, mask=mask)


@triton.jit
def lock_kernel(lock):
    while tl.atomic_cas(lock, 0, 1) != 0:
        pass
    tl.atomic_xchg(lock, 0, sem="release", scope="gpu")


@triton.jit
def grid_kernel(out):
    pid = tl.program_id(0) + tl.program_id(1) * tl.num_programs(0)
    tl.store(out + pid, pid)


@triton.jit
def gather_kernel(out, x, idx, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    i = tl.load(idx + offs)
    tl.store(out + offs, tl.load(x + i))
