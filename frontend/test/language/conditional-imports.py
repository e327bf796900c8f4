# Module-level try/except imports, as packages write them: the first branch
# whose imports all resolve (triton's modules, math, torch, numpy) binds.
# RUN: tridentc %s --kernel uses_rsqrt --signature '*fp32:16' --no-locs | FileCheck %s --check-prefix=RSQRT
# RUN: tridentc %s --kernel uses_fallback --signature '*fp32:16' --no-locs | FileCheck %s --check-prefix=FALLBACK
# RUN: tridentc %s --kernel uses_flag --signature '*fp32:16' --no-locs | FileCheck %s --check-prefix=FLAG
# RUN: not tridentc %s --kernel uses_missing --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=MISSING
import triton

try:
    from triton.language.extra.libdevice import rsqrt
except ModuleNotFoundError:
    from triton.language.math import rsqrt

try:
    from some_package.kernels import fast_exp as exp_impl  # not a module Trident knows
    HAS_FAST = True
except ImportError:
    from triton.language import exp as exp_impl
    HAS_FAST = False
else:
    pass
finally:
    import triton.language as tl

try:
    import apex
    HAS_APEX = True
except ModuleNotFoundError:
    HAS_APEX = False

try:
    from other_package import helper
except ImportError:
    raise


# RSQRT-LABEL: tt.func public @uses_rsqrt
# RSQRT: math.rsqrt
@triton.jit
def uses_rsqrt(x_ptr):
    tl.store(x_ptr, rsqrt(tl.load(x_ptr)))


# FALLBACK-LABEL: tt.func public @uses_fallback
# FALLBACK: math.exp
# FALLBACK-NOT: 2.000000e+00
@triton.jit
def uses_fallback(x_ptr):
    y = exp_impl(tl.load(x_ptr))
    if HAS_FAST:
        y = y * 2.0
    tl.store(x_ptr, y)


# FLAG-LABEL: tt.func public @uses_flag
# FLAG-NOT: 3.000000e+00
@triton.jit
def uses_flag(x_ptr):
    v = tl.load(x_ptr)
    if HAS_APEX:
        v = v * 3.0
    tl.store(x_ptr, v)


# MISSING: conditional-imports.py:[[@LINE+3]]:21: error: 'helper' is imported (line 32) from module 'other_package', which is not found: looked for other_package.py and other_package/__init__.py in {{.*}}language (add the directory that holds it with -I, TRIDENT_PYTHON_PATH or PYTHONPATH)
@triton.jit
def uses_missing(x_ptr):
    tl.store(x_ptr, helper(tl.load(x_ptr)))
