// Triton's combine rewrites.
// RUN: trident-opt %s -split-input-file -triton-combine | FileCheck %s

// CHECK-LABEL: @addptr_chain
tt.func @addptr_chain(%p: tensor<64x!tt.ptr<f32>>, %a: tensor<64xi32>, %b: tensor<64xi32>) -> tensor<64x!tt.ptr<f32>> {
  %0 = tt.addptr %p, %a : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %1 = tt.addptr %0, %b : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  // CHECK: %[[S:.*]] = arith.addi %arg1, %arg2 : tensor<64xi32>
  // CHECK: %[[P:.*]] = tt.addptr %arg0, %[[S]] : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  // CHECK: tt.return %[[P]]
  tt.return %1 : tensor<64x!tt.ptr<f32>>
}

// -----

// CHECK-LABEL: @addptr_chain_mixed_types
tt.func @addptr_chain_mixed_types(%p: !tt.ptr<f32>, %a: i32, %b: i64) -> !tt.ptr<f32> {
  // Offsets of different widths are left alone.
  // CHECK: tt.addptr %arg0, %arg1 : !tt.ptr<f32>, i32
  // CHECK: tt.addptr %{{.*}}, %arg2 : !tt.ptr<f32>, i64
  %0 = tt.addptr %p, %a : !tt.ptr<f32>, i32
  %1 = tt.addptr %0, %b : !tt.ptr<f32>, i64
  tt.return %1 : !tt.ptr<f32>
}

// -----

// CHECK-LABEL: @select_of_masked_load
tt.func @select_of_masked_load(%p: tensor<64x!tt.ptr<f32>>, %c: i1, %o: tensor<64xf32>) -> tensor<64xf32> {
  %m = tt.splat %c : i1 -> tensor<64xi1>
  %0 = tt.load %p, %m : tensor<64x!tt.ptr<f32>>
  %1 = arith.select %c, %0, %o : tensor<64xf32>
  // CHECK: %[[M:.*]] = tt.splat %arg1 : i1 -> tensor<64xi1>
  // CHECK: %[[L:.*]] = tt.load %arg0, %[[M]], %arg2 : tensor<64x!tt.ptr<f32>>
  // CHECK-NOT: arith.select
  // CHECK: tt.return %[[L]]
  tt.return %1 : tensor<64xf32>
}

// -----

// CHECK-LABEL: @select_of_masked_load_tensor_cond
tt.func @select_of_masked_load_tensor_cond(%p: tensor<64x!tt.ptr<f32>>, %m: tensor<64xi1>, %o: tensor<64xf32>) -> tensor<64xf32> {
  %0 = tt.load %p, %m : tensor<64x!tt.ptr<f32>>
  %1 = arith.select %m, %0, %o : tensor<64xi1>, tensor<64xf32>
  // CHECK: %[[L:.*]] = tt.load %arg0, %arg1, %arg2 : tensor<64x!tt.ptr<f32>>
  // CHECK-NEXT: tt.return %[[L]]
  tt.return %1 : tensor<64xf32>
}

// -----

// CHECK-LABEL: @select_other_condition
tt.func @select_other_condition(%p: tensor<64x!tt.ptr<f32>>, %m: tensor<64xi1>, %n: tensor<64xi1>, %o: tensor<64xf32>) -> tensor<64xf32> {
  // A select on another condition must stay.
  // CHECK: tt.load %arg0, %arg1 : tensor<64x!tt.ptr<f32>>
  // CHECK: arith.select %arg2
  %0 = tt.load %p, %m : tensor<64x!tt.ptr<f32>>
  %1 = arith.select %n, %0, %o : tensor<64xi1>, tensor<64xf32>
  tt.return %1 : tensor<64xf32>
}

// -----

// CHECK-LABEL: @dot_add_float
tt.func @dot_add_float(%a: tensor<32x16xf16>, %b: tensor<16x32xf16>, %d: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %0 = tt.dot %a, %b, %zero : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
  %1 = arith.addf %d, %0 : tensor<32x32xf32>
  // CHECK: %[[D:.*]] = tt.dot %arg0, %arg1, %arg2 : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
  // CHECK-NOT: arith.addf
  // CHECK: tt.return %[[D]]
  tt.return %1 : tensor<32x32xf32>
}

// -----

// CHECK-LABEL: @dot_add_int
tt.func @dot_add_int(%a: tensor<32x16xi8>, %b: tensor<16x32xi8>, %d: tensor<32x32xi32>) -> tensor<32x32xi32> {
  %zero = arith.constant dense<0> : tensor<32x32xi32>
  %0 = tt.dot %a, %b, %zero : tensor<32x16xi8> * tensor<16x32xi8> -> tensor<32x32xi32>
  %1 = arith.addi %0, %d : tensor<32x32xi32>
  // CHECK: %[[D:.*]] = tt.dot %arg0, %arg1, %arg2 : tensor<32x16xi8> * tensor<16x32xi8> -> tensor<32x32xi32>
  // CHECK-NEXT: tt.return %[[D]]
  tt.return %1 : tensor<32x32xi32>
}

// -----

// CHECK-LABEL: @dot_add_nonzero_acc
tt.func @dot_add_nonzero_acc(%a: tensor<32x16xf16>, %b: tensor<16x32xf16>, %c: tensor<32x32xf32>, %d: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // The accumulator is not zero: nothing to fold.
  // CHECK: tt.dot %arg0, %arg1, %arg2
  // CHECK: arith.addf
  %0 = tt.dot %a, %b, %c : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
  %1 = arith.addf %d, %0 : tensor<32x32xf32>
  tt.return %1 : tensor<32x32xf32>
}

// -----

// CHECK-LABEL: @dot_add_two_uses
tt.func @dot_add_two_uses(%a: tensor<32x16xf16>, %b: tensor<16x32xf16>, %d: tensor<32x32xf32>) -> (tensor<32x32xf32>, tensor<32x32xf32>) {
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  // The dot's own value is used too: keep it.
  // CHECK: tt.dot %arg0, %arg1, %cst
  // CHECK: arith.addf
  %0 = tt.dot %a, %b, %zero : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
  %1 = arith.addf %d, %0 : tensor<32x32xf32>
  tt.return %0, %1 : tensor<32x32xf32>, tensor<32x32xf32>
}

// -----

// CHECK-LABEL: @broadcast_mul_reduce
tt.func @broadcast_mul_reduce(%a: tensor<16x32xf32>, %b: tensor<32x64xf32>) -> tensor<16x64xf32> {
  %ae = tt.expand_dims %a {axis = 2 : i32} : tensor<16x32xf32> -> tensor<16x32x1xf32>
  %ab = tt.broadcast %ae : tensor<16x32x1xf32> -> tensor<16x32x64xf32>
  %be = tt.expand_dims %b {axis = 0 : i32} : tensor<32x64xf32> -> tensor<1x32x64xf32>
  %bb = tt.broadcast %be : tensor<1x32x64xf32> -> tensor<16x32x64xf32>
  %m = arith.mulf %ab, %bb : tensor<16x32x64xf32>
  %r = "tt.reduce"(%m) <{axis = 1 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tt.reduce.return %s : f32
  }) : (tensor<16x32x64xf32>) -> tensor<16x64xf32>
  // CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<16x64xf32>
  // CHECK: %[[D:.*]] = tt.dot %arg0, %arg1, %[[Z]] : tensor<16x32xf32> * tensor<32x64xf32> -> tensor<16x64xf32>
  // CHECK-NOT: tt.reduce
  // CHECK: tt.return %[[D]]
  tt.return %r : tensor<16x64xf32>
}

// -----

// CHECK-LABEL: @broadcast_mul_reduce_max
tt.func @broadcast_mul_reduce_max(%a: tensor<16x32xf32>, %b: tensor<32x64xf32>) -> tensor<16x64xf32> {
  // A max-reduction is not a dot.
  // CHECK-NOT: tt.dot
  // CHECK: tt.reduce
  %ae = tt.expand_dims %a {axis = 2 : i32} : tensor<16x32xf32> -> tensor<16x32x1xf32>
  %ab = tt.broadcast %ae : tensor<16x32x1xf32> -> tensor<16x32x64xf32>
  %be = tt.expand_dims %b {axis = 0 : i32} : tensor<32x64xf32> -> tensor<1x32x64xf32>
  %bb = tt.broadcast %be : tensor<1x32x64xf32> -> tensor<16x32x64xf32>
  %m = arith.mulf %ab, %bb : tensor<16x32x64xf32>
  %r = "tt.reduce"(%m) <{axis = 1 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.maxnumf %x, %y : f32
    tt.reduce.return %s : f32
  }) : (tensor<16x32x64xf32>) -> tensor<16x64xf32>
  tt.return %r : tensor<16x64xf32>
}
