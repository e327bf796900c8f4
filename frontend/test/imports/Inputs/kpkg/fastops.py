# As flash-linear-attention's ops/utils/op.py: aliases of tl and libdevice
# functions chosen by an environment variable and a version check.
import os

import triton
import triton.language as tl
import triton.language.extra.libdevice as tldevice
from packaging.version import Version

if os.environ.get("KPKG_FAST_OPS", "0") == "1":
    exp = tldevice.fast_expf
    div = tldevice.fast_dividef
else:
    exp = tl.exp

    @triton.jit
    def div_normal(x, y):
        return x / y

    div = div_normal

if Version(triton.__version__) >= Version("3.0.0"):
    from triton.language.extra import libdevice
    tanh = libdevice.tanh
else:
    tanh = tl.math.tanh
