// RUN: trident-opt %s --triton-rewrite-tensor-pointer | FileCheck %s

// A block pointer's load becomes a load of base + sum (offset + arange) *
// stride, masked by the boundary check (0 <= index < shape, per checked
// dimension) with the padding as `other`; tt.advance moves the offsets; a
// store checks only the dimensions it lists.
// CHECK-LABEL: tt.func public @copy_tile
// CHECK-NOT: tt.make_tensor_ptr
// CHECK: %[[ROWS:.*]] = arith.extsi %{{.*}} : tensor<16x32xi32> to tensor<16x32xi64>
// CHECK: %[[RS:.*]] = arith.muli %[[ROWS]], %{{.*}} : tensor<16x32xi64>
// CHECK: arith.cmpi sge, %[[ROWS]]
// CHECK: arith.cmpi slt, %[[ROWS]]
// CHECK: %[[COLS:.*]] = arith.extsi %{{.*}} : tensor<16x32xi32> to tensor<16x32xi64>
// CHECK: arith.cmpi slt, %[[COLS]]
// CHECK: arith.andi
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<16x32xi1>
// CHECK-NEXT: tt.splat %arg0
// CHECK-NEXT: %[[PTRS:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi64>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x32xf32>
// CHECK: %[[V:.*]] = tt.load %[[PTRS]], %[[MASK]], %[[ZERO]]
// The advanced pointer: column offset 0 + 32.
// CHECK: %[[COL0:.*]] = arith.addi %{{.*}}, %c32_i32 : i32
// CHECK: tt.splat %[[COL0]] : i32 -> tensor<32xi32>
// CHECK: %[[SMASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<16x32xi1>
// CHECK-NEXT: tt.splat %arg1
// CHECK-NEXT: %[[SPTRS:.*]] = tt.addptr
// CHECK-NEXT: tt.store %[[SPTRS]], %[[V]], %[[SMASK]]
// CHECK-NOT: tt.advance
tt.func public @copy_tile(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %m: i64, %n: i64, %stride: i64) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %c32 = arith.constant 32 : i32
  %p = tt.make_tensor_ptr %x, [%m, %n], [%stride, %c1], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<16x32xf32>>
  %v = tt.load %p {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<16x32xf32>>
  %q = tt.make_tensor_ptr %y, [%m, %n], [%stride, %c1], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<16x32xf32>>
  %q2 = tt.advance %q, [%c0, %c32] : <tensor<16x32xf32>>
  tt.store %q2, %v {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<16x32xf32>>
  tt.return
}
