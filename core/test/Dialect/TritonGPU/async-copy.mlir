// RUN: trident-opt %s -split-input-file | FileCheck %s --check-prefix=PARSE
// RUN: trident-opt %s -split-input-file --allocate-shared-memory --insert-shared-barriers | FileCheck %s

// Triton 3.6's asynchronous copies and their text: a copy into one buffer
// of a multi-buffered allocation, a group, a wait, a read taking the
// wait's token. The copy's write lands later: no barrier between the copy
// and the wait (it would order nothing), one after the wait, before the
// read; a copy into a buffer read before it needs a barrier first.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // PARSE-LABEL: @copy
  // PARSE: %[[T:.*]] = ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask %{{.*}} other %{{.*}} : tensor<32x32x!tt.ptr<f16>, #blocked> -> <32x32xf16, #shared, #smem, mutable>
  // PARSE: %[[G:.*]] = ttg.async_commit_group tokens %[[T]]
  // PARSE: %[[W:.*]] = ttg.async_wait %[[G]] {num = 0 : i32}
  // PARSE: ttg.local_load %{{.*}} token %[[W]] : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
  // CHECK-LABEL: @copy
  // CHECK: ttg.async_copy_global_to_local
  // CHECK-NEXT: ttg.async_commit_group
  // CHECK-NEXT: ttg.async_wait
  // CHECK-NEXT: ttg.barrier local
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: ttg.barrier local
  // CHECK-NEXT: ttg.async_copy_global_to_local
  tt.func @copy(%p: tensor<32x32x!tt.ptr<f16>, #blocked>, %m: tensor<32x32xi1, #blocked>) -> tensor<32x32xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf16, #blocked>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
    %b0 = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %b0 mask %m other %zero : tensor<32x32x!tt.ptr<f16>, #blocked> -> <32x32xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 0 : i32}
    %x = ttg.local_load %b0 token %w : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    %t2 = ttg.async_copy_global_to_local %p, %b0 : tensor<32x32x!tt.ptr<f16>, #blocked> -> <32x32xf16, #shared, #smem, mutable>
    tt.return %x : tensor<32x32xf16, #blocked>
  }
}
