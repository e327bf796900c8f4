# tl.flip in Triton's form (triton.language.standard.flip, written in the
# prelude): the flipped dimension reshaped to (2, ..., 2) and each level
# swapped with an xor-sum, so the TTIR is Triton 3.6's (compared on the GPU
# machine for a 4x8 fp32 tile along each dimension).
# RUN: tridentc %s --kernel flip2d --signature '*fp32, *fp32, 4, 8, 0' --no-locs | FileCheck %s --check-prefix=DIM0
# RUN: tridentc %s --kernel flip2d --signature '*fp32, *fp32, 4, 8, 1' --no-locs | FileCheck %s --check-prefix=DIM1
# RUN: tridentc %s --kernel flip2d --signature '*fp32, *fp32, 4, 8, None' --no-locs | FileCheck %s --check-prefix=DIM1
# RUN: tridentc %s --kernel flip_method --signature '*i8, 16' --no-locs | FileCheck %s --check-prefix=INT8
import triton
import triton.language as tl


@triton.jit
def flip2d(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, DIM: tl.constexpr):
    o = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + o)
    tl.store(out_ptr + o, tl.flip(x, DIM))


@triton.jit
def flip_method(x_ptr, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    tl.store(x_ptr + tl.arange(0, N), x.flip())

# DIM0: %[[B:.*]] = tt.bitcast %x : tensor<4x8xf32> -> tensor<4x8xi32>
# DIM0-NEXT: %[[Y:.*]] = tt.reshape %[[B]] : tensor<4x8xi32> -> tensor<2x2x8xi32>
# DIM0-NEXT: %[[S0:.*]] = "tt.reduce"(%[[Y]]) <{axis = 0 : i32}>
# DIM0: arith.xori
# DIM0: tt.expand_dims %[[S0]] {axis = 0 : i32}
# DIM0: %[[Y1:.*]] = arith.xori %[[Y]], %{{.*}} : tensor<2x2x8xi32>
# DIM0-NEXT: "tt.reduce"(%[[Y1]]) <{axis = 1 : i32}>
# DIM0: %[[Y2:.*]] = arith.xori %[[Y1]], %{{.*}} : tensor<2x2x8xi32>
# DIM0-NEXT: %[[R:.*]] = tt.reshape %[[Y2]] : tensor<2x2x8xi32> -> tensor<4x8xi32>
# DIM0-NEXT: tt.bitcast %[[R]] : tensor<4x8xi32> -> tensor<4x8xf32>
# DIM0-NOT: tt.gather

# DIM1: tt.reshape %{{.*}} : tensor<4x8xi32> -> tensor<4x2x2x2xi32>
# DIM1: <{axis = 1 : i32}>
# DIM1: <{axis = 2 : i32}>
# DIM1: <{axis = 3 : i32}>
# DIM1: tt.reshape %{{.*}} : tensor<4x2x2x2xi32> -> tensor<4x8xi32>

# An 8-bit integer needs no bitcast.
# INT8-NOT: tt.bitcast
# INT8: tt.reshape %{{.*}} : tensor<16xi8> -> tensor<2x2x2x2xi8>
# INT8-COUNT-4: "tt.reduce"
