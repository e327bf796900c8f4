# x.logical_and(y) and x.logical_or(y): tensor methods (there is no
# tl.logical_and), on boolean tensors, the same ops as `and` / `or` between
# tensors; TorchInductor's bucketize helper chains its masks this way. A
# non-boolean operand is refused as `and` refuses it.
#
# RUN: tridentc %s --kernel masks --signature '*fp32:16, *fp32:16, 64' --emit ttir --no-locs | FileCheck %s
# RUN: not tridentc %s --kernel not_bool --signature '*fp32:16, *fp32:16, 64' --emit ttir 2>&1 | FileCheck %s --check-prefix=ERR
# RUN: not tridentc %s --kernel no_function --signature '*fp32:16, *fp32:16, 64' --emit ttir 2>&1 | FileCheck %s --check-prefix=NOFN

# CHECK-LABEL: tt.func public @masks
# CHECK: %[[A:.+]] = arith.cmpf ogt
# CHECK: %[[B:.+]] = arith.cmpf olt
# CHECK: %[[AND:.+]] = arith.andi %[[A]], %[[B]] : tensor<64xi1>
# CHECK: %[[C:.+]] = arith.cmpf olt
# CHECK: arith.ori %[[AND]], %[[C]] : tensor<64xi1>
# ERR: logical_methods.py:[[# @LINE + 19]]:{{[0-9]+}}: error: logical 'and' needs boolean (int1) operands, got <[64], fp32>
# NOFN: logical_methods.py:[[# @LINE + 26]]:{{[0-9]+}}: error: triton.language.logical_and is not supported by Trident

import triton
import triton.language as tl


@triton.jit
def masks(x_ptr, o_ptr, N: tl.constexpr):
    i = tl.arange(0, N)
    x = tl.load(x_ptr + i)
    m = (x > 0).logical_and(x < 1).logical_or(x < -5)
    tl.store(o_ptr + i, m.to(tl.float32))


@triton.jit
def not_bool(x_ptr, o_ptr, N: tl.constexpr):
    i = tl.arange(0, N)
    x = tl.load(x_ptr + i)
    m = (x > 0).logical_and(x)
    tl.store(o_ptr + i, m.to(tl.float32))


@triton.jit
def no_function(x_ptr, o_ptr, N: tl.constexpr):
    i = tl.arange(0, N)
    x = tl.load(x_ptr + i)
    m = tl.logical_and(x > 0, x < 1)
    tl.store(o_ptr + i, m.to(tl.float32))
