# Module-level constants computed with the host subset of Python: math,
# float('inf'), casts, torch/numpy dtypes with finfo/iinfo, tl.constexpr.
# RUN: tridentc %s --kernel consts --signature '*fp32:16' --no-locs | FileCheck %s
# RUN: not tridentc %s --kernel uses_factorial --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=FACT
# RUN: not tridentc %s --kernel uses_zeros --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=ZEROS
# RUN: not tridentc %s --kernel calls_math --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=INKERNEL
# RUN: not tridentc %s --kernel uses_domain_error --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=DOMAIN
import math
from math import pi, sqrt

import numpy as np
import torch
import triton
import triton.language as tl

_kAlpha = math.sqrt(2.0 / math.pi)
NEG = tl.constexpr(torch.finfo(torch.float32).min)
MAX = tl.constexpr(2**31 - 1)
INF = float('inf')
HALF = int(3.7)
EPS = np.finfo(np.float32).eps
I8MAX = torch.iinfo(torch.int8).max
F16MAX = torch.finfo(torch.float16).max
LOG_TWO = math.log(8, 2)
ROOT_PI = sqrt(pi)
FLOORED = math.floor(7.9)
FACT = math.factorial(5)
ZEROS = torch.zeros(3)
BAD = math.sqrt(-1.0)


# CHECK-LABEL: tt.func public @consts
# CHECK-DAG: arith.constant 0.797884583 : f32
# CHECK-DAG: arith.constant -3.40282347E+38 : f32
# CHECK-DAG: arith.constant 2.14748365E+9 : f32
# CHECK-DAG: arith.constant 0x7F800000 : f32
# CHECK-DAG: arith.constant 3.000000e+00 : f32
# CHECK-DAG: arith.constant 1.1920929E-7 : f32
# CHECK-DAG: arith.constant 1.270000e+02 : f32
# CHECK-DAG: arith.constant 6.550400e+04 : f32
# CHECK-DAG: arith.constant 1.7724539 : f32
# CHECK-DAG: arith.constant 7.000000e+00 : f32
# CHECK-DAG: arith.constant 3.14159274 : f32
@triton.jit
def consts(out_ptr):
    tl.store(out_ptr + 0, _kAlpha)
    tl.store(out_ptr + 1, NEG)
    tl.store(out_ptr + 2, MAX * 1.0)
    tl.store(out_ptr + 3, INF)
    tl.store(out_ptr + 4, HALF * 1.0 + LOG_TWO - 3.0)
    tl.store(out_ptr + 5, EPS)
    tl.store(out_ptr + 6, I8MAX * 1.0)
    tl.store(out_ptr + 7, F16MAX)
    tl.store(out_ptr + 8, ROOT_PI)
    tl.store(out_ptr + 9, FLOORED * 1.0)
    tl.store(out_ptr + 10, math.pi)  # constants work inside kernels too


# FACT: host-constants.py:[[@LINE+3]]:23: error: module-level 'FACT' (line 27) cannot be evaluated: math.factorial is not in the subset of Python that Trident evaluates
@triton.jit
def uses_factorial(out_ptr):
    tl.store(out_ptr, FACT * 1.0)


# ZEROS: error: module-level 'ZEROS' (line 28) cannot be evaluated: torch.zeros is not in the subset of Python that Trident evaluates for module-level constants
@triton.jit
def uses_zeros(out_ptr):
    tl.store(out_ptr, ZEROS)


# INKERNEL: host-constants.py:[[@LINE+3]]:23: error: math.sqrt cannot be called inside a @jit function; use it in a module-level constant
@triton.jit
def calls_math(out_ptr):
    tl.store(out_ptr, math.sqrt(2.0))


# DOMAIN: error: module-level 'BAD' (line 29) cannot be evaluated: math.sqrt(-1.000000): math domain error
@triton.jit
def uses_domain_error(out_ptr):
    tl.store(out_ptr, BAD)
