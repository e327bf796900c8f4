# A kernel module of the package, reaching its helpers the ways packages do.
import operator

import torch
import triton
import triton.language as tl

import kpkg.utils
from .. import lang_ext as tle
from ..utils import exp2_scaled, exp2
from kpkg import constants as C
from kpkg.constants import NEG_INF, INT_MAX, BLOCK_DEFAULT
from kpkg.decorators import libentry, pointwise_jit, compare_version

try:
    from triton.language.extra.libdevice import rsqrt
except ModuleNotFoundError:
    from triton.language.math import rsqrt

try:
    from kpkg.fast_path import fast_exp  # not in the package
    HAS_FAST = True
except ImportError:
    HAS_FAST = False

if compare_version("triton", operator.ge, "3.0.0"):
    from triton.language.extra import libdevice as ld
else:
    from triton.language import math as ld

if triton.__version__ >= "3.7":
    VERSION_PATH = tl.constexpr(2)
else:
    VERSION_PATH = tl.constexpr(1)

if torch.cuda.is_available():
    ROWS = tl.constexpr(4)
else:
    ROWS = tl.constexpr(4)

if torch.cuda.is_available():
    MODE = tl.constexpr(1)
else:
    MODE = tl.constexpr(2)

if not HAS_FAST:
    @triton.jit
    def maybe_fast(x):
        return ld.exp(x)


@triton.jit
def rms_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tle.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    r = rsqrt(tl.sum(x * x, axis=0) / BLOCK + 1e-6)
    y = exp2_scaled(x * r) + exp2(x) + kpkg.utils.exp2(x) * C.SCALE
    y = tl.maximum(y, NEG_INF) + maybe_fast(x)
    tl.store(y_ptr + offs, y, mask=mask)


@triton.jit
def constants_kernel(out_ptr):
    tl.store(out_ptr + 0, INT_MAX)
    tl.store(out_ptr + 1, VERSION_PATH)
    tl.store(out_ptr + 2, ROWS)
    tl.store(out_ptr + 3, BLOCK_DEFAULT)
    tl.store(out_ptr + 4, HAS_FAST)


@libentry()
def entry_kernel(x_ptr):
    tl.store(x_ptr, tl.load(x_ptr) * 2.0)


@pointwise_jit
def pointwise_kernel(x_ptr):
    tl.store(x_ptr, tl.load(x_ptr) + 1.0)


def _made(x_ptr):
    tl.store(x_ptr, tl.load(x_ptr) - 1.0)


made_kernel = pointwise_jit(_made)


@triton.jit
def mode_kernel(out_ptr):
    tl.store(out_ptr, MODE)
