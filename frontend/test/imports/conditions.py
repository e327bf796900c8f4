# Module-level `if` blocks are decided without running Python: version
# checks on triton hold as for Triton 3.6, constants are read, typing's
# TYPE_CHECKING is False, `__name__ == "__main__"` is false; a condition
# that cannot be decided keeps the names its clauses bind alike.
# DEFINE: %{tc} = tridentc %s --signature '*i32' --no-locs
# RUN: %{tc} --kernel values | FileCheck %s --check-prefix=VALUES
# RUN: env TRIDENT_TEST_FLAG=1 %{tc} --kernel env_flag | FileCheck %s --check-prefix=FLAG1
# RUN: env -u TRIDENT_TEST_FLAG %{tc} --kernel env_flag | FileCheck %s --check-prefix=FLAG0
# RUN: %{tc} --kernel guarded | FileCheck %s --check-prefix=GUARDED
# RUN: not %{tc} --kernel differs 2>&1 | FileCheck %s --check-prefix=DIFFERS
# RUN: not %{tc} --kernel main_only 2>&1 | FileCheck %s --check-prefix=MAIN
# RUN: not %{tc} --kernel typing_only 2>&1 | FileCheck %s --check-prefix=TYPING
# RUN: env TRIDENT_TEST_FLAG=Yes %{tc} --kernel evaluated | FileCheck %s --check-prefix=EVAL
import importlib.metadata
import operator
import os
from typing import TYPE_CHECKING

import torch
from packaging import version

try:
    import triton
    import triton.language as tl
    HAS_TRITON = True
except ImportError:
    HAS_TRITON = False

if TYPE_CHECKING:
    from typing_only_module import TypingOnly

if triton.__version__ >= "3.0":
    V1 = tl.constexpr(1)
else:
    V1 = tl.constexpr(0)

if version.parse(triton.__version__) < version.parse("3.2"):
    V2 = tl.constexpr(1)
elif version.parse(triton.__version__) < version.parse("3.7.0"):
    V2 = tl.constexpr(2)
else:
    V2 = tl.constexpr(3)

if triton.__version__.startswith("2."):
    V3 = tl.constexpr(2)
elif version.parse(triton.__version__).major >= 3 and not False:
    V3 = tl.constexpr(3)

if importlib.metadata.version("triton") == "3.6.0":
    V4 = tl.constexpr(4)

if torch.cuda.is_available():
    V5 = tl.constexpr(5)  # bound by the only clause that binds it

X = tl.constexpr(1)
if torch.cuda.is_available():
    X = tl.constexpr(2)  # X is 1 or 2: not usable

# The environment is read as Python reads it at import time.
if os.environ.get("TRIDENT_TEST_FLAG", "0").strip().lower() in ("1", "true"):
    ENV_FLAG = tl.constexpr(1)
elif "TRIDENT_TEST_FLAG" in os.environ:
    ENV_FLAG = tl.constexpr(2)
else:
    ENV_FLAG = tl.constexpr(0)

if __name__ == "__main__":
    MAIN_ONLY = 7

if HAS_TRITON:
    try:
        from triton.language.extra.libdevice import tanh
    except ImportError:
        from triton.language.math import tanh

    @triton.jit
    def guarded(out_ptr):
        tl.store(out_ptr, tanh(tl.load(out_ptr).to(tl.float32)).to(tl.int32))


@triton.jit
def values(out_ptr):
    tl.store(out_ptr + 0, V1)
    tl.store(out_ptr + 1, V2 * 10)
    tl.store(out_ptr + 2, V3 * 100)
    tl.store(out_ptr + 3, V4 * 1000)
    tl.store(out_ptr + 4, V5 * 10000)


@triton.jit
def env_flag(out_ptr):
    tl.store(out_ptr, ENV_FLAG)


@triton.jit
def differs(out_ptr):
    tl.store(out_ptr, X)


@triton.jit
def main_only(out_ptr):
    tl.store(out_ptr, MAIN_ONLY)


@triton.jit
def typing_only(out_ptr):
    tl.store(out_ptr, TypingOnly)

# VALUES-LABEL: tt.func public @values
# VALUES: tt.store %out_ptr, %c1_i32
# VALUES: tt.store %{{[0-9]+}}, %c20_i32
# VALUES: tt.store %{{[0-9]+}}, %c300_i32
# VALUES: tt.store %{{[0-9]+}}, %c4000_i32
# VALUES: tt.store %{{[0-9]+}}, %c50000_i32
# FLAG1: tt.store %out_ptr, %c1_i32
# FLAG0: tt.store %out_ptr, %c0_i32 :
# GUARDED-LABEL: tt.func public @guarded
# GUARDED: math.tanh
# DIFFERS: conditions.py:[[@LINE-22]]:23: error: module-level 'X' (line 57) is used by a @jit function but its value cannot be evaluated at compile time: it is bound differently by the clauses of the module-level 'if' at line 56, whose condition Trident cannot decide without running Python
# MAIN: conditions.py:[[@LINE-18]]:23: error: name 'MAIN_ONLY' is not defined
# TYPING: conditions.py:[[@LINE-14]]:23: error: name 'TypingOnly' is not defined


# liger-kernel's pattern: an undecidable condition (a host function of the
# package) whose clauses import the same triton function from two modules.
def is_npu_available():
    return False


def compare_version(package, op, target):
    return op(version.parse(importlib.metadata.version(package)), version.parse(target))


if compare_version("triton", operator.ge, "3.0.0") and not is_npu_available():
    try:
        from triton.language.extra.libdevice import rsqrt
    except ModuleNotFoundError:
        from triton.language.extra.cuda.libdevice import rsqrt
    tanh_fn = tl.extra.libdevice.tanh
else:
    from triton.language.math import rsqrt
    tanh_fn = tl.math.tanh


@triton.jit
def liger_style(out_ptr):
    x = tl.load(out_ptr).to(tl.float32)
    tl.store(out_ptr, (rsqrt(x) + tanh_fn(x)).to(tl.int32))

# RUN: %{tc} --kernel liger_style | FileCheck %s --check-prefix=LIGER
# LIGER: math.rsqrt
# LIGER: math.tanh


# Conditions and values are evaluated by one evaluator (the code
# generator's, over the names bound so far), with Python's semantics:
# `triton.__version__` is a str, so ">= '3.10'" compares text ('6' > '1');
# a parsed version compares by release; `and` stays three-valued over what
# cannot be evaluated (a host function of the package).
_TV = version.parse(triton.__version__)
if triton.__version__ >= "3.10" and _TV < version.parse("3.10"):
    E1 = tl.constexpr(1)
else:
    E1 = tl.constexpr(0)
if is_npu_available() and False:
    E2 = tl.constexpr(0)
else:
    E2 = tl.constexpr(2)
if _TV.release >= (3, 6) and os.environ["TRIDENT_TEST_FLAG"].lower().startswith("y"):
    E3 = tl.constexpr(3)
# The same subset in module-level values the kernel uses.
E4 = tl.constexpr(4 if "TRIDENT_TEST_FLAG" in os.environ else 0)
E5 = int(os.getenv("TRIDENT_TEST_UNSET_VARIABLE", " 5 "))


@triton.jit
def evaluated(out_ptr):
    tl.store(out_ptr + 0, E1)
    tl.store(out_ptr + 1, E2 * 10)
    tl.store(out_ptr + 2, E3 * 100)
    tl.store(out_ptr + 3, E4 * 1000)
    tl.store(out_ptr + 4, E5 * 10000)

# EVAL-LABEL: tt.func public @evaluated
# EVAL: tt.store %out_ptr, %c1_i32
# EVAL: tt.store %{{[0-9]+}}, %c20_i32
# EVAL: tt.store %{{[0-9]+}}, %c300_i32
# EVAL: tt.store %{{[0-9]+}}, %c4000_i32
# EVAL: tt.store %{{[0-9]+}}, %c50000_i32
