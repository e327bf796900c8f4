// RUN: %cpu-opt --cpu-fuse-elementwise --split-input-file %s | FileCheck %s

#map = affine_map<(d0) -> (d0)>

// Vector add as cpu-convert-triton-to-linalg leaves it: a range, a splat, a
// mask, two masked loads, their sum and a store loop. The loads and the sum
// become one loop computing range, splat and mask in place; the store loop
// computes its mask from the range instead of reading a tensor of i1.
// CHECK-LABEL: func.func @vector_add
// CHECK-NOT: tensor.generate
// CHECK-NOT: tensor.splat
// CHECK: linalg.generic
// CHECK: arith.cmpi slt
// CHECK: llvm.load
// CHECK: arith.cmpi slt
// CHECK: llvm.load
// CHECK: arith.addf
// CHECK: linalg.yield
// CHECK-NOT: linalg.generic
// CHECK: scf.for
// CHECK-NOT: tensor<8xi1>
// CHECK: arith.cmpi slt
// CHECK: llvm.store
func.func @vector_add(%x: !llvm.ptr, %y: !llvm.ptr, %out: !llvm.ptr, %n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %range = tensor.generate {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i32
    tensor.yield %v : i32
  } : tensor<8xi32>
  %ns = tensor.splat %n : tensor<8xi32>
  %e1 = tensor.empty() : tensor<8xi1>
  %mask = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%range, %ns : tensor<8xi32>, tensor<8xi32>) outs(%e1 : tensor<8xi1>) {
  ^bb0(%r: i32, %b: i32, %o: i1):
    %lt = arith.cmpi slt, %r, %b : i32
    linalg.yield %lt : i1
  } -> tensor<8xi1>
  %e = tensor.empty() : tensor<8xf32>
  %a = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%mask : tensor<8xi1>) outs(%e : tensor<8xf32>) {
  ^bb0(%m: i1, %o: f32):
    %i = linalg.index 0 : index
    %i64 = arith.index_cast %i : index to i64
    %p = llvm.getelementptr inbounds %x[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v = scf.if %m -> (f32) {
      %l = llvm.load %p : !llvm.ptr -> f32
      scf.yield %l : f32
    } else {
      scf.yield %zero : f32
    }
    linalg.yield %v : f32
  } -> tensor<8xf32>
  %b = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%mask : tensor<8xi1>) outs(%e : tensor<8xf32>) {
  ^bb0(%m: i1, %o: f32):
    %i = linalg.index 0 : index
    %i64 = arith.index_cast %i : index to i64
    %p = llvm.getelementptr inbounds %y[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v = scf.if %m -> (f32) {
      %l = llvm.load %p : !llvm.ptr -> f32
      scf.yield %l : f32
    } else {
      scf.yield %zero : f32
    }
    linalg.yield %v : f32
  } -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%u: f32, %w: f32, %o: f32):
    %s = arith.addf %u, %w : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %v = tensor.extract %sum[%i] : tensor<8xf32>
    %m = tensor.extract %mask[%i] : tensor<8xi1>
    %i64 = arith.index_cast %i : index to i64
    %p = llvm.getelementptr inbounds %out[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    scf.if %m {
      llvm.store %v, %p : f32, !llvm.ptr
    }
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>

// A store between a load and its consumer: the load must not move past it
// (x = load(p); store(p, 1); use(x)), so it stays a loop of its own.
// CHECK-LABEL: func.func @load_store_use
// CHECK: linalg.generic
// CHECK: llvm.load
// CHECK: scf.for
// CHECK: llvm.store
// CHECK: linalg.generic
// CHECK-NOT: llvm.load
// CHECK: arith.mulf
func.func @load_store_use(%x: !llvm.ptr, %v: f32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %e = tensor.empty() : tensor<8xf32>
  %a = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]}
      outs(%e : tensor<8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %i64 = arith.index_cast %i : index to i64
    %p = llvm.getelementptr inbounds %x[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %l = llvm.load %p : !llvm.ptr -> f32
    linalg.yield %l : f32
  } -> tensor<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %i64 = arith.index_cast %i : index to i64
    %p = llvm.getelementptr inbounds %x[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %v, %p : f32, !llvm.ptr
  }
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%u: f32, %o: f32):
    %s = arith.mulf %u, %u : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>

// An expensive producer with two consumers is computed once, not once per
// consumer; a load with two consumers is not repeated either.
// CHECK-LABEL: func.func @shared_producers
// CHECK: math.exp
// CHECK-NOT: math.exp
// CHECK-LABEL: func.func @shared_load
// CHECK: llvm.load
// CHECK-NOT: llvm.load
func.func @shared_producers(%t: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %ex = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%t : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%u: f32, %o: f32):
    %s = math.exp %u : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%ex : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%u: f32, %o: f32):
    %s = arith.addf %u, %u : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%ex : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%u: f32, %o: f32):
    %s = arith.mulf %u, %u : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r1, %r2 : tensor<8xf32>, tensor<8xf32>
}
func.func @shared_load(%x: !llvm.ptr) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %a = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]}
      outs(%e : tensor<8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %i64 = arith.index_cast %i : index to i64
    %p = llvm.getelementptr inbounds %x[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %l = llvm.load %p : !llvm.ptr -> f32
    linalg.yield %l : f32
  } -> tensor<8xf32>
  %r1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%u: f32, %o: f32):
    %s = arith.addf %u, %u : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%u: f32, %o: f32):
    %s = arith.mulf %u, %u : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r1, %r2 : tensor<8xf32>, tensor<8xf32>
}
