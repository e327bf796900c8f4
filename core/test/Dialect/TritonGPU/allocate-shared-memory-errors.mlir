// RUN: trident-opt %s -split-input-file --allocate-shared-memory -verify-diagnostics

// A buffer returned from a function would outlive the callee's allocation.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{a function returning a shared-memory buffer (!ttg.memdesc) is not supported: allocate it in the caller and pass it in}}
  tt.func private @make(%x: tensor<128xf32, #a>) -> !ttg.memdesc<128xf32, #shared, #smem> {
    %m = ttg.local_alloc %x : (tensor<128xf32, #a>) -> !ttg.memdesc<128xf32, #shared, #smem>
    tt.return %m : !ttg.memdesc<128xf32, #shared, #smem>
  }
}

// -----

// A buffer past what any GPU has: an error at the op, never a wrapped offset.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @huge() {
    // expected-error @+1 {{needs 4398046511104 bytes of shared memory, more than any GPU has}}
    %m = ttg.local_alloc : () -> !ttg.memdesc<1073741824x1073741824xf32, #shared, #smem, mutable>
    tt.return
  }
}
