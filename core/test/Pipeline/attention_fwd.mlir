// A fused attention forward in Triton 3.6's TTIR syntax, written the way the
// tutorial's block-pointer version lowers: Q loaded once, K and V walked with
// tt.advance, two dots per step, row max and row sum reductions, and the
// online-softmax state (acc, l_i, m_i) carried through the loop.
// RUN: trident-opt %s --trident-core-pipeline | FileCheck %s

// CHECK-LABEL: tt.func public @_attn_fwd
// CHECK: %[[Q:.*]] = tt.load %{{.*}} : !tt.ptr<tensor<128x64xf16>>
// CHECK: %[[LOOP:.*]]:5 = scf.for {{.*}} -> (tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>, !tt.ptr<tensor<64x64xf16>>, !tt.ptr<tensor<64x64xf16>>) : i32
// CHECK: %[[K:.*]] = tt.load %{{.*}} : !tt.ptr<tensor<64x64xf16>>
// CHECK: %[[KT:.*]] = tt.trans %[[K]] {order = array<i32: 1, 0>} : tensor<64x64xf16> -> tensor<64x64xf16>
// CHECK: %[[QK:.*]] = tt.dot %[[Q]], %[[KT]], %{{.*}}, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
// CHECK: "tt.reduce"(%[[QK]]) <{axis = 1 : i32}>
// CHECK: arith.maxnumf
// CHECK: math.exp2
// CHECK: "tt.reduce"
// CHECK: arith.addf
// CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
// CHECK: tt.advance %{{.*}}, [%{{.*}}, %{{.*}}] : <tensor<64x64xf16>>
// CHECK: scf.yield
// CHECK: arith.divf %[[LOOP]]#0
// CHECK: tt.store %{{.*}}, %{{.*}} : !tt.ptr<tensor<128x64xf16>>

#loc = loc("/tmp/attention.py":90:0)
module {
  tt.func public @_attn_fwd(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("Q"(#loc)), %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("K"(#loc)), %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("V"(#loc)), %arg3: f32 loc("sm_scale"(#loc)), %arg4: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("Out"(#loc)), %arg5: i32 {tt.divisibility = 16 : i32} loc("stride_qz"(#loc)), %arg6: i32 {tt.divisibility = 16 : i32} loc("stride_qh"(#loc)), %arg7: i32 {tt.divisibility = 16 : i32} loc("stride_qm"(#loc)), %arg8: i32 loc("H"(#loc)), %arg9: i32 {tt.divisibility = 16 : i32} loc("N_CTX"(#loc))) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %cst = arith.constant 1.44269502 : f32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %cst_1 = arith.constant dense<0xFF800000> : tensor<128xf32>
    %cst_2 = arith.constant dense<1.000000e+00> : tensor<128xf32>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.divsi %1, %arg8 : i32
    %3 = arith.remsi %1, %arg8 : i32
    %4 = arith.extsi %2 : i32 to i64
    %5 = arith.extsi %arg5 : i32 to i64
    %6 = arith.muli %4, %5 : i64
    %7 = arith.extsi %3 : i32 to i64
    %8 = arith.extsi %arg6 : i32 to i64
    %9 = arith.muli %7, %8 : i64
    %10 = arith.addi %6, %9 : i64
    %11 = tt.addptr %arg0, %10 : !tt.ptr<f16>, i64
    %12 = arith.extsi %arg9 : i32 to i64
    %13 = arith.extsi %arg7 : i32 to i64
    %14 = arith.muli %0, %c128_i32 : i32
    %15 = tt.make_tensor_ptr %11, [%12, %c1_i64], [%13, %c1_i64], [%14, %c0_i32] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
    %16 = tt.addptr %arg2, %10 : !tt.ptr<f16>, i64
    %17 = tt.make_tensor_ptr %16, [%12, %c1_i64], [%13, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
    %18 = tt.addptr %arg1, %10 : !tt.ptr<f16>, i64
    %19 = tt.make_tensor_ptr %18, [%12, %c1_i64], [%13, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
    %20 = tt.addptr %arg4, %10 : !tt.ptr<f16>, i64
    %21 = tt.make_tensor_ptr %20, [%12, %c1_i64], [%13, %c1_i64], [%14, %c0_i32] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
    %22 = arith.mulf %arg3, %cst : f32
    %23 = tt.load %15 : !tt.ptr<tensor<128x64xf16>>
    %24:5 = scf.for %arg10 = %c0_i32 to %arg9 step %c64_i32 iter_args(%arg11 = %cst_0, %arg12 = %cst_2, %arg13 = %cst_1, %arg14 = %17, %arg15 = %19) -> (tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>, !tt.ptr<tensor<64x64xf16>>, !tt.ptr<tensor<64x64xf16>>)  : i32 {
      %33 = tt.load %arg15 : !tt.ptr<tensor<64x64xf16>>
      %34 = tt.trans %33 {order = array<i32: 1, 0>} : tensor<64x64xf16> -> tensor<64x64xf16>
      %35 = tt.dot %23, %34, %cst_0, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
      %36 = "tt.reduce"(%35) <{axis = 1 : i32}> ({
      ^bb0(%arg16: f32, %arg17: f32):
        %58 = arith.maxnumf %arg16, %arg17 : f32
        tt.reduce.return %58 : f32
      }) : (tensor<128x64xf32>) -> tensor<128xf32>
      %37 = tt.splat %22 : f32 -> tensor<128xf32>
      %38 = arith.mulf %36, %37 : tensor<128xf32>
      %39 = arith.maxnumf %arg13, %38 : tensor<128xf32>
      %40 = tt.splat %22 : f32 -> tensor<128x64xf32>
      %41 = arith.mulf %35, %40 : tensor<128x64xf32>
      %42 = tt.expand_dims %39 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %43 = tt.broadcast %42 : tensor<128x1xf32> -> tensor<128x64xf32>
      %44 = arith.subf %41, %43 : tensor<128x64xf32>
      %45 = math.exp2 %44 : tensor<128x64xf32>
      %46 = "tt.reduce"(%45) <{axis = 1 : i32}> ({
      ^bb0(%arg16: f32, %arg17: f32):
        %58 = arith.addf %arg16, %arg17 : f32
        tt.reduce.return %58 : f32
      }) : (tensor<128x64xf32>) -> tensor<128xf32>
      %47 = arith.subf %arg13, %39 : tensor<128xf32>
      %48 = math.exp2 %47 : tensor<128xf32>
      %49 = arith.mulf %arg12, %48 : tensor<128xf32>
      %50 = arith.addf %49, %46 : tensor<128xf32>
      %51 = tt.expand_dims %48 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %52 = tt.broadcast %51 : tensor<128x1xf32> -> tensor<128x64xf32>
      %53 = arith.mulf %arg11, %52 : tensor<128x64xf32>
      %54 = tt.load %arg14 : !tt.ptr<tensor<64x64xf16>>
      %55 = arith.truncf %45 : tensor<128x64xf32> to tensor<128x64xf16>
      %56 = tt.dot %55, %54, %53, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
      %57 = tt.advance %arg14, [%c64_i32, %c0_i32] : <tensor<64x64xf16>>
      %59 = tt.advance %arg15, [%c0_i32, %c64_i32] : <tensor<64x64xf16>>
      scf.yield %56, %50, %39, %57, %59 : tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>, !tt.ptr<tensor<64x64xf16>>, !tt.ptr<tensor<64x64xf16>>
    }
    %25 = tt.expand_dims %24#1 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %26 = tt.broadcast %25 : tensor<128x1xf32> -> tensor<128x64xf32>
    %27 = arith.divf %24#0, %26 : tensor<128x64xf32>
    %28 = arith.truncf %27 : tensor<128x64xf32> to tensor<128x64xf16>
    tt.store %21, %28 : !tt.ptr<tensor<128x64xf16>>
    tt.return
  } loc(#loc)
} loc(#loc)
