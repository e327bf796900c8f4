// Triton's tutorial fused softmax as Triton 3.6's frontend emits it, before
// inlining: the reductions call the combine helpers of triton.language.
// The core pipeline inlines them into the reduce regions and drops them.
// RUN: trident-opt %s --trident-core-pipeline -mlir-print-debuginfo | FileCheck %s

// CHECK-NOT: tt.func private
// CHECK-LABEL: tt.func public @softmax_kernel
// Loop-invariant column offsets and mask leave the row loop.
// CHECK: tt.make_range
// CHECK: arith.cmpi slt
// CHECK: scf.for %{{.*}} = %{{.*}} to %arg4 step %{{.*}} : i32 {
// CHECK: %[[ROW:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>>
// CHECK: %[[MAX:.*]] = "tt.reduce"(%[[ROW]]) <{axis = 0 : i32}> ({
// CHECK-NEXT: ^bb0(%{{.*}}: f32 loc({{.*}}), %{{.*}}: f32 loc({{.*}})):
// CHECK-NEXT: %[[M:.*]] = arith.maxnumf
// CHECK-NEXT: tt.reduce.return %[[M]] : f32
// CHECK: math.exp
// CHECK: "tt.reduce"
// CHECK: arith.addf
// CHECK: tt.reduce.return
// CHECK: arith.divf
// CHECK: tt.store
// CHECK: } {tt.num_stages = 4 : i32}
// CHECK-NOT: tt.call
// CHECK-NOT: tt.func private

#loc = loc("/tmp/softmax.py":20:0)
#loc20 = loc("/usr/lib/python3/dist-packages/triton/language/standard.py":184:0)
#loc21 = loc("/usr/lib/python3/dist-packages/triton/language/standard.py":163:0)
#loc22 = loc("/usr/lib/python3/dist-packages/triton/language/standard.py":206:41)
#loc25 = loc("/usr/lib/python3/dist-packages/triton/language/standard.py":163:0)
#loc28 = loc("/usr/lib/python3/dist-packages/triton/language/standard.py":286:0)
#loc29 = loc("/usr/lib/python3/dist-packages/triton/language/standard.py":256:0)
#loc30 = loc("/usr/lib/python3/dist-packages/triton/language/standard.py":293:36)
#loc33 = loc("/usr/lib/python3/dist-packages/triton/language/standard.py":256:0)
module {
  tt.func public @softmax_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("output_ptr"(#loc)), %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("input_ptr"(#loc)), %arg2: i32 {tt.divisibility = 16 : i32} loc("input_row_stride"(#loc)), %arg3: i32 {tt.divisibility = 16 : i32} loc("output_row_stride"(#loc)), %arg4: i32 loc("n_rows"(#loc)), %arg5: i32 loc("n_cols"(#loc))) attributes {noinline = false} {
    %0 = tt.get_program_id x : i32 loc(#loc1)
    %1 = tt.get_num_programs x : i32 loc(#loc2)
    scf.for %arg6 = %0 to %arg4 step %1  : i32 {
      %2 = arith.muli %arg6, %arg2 : i32 loc(#loc4)
      %3 = tt.addptr %arg1, %2 : !tt.ptr<f32>, i32 loc(#loc5)
      %4 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32> loc(#loc6)
      %5 = tt.splat %3 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>> loc(#loc7)
      %6 = tt.addptr %5, %4 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32> loc(#loc7)
      %7 = tt.splat %arg5 : i32 -> tensor<1024xi32> loc(#loc8)
      %8 = arith.cmpi slt, %4, %7 : tensor<1024xi32> loc(#loc8)
      %cst = arith.constant 0xFF800000 : f32 loc(#loc9)
      %cst_0 = arith.constant dense<0xFF800000> : tensor<1024xf32> loc(#loc9)
      %9 = tt.load %6, %8, %cst_0 : tensor<1024x!tt.ptr<f32>> loc(#loc9)
      %10 = tt.call @"triton.language.standard.max__fp32S1024S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_False_"(%9) : (tensor<1024xf32>) -> f32 loc(#loc10)
      %11 = tt.splat %10 : f32 -> tensor<1024xf32> loc(#loc11)
      %12 = arith.subf %9, %11 : tensor<1024xf32> loc(#loc11)
      %13 = math.exp %12 : tensor<1024xf32> loc(#loc12)
      %14 = tt.call @"triton.language.standard.sum__fp32S1024S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cNone"(%13) : (tensor<1024xf32>) -> f32 loc(#loc13)
      %15 = tt.splat %14 : f32 -> tensor<1024xf32> loc(#loc14)
      %16 = arith.divf %13, %15 : tensor<1024xf32> loc(#loc14)
      %17 = arith.muli %arg6, %arg3 : i32 loc(#loc15)
      %18 = tt.addptr %arg0, %17 : !tt.ptr<f32>, i32 loc(#loc16)
      %19 = tt.splat %18 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>> loc(#loc17)
      %20 = tt.addptr %19, %4 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32> loc(#loc17)
      tt.store %20, %16, %8 : tensor<1024x!tt.ptr<f32>> loc(#loc18)
    } {tt.num_stages = 4 : i32} loc(#loc3)
    tt.return loc(#loc19)
  } loc(#loc)
  tt.func private @"triton.language.standard.max__fp32S1024S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_False_"(%arg0: tensor<1024xf32> loc("input"(#loc20))) -> f32 attributes {noinline = false} {
    %0 = "tt.reduce"(%arg0) <{axis = 0 : i32}> ({
    ^bb0(%arg1: f32 loc(callsite(#loc21 at #loc22)), %arg2: f32 loc(callsite(#loc21 at #loc22))):
      %1 = tt.call @triton.language.standard._elementwise_max__fp32_fp32__(%arg1, %arg2) : (f32, f32) -> f32 loc(#loc23)
      tt.reduce.return %1 : f32 loc(#loc23)
    }) : (tensor<1024xf32>) -> f32 loc(#loc23)
    tt.return %0 : f32 loc(#loc24)
  } loc(#loc20)
  tt.func private @triton.language.standard._elementwise_max__fp32_fp32__(%arg0: f32 loc("a"(#loc25)), %arg1: f32 loc("b"(#loc25))) -> f32 attributes {noinline = false} {
    %0 = arith.maxnumf %arg0, %arg1 : f32 loc(#loc26)
    tt.return %0 : f32 loc(#loc27)
  } loc(#loc25)
  tt.func private @"triton.language.standard.sum__fp32S1024S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cNone"(%arg0: tensor<1024xf32> loc("input"(#loc28))) -> f32 attributes {noinline = false} {
    %0 = "tt.reduce"(%arg0) <{axis = 0 : i32}> ({
    ^bb0(%arg1: f32 loc(callsite(#loc29 at #loc30)), %arg2: f32 loc(callsite(#loc29 at #loc30))):
      %1 = tt.call @triton.language.standard._sum_combine__fp32_fp32__(%arg1, %arg2) : (f32, f32) -> f32 loc(#loc31)
      tt.reduce.return %1 : f32 loc(#loc31)
    }) : (tensor<1024xf32>) -> f32 loc(#loc31)
    tt.return %0 : f32 loc(#loc32)
  } loc(#loc28)
  tt.func private @triton.language.standard._sum_combine__fp32_fp32__(%arg0: f32 loc("a"(#loc33)), %arg1: f32 loc("b"(#loc33))) -> f32 attributes {noinline = false} {
    %0 = arith.addf %arg0, %arg1 : f32 loc(#loc34)
    tt.return %0 : f32 loc(#loc35)
  } loc(#loc33)
} loc(#loc)
#loc1 = loc("/tmp/softmax.py":22:28)
#loc2 = loc("/tmp/softmax.py":23:28)
#loc3 = loc("/tmp/softmax.py":24:40)
#loc4 = loc("/tmp/softmax.py":25:43)
#loc5 = loc("/tmp/softmax.py":25:32)
#loc6 = loc("/tmp/softmax.py":26:31)
#loc7 = loc("/tmp/softmax.py":27:33)
#loc8 = loc("/tmp/softmax.py":28:29)
#loc9 = loc("/tmp/softmax.py":29:20)
#loc10 = loc("/tmp/softmax.py":30:37)
#loc11 = loc("/tmp/softmax.py":30:30)
#loc12 = loc("/tmp/softmax.py":31:27)
#loc13 = loc("/tmp/softmax.py":32:35)
#loc14 = loc("/tmp/softmax.py":33:38)
#loc15 = loc("/tmp/softmax.py":34:51)
#loc16 = loc("/tmp/softmax.py":34:41)
#loc17 = loc("/tmp/softmax.py":35:40)
#loc18 = loc("/tmp/softmax.py":36:34)
#loc19 = loc("/tmp/softmax.py":24:4)
#loc23 = loc("/usr/lib/python3/dist-packages/triton/language/standard.py":206:15)
#loc24 = loc("/usr/lib/python3/dist-packages/triton/language/standard.py":206:11)
#loc26 = loc("/usr/lib/python3/dist-packages/triton/language/standard.py":167:11)
#loc27 = loc("/usr/lib/python3/dist-packages/triton/language/standard.py":167:4)
#loc31 = loc("/usr/lib/python3/dist-packages/triton/language/standard.py":293:11)
#loc32 = loc("/usr/lib/python3/dist-packages/triton/language/standard.py":293:4)
#loc34 = loc("/usr/lib/python3/dist-packages/triton/language/standard.py":257:15)
#loc35 = loc("/usr/lib/python3/dist-packages/triton/language/standard.py":257:11)
