# tl.cdiv is the prelude's, in Triton's form (x + div - 1) // div: on
# compile-time values it is compile-time (usable as a constexpr, a shape or
# a static_range bound), triton.cdiv is the same function, and x.cdiv(d)
# is a tensor method (the prelude marks it @core._tensor_member_fn).
#
# RUN: tridentc %s --kernel cdiv_forms --signature '*i32:16, i32, 100, 32' --emit ttir --no-locs | FileCheck %s
# RUN: not tridentc %s --kernel not_a_member --signature '*i32:16' 2>&1 | FileCheck %s --check-prefix=NOMEMBER

# CHECK-LABEL: tt.func public @cdiv_forms(
# cdiv(100, 32) = 4 elements, from a constexpr.
# CHECK: tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
# static_range(triton.cdiv(100, 32)): four stores, nothing at run time.
# CHECK-COUNT-4: tt.store
# x.cdiv(d) on a tensor: (x + d) - 1, then the division.
# CHECK: %[[ND:.+]] = arith.addi %{{.+}}, %{{.+}} : tensor<4xi32>
# CHECK: %[[NUM:.+]] = arith.subi %[[ND]], %{{.+}} : tensor<4xi32>
# CHECK: arith.divsi %[[NUM]], %{{.+}} : tensor<4xi32>
# CHECK-NOT: tt.call

# NOMEMBER: cdiv_forms.py:[[@LINE+18]]:5: error: tensor has no attribute 'swizzle2d'

import triton
import triton.language as tl


@triton.jit
def cdiv_forms(out_ptr, d, N: tl.constexpr, B: tl.constexpr):
    tiles: tl.constexpr = tl.cdiv(N, B)
    offs = tl.arange(0, tiles)
    for i in tl.static_range(triton.cdiv(N, B)):
        tl.store(out_ptr + i, i)
    tl.store(out_ptr + 4 + offs, offs.cdiv(d))


@triton.jit
def not_a_member(out_ptr):
    offs = tl.arange(0, 4)
    offs.swizzle2d(1, 2, 3, 4)
