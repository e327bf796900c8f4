# Element-wise sum of two vectors, one block of BLOCK_SIZE elements per
# program, with the tail of the last block masked off.
#
# RUN: tridentc %s --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32, 1024' --emit ttir | FileCheck %s
# RUN: tridentc %s --kernel add_kernel --signature '*fp16:16, *fp16:16, *fp16:16, i32:16, 256' --emit ttir | FileCheck %s --check-prefix=F16

# CHECK-LABEL: tt.func public @add_kernel(
# CHECK-SAME: %{{[^:]+}}: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %{{[^:]+}}: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %{{[^:]+}}: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %{{[^:]+}}: i32{{[^,{]*}}) attributes {noinline = false}
# CHECK: %[[PID:.+]] = tt.get_program_id x : i32
# CHECK: %[[START:.+]] = arith.muli %[[PID]], %{{.+}} : i32
# CHECK: %[[RANGE:.+]] = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
# CHECK: tt.splat %[[START]] : i32 -> tensor<1024xi32>
# CHECK: %[[OFFS:.+]] = arith.addi %{{.+}}, %{{.+}} : tensor<1024xi32>
# CHECK: %[[MASK:.+]] = arith.cmpi slt, %[[OFFS]], %{{.+}} : tensor<1024xi32>
# CHECK: tt.splat %{{.+}} : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
# CHECK: %[[XP:.+]] = tt.addptr %{{.+}}, %[[OFFS]] : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
# CHECK: %[[X:.+]] = tt.load %[[XP]], %[[MASK]] : tensor<1024x!tt.ptr<f32>>
# CHECK: %[[YP:.+]] = tt.addptr %{{.+}}, %[[OFFS]] : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
# CHECK: %[[Y:.+]] = tt.load %[[YP]], %[[MASK]] : tensor<1024x!tt.ptr<f32>>
# CHECK-DAG: %[[OP:.+]] = tt.addptr %{{.+}}, %[[OFFS]] : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
# CHECK-DAG: %[[SUM:.+]] = arith.addf %[[X]], %[[Y]] : tensor<1024xf32>
# CHECK: tt.store %[[OP]], %[[SUM]], %[[MASK]] : tensor<1024x!tt.ptr<f32>>
# CHECK-NEXT: tt.return

# The i32:16 hint on n_elements becomes an argument attribute too.
# F16-LABEL: tt.func public @add_kernel(
# F16-SAME: !tt.ptr<f16> {tt.divisibility = 16 : i32}
# F16-SAME: %{{[^:]+}}: i32 {tt.divisibility = 16 : i32}{{[^,{]*}}) attributes
# F16: tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
# F16: tt.load %{{.+}}, %{{.+}} : tensor<256x!tt.ptr<f16>>
# F16: tt.load %{{.+}}, %{{.+}} : tensor<256x!tt.ptr<f16>>
# F16: arith.addf %{{.+}}, %{{.+}} : tensor<256xf16>
# F16: tt.store %{{.+}}, %{{.+}}, %{{.+}} : tensor<256x!tt.ptr<f16>>

import triton
import triton.language as tl

@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)
