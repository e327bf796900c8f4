// RUN: trident-opt %s --convert-triton-to-tritongpu="num-warps=4 target=cuda:90" | FileCheck %s

// Without a target's dot planner (as here, in trident-opt) every tt.dot is
// core's FMA dot. Its accumulator is anchored to a blocked encoding that
// spreads lanes and warps over both M and N (each thread holds 4 rows of
// A and 4 columns of B here, not one column and all 32 rows); the
// operands are converted to #ttg.dot_op of it and only then upcast to
// the accumulator's type, so the trip through shared memory moves fp16.
// Loads and stores may share an FMA anchor (unlike a matrix unit's): here
// every pointer is tied to the accumulator's rows or columns, so the
// whole kernel takes it and the store needs no conversion.
// CHECK: #[[ACC:blocked]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-NOT: #ttg.blocked<
// CHECK-LABEL: tt.func public @fma
// CHECK: %[[A:.*]] = ttg.convert_layout %{{.*}} : tensor<32x16xf16, #[[ACC]]> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[ACC]]}>>
// CHECK: %[[A32:.*]] = arith.extf %[[A]] : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[ACC]]}>> to tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #[[ACC]]}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %{{.*}} : tensor<16x32xf16, #[[ACC]]>
// CHECK: %[[B32:.*]] = arith.extf %[[B]]
// CHECK: %[[D:.*]] = tt.dot %[[A32]], %[[B32]], %{{.*}} : {{.*}} -> tensor<32x32xf32, #[[ACC]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store %{{.*}}, %[[D]] : tensor<32x32x!tt.ptr<f32>, #[[ACC]]>
  tt.func public @fma(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<32> : tensor<32x1xi32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %cst_1 = arith.constant dense<32> : tensor<16x1xi32>
    %cst_2 = arith.constant dense<16> : tensor<32x1xi32>
    %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %r16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %0 = tt.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %1 = arith.muli %0, %cst_2 : tensor<32x1xi32>
    %2 = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>>
    %3 = tt.addptr %2, %1 : tensor<32x1x!tt.ptr<f16>>, tensor<32x1xi32>
    %4 = tt.expand_dims %r16 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %5 = tt.broadcast %3 : tensor<32x1x!tt.ptr<f16>> -> tensor<32x16x!tt.ptr<f16>>
    %6 = tt.broadcast %4 : tensor<1x16xi32> -> tensor<32x16xi32>
    %7 = tt.addptr %5, %6 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi32>
    %a = tt.load %7 : tensor<32x16x!tt.ptr<f16>>
    %8 = tt.expand_dims %r16 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %9 = arith.muli %8, %cst_1 : tensor<16x1xi32>
    %10 = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<16x1x!tt.ptr<f16>>
    %11 = tt.addptr %10, %9 : tensor<16x1x!tt.ptr<f16>>, tensor<16x1xi32>
    %12 = tt.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %13 = tt.broadcast %11 : tensor<16x1x!tt.ptr<f16>> -> tensor<16x32x!tt.ptr<f16>>
    %14 = tt.broadcast %12 : tensor<1x32xi32> -> tensor<16x32xi32>
    %15 = tt.addptr %13, %14 : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi32>
    %b = tt.load %15 : tensor<16x32x!tt.ptr<f16>>
    %c = tt.dot %a, %b, %cst_0, inputPrecision = tf32 : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
    %16 = arith.muli %0, %cst : tensor<32x1xi32>
    %17 = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
    %18 = tt.addptr %17, %16 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
    %19 = tt.broadcast %18 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x32x!tt.ptr<f32>>
    %20 = tt.broadcast %12 : tensor<1x32xi32> -> tensor<32x32xi32>
    %21 = tt.addptr %19, %20 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    tt.store %21, %c : tensor<32x32x!tt.ptr<f32>>
    tt.return
  }
