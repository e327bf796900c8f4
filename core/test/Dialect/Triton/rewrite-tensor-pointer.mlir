// RUN: trident-opt %s --triton-rewrite-tensor-pointer | FileCheck %s

// A block pointer's load becomes a load of base + sum (offset + arange) *
// stride, masked by the boundary check (0 <= index < shape, per checked
// dimension) with the padding as `other`; tt.advance moves the offsets; a
// store checks only the dimensions it lists. Offsets and indices are i64
// (as in Triton: the i32 offsets are sign-extended first), and each index
// is scaled and compared before it is broadcast to the block.
// CHECK-LABEL: tt.func public @copy_tile
// CHECK-NOT: tt.make_tensor_ptr
// CHECK: %[[R0:.*]] = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
// CHECK: %[[R0W:.*]] = arith.extsi %[[R0]] : tensor<16xi32> to tensor<16xi64>
// CHECK: %[[ROWI:.*]] = arith.addi %{{.*}}, %[[R0W]] : tensor<16xi64>
// CHECK: %[[ROWS:.*]] = tt.expand_dims %[[ROWI]] {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
// CHECK: %[[RS:.*]] = arith.muli %[[ROWS]], %{{.*}} : tensor<16x1xi64>
// CHECK: tt.broadcast %[[RS]] : tensor<16x1xi64> -> tensor<16x32xi64>
// CHECK: arith.cmpi sge, %[[ROWS]]
// CHECK: arith.cmpi slt, %[[ROWS]]
// CHECK: %[[COLS:.*]] = tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
// CHECK: arith.cmpi slt, %[[COLS]]
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<16x32xi1>
// CHECK-NEXT: tt.splat %arg0
// CHECK-NEXT: %[[PTRS:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi64>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x32xf32>
// CHECK: %[[V:.*]] = tt.load %[[PTRS]], %[[MASK]], %[[ZERO]]
// The advanced pointer: column offset 0 + 32, added in i64.
// CHECK: %[[C32:.*]] = arith.extsi %c32_i32 : i32 to i64
// CHECK: %[[COL0:.*]] = arith.addi %{{.*}}, %[[C32]] : i64
// CHECK: tt.splat %[[COL0]] : i64 -> tensor<32xi64>
// CHECK: %[[SMASK:.*]] = tt.broadcast %{{.*}} : tensor<1x32xi1> -> tensor<16x32xi1>
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
