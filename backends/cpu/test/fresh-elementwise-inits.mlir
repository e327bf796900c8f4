// RUN: %cpu-opt --cpu-fresh-elementwise-inits %s | FileCheck %s

#map = affine_map<(d0) -> (d0)>

// Two elementwise generics share one tensor.empty as their ignored init:
// the first gets its own, after which the second is the init's only use
// and keeps it. A generic whose body reads its init keeps it too.
// CHECK-LABEL: func.func @shared
// CHECK: %[[E:.*]] = tensor.empty() : tensor<16xf32>
func.func @shared(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
  %e = tensor.empty() : tensor<16xf32>
  // CHECK: %[[E1:.*]] = tensor.empty() : tensor<16xf32>
  // CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<16xf32>) outs(%[[E1]] : tensor<16xf32>)
  %a = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %in : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  // CHECK-NOT: tensor.empty
  // CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<16xf32>) outs(%[[E]] : tensor<16xf32>)
  %b = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.addf %in, %in : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  // An accumulation reads its init: left alone.
  // CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<16xf32>) outs(%arg0 : tensor<16xf32>)
  %c = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : tensor<16xf32>) outs(%x : tensor<16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.addf %in, %out : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  return %a, %b, %c : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
}
