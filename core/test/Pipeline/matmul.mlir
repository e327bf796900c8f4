// Triton's tutorial matmul in Triton 3.6's TTIR syntax: GROUP_SIZE_M program
// swizzle, pointer blocks advanced in a K loop with tt.dot accumulating into
// loop-carried values, masked tails, a fused leaky-relu epilogue and an fp16
// store.
// RUN: trident-opt %s --trident-core-pipeline | FileCheck %s

// CHECK-LABEL: tt.func public @matmul_kernel
// CHECK: arith.divsi
// CHECK: arith.remsi
// CHECK: %[[LOOP:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}) -> (tensor<128x256xf32>, tensor<128x64x!tt.ptr<f16>>, tensor<64x256x!tt.ptr<f16>>) : i32
// CHECK: %[[LA:.*]] = tt.load %[[A]], %{{.*}}, %{{.*}} : tensor<128x64x!tt.ptr<f16>>
// CHECK: %[[LB:.*]] = tt.load %[[B]], %{{.*}}, %{{.*}} : tensor<64x256x!tt.ptr<f16>>
// CHECK: %[[D:.*]] = tt.dot %[[LA]], %[[LB]], %[[ACC]], inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x256xf16> -> tensor<128x256xf32>
// CHECK: scf.yield %[[D]]
// CHECK: %[[POS:.*]] = arith.cmpf ogt, %[[LOOP]]#0
// CHECK: %[[SEL:.*]] = arith.select %[[POS]], %[[LOOP]]#0
// CHECK: arith.truncf %[[SEL]] : tensor<128x256xf32> to tensor<128x256xf16>
// CHECK: tt.store

#loc = loc("/tmp/matmul.py":40:0)
module {
  tt.func public @matmul_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("a_ptr"(#loc)), %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("b_ptr"(#loc)), %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("c_ptr"(#loc)), %arg3: i32 {tt.divisibility = 16 : i32} loc("M"(#loc)), %arg4: i32 {tt.divisibility = 16 : i32} loc("N"(#loc)), %arg5: i32 {tt.divisibility = 16 : i32} loc("K"(#loc)), %arg6: i32 {tt.divisibility = 16 : i32} loc("stride_am"(#loc)), %arg7: i32 {tt.divisibility = 16 : i32} loc("stride_bk"(#loc)), %arg8: i32 {tt.divisibility = 16 : i32} loc("stride_cm"(#loc))) attributes {noinline = false} {
    %c8_i32 = arith.constant 8 : i32
    %c128_i32 = arith.constant 128 : i32
    %c256_i32 = arith.constant 256 : i32
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c127_i32 = arith.constant 127 : i32
    %c255_i32 = arith.constant 255 : i32
    %c63_i32 = arith.constant 63 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf16>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x256xf16>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x256xf32>
    %cst_2 = arith.constant dense<64> : tensor<128x64xi32>
    %cst_3 = arith.constant dense<1.000000e-02> : tensor<128x256xf32>
    %0 = tt.get_program_id x : i32
    %1 = arith.addi %arg3, %c127_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.addi %arg4, %c255_i32 : i32
    %4 = arith.divsi %3, %c256_i32 : i32
    %5 = arith.muli %4, %c8_i32 : i32
    %6 = arith.divsi %0, %5 : i32
    %7 = arith.muli %6, %c8_i32 : i32
    %8 = arith.subi %2, %7 : i32
    %9 = arith.minsi %8, %c8_i32 : i32
    %10 = arith.remsi %0, %5 : i32
    %11 = arith.remsi %10, %9 : i32
    %12 = arith.addi %7, %11 : i32
    %13 = arith.divsi %10, %9 : i32
    %14 = arith.muli %12, %c128_i32 : i32
    %15 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %16 = tt.splat %14 : i32 -> tensor<128xi32>
    %17 = arith.addi %16, %15 : tensor<128xi32>
    %18 = tt.splat %arg3 : i32 -> tensor<128xi32>
    %19 = arith.remsi %17, %18 : tensor<128xi32>
    %20 = arith.muli %13, %c256_i32 : i32
    %21 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %22 = tt.splat %20 : i32 -> tensor<256xi32>
    %23 = arith.addi %22, %21 : tensor<256xi32>
    %24 = tt.splat %arg4 : i32 -> tensor<256xi32>
    %25 = arith.remsi %23, %24 : tensor<256xi32>
    %26 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %27 = tt.expand_dims %19 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %28 = tt.splat %arg6 : i32 -> tensor<128x1xi32>
    %29 = arith.muli %27, %28 : tensor<128x1xi32>
    %30 = tt.expand_dims %26 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %31 = tt.broadcast %29 : tensor<128x1xi32> -> tensor<128x64xi32>
    %32 = tt.broadcast %30 : tensor<1x64xi32> -> tensor<128x64xi32>
    %33 = arith.addi %31, %32 : tensor<128x64xi32>
    %34 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>>
    %35 = tt.addptr %34, %33 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %36 = tt.expand_dims %26 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %37 = tt.splat %arg7 : i32 -> tensor<64x1xi32>
    %38 = arith.muli %36, %37 : tensor<64x1xi32>
    %39 = tt.expand_dims %25 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %40 = tt.broadcast %38 : tensor<64x1xi32> -> tensor<64x256xi32>
    %41 = tt.broadcast %39 : tensor<1x256xi32> -> tensor<64x256xi32>
    %42 = arith.addi %40, %41 : tensor<64x256xi32>
    %43 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x256x!tt.ptr<f16>>
    %44 = tt.addptr %43, %42 : tensor<64x256x!tt.ptr<f16>>, tensor<64x256xi32>
    %45 = arith.addi %arg5, %c63_i32 : i32
    %46 = arith.divsi %45, %c64_i32 : i32
    %47 = arith.muli %arg7, %c64_i32 : i32
    %48 = tt.splat %47 : i32 -> tensor<64x256xi32>
    %49:3 = scf.for %arg9 = %c0_i32 to %46 step %c1_i32 iter_args(%arg10 = %cst_1, %arg11 = %35, %arg12 = %44) -> (tensor<128x256xf32>, tensor<128x64x!tt.ptr<f16>>, tensor<64x256x!tt.ptr<f16>>)  : i32 {
      %73 = arith.muli %arg9, %c64_i32 : i32
      %74 = arith.subi %arg5, %73 : i32
      %75 = tt.splat %74 : i32 -> tensor<1x64xi32>
      %76 = arith.cmpi slt, %30, %75 : tensor<1x64xi32>
      %77 = tt.broadcast %76 : tensor<1x64xi1> -> tensor<128x64xi1>
      %78 = tt.load %arg11, %77, %cst : tensor<128x64x!tt.ptr<f16>>
      %79 = tt.splat %74 : i32 -> tensor<64x1xi32>
      %80 = arith.cmpi slt, %36, %79 : tensor<64x1xi32>
      %81 = tt.broadcast %80 : tensor<64x1xi1> -> tensor<64x256xi1>
      %82 = tt.load %arg12, %81, %cst_0 : tensor<64x256x!tt.ptr<f16>>
      %83 = tt.dot %78, %82, %arg10, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x256xf16> -> tensor<128x256xf32>
      %84 = tt.addptr %arg11, %cst_2 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
      %85 = tt.addptr %arg12, %48 : tensor<64x256x!tt.ptr<f16>>, tensor<64x256xi32>
      scf.yield %83, %84, %85 : tensor<128x256xf32>, tensor<128x64x!tt.ptr<f16>>, tensor<64x256x!tt.ptr<f16>>
    }
    %50 = arith.cmpf ogt, %49#0, %cst_1 : tensor<128x256xf32>
    %51 = arith.mulf %49#0, %cst_3 : tensor<128x256xf32>
    %52 = arith.select %50, %49#0, %51 : tensor<128x256xi1>, tensor<128x256xf32>
    %53 = arith.truncf %52 : tensor<128x256xf32> to tensor<128x256xf16>
    %54 = tt.expand_dims %17 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %55 = tt.splat %arg8 : i32 -> tensor<128x1xi32>
    %56 = arith.muli %55, %54 : tensor<128x1xi32>
    %57 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %58 = tt.addptr %57, %56 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %59 = tt.expand_dims %23 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %60 = tt.broadcast %58 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x256x!tt.ptr<f16>>
    %61 = tt.broadcast %59 : tensor<1x256xi32> -> tensor<128x256xi32>
    %62 = tt.addptr %60, %61 : tensor<128x256x!tt.ptr<f16>>, tensor<128x256xi32>
    %63 = tt.splat %arg3 : i32 -> tensor<128x1xi32>
    %64 = arith.cmpi slt, %54, %63 : tensor<128x1xi32>
    %65 = tt.splat %arg4 : i32 -> tensor<1x256xi32>
    %66 = arith.cmpi slt, %59, %65 : tensor<1x256xi32>
    %67 = tt.broadcast %64 : tensor<128x1xi1> -> tensor<128x256xi1>
    %68 = tt.broadcast %66 : tensor<1x256xi1> -> tensor<128x256xi1>
    %69 = arith.andi %67, %68 : tensor<128x256xi1>
    tt.store %62, %53, %69 : tensor<128x256x!tt.ptr<f16>>
    tt.return
  } loc(#loc)
} loc(#loc)
