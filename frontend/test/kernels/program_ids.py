# Program ids and grid sizes on all three grid axes, combined into a linear
# program index.
#
# RUN: tridentc %s --kernel grid3d_kernel --signature '*i32:16, *i32:16' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @grid3d_kernel(
# CHECK-DAG: %[[PX:.+]] = tt.get_program_id x : i32
# CHECK-DAG: %[[PY:.+]] = tt.get_program_id y : i32
# CHECK-DAG: %[[PZ:.+]] = tt.get_program_id z : i32
# CHECK-DAG: %[[NX:.+]] = tt.get_num_programs x : i32
# CHECK-DAG: %[[NY:.+]] = tt.get_num_programs y : i32
# CHECK-DAG: %[[NZ:.+]] = tt.get_num_programs z : i32
# CHECK: %[[T0:.+]] = arith.muli %[[PZ]], %[[NY]] : i32
# CHECK: %[[T1:.+]] = arith.addi %[[T0]], %[[PY]] : i32
# CHECK: %[[T2:.+]] = arith.muli %[[T1]], %[[NX]] : i32
# CHECK: %[[LIN:.+]] = arith.addi %[[T2]], %[[PX]] : i32
# CHECK: %[[P:.+]] = tt.addptr %{{.+}}, %[[LIN]] : !tt.ptr<i32>, i32
# CHECK: tt.store %[[P]], %[[LIN]] : !tt.ptr<i32>
# CHECK: %[[T3:.+]] = arith.muli %[[NX]], %[[NY]] : i32
# CHECK: %[[TOT:.+]] = arith.muli %[[T3]], %[[NZ]] : i32
# CHECK: tt.store %{{.+}}, %[[TOT]] : !tt.ptr<i32>

import triton
import triton.language as tl

@triton.jit
def grid3d_kernel(linear_ptr, total_ptr):
    px = tl.program_id(0)
    py = tl.program_id(axis=1)
    pz = tl.program_id(2)
    nx = tl.num_programs(0)
    ny = tl.num_programs(axis=1)
    nz = tl.num_programs(2)
    linear = (pz * ny + py) * nx + px
    tl.store(linear_ptr + linear, linear)
    tl.store(total_ptr, nx * ny * nz)
