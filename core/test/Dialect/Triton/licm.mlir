// Loop-invariant code motion, loads included.
// RUN: trident-opt %s -split-input-file -triton-licm | FileCheck %s

// CHECK-LABEL: @hoist_load
tt.func @hoist_load(%p: tensor<64x!tt.ptr<f32>>, %lb: i32, %ub: i32) -> tensor<64xf32> {
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<0.0> : tensor<64xf32>
  // CHECK: %[[RUNS:.*]] = arith.cmpi slt, %arg1, %arg2 : i32
  // CHECK: %[[MASK:.*]] = tt.splat %[[RUNS]] : i1 -> tensor<64xi1>
  // CHECK: %[[L:.*]] = tt.load %arg0, %[[MASK]] : tensor<64x!tt.ptr<f32>>
  // CHECK: %[[E:.*]] = math.exp %[[L]]
  // CHECK: scf.for
  // CHECK-NOT: tt.load
  // CHECK-NOT: math.exp
  // CHECK: arith.addf
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %init) -> (tensor<64xf32>) : i32 {
    %v = tt.load %p : tensor<64x!tt.ptr<f32>>
    %e = math.exp %v : tensor<64xf32>
    %s = arith.addf %acc, %e : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  }
  tt.return %r : tensor<64xf32>
}

// -----

// CHECK-LABEL: @hoist_masked_load
tt.func @hoist_masked_load(%p: tensor<64x!tt.ptr<f32>>, %m: tensor<64xi1>, %ub: i32) -> tensor<64xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<0.0> : tensor<64xf32>
  // CHECK: %[[RUNS:.*]] = arith.cmpi slt, %{{.*}}, %arg2 : i32
  // CHECK: %[[SPLAT:.*]] = tt.splat %[[RUNS]] : i1 -> tensor<64xi1>
  // CHECK: %[[MASK:.*]] = arith.andi %arg1, %[[SPLAT]] : tensor<64xi1>
  // CHECK: tt.load %arg0, %[[MASK]] : tensor<64x!tt.ptr<f32>>
  // CHECK: scf.for
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64xf32>) : i32 {
    %v = tt.load %p, %m : tensor<64x!tt.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  }
  tt.return %r : tensor<64xf32>
}

// -----

// CHECK-LABEL: @no_hoist_with_store
tt.func @no_hoist_with_store(%p: tensor<64x!tt.ptr<f32>>, %q: tensor<64x!tt.ptr<f32>>, %ub: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // The loop writes memory: the load may see those writes and stays.
  // CHECK: scf.for
  // CHECK-NEXT: tt.load
  // CHECK-NEXT: tt.store
  scf.for %i = %c0 to %ub step %c1 : i32 {
    %v = tt.load %p : tensor<64x!tt.ptr<f32>>
    tt.store %q, %v : tensor<64x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// CHECK-LABEL: @no_hoist_variant
tt.func @no_hoist_variant(%p: !tt.ptr<f32>, %ub: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant 0.0 : f32
  // The pointer depends on the induction variable.
  // CHECK: scf.for
  // CHECK: tt.addptr
  // CHECK: tt.load
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (f32) : i32 {
    %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
    %v = tt.load %q : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  tt.return %r : f32
}

// -----

// CHECK-LABEL: @no_hoist_volatile
tt.func @no_hoist_volatile(%p: !tt.ptr<i32>, %ub: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: scf.for
  // CHECK-NEXT: tt.load %arg0 {isVolatile = true}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %v = tt.load %p {isVolatile = true} : !tt.ptr<i32>
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  tt.return %r : i32
}

// -----

// CHECK-LABEL: @block_pointer_known_trip_count
tt.func @block_pointer_known_trip_count(%p: !tt.ptr<tensor<16x16xf32>>, %q: !tt.ptr<tensor<16x16xf32>>, %ub: i32) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %init = arith.constant dense<0.0> : tensor<16x16xf32>
  // A block-pointer load takes no mask: it leaves only a loop known to run.
  // CHECK: %[[L:.*]] = tt.load %arg0
  // CHECK: scf.for
  // CHECK: scf.for
  // CHECK-NEXT: tt.load %arg1
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (tensor<16x16xf32>) : i32 {
    %v = tt.load %p : !tt.ptr<tensor<16x16xf32>>
    %s = arith.addf %acc, %v : tensor<16x16xf32>
    scf.yield %s : tensor<16x16xf32>
  }
  %r2 = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<16x16xf32>) : i32 {
    %v = tt.load %q : !tt.ptr<tensor<16x16xf32>>
    %s = arith.addf %acc, %v : tensor<16x16xf32>
    scf.yield %s : tensor<16x16xf32>
  }
  tt.return %r, %r2 : tensor<16x16xf32>, tensor<16x16xf32>
}
