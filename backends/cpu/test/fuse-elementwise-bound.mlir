// RUN: %cpu-opt --cpu-fuse-elementwise %s | FileCheck %s --check-prefix=ALL
// RUN: %cpu-opt --cpu-fuse-elementwise="max-body-ops=4" %s | FileCheck %s --check-prefix=BOUND

// A chain of four adds. Unbounded, it fuses into one loop; with bodies of
// at most about max-body-ops ops, fusion stops once a body holds half of
// them, so the chain stays in more than one loop (each fusion clones both
// bodies: an unbounded chain fused link by link costs its length squared).
// ALL-LABEL: func.func @chain
// ALL-COUNT-1: linalg.generic
// ALL-NOT: linalg.generic
// BOUND-LABEL: func.func @chain
// BOUND-COUNT-2: linalg.generic
// BOUND-NOT: linalg.generic
#map = affine_map<(d0) -> (d0)>
func.func @chain(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%0, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%1, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%2, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %3 : tensor<8xf32>
}
