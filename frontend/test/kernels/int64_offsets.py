# 64-bit offsets for tensors with more than 2^31 elements: the program id and
# the column range are widened to int64 before the row offset is formed, so
# the pointer arithmetic is done on i64 tensors.  The row stride arrives as
# an i64 argument.
#
# RUN: tridentc %s --kernel big_copy --signature '*fp16:16, *fp16:16, i32, i64:16, 512' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @big_copy(
# CHECK-SAME: %{{[^:]+}}: i32{{[^,{]*}}, %[[STRIDE:[^:]+]]: i64 {tt.divisibility = 16 : i32}
# CHECK: %[[PID:.+]] = tt.get_program_id x : i32
# CHECK: %[[ROW:.+]] = arith.extsi %[[PID]] : i32 to i64
# CHECK: %[[BASE:.+]] = arith.muli %[[ROW]], %[[STRIDE]] : i64
# CHECK: %[[R:.+]] = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
# CHECK: %[[COLS:.+]] = arith.extsi %[[R]] : tensor<512xi32> to tensor<512xi64>
# CHECK: %[[BS:.+]] = tt.splat %[[BASE]] : i64 -> tensor<512xi64>
# CHECK: %[[OFFS:.+]] = arith.addi %[[BS]], %[[COLS]] : tensor<512xi64>
# The i32 bound is widened to compare with the i64 columns.
# CHECK: %[[N64:.+]] = arith.extsi %{{.+}} : i32 to i64
# CHECK: %[[NS:.+]] = tt.splat %[[N64]] : i64 -> tensor<512xi64>
# CHECK: %[[MASK:.+]] = arith.cmpi slt, %[[COLS]], %[[NS]] : tensor<512xi64>
# CHECK: %[[SRC:.+]] = tt.addptr %{{.+}}, %[[OFFS]] : tensor<512x!tt.ptr<f16>>, tensor<512xi64>
# CHECK: %[[V:.+]] = tt.load %[[SRC]], %[[MASK]] : tensor<512x!tt.ptr<f16>>
# CHECK: %[[DST:.+]] = tt.addptr %{{.+}}, %[[OFFS]] : tensor<512x!tt.ptr<f16>>, tensor<512xi64>
# CHECK: tt.store %[[DST]], %[[V]], %[[MASK]] : tensor<512x!tt.ptr<f16>>

import triton
import triton.language as tl

@triton.jit
def big_copy(src_ptr, dst_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    row_offset = row * row_stride
    cols = tl.arange(0, BLOCK).to(tl.int64)
    offs = row_offset + cols
    mask = cols < n_cols
    vals = tl.load(src_ptr + offs, mask=mask)
    tl.store(dst_ptr + offs, vals, mask=mask)
