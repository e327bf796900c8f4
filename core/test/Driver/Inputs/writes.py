# Kernels for written-arguments.test: which pointer arguments each may
# write through.
import triton
import triton.language as tl


@triton.jit
def _store_to(p, v):
    tl.store(p, v)


@triton.jit
def _read_from(p):
    return tl.load(p)


@triton.jit
def through_helpers(src, dst, scratch, n):
    v = _read_from(src)
    _store_to(dst + 1, v)


@triton.jit
def loop_carried(src, dst, lock, n, BLOCK: tl.constexpr):
    p = dst
    q = src
    for i in range(n):
        x = tl.load(q + tl.arange(0, BLOCK))
        tl.store(p + tl.arange(0, BLOCK), x)
        p += BLOCK
        q += BLOCK
    tl.atomic_add(lock, 1)


@triton.jit
def chosen(a, b, out, flag):
    p = a if flag > 0 else b
    tl.store(out, tl.load(p))


@triton.jit
def read_only(a, b):
    tl.device_print("sum", tl.load(a) + tl.load(b))
