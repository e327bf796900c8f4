# Bitwise and/or/xor/not and shifts on signed and unsigned integers.  A right
# shift is arithmetic on signed values and logical on unsigned ones.
#
# RUN: tridentc %s --kernel bit_ops --signature '*i32:16, *i32:16, *u32:16, *i32:16, *u32:16, *i64:16, 256, 3' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @bit_ops(
# CHECK-DAG: %[[ONES:.+]] = arith.constant dense<-1> : tensor<256xi32>
# CHECK-DAG: %[[SH:.+]] = arith.constant dense<3> : tensor<256xi32>
# CHECK-DAG: %[[ROTL:.+]] = arith.constant dense<29> : tensor<256xi32>
# CHECK-DAG: %[[M31:.+]] = arith.constant dense<31> : tensor<256xi32>
# CHECK: %[[A:.+]] = tt.load %{{.+}} : tensor<256x!tt.ptr<i32>>
# CHECK: %[[B:.+]] = tt.load %{{.+}} : tensor<256x!tt.ptr<i32>>
# CHECK: %[[UA:.+]] = tt.load %{{.+}} : tensor<256x!tt.ptr<i32>>
# CHECK: %[[AND:.+]] = arith.andi %[[A]], %[[B]] : tensor<256xi32>
# CHECK: %[[NOTB:.+]] = arith.xori %[[B]], %[[ONES]] : tensor<256xi32>
# CHECK: %[[XOR:.+]] = arith.xori %[[A]], %[[NOTB]] : tensor<256xi32>
# CHECK: %[[OR:.+]] = arith.ori %[[AND]], %[[XOR]] : tensor<256xi32>
# CHECK: %[[SHL:.+]] = arith.shli %[[OR]], %[[SH]] : tensor<256xi32>
# Signed right shifts are arithmetic.
# CHECK: %[[SHR:.+]] = arith.shrsi %[[SHL]], %{{.+}} : tensor<256xi32>
# CHECK: %[[AMT:.+]] = arith.andi %[[B]], %[[M31]] : tensor<256xi32>
# CHECK: arith.shrsi %[[SHR]], %[[AMT]] : tensor<256xi32>
# Unsigned right shifts are logical; 32 - SHIFT is folded to 29.
# CHECK: %[[R:.+]] = arith.shrui %[[UA]], %[[SH]] : tensor<256xi32>
# CHECK: %[[L:.+]] = arith.shli %[[UA]], %[[ROTL]] : tensor<256xi32>
# CHECK: arith.ori %[[R]], %[[L]] : tensor<256xi32>
# CHECK: %[[AW:.+]] = arith.extsi %[[A]] : tensor<256xi32> to tensor<256xi64>
# CHECK: %[[HIGH:.+]] = arith.shli %[[AW]], %{{.+}} : tensor<256xi64>
# CHECK: %[[UAW:.+]] = arith.extui %[[UA]] : tensor<256xi32> to tensor<256xi64>
# CHECK: %[[LOW:.+]] = arith.andi %[[UAW]], %{{.+}} : tensor<256xi64>
# CHECK: %[[PACKED:.+]] = arith.ori %[[HIGH]], %[[LOW]] : tensor<256xi64>
# CHECK: tt.store %{{.+}}, %[[PACKED]] : tensor<256x!tt.ptr<i64>>

import triton
import triton.language as tl

@triton.jit
def bit_ops(a_ptr, b_ptr, ua_ptr, out_ptr, uout_ptr, wide_ptr, BLOCK: tl.constexpr, SHIFT: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    ua = tl.load(ua_ptr + offs)

    mixed = (a & b) | (a ^ ~b)
    mixed = (mixed << SHIFT) >> 1
    mixed = mixed >> (b & 31)
    tl.store(out_ptr + offs, mixed)

    # Rotate right by SHIFT.
    rot = (ua >> SHIFT) | (ua << (32 - SHIFT))
    tl.store(uout_ptr + offs, rot)

    # Pack two 32-bit halves into one 64-bit value.
    packed = (a.to(tl.int64) << 32) | (ua.to(tl.uint64) & 0xFFFFFFFF).to(tl.int64)
    tl.store(wide_ptr + offs, packed)
