# Control flow: loops with carried values, if/else, while, static_range,
# helper calls (inlined and noinline), early return; Philox random numbers.
# (The layer norm forward tutorial's case, tutorial/layer_norm_forward, runs
# layer_norm.py's kernel.)
import triton
import triton.language as tl
from triton.language.extra.cuda import gdc_wait


@triton.jit
def _poly(x, c0, c1, c2):
    return c0 + x * (c1 + x * c2)


@triton.jit
def _stats(x):
    return tl.min(x, axis=0), tl.max(x, axis=0), tl.sum(x, axis=0)


@triton.jit(noinline=True)
def _square(x):
    return x * x


@triton.jit
def loops(x_ptr, out_ptr, n, BLOCK: tl.constexpr, STEPS: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for i in range(STEPS):                      # scf.for, carried acc
        acc = acc * 0.5 + x * i
    for j in tl.static_range(3):                # unrolled
        acc += j
    k = 0
    while k < 4:                                # scf.while
        acc = acc + 1.0
        k += 1
    if tl.program_id(0) % 2 == 0:               # scf.if merging acc
        acc = acc * 2.0
    else:
        acc = acc - 1.0
    acc = _poly(acc, 1.0, 0.5, 0.25)            # inlined helper
    # tt.call: Triton passes only scalars to noinline functions.
    acc = acc + _square(tl.program_id(0).to(tl.float32) + 0.5)
    tl.store(out_ptr + offs, acc, mask=m)


@triton.jit
def early_exit(x_ptr, out_ptr, n, LIMIT, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    if pid * BLOCK >= LIMIT:
        return                                  # programs past LIMIT do nothing
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    lo, hi, s = _stats(tl.load(x_ptr + offs, mask=m, other=0.0))
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) + (hi - lo) + s * 0.0, mask=m)


@triton.jit
def philox(out_ptr, rnd_ptr, seed, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.randint(seed, offs), mask=m)
    tl.store(rnd_ptr + offs, tl.rand(seed, offs), mask=m)


@triton.jit
def print_assert(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Prints a small tensor and a scalar, asserts what holds, and computes.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    tl.device_assert(tl.abs(x) <= 8.0, "inputs are in [-8, 8]")
    if tl.program_id(0) == 0:
        tl.device_print("first values", x)
        tl.device_print("n", n)
    tl.store(out_ptr + offs, x * 2.0, mask=m)


@triton.jit
def assumed(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    tl.assume(pid >= 0)                         # hints only: the same result
    tl.assume(n > 0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) * 2.0, mask=m)


@triton.jit
def grid_dependency(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Programmatic dependent launch's waits (Triton's PDL kernels): on sm_90
    # griddepcontrol, elsewhere nothing; the result is the same.
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    gdc_wait()
    x = tl.load(x_ptr + offs, mask=m)
    tl.extra.cuda.gdc_launch_dependents()
    tl.store(out_ptr + offs, x * 2.0 + 1.0, mask=m)
