// RUN: trident-opt %s | trident-opt | FileCheck %s --check-prefix=TEXT
// RUN: trident-opt %s --allocate-shared-memory --insert-shared-barriers | FileCheck %s --check-prefix=ALLOC
// RUN: trident-opt %s --allocate-shared-memory --insert-shared-barriers --test-lower-tritongpu | FileCheck %s --check-prefix=LLVM

// The memdesc views in Triton 3.6's text: memdesc_index (one buffer of a
// multi-buffered allocation whose leading dimension -- a pipeline's
// stages -- need not be a power of two), memdesc_subslice (a tile at
// constant offsets; the result keeps the buffer's shape as its allocation
// shape), memdesc_trans and memdesc_reshape.
#bl = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sharedT = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // TEXT-LABEL: tt.func @views
  // TEXT: ttg.memdesc_index %{{.*}}[%{{.*}}] : !ttg.memdesc<3x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
  // TEXT: ttg.memdesc_subslice %{{.*}} [16, 0] : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x32xf16, #shared, #smem, mutable, 32x32>
  // TEXT: ttg.memdesc_trans %{{.*}} {order = array<i32: 1, 0>} : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared1, #smem, mutable>
  // TEXT: ttg.memdesc_reshape %{{.*}} : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<1024xf16, #shared2, #smem, mutable>
  //
  // Barriers see through views to the allocation: the local_store through
  // the index view is ordered before the loads through the tile and the
  // transpose by one barrier (the whole buffer, 3 x 32 x 32 x 2 bytes, is
  // what each of them touches).
  // ALLOC: ttg.shared = 6144
  // ALLOC-LABEL: tt.func @views
  // ALLOC: ttg.local_alloc {allocation.offset = 0 : i32}
  // ALLOC: ttg.local_store
  // ALLOC-NOT: ttg.local_load
  // ALLOC: ttg.barrier local
  // ALLOC: ttg.local_load
  // ALLOC-NOT: ttg.barrier
  // ALLOC: ttg.local_load
  //
  // memdesc_index: the base plus index x 1024 elements (2 bytes each).
  // LLVM-LABEL: llvm.func @views
  // LLVM: %[[C1024:.*]] = llvm.mlir.constant(1024 : i32) : i32
  // LLVM: %[[OFF:.*]] = llvm.mul %{{.*}}, %[[C1024]] : i32
  // LLVM: llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i16
  // LLVM: llvm.store {{.*}} !llvm.ptr<3>
  // LLVM: llvm.call @__test_barrier
  // LLVM: llvm.load {{.*}} !llvm.ptr<3>
  tt.func @views(%i: i32, %t: tensor<32x32xf16, #bl>) -> tensor<16x32xf16, #bl> {
    %bufs = ttg.local_alloc : () -> !ttg.memdesc<3x32x32xf16, #shared, #smem, mutable>
    %b = ttg.memdesc_index %bufs[%i] : !ttg.memdesc<3x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_store %t, %b : tensor<32x32xf16, #bl> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %lo = ttg.memdesc_subslice %b [16, 0] : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x32xf16, #shared, #smem, mutable, 32x32>
    %x = ttg.local_load %lo : !ttg.memdesc<16x32xf16, #shared, #smem, mutable, 32x32> -> tensor<16x32xf16, #bl>
    %tr = ttg.memdesc_trans %b {order = array<i32: 1, 0>} : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #sharedT, #smem, mutable>
    %y = ttg.local_load %tr : !ttg.memdesc<32x32xf16, #sharedT, #smem, mutable> -> tensor<32x32xf16, #bl>
    %flat = ttg.memdesc_reshape %b : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<1024xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #smem, mutable>
    tt.return %x : tensor<16x32xf16, #bl>
  }
}
