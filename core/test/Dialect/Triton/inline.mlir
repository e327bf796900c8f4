// The inliner inlines tt.call into tt.func unless the callee says noinline;
// symbol-dce then drops helpers nobody calls.
// RUN: trident-opt %s -split-input-file -inline="default-pipeline=" -symbol-dce | FileCheck %s

// CHECK-NOT: @square
// CHECK-LABEL: tt.func public @kernel
tt.func private @square(%x: f32) -> f32 attributes {noinline = false} {
  %0 = arith.mulf %x, %x : f32
  tt.return %0 : f32
}
tt.func public @kernel(%p: !tt.ptr<f32>) attributes {noinline = false} {
  %v = tt.load %p : !tt.ptr<f32>
  // CHECK: %[[V:.*]] = tt.load
  // CHECK-NEXT: %[[S:.*]] = arith.mulf %[[V]], %[[V]] : f32
  // CHECK-NEXT: tt.store %arg0, %[[S]]
  %s = tt.call @square(%v) : (f32) -> f32
  tt.store %p, %s : !tt.ptr<f32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func private @kept
tt.func private @kept(%x: f32) -> f32 attributes {noinline = true} {
  tt.return %x : f32
}
// CHECK-LABEL: tt.func public @kernel2
tt.func public @kernel2(%x: f32) -> f32 {
  // CHECK: tt.call @kept
  %0 = tt.call @kept(%x) : (f32) -> f32
  tt.return %0 : f32
}

// -----

// A multi-block callee: its returns become branches.
// CHECK-LABEL: tt.func public @kernel3
tt.func private @pick(%c: i1, %a: f32, %b: f32) -> f32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  tt.return %a : f32
^bb2:
  tt.return %b : f32
}
tt.func public @kernel3(%c: i1, %a: f32, %b: f32) -> f32 {
  // CHECK: cf.cond_br %arg0, ^bb1, ^bb2
  // CHECK: cf.br ^bb3(%arg1 : f32)
  // CHECK: cf.br ^bb3(%arg2 : f32)
  // CHECK: ^bb3(%[[R:.*]]: f32):
  // CHECK: tt.return %[[R]]
  %0 = tt.call @pick(%c, %a, %b) : (i1, f32, f32) -> f32
  tt.return %0 : f32
}
