// Triton's tutorial layer-norm forward (_layer_norm_fwd_fused) in Triton 3.6's
// TTIR syntax: three loops over the columns with loop-carried tensors,
// reductions, scalar stores of the mean and rstd.
// RUN: trident-opt %s --trident-core-pipeline | FileCheck %s

// CHECK-LABEL: tt.func public @_layer_norm_fwd_fused
// CHECK: %[[MEAN_ACC:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<1024xf32>) : i32
// CHECK: "tt.reduce"
// CHECK: arith.divf %{{.*}}, %{{.*}} : f32
// CHECK: scf.for {{.*}} -> (tensor<1024xf32>) : i32
// CHECK: arith.select
// CHECK: "tt.reduce"
// CHECK: math.sqrt
// CHECK: tt.store %{{.*}}, %{{.*}} : !tt.ptr<f32>
// CHECK: tt.store %{{.*}}, %{{.*}} : !tt.ptr<f32>
// CHECK: scf.for
// CHECK: tt.load
// CHECK: tt.store
// CHECK: tt.return

#loc = loc("/tmp/layer_norm.py":30:0)
module {
  tt.func public @_layer_norm_fwd_fused(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("X"(#loc)), %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("Y"(#loc)), %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("W"(#loc)), %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("B"(#loc)), %arg4: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("Mean"(#loc)), %arg5: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("Rstd"(#loc)), %arg6: i32 {tt.divisibility = 16 : i32} loc("stride"(#loc)), %arg7: i32 {tt.divisibility = 16 : i32} loc("N"(#loc)), %arg8: f32 loc("eps"(#loc))) attributes {noinline = false} {
    %c1024_i32 = arith.constant 1024 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<1024xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<1024xf16>
    %cst_1 = arith.constant 1.000000e+00 : f32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %arg6 : i32
    %2 = tt.addptr %arg1, %1 : !tt.ptr<f16>, i32
    %3 = tt.addptr %arg0, %1 : !tt.ptr<f16>, i32
    %4 = scf.for %arg9 = %c0_i32 to %arg7 step %c1024_i32 iter_args(%arg10 = %cst) -> (tensor<1024xf32>)  : i32 {
      %30 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
      %31 = tt.splat %arg9 : i32 -> tensor<1024xi32>
      %32 = arith.addi %31, %30 : tensor<1024xi32>
      %33 = tt.splat %3 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
      %34 = tt.addptr %33, %32 : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
      %35 = tt.splat %arg7 : i32 -> tensor<1024xi32>
      %36 = arith.cmpi slt, %32, %35 : tensor<1024xi32>
      %37 = tt.load %34, %36, %cst_0 : tensor<1024x!tt.ptr<f16>>
      %38 = arith.extf %37 : tensor<1024xf16> to tensor<1024xf32>
      %39 = arith.addf %arg10, %38 : tensor<1024xf32>
      scf.yield %39 : tensor<1024xf32>
    }
    %5 = "tt.reduce"(%4) <{axis = 0 : i32}> ({
    ^bb0(%arg9: f32, %arg10: f32):
      %30 = arith.addf %arg9, %arg10 : f32
      tt.reduce.return %30 : f32
    }) : (tensor<1024xf32>) -> f32
    %6 = arith.sitofp %arg7 : i32 to f32
    %7 = arith.divf %5, %6 : f32
    %8 = scf.for %arg9 = %c0_i32 to %arg7 step %c1024_i32 iter_args(%arg10 = %cst) -> (tensor<1024xf32>)  : i32 {
      %30 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
      %31 = tt.splat %arg9 : i32 -> tensor<1024xi32>
      %32 = arith.addi %31, %30 : tensor<1024xi32>
      %33 = tt.splat %3 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
      %34 = tt.addptr %33, %32 : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
      %35 = tt.splat %arg7 : i32 -> tensor<1024xi32>
      %36 = arith.cmpi slt, %32, %35 : tensor<1024xi32>
      %37 = tt.load %34, %36, %cst_0 : tensor<1024x!tt.ptr<f16>>
      %38 = arith.extf %37 : tensor<1024xf16> to tensor<1024xf32>
      %39 = tt.splat %7 : f32 -> tensor<1024xf32>
      %40 = arith.subf %38, %39 : tensor<1024xf32>
      %41 = arith.select %36, %40, %cst : tensor<1024xi1>, tensor<1024xf32>
      %42 = arith.mulf %41, %41 : tensor<1024xf32>
      %43 = arith.addf %arg10, %42 : tensor<1024xf32>
      scf.yield %43 : tensor<1024xf32>
    }
    %9 = "tt.reduce"(%8) <{axis = 0 : i32}> ({
    ^bb0(%arg9: f32, %arg10: f32):
      %30 = arith.addf %arg9, %arg10 : f32
      tt.reduce.return %30 : f32
    }) : (tensor<1024xf32>) -> f32
    %10 = arith.divf %9, %6 : f32
    %11 = arith.addf %10, %arg8 : f32
    %12 = math.sqrt %11 : f32
    %13 = arith.divf %cst_1, %12 : f32
    %14 = tt.addptr %arg4, %0 : !tt.ptr<f32>, i32
    tt.store %14, %7 : !tt.ptr<f32>
    %15 = tt.addptr %arg5, %0 : !tt.ptr<f32>, i32
    tt.store %15, %13 : !tt.ptr<f32>
    scf.for %arg9 = %c0_i32 to %arg7 step %c1024_i32  : i32 {
      %30 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
      %31 = tt.splat %arg9 : i32 -> tensor<1024xi32>
      %32 = arith.addi %31, %30 : tensor<1024xi32>
      %33 = tt.splat %arg7 : i32 -> tensor<1024xi32>
      %34 = arith.cmpi slt, %32, %33 : tensor<1024xi32>
      %35 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
      %36 = tt.addptr %35, %32 : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
      %37 = tt.load %36, %34 : tensor<1024x!tt.ptr<f16>>
      %38 = tt.splat %arg3 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
      %39 = tt.addptr %38, %32 : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
      %40 = tt.load %39, %34 : tensor<1024x!tt.ptr<f16>>
      %41 = tt.splat %3 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
      %42 = tt.addptr %41, %32 : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
      %43 = tt.load %42, %34, %cst_0 : tensor<1024x!tt.ptr<f16>>
      %44 = arith.extf %43 : tensor<1024xf16> to tensor<1024xf32>
      %45 = tt.splat %7 : f32 -> tensor<1024xf32>
      %46 = arith.subf %44, %45 : tensor<1024xf32>
      %47 = tt.splat %13 : f32 -> tensor<1024xf32>
      %48 = arith.mulf %46, %47 : tensor<1024xf32>
      %49 = arith.extf %37 : tensor<1024xf16> to tensor<1024xf32>
      %50 = arith.mulf %48, %49 : tensor<1024xf32>
      %51 = arith.extf %40 : tensor<1024xf16> to tensor<1024xf32>
      %52 = arith.addf %50, %51 : tensor<1024xf32>
      %53 = tt.splat %2 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
      %54 = tt.addptr %53, %32 : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
      %55 = arith.truncf %52 : tensor<1024xf32> to tensor<1024xf16>
      tt.store %54, %55, %34 : tensor<1024x!tt.ptr<f16>>
    }
    tt.return
  } loc(#loc)
} loc(#loc)
