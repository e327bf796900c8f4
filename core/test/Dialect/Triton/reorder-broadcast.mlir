// Elementwise work moves before splats and broadcasts.
// RUN: trident-opt %s -split-input-file -triton-reorder-broadcast | FileCheck %s

// CHECK-LABEL: @splat_elementwise
tt.func @splat_elementwise(%x: f32, %y: f32) -> tensor<128xf32> {
  %a = tt.splat %x : f32 -> tensor<128xf32>
  %b = tt.splat %y : f32 -> tensor<128xf32>
  %c = arith.constant dense<2.0> : tensor<128xf32>
  %0 = arith.mulf %a, %b : tensor<128xf32>
  %1 = arith.addf %0, %c : tensor<128xf32>
  // CHECK: %[[C:.*]] = arith.constant 2.000000e+00 : f32
  // CHECK: %[[M:.*]] = arith.mulf %arg0, %arg1 : f32
  // CHECK: %[[A:.*]] = arith.addf %[[M]], %[[C]] : f32
  // CHECK: %[[S:.*]] = tt.splat %[[A]] : f32 -> tensor<128xf32>
  // CHECK: tt.return %[[S]]
  tt.return %1 : tensor<128xf32>
}

// -----

// CHECK-LABEL: @splat_compare
tt.func @splat_compare(%x: i32, %y: i32) -> tensor<64xi1> {
  %a = tt.splat %x : i32 -> tensor<64xi32>
  %b = tt.splat %y : i32 -> tensor<64xi32>
  %0 = arith.cmpi slt, %a, %b : tensor<64xi32>
  // CHECK: %[[C:.*]] = arith.cmpi slt, %arg0, %arg1 : i32
  // CHECK: tt.splat %[[C]] : i1 -> tensor<64xi1>
  tt.return %0 : tensor<64xi1>
}

// -----

// CHECK-LABEL: @broadcast_elementwise
tt.func @broadcast_elementwise(%x: tensor<1x64xf32>, %y: tensor<1x64xf32>, %s: f32) -> tensor<32x64xf32> {
  %a = tt.broadcast %x : tensor<1x64xf32> -> tensor<32x64xf32>
  %b = tt.broadcast %y : tensor<1x64xf32> -> tensor<32x64xf32>
  %c = tt.splat %s : f32 -> tensor<32x64xf32>
  %0 = arith.addf %a, %b : tensor<32x64xf32>
  %1 = arith.mulf %0, %c : tensor<32x64xf32>
  // CHECK: %[[A:.*]] = arith.addf %arg0, %arg1 : tensor<1x64xf32>
  // CHECK: %[[S:.*]] = tt.splat %arg2 : f32 -> tensor<1x64xf32>
  // CHECK: %[[M:.*]] = arith.mulf %[[A]], %[[S]] : tensor<1x64xf32>
  // CHECK: %[[B:.*]] = tt.broadcast %[[M]] : tensor<1x64xf32> -> tensor<32x64xf32>
  // CHECK: tt.return %[[B]]
  tt.return %1 : tensor<32x64xf32>
}

// -----

// CHECK-LABEL: @broadcast_different_sources
tt.func @broadcast_different_sources(%x: tensor<1x64xf32>, %y: tensor<32x1xf32>) -> tensor<32x64xf32> {
  // Broadcasts from different shapes stay where they are.
  // CHECK: tt.broadcast %arg0
  // CHECK: tt.broadcast %arg1
  // CHECK: arith.addf %{{.*}}, %{{.*}} : tensor<32x64xf32>
  %a = tt.broadcast %x : tensor<1x64xf32> -> tensor<32x64xf32>
  %b = tt.broadcast %y : tensor<32x1xf32> -> tensor<32x64xf32>
  %0 = arith.addf %a, %b : tensor<32x64xf32>
  tt.return %0 : tensor<32x64xf32>
}

// -----

// CHECK-LABEL: @not_with_a_full_tensor
tt.func @not_with_a_full_tensor(%x: f32, %t: tensor<64xf32>) -> tensor<64xf32> {
  // One operand is a full tensor: nothing moves.
  // CHECK: tt.splat %arg0
  // CHECK: arith.addf %{{.*}}, %arg1 : tensor<64xf32>
  %a = tt.splat %x : f32 -> tensor<64xf32>
  %0 = arith.addf %a, %t : tensor<64xf32>
  tt.return %0 : tensor<64xf32>
}

// -----

// CHECK-LABEL: @expand_dims_splat
tt.func @expand_dims_splat(%x: f32) -> tensor<64x1xf32> {
  %a = tt.splat %x : f32 -> tensor<64xf32>
  %0 = tt.expand_dims %a {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  // CHECK: %[[S:.*]] = tt.splat %arg0 : f32 -> tensor<64x1xf32>
  // CHECK-NEXT: tt.return %[[S]]
  tt.return %0 : tensor<64x1xf32>
}

// -----

// CHECK-LABEL: @loads_do_not_move
tt.func @loads_do_not_move(%p: !tt.ptr<f32>) -> tensor<64xf32> {
  // Loads are not pure and are never rewritten on splats.
  // CHECK: %[[P:.*]] = tt.splat %arg0
  // CHECK: tt.load %[[P]]
  %a = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %0 = tt.load %a : tensor<64x!tt.ptr<f32>>
  tt.return %0 : tensor<64xf32>
}

// -----

// A splat constant next to an operand that is neither a splat nor a constant:
// nothing moves, and the pass converges (it used to loop and fail silently).
// CHECK-LABEL: tt.func @mixed_constant_operand
// CHECK: arith.subf %{{.*}}, %arg0 : tensor<512xf32>
tt.func @mixed_constant_operand(%arg0: tensor<512xf32>, %p: tensor<512x!tt.ptr<f32>>) {
  %cst = arith.constant dense<0.000000e+00> : tensor<512xf32>
  %0 = arith.subf %cst, %arg0 : tensor<512xf32>
  tt.store %p, %0 : tensor<512x!tt.ptr<f32>>
  tt.return
}
