# Element-wise sum of two vectors, one block of BLOCK_SIZE elements per
# program, with the tail of the last block masked off: the kernel corpus's
# vector add (conformance/kernels/vector_add.py, Triton's first tutorial).
#
# RUN: tridentc %S/../../../conformance/kernels/vector_add.py --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32, 1024' --emit ttir | FileCheck %s
# RUN: tridentc %S/../../../conformance/kernels/vector_add.py --kernel add_kernel --signature '*fp16:16, *fp16:16, *fp16:16, i32:16, 256' --emit ttir | FileCheck %s --check-prefix=F16

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
