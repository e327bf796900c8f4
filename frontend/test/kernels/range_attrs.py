# Loop options of tl.range end up as attributes of the scf.for:
# num_stages -> tt.num_stages, loop_unroll_factor -> tt.loop_unroll_factor.
# A plain Python range() loop carries neither. The core pipeline then
# unrolls (triton-loop-unroll): a loop of twice the step with two loads,
# and a remainder loop for a trip count it cannot know to be even.
# warp_specialize=True is recorded as Triton records it (tt.warp_specialize)
# and the loop runs as without it.
#
# RUN: tridentc %s --kernel row_sums --signature '*fp32:16, *fp32:16, i32, i32, i32:16, 128, 3' --emit ttir-raw | FileCheck %s --check-prefix=RAW
# RUN: tridentc %s --kernel row_sums --signature '*fp32:16, *fp32:16, i32, i32, i32:16, 128, 3' --emit ttir | FileCheck %s
# RUN: tridentc %s --kernel specialized --signature '*fp32:16, i32' --emit ttir-raw | FileCheck %s --check-prefix=WS
# RUN: tridentc %s --kernel specialized --signature '*fp32:16, i32' --target cuda:90 --emit ptx > /dev/null

# RAW: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (tensor<128xf32>) : i32 {
# RAW: tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<128x!tt.ptr<f32>>
# RAW: scf.yield %{{.+}} : tensor<128xf32>
# RAW-NEXT: } {tt.loop_unroll_factor = 2 : i32, tt.num_stages = 3 : i32}
# RAW: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (f32) : i32 {
# RAW: scf.yield %{{.+}} : f32
# RAW-NEXT: }{{( loc\(.*\))?$}}

# CHECK-LABEL: tt.func public @row_sums(
# CHECK: %[[MAIN:.+]] = scf.for %{{.+}} = %c0_i32 to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (tensor<128xf32>) : i32 {
# CHECK: tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<128x!tt.ptr<f32>>
# CHECK: tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<128x!tt.ptr<f32>>
# CHECK: scf.yield %{{.+}} : tensor<128xf32>
# CHECK-NEXT: } {tt.num_stages = 3 : i32}
# CHECK: %[[ACC:.+]] = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c128_i32 iter_args(%{{.+}} = %[[MAIN]]) -> (tensor<128xf32>) : i32 {
# CHECK: tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<128x!tt.ptr<f32>>
# CHECK-NOT: tt.load
# CHECK: scf.yield %{{.+}} : tensor<128xf32>
# CHECK-NEXT: } {tt.num_stages = 3 : i32}
# CHECK: %[[TOTAL:.+]] = "tt.reduce"(%[[ACC]]) <{axis = 0 : i32}>
# CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %[[TOTAL]]) -> (f32) : i32 {
# CHECK: arith.mulf %{{.+}}, %{{.+}} : f32
# CHECK: scf.yield %{{.+}} : f32
# CHECK-NEXT: }{{( loc\(.*\))?$}}
# CHECK: tt.store %{{.+}}, %{{.+}} : !tt.ptr<f32>
# CHECK-NOT: tt.loop_unroll_factor

# WS: scf.for
# WS: tt.store
# WS: } {tt.warp_specialize}

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


@triton.jit
def specialized(x_ptr, n):
    for i in tl.range(0, n, warp_specialize=True):
        tl.store(x_ptr + i, 1.0)
