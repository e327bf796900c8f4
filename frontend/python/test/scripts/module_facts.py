# Run through `python -m trident` (test_module_facts.py): kernels whose
# module-level names the interpreter decides -- a module bound by a package
# function, a decorator bound to triton.jit by assignment, libdevice under a
# version and backend guard -- compile and compute what they should.
import os
import sys

import numpy as np

INPUTS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "test", "imports", "Inputs")
sys.path.insert(0, os.path.abspath(INPUTS))

from shimpkg.ops import rsqrt_kernel, tl_extra_shim  # noqa: E402
from shimpkg.aliased import aliased_kernel  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

x = np.linspace(0.5, 4.0, 100).astype(np.float32)
out = np.zeros(100, np.float32)
rsqrt_kernel[(2,)](x, out, 100, BLOCK=64)
np.testing.assert_allclose(out, 1 / np.sqrt(x), rtol=1e-6)
print("module bound by a function:", tl_extra_shim.__name__)

y = np.arange(16, dtype=np.float32)
aliased_kernel[(1,)](y)
np.testing.assert_allclose(y, np.arange(16) * 3.0)
print("decorator aliases: ok")

HAS_CUDA_BACKEND = os.environ.get("NO_SUCH_BACKEND") is None
if triton.__version__ >= "3.0" and HAS_CUDA_BACKEND:
    from triton.language.extra import libdevice
else:
    from triton.language.math import libdevice
fast_tanh = libdevice.tanh


@triton.jit
def tanh_kernel(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, fast_tanh(tl.load(x_ptr + offs)))


z = np.linspace(-2, 2, 32).astype(np.float32)
want = np.tanh(z)
tanh_kernel[(1,)](z, BLOCK=32)
np.testing.assert_allclose(z, want, rtol=1e-5, atol=1e-6)
print("guarded libdevice: ok")

# A constant the file computes by a call: the compiler's static reader
# cannot evaluate it (`tridentc` says so and offers -D); under Python the
# interpreter's value is used.
SCALE = int(os.environ.get("TRIDENT_TEST_SCALE", "3"))
RATE = float(os.environ.get("TRIDENT_TEST_RATE", "0.5"))


@triton.jit
def scale_kernel(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * SCALE + RATE)


w = np.ones(16, dtype=np.float32)
scale_kernel[(1,)](w, BLOCK=16)
np.testing.assert_allclose(w, np.full(16, 3.5, np.float32))
print("constants computed by a call: ok")

# A helper chosen by a module-level `if` on a flag the package computes by
# a host function (flash-linear-attention's `if IS_NVIDIA:`): the compiler
# names the flag, and the package gives it the interpreter's value, in the
# kernel's own module and in a module it imports.
from shimpkg.activations import act, act_kernel  # noqa: E402


@triton.jit
def uses_act(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, act(tl.load(x_ptr + offs)) + 1.0)


a = np.ones(16, dtype=np.float32)
act_kernel[(1,)](a, BLOCK=16)
b = np.ones(16, dtype=np.float32)
uses_act[(1,)](b, BLOCK=16)
np.testing.assert_allclose(a, np.full(16, 2.0, np.float32))
np.testing.assert_allclose(b, np.full(16, 3.0, np.float32))
print("flags decided by the interpreter: ok")

# The same for values computed by host functions in an imported module:
# a triton.language module, an int and a string, each given in its round.
from shimpkg.computed import tl_extra, FACTOR, SUFFIX  # noqa: E402


@triton.jit
def computed_kernel(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.static_assert(SUFFIX == "zzz")
    tl.store(x_ptr + offs, tl_extra.rsqrt(tl.load(x_ptr + offs)) * FACTOR)


c = np.full(16, 4.0, dtype=np.float32)
computed_kernel[(1,)](c, BLOCK=16)
np.testing.assert_allclose(c, np.full(16, 2.0, np.float32))
print("imported values computed by host functions: ok")
