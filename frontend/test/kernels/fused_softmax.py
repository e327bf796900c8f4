# Row-wise softmax, one row per loop iteration of a persistent program.
# The row is loaded with -inf padding, shifted by its maximum for numerical
# stability, exponentiated, and normalised by the row sum.
#
# RUN: tridentc %s --kernel softmax_kernel --signature '*fp32:16, *fp32:16, i32:16, i32:16, i32, i32, 1024, 4' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @softmax_kernel(
# CHECK-DAG: %[[NEGINF:.+]] = arith.constant dense<0xFF800000> : tensor<1024xf32>
# CHECK-DAG: %[[FIRST:.+]] = tt.get_program_id x : i32
# CHECK-DAG: %[[STEP:.+]] = tt.get_num_programs x : i32
# The column range and mask do not depend on the row: they leave the loop.
# CHECK-DAG: %[[COLS:.+]] = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
# CHECK-DAG: %[[VALID:.+]] = arith.cmpi slt, %[[COLS]], %{{.+}} : tensor<1024xi32>
# CHECK: scf.for %[[ROW:.+]] = %[[FIRST]] to %{{.+}} step %[[STEP]] : i32 {
# CHECK: arith.muli %[[ROW]], %{{.+}} : i32
# CHECK: tt.addptr %{{.+}}, %{{.+}} : !tt.ptr<f32>, i32
# CHECK: %[[X:.+]] = tt.load %{{.+}}, %[[VALID]], %[[NEGINF]] : tensor<1024x!tt.ptr<f32>>
# CHECK: %[[MAX:.+]] = "tt.reduce"(%[[X]]) <{axis = 0 : i32}> ({
# CHECK: arith.maxnumf %{{.+}}, %{{.+}} : f32
# CHECK: tt.reduce.return %{{.+}} : f32
# CHECK: }) : (tensor<1024xf32>) -> f32
# CHECK: %[[MAXS:.+]] = tt.splat %[[MAX]] : f32 -> tensor<1024xf32>
# CHECK: %[[SH:.+]] = arith.subf %[[X]], %[[MAXS]] : tensor<1024xf32>
# CHECK: %[[NUM:.+]] = math.exp %[[SH]] : tensor<1024xf32>
# CHECK: %[[DEN:.+]] = "tt.reduce"(%[[NUM]]) <{axis = 0 : i32}> ({
# CHECK: arith.addf %{{.+}}, %{{.+}} : f32
# CHECK: tt.reduce.return %{{.+}} : f32
# CHECK: %[[DENS:.+]] = tt.splat %[[DEN]] : f32 -> tensor<1024xf32>
# CHECK: %[[Y:.+]] = arith.divf %[[NUM]], %[[DENS]] : tensor<1024xf32>
# CHECK: tt.store %{{.+}}, %[[Y]], %[[VALID]] : tensor<1024x!tt.ptr<f32>>
# CHECK: } {tt.num_stages = 4 : i32}
# CHECK-NEXT: tt.return
# CHECK-NOT: tt.call
# CHECK-NOT: tt.func

import triton
import triton.language as tl

@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_row_stride, out_row_stride, n_rows, n_cols,
                   BLOCK_SIZE: tl.constexpr, num_stages: tl.constexpr):
    first_row = tl.program_id(0)
    row_step = tl.num_programs(0)
    for row in tl.range(first_row, n_rows, row_step, num_stages=num_stages):
        row_in = in_ptr + row * in_row_stride
        cols = tl.arange(0, BLOCK_SIZE)
        valid = cols < n_cols
        x = tl.load(row_in + cols, mask=valid, other=-float('inf'))
        shifted = x - tl.max(x, axis=0)
        numer = tl.exp(shifted)
        denom = tl.sum(numer, axis=0)
        y = numer / denom
        row_out = out_ptr + row * out_row_stride
        tl.store(row_out + cols, y, mask=valid)
