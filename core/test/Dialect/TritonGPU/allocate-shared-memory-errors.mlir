// RUN: trident-opt %s --allocate-shared-memory -verify-diagnostics

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
