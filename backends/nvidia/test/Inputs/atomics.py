import triton
import triton.language as tl


@triton.jit
def add_no_result(p, x_ptr, SEM: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.atomic_add(p + offs, tl.load(x_ptr + offs), sem=SEM)


@triton.jit
def scalar_cas(lock):
    while tl.atomic_cas(lock, 0, 1) != 0:
        pass
    tl.atomic_xchg(lock, 0, sem="release", scope="cta")
