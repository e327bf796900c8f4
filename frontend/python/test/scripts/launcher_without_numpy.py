"""The compiled launcher under an interpreter without numpy or pytest
(test_launcher.py runs it with every other CPython it finds, 3.12 and
later: their launch table memo follows a dict watcher, not the dict's
version tag). Host arrays are ctypes buffers, torch-like or behind
__array_interface__.
Prints one line per check; exits non-zero on a wrong result."""
import ctypes
import gc
import sys

import trident as triton
import trident.language as tl
from trident import _launcher

if _launcher.module() is None:
    sys.exit("no compiled launcher: " + _launcher.why_not())
print("compiled", sys.version.split()[0])


class Arr:
    """A float32 vector behind __array_interface__."""

    def __init__(self, vals, readonly=False):
        self.buf = (ctypes.c_float * len(vals))(*vals)
        self.__array_interface__ = {"data": (ctypes.addressof(self.buf), readonly),
                                    "typestr": "<f4", "shape": (len(vals),), "version": 3}


class TorchLike:
    """A float32 vector in the shape of a torch tensor on the host: the
    protocol the dispatcher's fast path reads (data_ptr, dtype, device,
    get_device, shape, stride)."""

    class _Dtype:
        def __str__(self):
            return "torch.float32"

    class _Device:
        type, index = "cpu", None

    float32 = _Dtype()

    def __init__(self, vals):
        self.buf = (ctypes.c_float * len(vals))(*vals)
        self.dtype, self.device, self.shape = TorchLike.float32, TorchLike._Device(), (len(vals),)

    def data_ptr(self):
        return ctypes.addressof(self.buf)

    def stride(self, dim=None):
        return (1,) if dim is None else 1

    def get_device(self):
        return -1


@triton.jit
def add_one(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    tl.store(y_ptr + o, tl.load(x_ptr + o, mask=m) + 1, mask=m)


x, y = Arr(range(100)), Arr([0.0] * 100)
add_one[(4,)](x, y, 100, BLOCK=32)
assert list(y.buf) == [v + 1.0 for v in range(100)], list(y.buf[:4])
bound = add_one[(4,)]
bound(y, x, 100, BLOCK=32)
assert list(x.buf) == [v + 2.0 for v in range(100)], list(x.buf[:4])
print("launch")
del bound
gc.collect()
try:
    add_one[(4,)](x, Arr([0.0] * 100, readonly=True), 100, BLOCK=32)
    sys.exit("a read-only output was written")
except ValueError as e:
    assert "read-only" in str(e), e
print("read-only refused")


@triton.jit
def plus(x_ptr, out_ptr, n, ADD: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + ADD, mask=offs < n)


src = TorchLike(range(256))


def launch(add):
    out = TorchLike([float("nan")] * 256)
    h = plus[(2,)](src, out, 256, add, BLOCK=128)
    assert list(out.buf) == [v + add for v in range(256)], (add, list(out.buf[:4]))
    assert any(h is k for k in plus.cache.values()), "launched a kernel the table does not hold"
    return h


# The dispatcher remembers the last launch; a cleared table (refilled to
# the same size) must be seen.
launch(1)
a = launch(1)
plus.cache.clear()
launch(2)
assert launch(1) is not a
a = launch(1)
plus.cache.clear()
again = launch(1)
assert again is not a and launch(1) is again
print("cleared table followed")
# The dispatcher took the launches above (after each kernel's first).
assert plus._entry.fallbacks <= 4, plus._entry.fallbacks
