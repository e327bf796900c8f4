# A @jit helper's parameter annotated tl.constexpr that is given a runtime
# value (a tensor, a runtime scalar) takes it as an ordinary argument, as
# in Triton 3.6, where whether a helper's argument is a compile-time
# constant is decided by the value passed, not by the annotation (Triton's
# fused-attention tutorial passes offs_m/offs_n tensors to such
# parameters). A constant passed to it is folded in, as for any parameter.
# RUN: tridentc %s --kernel runtime_to_constexpr --signature '*fp32:16, i32, 64' --no-locs | FileCheck %s
# (The helpers are inlined by the core pipeline: their products remain.)
# CHECK-LABEL: tt.func public @runtime_to_constexpr
# CHECK: %[[THREE:.*]] = arith.constant dense<3.000000e+00> : tensor<64xf32>
# CHECK: %[[OFFS:.*]] = tt.make_range
# CHECK: %[[X:.*]] = tt.load
# CHECK: %[[OF:.*]] = arith.sitofp %[[OFFS]] : tensor<64xi32> to tensor<64xf32>
# CHECK: %[[X1:.*]] = arith.mulf %[[X]], %[[OF]]
# CHECK: %[[NF:.*]] = arith.sitofp %n : i32 to f32
# CHECK: %[[NS:.*]] = tt.splat %[[NF]]
# CHECK: %[[X2:.*]] = arith.mulf %[[X1]], %[[NS]]
# CHECK: arith.mulf %[[X2]], %[[THREE]]

import triton
import triton.language as tl


@triton.jit
def scale(x, N: tl.constexpr):
    return x * N


@triton.jit
def runtime_to_constexpr(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    x = scale(x, offs)
    x = scale(x, n)
    x = scale(x, 3)
    tl.store(x_ptr + offs, x)
