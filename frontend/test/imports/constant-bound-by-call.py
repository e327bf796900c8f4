# A module-level constant the file computes by a call (`SCALE =
# int(os.environ.get(...))`) cannot be read without running Python:
# tridentc names it, where it is bound and what to do; `-D SCALE=3` binds
# it (an int, float, True or False), and a value that is no such literal
# is refused. Under the Python package the interpreter's value is used
# (frontend/python/test: a constant computed by a call).
# RUN: not tridentc %s --kernel scaled --signature '*fp32, i32, 64' --no-locs 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# UNKNOWN: constant-bound-by-call.py:[[# @LINE+21]]:32: error: module-level 'SCALE' (line [[# @LINE+14]]) cannot be evaluated
# UNKNOWN-SAME: a compile-time constant can be given with -D SCALE=VALUE
# RUN: tridentc %s --kernel scaled --signature '*fp32, i32, 64' --no-locs -D SCALE=3 | FileCheck %s --check-prefix=DEFINED
# DEFINED: arith.constant dense<3.000000e+00> : tensor<64xf32>
# DEFINED: arith.mulf
# RUN: tridentc %s --kernel scaled --signature '*fp32, i32, 64' --no-locs -D SCALE=0.5 | FileCheck %s --check-prefix=FLOAT
# FLOAT: arith.constant dense<5.000000e-01> : tensor<64xf32>
# RUN: not tridentc %s --kernel scaled --signature '*fp32, i32, 64' --no-locs -D SCALE=abc 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: error: -D SCALE=abc: a module-level name takes a Python int, float, True or False
import os

import triton
import triton.language as tl

SCALE = int(os.environ.get("TRIDENT_TEST_SCALE", "2"))


@triton.jit
def scaled(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(x_ptr + offs, x * SCALE, mask=offs < n)
