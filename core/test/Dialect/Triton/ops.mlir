// Every tt op in Triton 3.6's textual form: parse, print, parse again, and
// the same through the generic form.
// RUN: trident-opt %s | trident-opt | FileCheck %s
// RUN: trident-opt %s -mlir-print-op-generic | trident-opt | FileCheck %s

// CHECK-LABEL: tt.func @types
// CHECK-SAME: %{{.*}}: !tt.ptr<f32>, %{{.*}}: !tt.ptr<i8, 3>, %{{.*}}: !tt.ptr<tensor<16x32xf16>>, %{{.*}}: tensor<8x!tt.ptr<bf16>>, %{{.*}}: !tt.ptr<f8E4M3FN>, %{{.*}}: !tt.ptr<f8E5M2>
tt.func @types(%a: !tt.ptr<f32, 1>, %b: !tt.ptr<i8, 3>, %c: !tt.ptr<tensor<16x32xf16>>,
               %d: tensor<8x!tt.ptr<bf16>>, %e: !tt.ptr<f8E4M3FN>, %f: !tt.ptr<f8E5M2>) {
  tt.return
}

// CHECK-LABEL: tt.func public @program_ids
// CHECK-SAME: attributes {noinline = false}
tt.func public @program_ids() -> (i32, i32, i32, i32) attributes {noinline = false} {
  // CHECK: tt.get_program_id x : i32
  // CHECK: tt.get_program_id y : i32
  // CHECK: tt.get_program_id z : i32
  // CHECK: tt.get_num_programs x : i32
  %0 = tt.get_program_id x : i32
  %1 = tt.get_program_id y : i32
  %2 = tt.get_program_id z : i32
  %3 = tt.get_num_programs x : i32
  // CHECK: tt.return %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i32, i32
  tt.return %0, %1, %2, %3 : i32, i32, i32, i32
}

// CHECK-LABEL: tt.func @casts
tt.func @casts(%p: !tt.ptr<f32>, %i: i64, %t: tensor<16xf32>, %h: tensor<16xf16>) {
  // CHECK: tt.int_to_ptr %{{.*}} : i64 -> !tt.ptr<f32>
  %0 = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
  // CHECK: tt.ptr_to_int %{{.*}} : !tt.ptr<f32> -> i64
  %1 = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  // CHECK: tt.bitcast %{{.*}} : tensor<16xf32> -> tensor<16xi32>
  %2 = tt.bitcast %t : tensor<16xf32> -> tensor<16xi32>
  // CHECK: tt.bitcast %{{.*}} : !tt.ptr<f32> -> !tt.ptr<i32>
  %3 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i32>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<16xf32> -> tensor<16xf8E4M3FN>
  %4 = tt.fp_to_fp %t, rounding = rtne : tensor<16xf32> -> tensor<16xf8E4M3FN>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtz : tensor<16xf32> -> tensor<16xbf16>
  %5 = tt.fp_to_fp %t, rounding = rtz : tensor<16xf32> -> tensor<16xbf16>
  // CHECK: tt.fp_to_fp %{{.*}} : tensor<16xf8E4M3FN> -> tensor<16xf32>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<16xf16> -> tensor<16xf8E5M2>
  // CHECK: tt.fp_to_fp %{{.*}} : tensor<16xf8E5M2> -> tensor<16xf32>
  %6 = tt.fp_to_fp %4 : tensor<16xf8E4M3FN> -> tensor<16xf32>
  %7 = tt.fp_to_fp %h, rounding = rtne : tensor<16xf16> -> tensor<16xf8E5M2>
  %8 = tt.fp_to_fp %7 : tensor<16xf8E5M2> -> tensor<16xf32>
  tt.return
}

// CHECK-LABEL: tt.func @math
tt.func @math(%x: tensor<32xf32>, %y: tensor<32xf32>, %i: tensor<32xi32>, %s: f32) {
  // CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = all : tensor<32xf32>
  %0 = tt.clampf %x, %y, %y, propagateNan = all : tensor<32xf32>
  // CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = none : f32
  %1 = tt.clampf %s, %s, %s, propagateNan = none : f32
  // CHECK: tt.precise_sqrt %{{.*}} : tensor<32xf32>
  %2 = tt.precise_sqrt %x : tensor<32xf32>
  // CHECK: tt.precise_divf %{{.*}}, %{{.*}} : tensor<32xf32>
  %3 = tt.precise_divf %x, %y : tensor<32xf32>
  // CHECK: tt.mulhiui %{{.*}}, %{{.*}} : tensor<32xi32>
  %4 = tt.mulhiui %i, %i : tensor<32xi32>
  // CHECK: tt.extern_elementwise %{{.*}}, %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
  %5 = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
  // CHECK: tt.elementwise_inline_asm "shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %{{.*}} : tensor<32xi32> -> tensor<32xi32>
  %6 = tt.elementwise_inline_asm "shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %i : tensor<32xi32> -> tensor<32xi32>
  // CHECK: tt.elementwise_inline_asm "mov.b32 $0, 0; mov.b32 $1, 1;" {constraints = "=r,=r", packed_element = 1 : i32, pure = false}  -> i32, i32
  %7:2 = tt.elementwise_inline_asm "mov.b32 $0, 0; mov.b32 $1, 1;" {constraints = "=r,=r", packed_element = 1 : i32, pure = false} -> i32, i32
  tt.return
}

// CHECK-LABEL: tt.func @memory
tt.func @memory(%base: !tt.ptr<f32>, %n: i32) {
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK: tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %p = tt.splat %base : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // CHECK: tt.splat %{{.*}} : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %q = tt.addptr %p, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // CHECK: tt.addptr %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %sn = tt.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %sn : tensor<128xi32>
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  // CHECK: tt.load %{{.*}} : tensor<128x!tt.ptr<f32>>
  %0 = tt.load %q : tensor<128x!tt.ptr<f32>>
  // CHECK: tt.load %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>>
  %1 = tt.load %q, %m : tensor<128x!tt.ptr<f32>>
  // CHECK: tt.load %{{.*}}, %{{.*}}, %{{.*}} cacheModifier = ca evictionPolicy = evict_last {isVolatile = true} : tensor<128x!tt.ptr<f32>>
  %2 = tt.load %q, %m, %zero evictionPolicy = evict_last cacheModifier = ca {isVolatile = true} : tensor<128x!tt.ptr<f32>>
  // CHECK: tt.load %{{.*}} cacheModifier = cg : !tt.ptr<f32>
  %3 = tt.load %base cacheModifier = cg : !tt.ptr<f32>
  // CHECK: tt.store %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>>
  tt.store %q, %0 : tensor<128x!tt.ptr<f32>>
  // CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} cacheModifier = wt evictionPolicy = evict_first : tensor<128x!tt.ptr<f32>>
  tt.store %q, %1, %m cacheModifier = wt evictionPolicy = evict_first : tensor<128x!tt.ptr<f32>>
  // CHECK: tt.store %{{.*}}, %{{.*}} : !tt.ptr<f32>
  tt.store %base, %3 : !tt.ptr<f32>
  tt.return
}

// CHECK-LABEL: tt.func @atomics
tt.func @atomics(%p: tensor<64x!tt.ptr<f32>>, %v: tensor<64xf32>, %m: tensor<64xi1>,
                 %ip: !tt.ptr<i32>, %c: i32, %x: i32) {
  // CHECK: tt.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>
  // CHECK: tt.atomic_rmw max, relaxed, sys, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32) -> i32
  %1 = tt.atomic_rmw max, relaxed, sys, %ip, %x : (!tt.ptr<i32>, i32) -> i32
  // CHECK: tt.atomic_rmw exch, release, cta, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32) -> i32
  %2 = tt.atomic_rmw exch, release, cta, %ip, %x : (!tt.ptr<i32>, i32) -> i32
  // CHECK: tt.atomic_cas acquire, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32, i32) -> i32
  %3 = tt.atomic_cas acquire, gpu, %ip, %c, %x : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return
}

// CHECK-LABEL: tt.func @shapes
tt.func @shapes(%s: f32, %a: tensor<32xf32>, %b: tensor<4x8xf32>, %one: tensor<1xf32>) {
  // CHECK: tt.splat %{{.*}} : f32 -> tensor<4x8xf32>
  %0 = tt.splat %s : f32 -> tensor<4x8xf32>
  // CHECK: tt.unsplat %{{.*}} : tensor<1xf32>
  %1 = tt.unsplat %one : tensor<1xf32>
  // CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  %2 = tt.expand_dims %a {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  // CHECK: tt.broadcast %{{.*}} : tensor<32x1xf32> -> tensor<32x4xf32>
  %3 = tt.broadcast %2 : tensor<32x1xf32> -> tensor<32x4xf32>
  // CHECK: tt.reshape %{{.*}} : tensor<4x8xf32> -> tensor<32xf32>
  %4 = tt.reshape %b : tensor<4x8xf32> -> tensor<32xf32>
  // CHECK: tt.reshape %{{.*}} allow_reorder : tensor<4x8xf32> -> tensor<2x16xf32>
  %5 = tt.reshape %b allow_reorder : tensor<4x8xf32> -> tensor<2x16xf32>
  // CHECK: tt.reshape %{{.*}} allow_reorder efficient_layout : tensor<4x8xf32> -> tensor<8x4xf32>
  %6 = tt.reshape %b allow_reorder efficient_layout : tensor<4x8xf32> -> tensor<8x4xf32>
  // CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  %7 = tt.trans %b {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  // CHECK: tt.cat %{{.*}}, %{{.*}} : tensor<4x8xf32> -> tensor<8x8xf32>
  %8 = tt.cat %b, %b : tensor<4x8xf32> -> tensor<8x8xf32>
  // CHECK: tt.join %{{.*}}, %{{.*}} : tensor<4x8xf32> -> tensor<4x8x2xf32>
  %9 = tt.join %b, %b : tensor<4x8xf32> -> tensor<4x8x2xf32>
  // CHECK: tt.split %{{.*}} : tensor<4x8x2xf32> -> tensor<4x8xf32>
  %10, %11 = tt.split %9 : tensor<4x8x2xf32> -> tensor<4x8xf32>
  tt.return
}

// CHECK-LABEL: tt.func @dots
tt.func @dots(%a: tensor<64x32xf16>, %b: tensor<32x128xf16>, %c: tensor<64x128xf32>,
              %af: tensor<64x32xf32>, %bf: tensor<32x128xf32>,
              %ai: tensor<64x32xi8>, %bi: tensor<32x128xi8>, %ci: tensor<64x128xi32>,
              %a3: tensor<2x16x16xbf16>, %b3: tensor<2x16x16xbf16>, %c3: tensor<2x16x16xf32>) {
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf16> * tensor<32x128xf16> -> tensor<64x128xf32>
  %0 = tt.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x128xf16> -> tensor<64x128xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 : tensor<64x32xf32> * tensor<32x128xf32> -> tensor<64x128xf32>
  %1 = tt.dot %af, %bf, %c, inputPrecision = tf32 : tensor<64x32xf32> * tensor<32x128xf32> -> tensor<64x128xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32x3 {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf32> * tensor<32x128xf32> -> tensor<64x128xf32>
  %2 = tt.dot %af, %bf, %c, inputPrecision = tf32x3 {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf32> * tensor<32x128xf32> -> tensor<64x128xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = bf16x3 : tensor<64x32xf32>
  %3 = tt.dot %af, %bf, %c, inputPrecision = bf16x3 : tensor<64x32xf32> * tensor<32x128xf32> -> tensor<64x128xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xi8> * tensor<32x128xi8> -> tensor<64x128xi32>
  %4 = tt.dot %ai, %bi, %ci : tensor<64x32xi8> * tensor<32x128xi8> -> tensor<64x128xi32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x16x16xbf16> * tensor<2x16x16xbf16> -> tensor<2x16x16xf32>
  %5 = tt.dot %a3, %b3, %c3 : tensor<2x16x16xbf16> * tensor<2x16x16xbf16> -> tensor<2x16x16xf32>
  tt.return
}

// CHECK-LABEL: tt.func @reduce_scan
tt.func @reduce_scan(%x: tensor<16x32xf32>, %i: tensor<16x32xi32>, %v: tensor<32xf32>) {
  // CHECK: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}> ({
  // CHECK: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
  // CHECK: tt.reduce.return %{{.*}} : f32
  // CHECK: }) : (tensor<16x32xf32>) -> tensor<16xf32>
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<16x32xf32>) -> tensor<16xf32>
  // A two-operand reduction (argmax) down to scalars.
  // CHECK: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 0 : i32}>
  // CHECK: tt.reduce.return %{{.*}}, %{{.*}} : f32, i32
  // CHECK: }) : (tensor<32xf32>, tensor<32xi32>) -> (f32, i32)
  %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %1:2 = "tt.reduce"(%v, %r) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %m = arith.select %gt, %a, %b : f32
    %mi = arith.select %gt, %ai, %bi : i32
    tt.reduce.return %m, %mi : f32, i32
  }) : (tensor<32xf32>, tensor<32xi32>) -> (f32, i32)
  // CHECK: "tt.scan"(%{{.*}}) <{axis = 0 : i32, reverse = false}> ({
  // CHECK: tt.scan.return %{{.*}} : i32
  // CHECK: }) : (tensor<16x32xi32>) -> tensor<16x32xi32>
  %2 = "tt.scan"(%i) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tt.scan.return %s : i32
  }) : (tensor<16x32xi32>) -> tensor<16x32xi32>
  // CHECK: reverse = true
  %3 = "tt.scan"(%v) <{axis = 0 : i32, reverse = true}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.mulf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<32xf32>) -> tensor<32xf32>
  tt.return
}

// CHECK-LABEL: tt.func @histogram_gather
tt.func @histogram_gather(%x: tensor<256xi32>, %m: tensor<256xi1>, %src: tensor<8x16xf32>, %idx: tensor<8x4xi32>) {
  // CHECK: tt.histogram %{{.*}} : tensor<256xi32> -> tensor<32xi32>
  %0 = tt.histogram %x : tensor<256xi32> -> tensor<32xi32>
  // CHECK: tt.histogram %{{.*}}, %{{.*}} : tensor<256xi32> -> tensor<32xi32>
  %1 = tt.histogram %x, %m : tensor<256xi32> -> tensor<32xi32>
  // CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 1 : i32} : (tensor<8x16xf32>, tensor<8x4xi32>) -> tensor<8x4xf32>
  %2 = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<8x16xf32>, tensor<8x4xi32>) -> tensor<8x4xf32>
  tt.return
}

// CHECK-LABEL: tt.func @debug
tt.func @debug(%x: tensor<16xi32>, %f: f32, %c: tensor<16xi1>) {
  // CHECK: tt.print " x: " {hex = false, isSigned = array<i32: 1, 0>} : %{{.*}}, %{{.*}} : tensor<16xi32>, f32
  tt.print " x: " {hex = false, isSigned = array<i32: 1, 0>} : %x, %f : tensor<16xi32>, f32
  // CHECK: tt.print "hello" {hex = true, isSigned = array<i32>}
  tt.print "hello" {hex = true, isSigned = array<i32>}
  // CHECK: tt.assert %{{.*}}, "x must be positive" : tensor<16xi1>
  tt.assert %c, "x must be positive" : tensor<16xi1>
  tt.return
}

// CHECK-LABEL: tt.func @block_pointers
tt.func @block_pointers(%base: !tt.ptr<f16>, %M: i64, %N: i64, %s0: i64, %s1: i64, %o: i32) {
  // CHECK: tt.make_tensor_ptr %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  %p = tt.make_tensor_ptr %base, [%M, %N], [%s0, %s1], [%o, %o] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  // CHECK: tt.advance %{{.*}}, [%{{.*}}, %{{.*}}] : <tensor<64x32xf16>>
  %q = tt.advance %p, [%o, %o] : <tensor<64x32xf16>>
  // CHECK: tt.load %{{.*}} {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf16>>
  %v = tt.load %q {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf16>>
  // CHECK: tt.load %{{.*}} {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<64x32xf16>>
  %w = tt.load %q {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<64x32xf16>>
  // CHECK: tt.store %{{.*}}, %{{.*}} {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<64x32xf16>>
  tt.store %q, %v {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<64x32xf16>>
  tt.return
}

// CHECK-LABEL: tt.func private @helper
// CHECK-SAME: attributes {noinline = true}
tt.func private @helper(%x: f32) -> f32 attributes {noinline = true} {
  tt.return %x : f32
}

// CHECK-LABEL: tt.func @calls
tt.func @calls(%x: f32) -> f32 {
  // CHECK: tt.call @helper(%{{.*}}) : (f32) -> f32
  %0 = tt.call @helper(%x) : (f32) -> f32
  tt.return %0 : f32
}

// CHECK-LABEL: tt.func @descriptors
tt.func @descriptors(%d: !tt.tensordesc<tensor<64x64xf16>>, %p: !tt.ptr<f32>, %m: i32, %s: i64, %rows: tensor<8xi32>, %v: tensor<8x32xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  // CHECK: tt.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {padding = 2 : i32} : <f32>, <tensor<1x32xf32>>
  %e = tt.make_tensor_descriptor %p, [%m, %m], [%s, %c1] {padding = 2 : i32} : <f32>, <tensor<1x32xf32>>
  // CHECK: tt.make_tensor_descriptor %{{.*}}, [%{{.*}}], [%{{.*}}] : <f32>, <tensor<32xf32>>
  %f = tt.make_tensor_descriptor %p, [%m], [%c1] : <f32>, <tensor<32xf32>>
  // CHECK: tt.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] cacheModifier = ca evictionPolicy = evict_last : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  %x = tt.descriptor_load %d[%c0, %c0] cacheModifier = ca evictionPolicy = evict_last : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  // CHECK: tt.descriptor_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  tt.descriptor_store %d[%c0, %c0], %x : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  // CHECK: tt.descriptor_reduce add, %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  tt.descriptor_reduce add, %d[%c0, %c0], %x : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  // CHECK: tt.descriptor_gather %{{.*}}[%{{.*}}, %{{.*}}] : (!tt.tensordesc<tensor<1x32xf32>>, tensor<8xi32>, i32) -> tensor<8x32xf32>
  %g = tt.descriptor_gather %e[%rows, %c0] : (!tt.tensordesc<tensor<1x32xf32>>, tensor<8xi32>, i32) -> tensor<8x32xf32>
  // CHECK: tt.descriptor_scatter %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<1x32xf32>>, tensor<8xi32>, i32, tensor<8x32xf32>
  tt.descriptor_scatter %e[%rows, %c0], %v : !tt.tensordesc<tensor<1x32xf32>>, tensor<8xi32>, i32, tensor<8x32xf32>
  tt.return
}

// The bare descriptor type later Triton releases print is read too (and
// printed in Triton 3.6's form).
// CHECK-LABEL: tt.func @bare_descriptor_type
// CHECK-SAME: !tt.tensordesc<tensor<64x32xf16>>
// CHECK: tt.descriptor_load %{{.*}} : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
tt.func @bare_descriptor_type(%a: !tt.tensordesc<64x32xf16>, %i: i32) {
  %x = tt.descriptor_load %a[%i, %i] : !tt.tensordesc<64x32xf16> -> tensor<64x32xf16>
  tt.return
}
