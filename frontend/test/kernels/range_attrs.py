# Loop options of tl.range end up as attributes of the scf.for:
# num_stages -> tt.num_stages, loop_unroll_factor -> tt.loop_unroll_factor.
# A plain Python range() loop carries neither.
#
# RUN: tridentc %s --kernel row_sums --signature '*fp32:16, *fp32:16, i32, i32, i32:16, 128, 3' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @row_sums(
# CHECK: %[[ACC:.+]] = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (tensor<128xf32>) : i32 {
# CHECK: tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<128x!tt.ptr<f32>>
# CHECK: arith.addf %{{.+}}, %{{.+}} : tensor<128xf32>
# CHECK: scf.yield %{{.+}} : tensor<128xf32>
# CHECK-NEXT: } {tt.loop_unroll_factor = 2 : i32, tt.num_stages = 3 : i32}
# CHECK: %[[TOTAL:.+]] = "tt.reduce"(%[[ACC]]) <{axis = 0 : i32}>
# CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %[[TOTAL]]) -> (f32) : i32 {
# CHECK: arith.mulf %{{.+}}, %{{.+}} : f32
# CHECK: scf.yield %{{.+}} : f32
# CHECK-NEXT: }{{( loc\(.*\))?$}}
# CHECK: tt.store %{{.+}}, %{{.+}} : !tt.ptr<f32>

import triton
import triton.language as tl

@triton.jit
def row_sums(x_ptr, out_ptr, n_rows, n_cols, stride, BLOCK: tl.constexpr, STAGES: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for c in tl.range(0, n_cols, BLOCK, num_stages=STAGES, loop_unroll_factor=2):
        cols = c + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0)
    total = tl.sum(acc, axis=0)
    for k in range(0, n_rows):
        total = total * 0.5
    tl.store(out_ptr + row, total)
