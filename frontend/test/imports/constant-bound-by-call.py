# A module-level constant the file computes by calling a host function of
# its own (`SCALE = _scale_from_settings()`) cannot be read without running
# Python: tridentc names it, where it is bound and what to do; `-D SCALE=3`
# binds it (an int, float, True or False), and a value that is no such
# literal is refused. Under the Python package the interpreter's value is
# used (frontend/python/test: a constant computed by a call). What the
# host subset evaluates is read at compile time, as Python reads it at
# import: `int(os.environ.get(NAME, "2"))` (ENV_SCALE).
# RUN: not tridentc %s --kernel scaled --signature '*fp32, i32, 64' --no-locs 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# UNKNOWN: constant-bound-by-call.py:[[# @LINE+41]]:32: error: module-level 'SCALE' (line [[# @LINE+33]]) cannot be evaluated: '_scale_from_settings' (line [[# @LINE+29]]) is a host function; Trident does not run host code
# UNKNOWN-SAME: (it depends on SCALE: launched through the trident Python package, or `python -m trident`, the interpreter's values are used when they are triton.language modules, ints, floats, bools or strings; with tridentc, give them with -D SCALE=VALUE)
# RUN: tridentc %s --kernel scaled --signature '*fp32, i32, 64' --no-locs -D SCALE=3 | FileCheck %s --check-prefix=DEFINED
# DEFINED: arith.constant dense<3.000000e+00> : tensor<64xf32>
# DEFINED: arith.mulf
# RUN: tridentc %s --kernel scaled --signature '*fp32, i32, 64' --no-locs -D SCALE=0.5 | FileCheck %s --check-prefix=FLOAT
# FLOAT: arith.constant dense<5.000000e-01> : tensor<64xf32>
# RUN: not tridentc %s --kernel scaled --signature '*fp32, i32, 64' --no-locs -D SCALE=abc 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: error: -D SCALE=abc: a module-level name takes a Python int, float, True, False or string literal
# RUN: env -u TRIDENT_TEST_SCALE tridentc %s --kernel env_scaled --signature '*fp32, i32, 64' --no-locs | FileCheck %s --check-prefix=ENV2
# ENV2: arith.constant dense<2.000000e+00> : tensor<64xf32>
# RUN: env TRIDENT_TEST_SCALE=" 5 " tridentc %s --kernel env_scaled --signature '*fp32, i32, 64' --no-locs | FileCheck %s --check-prefix=ENV5
# ENV5: arith.constant dense<5.000000e+00> : tensor<64xf32>
# RUN: not env TRIDENT_TEST_SCALE=five tridentc %s --kernel env_scaled --signature '*fp32, i32, 64' --no-locs 2>&1 | FileCheck %s --check-prefix=ENVBAD
# ENVBAD: error: module-level 'ENV_SCALE' (line {{[0-9]+}}) cannot be evaluated: invalid literal for int() with base 10: 'five'
# The variable's value is part of the cache key: a new value compiles again.
# RUN: rm -rf %t.cache
# RUN: env TRIDENT_TEST_SCALE=5 tridentc %s --kernel env_scaled --signature '*fp32, i32, 64' --target cpu --cache-dir %t.cache -o %t.bundle --timings 2>&1 | FileCheck %s --check-prefix=MISS
# RUN: env TRIDENT_TEST_SCALE=7 tridentc %s --kernel env_scaled --signature '*fp32, i32, 64' --target cpu --cache-dir %t.cache -o %t.bundle --timings 2>&1 | FileCheck %s --check-prefix=MISS
# RUN: env TRIDENT_TEST_SCALE=7 tridentc %s --kernel env_scaled --signature '*fp32, i32, 64' --target cpu --cache-dir %t.cache -o %t.bundle --timings 2>&1 | FileCheck %s --check-prefix=HIT
# MISS: cache: miss
# HIT: cache: local hit
import os

import triton
import triton.language as tl



def _scale_from_settings():
    return int(os.environ.get("TRIDENT_TEST_SCALE", "2"))


SCALE = _scale_from_settings()
ENV_SCALE = int(os.environ.get("TRIDENT_TEST_SCALE", "2"))


@triton.jit
def scaled(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(x_ptr + offs, x * SCALE, mask=offs < n)


@triton.jit
def env_scaled(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(x_ptr + offs, x * ENV_SCALE, mask=offs < n)
