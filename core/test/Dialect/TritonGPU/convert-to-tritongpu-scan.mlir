// RUN: trident-opt %s --convert-triton-to-tritongpu | FileCheck %s

// A scan's operands and results share one layout.
// CHECK-LABEL: tt.func public @scan
// CHECK: "tt.scan"
// CHECK: }) : (tensor<64xi32, #[[L:[a-z0-9_]+]]>) -> tensor<64xi32, #[[L]]>
tt.func public @scan(%p: !tt.ptr<i32>) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %s = "tt.scan"(%r) ({
  ^bb0(%a: i32, %b: i32):
    %t = arith.addi %a, %b : i32
    tt.scan.return %t : i32
  }) {axis = 0 : i32, reverse = false} : (tensor<64xi32>) -> tensor<64xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %pa = tt.addptr %ps, %r : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  tt.store %pa, %s : tensor<64x!tt.ptr<i32>>
  tt.return
}

// A gather's indices and result share a layout, its source has its own; a
// histogram's bins are a class of their own.
// CHECK-LABEL: tt.func public @gather
// CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 0 : i32} : (tensor<128xf32, #{{[a-z0-9_]+}}>, tensor<64xi32, #[[I:[a-z0-9_]+]]>) -> tensor<64xf32, #[[I]]>
// CHECK: tt.histogram %{{.*}} : tensor<128xi32, #{{[a-z0-9_]+}}> -> tensor<16xi32, #{{[a-z0-9_]+}}>
tt.func public @gather(%f: !tt.ptr<f32>, %q: !tt.ptr<i32>) {
  %r128 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %src = arith.sitofp %r128 : tensor<128xi32> to tensor<128xf32>
  %g = tt.gather %src[%r64] {axis = 0 : i32} : (tensor<128xf32>, tensor<64xi32>) -> tensor<64xf32>
  %fs = tt.splat %f : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %fa = tt.addptr %fs, %r64 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %fa, %g : tensor<64x!tt.ptr<f32>>
  %h = tt.histogram %r128 : tensor<128xi32> -> tensor<16xi32>
  %r16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %qs = tt.splat %q : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %qa = tt.addptr %qs, %r16 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  tt.store %qa, %h : tensor<16x!tt.ptr<i32>>
  tt.return
}
