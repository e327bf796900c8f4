# Integer division and remainder.  Triton's // and % on integers follow C
# (truncate toward zero, remainder takes the sign of the dividend), not
# Python's floor semantics, and pick the unsigned ops for unsigned operands.
# Scalar arguments and tl.cdiv go through the same ops.
#
# RUN: tridentc %s --kernel div_mod_kernel --signature '*i32:16, *i32:16, *u32:16, *u32:16, *i32:16, *i32:16, *u32:16, *u32:16, *i32:16, i32, i32, 256' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @div_mod_kernel(
# Unsigned pointers are pointers to signless i32.
# CHECK-SAME: %{{[^:]+}}: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %[[N:[^:]+]]: i32{{[^,]*}}, %[[D:[^:]+]]: i32
# CHECK: %[[A:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<256x!tt.ptr<i32>>
# CHECK: %[[B:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<256x!tt.ptr<i32>>
# CHECK: %[[Q:.+]] = arith.divsi %[[A]], %[[B]] : tensor<256xi32>
# CHECK: tt.store %{{.+}}, %[[Q]], %{{.+}} : tensor<256x!tt.ptr<i32>>
# CHECK: %[[R:.+]] = arith.remsi %[[A]], %[[B]] : tensor<256xi32>
# CHECK: tt.store %{{.+}}, %[[R]], %{{.+}} : tensor<256x!tt.ptr<i32>>
# CHECK: %[[UA:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<256x!tt.ptr<i32>>
# CHECK: %[[UB:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<256x!tt.ptr<i32>>
# CHECK: %[[UQ:.+]] = arith.divui %[[UA]], %[[UB]] : tensor<256xi32>
# CHECK: tt.store %{{.+}}, %[[UQ]], %{{.+}} : tensor<256x!tt.ptr<i32>>
# CHECK: %[[UR:.+]] = arith.remui %[[UA]], %[[UB]] : tensor<256xi32>
# CHECK: tt.store %{{.+}}, %[[UR]], %{{.+}} : tensor<256x!tt.ptr<i32>>
# CHECK: %[[SQ:.+]] = arith.divsi %[[N]], %[[D]] : i32
# CHECK: tt.store %{{.+}}, %[[SQ]] : !tt.ptr<i32>
# CHECK: %[[SR:.+]] = arith.remsi %[[N]], %[[D]] : i32
# CHECK: tt.store %{{.+}}, %[[SR]] : !tt.ptr<i32>
# tl.cdiv(n, d) = (n + d - 1) // d, in Triton's order (the prelude's cdiv)
# CHECK: %[[ND:.+]] = arith.addi %[[N]], %[[D]] : i32
# CHECK: %[[NUM:.+]] = arith.subi %[[ND]], %c1_i32 : i32
# CHECK: %[[CD:.+]] = arith.divsi %[[NUM]], %[[D]] : i32
# CHECK: tt.store %{{.+}}, %[[CD]] : !tt.ptr<i32>
# Python's floor semantics are not used: no sign fix-up of the results.
# CHECK-NOT: arith.floordivsi
# CHECK-NOT: arith.select

import triton
import triton.language as tl

@triton.jit
def div_mod_kernel(a_ptr, b_ptr, ua_ptr, ub_ptr, q_ptr, r_ptr, uq_ptr, ur_ptr, misc_ptr,
                   n, d, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=1)
    b = tl.load(b_ptr + offs, mask=m, other=1)
    tl.store(q_ptr + offs, a // b, mask=m)
    tl.store(r_ptr + offs, a % b, mask=m)

    ua = tl.load(ua_ptr + offs, mask=m, other=1)
    ub = tl.load(ub_ptr + offs, mask=m, other=1)
    tl.store(uq_ptr + offs, ua // ub, mask=m)
    tl.store(ur_ptr + offs, ua % ub, mask=m)

    # Scalars: signed division by a runtime value, and cdiv.
    tl.store(misc_ptr + 0, n // d)
    tl.store(misc_ptr + 1, n % d)
    tl.store(misc_ptr + 2, tl.cdiv(n, d))
