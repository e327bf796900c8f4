# A while loop with a runtime condition becomes scf.while: the condition is
# computed in the "before" region and handed to scf.condition, and the body
# (with a nested runtime if) lives in the "after" region.  Both loop-carried
# values are i32 scalars.
#
# RUN: tridentc %s --kernel collatz_steps --signature '*i32:16, *i32:16, i32' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @collatz_steps(
# CHECK: %[[V0:.+]] = tt.load %{{.+}} : !tt.ptr<i32>
# The two loop-carried values (v and steps) may come in either order.
# CHECK: %[[W:.+]]:2 = scf.while ({{.*}} = %[[V0]]{{.*}}) : (i32, i32) -> (i32, i32) {
# CHECK: %[[NE:.+]] = arith.cmpi ne, %{{.+}}, %{{.+}} : i32
# CHECK: %[[LT:.+]] = arith.cmpi slt, %{{.+}}, %{{.+}} : i32
# CHECK: %[[GO:.+]] = arith.andi %[[NE]], %[[LT]] : i1
# CHECK: scf.condition(%[[GO]]) %{{.+}}, %{{.+}} : i32, i32
# CHECK: } do {
# CHECK: ^bb0(
# CHECK: %[[PAR:.+]] = arith.remsi %[[BV:[^,]+]], %{{.+}} : i32
# CHECK: %[[EVEN:.+]] = arith.cmpi eq, %[[PAR]], %{{.+}} : i32
# CHECK: %[[NEXT:.+]] = scf.if %[[EVEN]] -> (i32) {
# CHECK: arith.divsi %[[BV]], %{{.+}} : i32
# CHECK: scf.yield
# CHECK: } else {
# CHECK: arith.muli %[[BV]], %{{.+}} : i32
# CHECK: arith.addi
# CHECK: scf.yield
# CHECK: }
# CHECK: %[[S1:.+]] = arith.addi %{{.+}}, %{{.+}} : i32
# CHECK: scf.yield {{.*}}%[[NEXT]]{{(,| :)}}
# CHECK: }
# CHECK: tt.store %{{.+}}, %[[W]]#{{[01]}} : !tt.ptr<i32>

import triton
import triton.language as tl

@triton.jit
def collatz_steps(x_ptr, out_ptr, max_iters):
    pid = tl.program_id(0)
    v = tl.load(x_ptr + pid)
    steps = 0
    while (v != 1) & (steps < max_iters):
        if v % 2 == 0:
            v = v // 2
        else:
            v = 3 * v + 1
        steps += 1
    tl.store(out_ptr + pid, steps)
