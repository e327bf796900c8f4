// A loaded tile a matrix unit reads from shared memory (a ttg.local_alloc
// of the load, as the NVIDIA plugin's wgmma plan makes; here read back by
// a local_load, so that the test needs no plugin): the pipeliner copies
// straight into buffers of that encoding, one more than the copies run
// ahead (the reader may still read a buffer while the next copies start),
// and the buffer replaces the local_alloc.
// RUN: trident-opt %s --tritongpu-schedule-loops --tritongpu-pipeline | FileCheck %s
// CHECK: %[[BUFS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x32x32xf16, #shared, #smem, mutable>
// CHECK: ttg.async_copy_global_to_local {{.*}} -> <32x32xf16, #shared, #smem, mutable>
// CHECK: scf.for
// CHECK-NOT: ttg.local_alloc
// CHECK: ttg.async_wait {{.*}} {num = 1 : i32}
// CHECK-NEXT: %[[VIEW:.*]] = ttg.memdesc_index %[[BUFS]][
// CHECK-NEXT: ttg.local_load %[[VIEW]] : !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
// CHECK: ttg.async_copy_global_to_local
// CHECK: scf.yield
// CHECK: ttg.async_wait {num = 0 : i32}
// CHECK-NEXT: ttg.local_dealloc %[[BUFS]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #ttg.slice<{dim = 1, parent = #blocked}>
#cols = #ttg.slice<{dim = 0, parent = #blocked}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
  tt.func @operand_buffer(%base: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32, %out: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #rows>
    %c0r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #cols>
    %re = tt.expand_dims %r0 {axis = 1 : i32} : tensor<32xi32, #rows> -> tensor<32x1xi32, #blocked>
    %ce = tt.expand_dims %c0r {axis = 0 : i32} : tensor<32xi32, #cols> -> tensor<1x32xi32, #blocked>
    %w = arith.constant dense<32> : tensor<32x1xi32, #blocked>
    %rm = arith.muli %re, %w : tensor<32x1xi32, #blocked>
    %rb = tt.broadcast %rm : tensor<32x1xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %cb = tt.broadcast %ce : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %off = arith.addi %rb, %cb : tensor<32x32xi32, #blocked>
    %bs = tt.splat %base : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %bs, %off : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
    %os = tt.splat %out : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #blocked>
    %optrs = tt.addptr %os, %off : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
    %step = arith.constant dense<1024> : tensor<32x32xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<32x32xf16, #blocked>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %ptrs, %acc = %zero) -> (tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xf16, #blocked>) : i32 {
      %x = tt.load %p : tensor<32x32x!tt.ptr<f16>, #blocked>
      %m = ttg.local_alloc %x : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
      %y = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #blocked>
      %s = arith.addf %acc, %y : tensor<32x32xf16, #blocked>
      %q = tt.addptr %p, %step : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
      scf.yield %q, %s : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xf16, #blocked>
    } {tt.num_stages = 3 : i32}
    tt.store %optrs, %r#1 : tensor<32x32x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
