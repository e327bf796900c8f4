// Triton's tutorial vector add, as Triton 3.6 dumps its TTIR: parses,
// verifies, goes through the core pipeline, and keeps its source locations.
// RUN: trident-opt %s --trident-core-pipeline -mlir-print-debuginfo | FileCheck %s
// RUN: trident-opt %s --trident-core-pipeline | trident-opt --verify-each | FileCheck %s --check-prefix=ROUNDTRIP

// CHECK: #[[FN:.*]] = loc("/tmp/va.py":28:0)
// CHECK: #[[X:.*]] = loc("x_ptr"(#[[FN]]))
// CHECK-LABEL: tt.func public @add_kernel
// CHECK-SAME: %arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("x_ptr"(#[[FN]]))
// CHECK: tt.get_program_id x : i32 loc(#[[PID:loc[0-9]+]])
// CHECK: %[[X:.*]] = tt.load %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>> loc(#[[LX:loc[0-9]+]])
// CHECK: %[[Y:.*]] = tt.load %{{.*}}, %{{.*}} evictionPolicy = evict_last : tensor<1024x!tt.ptr<f32>>
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : tensor<1024xf32>
// CHECK: tt.store %{{.*}}, %[[S]], %{{.*}} : tensor<1024x!tt.ptr<f32>>
// CHECK: #[[PID]] = loc("/tmp/va.py":37:24)
// CHECK: #[[LX]] = loc("/tmp/va.py":48:16)

// ROUNDTRIP-LABEL: tt.func public @add_kernel
// ROUNDTRIP-COUNT-2: tt.load
// ROUNDTRIP: tt.store
#loc = loc("/tmp/va.py":28:0)
module {
  tt.func public @add_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("x_ptr"(#loc)), %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("y_ptr"(#loc)), %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("output_ptr"(#loc)), %arg3: i32 {tt.divisibility = 16 : i32} loc("n_elements"(#loc))) attributes {noinline = false} {
    %c1024_i32 = arith.constant 1024 : i32 loc(#loc1)
    %0 = tt.get_program_id x : i32 loc(#loc2)
    %1 = arith.muli %0, %c1024_i32 : i32 loc(#loc3)
    %2 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32> loc(#loc4)
    %3 = tt.splat %1 : i32 -> tensor<1024xi32> loc(#loc5)
    %4 = arith.addi %3, %2 : tensor<1024xi32> loc(#loc5)
    %5 = tt.splat %arg3 : i32 -> tensor<1024xi32> loc(#loc6)
    %6 = arith.cmpi slt, %4, %5 : tensor<1024xi32> loc(#loc6)
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>> loc(#loc7)
    %8 = tt.addptr %7, %4 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32> loc(#loc7)
    %9 = tt.load %8, %6 : tensor<1024x!tt.ptr<f32>> loc(#loc8)
    %10 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>> loc(#loc9)
    %11 = tt.addptr %10, %4 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32> loc(#loc9)
    %12 = tt.load %11, %6 evictionPolicy = evict_last : tensor<1024x!tt.ptr<f32>> loc(#loc10)
    %13 = arith.addf %9, %12 : tensor<1024xf32> loc(#loc11)
    %14 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>> loc(#loc12)
    %15 = tt.addptr %14, %4 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32> loc(#loc12)
    tt.store %15, %13, %6 : tensor<1024x!tt.ptr<f32>> loc(#loc13)
    tt.return loc(#loc14)
  } loc(#loc)
} loc(#loc)
#loc1 = loc(unknown)
#loc2 = loc("/tmp/va.py":37:24)
#loc3 = loc("/tmp/va.py":42:24)
#loc4 = loc("/tmp/va.py":43:41)
#loc5 = loc("/tmp/va.py":43:28)
#loc6 = loc("/tmp/va.py":45:21)
#loc7 = loc("/tmp/va.py":48:24)
#loc8 = loc("/tmp/va.py":48:16)
#loc9 = loc("/tmp/va.py":49:24)
#loc10 = loc("/tmp/va.py":49:16)
#loc11 = loc("/tmp/va.py":50:17)
#loc12 = loc("/tmp/va.py":52:26)
#loc13 = loc("/tmp/va.py":52:35)
#loc14 = loc("/tmp/va.py":52:4)
