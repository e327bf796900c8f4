// Folders and canonicalization patterns of the tt ops.
// RUN: trident-opt %s -split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: @addptr_zero
tt.func @addptr_zero(%p: tensor<64x!tt.ptr<f32>>) -> tensor<64x!tt.ptr<f32>> {
  %z = arith.constant dense<0> : tensor<64xi32>
  %0 = tt.addptr %p, %z : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  // CHECK-NOT: tt.addptr
  // CHECK: tt.return %arg0
  tt.return %0 : tensor<64x!tt.ptr<f32>>
}

// -----

// CHECK-LABEL: @advance_zero
tt.func @advance_zero(%p: !tt.ptr<tensor<16x16xf32>>) -> !tt.ptr<tensor<16x16xf32>> {
  %c0 = arith.constant 0 : i32
  %0 = tt.advance %p, [%c0, %c0] : <tensor<16x16xf32>>
  // CHECK-NOT: tt.advance
  // CHECK: tt.return %arg0
  tt.return %0 : !tt.ptr<tensor<16x16xf32>>
}

// -----

// CHECK-LABEL: @splat_constant
tt.func @splat_constant() -> tensor<8x8xf32> {
  %c = arith.constant 2.5 : f32
  %0 = tt.splat %c : f32 -> tensor<8x8xf32>
  // CHECK: %[[C:.*]] = arith.constant dense<2.500000e+00> : tensor<8x8xf32>
  // CHECK-NOT: tt.splat
  // CHECK: tt.return %[[C]]
  tt.return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: @shape_ops_of_splat_constants
tt.func @shape_ops_of_splat_constants() -> (tensor<8x1xi32>, tensor<8x4xi32>, tensor<32xi32>, tensor<1x8xi32>) {
  %c = arith.constant dense<7> : tensor<8xi32>
  %0 = tt.expand_dims %c {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %1 = tt.broadcast %0 : tensor<8x1xi32> -> tensor<8x4xi32>
  %2 = tt.reshape %1 : tensor<8x4xi32> -> tensor<32xi32>
  %3 = tt.trans %0 {order = array<i32: 1, 0>} : tensor<8x1xi32> -> tensor<1x8xi32>
  // CHECK-DAG: arith.constant dense<7> : tensor<8x1xi32>
  // CHECK-DAG: arith.constant dense<7> : tensor<8x4xi32>
  // CHECK-DAG: arith.constant dense<7> : tensor<32xi32>
  // CHECK-DAG: arith.constant dense<7> : tensor<1x8xi32>
  // CHECK-NOT: tt.expand_dims
  // CHECK-NOT: tt.broadcast
  // CHECK-NOT: tt.reshape
  // CHECK-NOT: tt.trans
  tt.return %0, %1, %2, %3 : tensor<8x1xi32>, tensor<8x4xi32>, tensor<32xi32>, tensor<1x8xi32>
}

// -----

// CHECK-LABEL: @expand_dims_of_splat
tt.func @expand_dims_of_splat(%x: f32) -> tensor<8x1xf32> {
  %0 = tt.splat %x : f32 -> tensor<8xf32>
  %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xf32> -> tensor<8x1xf32>
  // CHECK: %[[S:.*]] = tt.splat %arg0 : f32 -> tensor<8x1xf32>
  // CHECK-NEXT: tt.return %[[S]]
  tt.return %1 : tensor<8x1xf32>
}

// -----

// CHECK-LABEL: @expand_dims_of_broadcast
tt.func @expand_dims_of_broadcast(%x: tensor<1x8xf32>) -> tensor<4x1x8xf32> {
  %0 = tt.broadcast %x : tensor<1x8xf32> -> tensor<4x8xf32>
  %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<4x8xf32> -> tensor<4x1x8xf32>
  // CHECK: %[[E:.*]] = tt.expand_dims %arg0 {axis = 1 : i32} : tensor<1x8xf32> -> tensor<1x1x8xf32>
  // CHECK: %[[B:.*]] = tt.broadcast %[[E]] : tensor<1x1x8xf32> -> tensor<4x1x8xf32>
  // CHECK: tt.return %[[B]]
  tt.return %1 : tensor<4x1x8xf32>
}

// -----

// CHECK-LABEL: @broadcast_chains
tt.func @broadcast_chains(%x: f32, %y: tensor<1x1xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<1x1xf32>) {
  %0 = tt.splat %x : f32 -> tensor<1x8xf32>
  %1 = tt.broadcast %0 : tensor<1x8xf32> -> tensor<4x8xf32>
  %2 = tt.broadcast %y : tensor<1x1xf32> -> tensor<1x8xf32>
  %3 = tt.broadcast %2 : tensor<1x8xf32> -> tensor<4x8xf32>
  %4 = tt.broadcast %y : tensor<1x1xf32> -> tensor<1x1xf32>
  // CHECK: %[[S:.*]] = tt.splat %arg0 : f32 -> tensor<4x8xf32>
  // CHECK: %[[B:.*]] = tt.broadcast %arg1 : tensor<1x1xf32> -> tensor<4x8xf32>
  // CHECK: tt.return %[[S]], %[[B]], %arg1
  tt.return %1, %3, %4 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<1x1xf32>
}

// -----

// CHECK-LABEL: @reshape_chains
tt.func @reshape_chains(%x: tensor<4x8xf32>, %s: f32) -> (tensor<2x16xf32>, tensor<4x8xf32>, tensor<32xf32>) {
  %0 = tt.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  %1 = tt.reshape %0 : tensor<32xf32> -> tensor<2x16xf32>
  %2 = tt.reshape %x : tensor<4x8xf32> -> tensor<4x8xf32>
  %3 = tt.splat %s : f32 -> tensor<4x8xf32>
  %4 = tt.reshape %3 : tensor<4x8xf32> -> tensor<32xf32>
  // CHECK: %[[R:.*]] = tt.reshape %arg0 : tensor<4x8xf32> -> tensor<2x16xf32>
  // CHECK: %[[S:.*]] = tt.splat %arg1 : f32 -> tensor<32xf32>
  // CHECK: tt.return %[[R]], %arg0, %[[S]]
  tt.return %1, %2, %4 : tensor<2x16xf32>, tensor<4x8xf32>, tensor<32xf32>
}

// -----

// CHECK-LABEL: @reshape_reorder_kept
tt.func @reshape_reorder_kept(%x: tensor<4x8xf32>) -> tensor<2x16xf32> {
  %0 = tt.reshape %x allow_reorder : tensor<4x8xf32> -> tensor<32xf32>
  %1 = tt.reshape %0 : tensor<32xf32> -> tensor<2x16xf32>
  // Reordering and order-preserving reshapes do not merge.
  // CHECK: tt.reshape %arg0 allow_reorder
  // CHECK: tt.reshape
  tt.return %1 : tensor<2x16xf32>
}

// -----

// CHECK-LABEL: @trans_chains
tt.func @trans_chains(%x: tensor<2x4x8xf32>) -> (tensor<2x4x8xf32>, tensor<4x8x2xf32>, tensor<2x4x8xf32>) {
  %0 = tt.trans %x {order = array<i32: 1, 0, 2>} : tensor<2x4x8xf32> -> tensor<4x2x8xf32>
  %1 = tt.trans %0 {order = array<i32: 1, 0, 2>} : tensor<4x2x8xf32> -> tensor<2x4x8xf32>
  %2 = tt.trans %0 {order = array<i32: 0, 2, 1>} : tensor<4x2x8xf32> -> tensor<4x8x2xf32>
  %3 = tt.trans %x {order = array<i32: 0, 1, 2>} : tensor<2x4x8xf32> -> tensor<2x4x8xf32>
  // CHECK: %[[T:.*]] = tt.trans %arg0 {order = array<i32: 1, 2, 0>} : tensor<2x4x8xf32> -> tensor<4x8x2xf32>
  // CHECK: tt.return %arg0, %[[T]], %arg0
  tt.return %1, %2, %3 : tensor<2x4x8xf32>, tensor<4x8x2xf32>, tensor<2x4x8xf32>
}

// -----

// CHECK-LABEL: @make_range_single
tt.func @make_range_single() -> tensor<1xi32> {
  %0 = tt.make_range {end = 5 : i32, start = 4 : i32} : tensor<1xi32>
  // CHECK: %[[C:.*]] = arith.constant dense<4> : tensor<1xi32>
  // CHECK: tt.return %[[C]]
  tt.return %0 : tensor<1xi32>
}

// -----

// CHECK-LABEL: @fp_to_fp_constant
tt.func @fp_to_fp_constant() -> (tensor<4xf16>, bf16, tensor<4xf32>) {
  %c = arith.constant dense<1.5> : tensor<4xf32>
  %0 = tt.fp_to_fp %c, rounding = rtne : tensor<4xf32> -> tensor<4xf16>
  %s = arith.constant 3.0 : f32
  %1 = tt.fp_to_fp %s, rounding = rtz : f32 -> bf16
  %h = arith.constant dense<0.25> : tensor<4xf8E5M2>
  %2 = tt.fp_to_fp %h : tensor<4xf8E5M2> -> tensor<4xf32>
  // CHECK-DAG: arith.constant dense<1.500000e+00> : tensor<4xf16>
  // CHECK-DAG: arith.constant 3.000000e+00 : bf16
  // CHECK-DAG: arith.constant dense<2.500000e-01> : tensor<4xf32>
  // CHECK-NOT: tt.fp_to_fp
  tt.return %0, %1, %2 : tensor<4xf16>, bf16, tensor<4xf32>
}

// -----

// CHECK-LABEL: @load_store_constant_masks
tt.func @load_store_constant_masks(%p: tensor<64x!tt.ptr<f32>>, %o: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %true = arith.constant dense<true> : tensor<64xi1>
  %false = arith.constant dense<false> : tensor<64xi1>
  // CHECK: %[[L:.*]] = tt.load %arg0 : tensor<64x!tt.ptr<f32>>
  %0 = tt.load %p, %true, %o : tensor<64x!tt.ptr<f32>>
  // An all-false load is its `other` value.
  %1 = tt.load %p, %false, %o : tensor<64x!tt.ptr<f32>>
  // CHECK: tt.store %arg0, %[[L]] : tensor<64x!tt.ptr<f32>>
  tt.store %p, %0, %true : tensor<64x!tt.ptr<f32>>
  // An all-false store writes nothing and goes away.
  // CHECK-NOT: tt.store
  tt.store %p, %0, %false : tensor<64x!tt.ptr<f32>>
  // CHECK: tt.return %[[L]], %arg1
  tt.return %0, %1 : tensor<64xf32>, tensor<64xf32>
}

// -----

// CHECK-LABEL: @volatile_load_kept
tt.func @volatile_load_kept(%p: tensor<64x!tt.ptr<f32>>) {
  // A volatile load is kept even when unused.
  // CHECK: tt.load %arg0 {isVolatile = true}
  %0 = tt.load %p {isVolatile = true} : tensor<64x!tt.ptr<f32>>
  // CHECK-NOT: tt.load
  %1 = tt.load %p : tensor<64x!tt.ptr<f32>>
  tt.return
}
