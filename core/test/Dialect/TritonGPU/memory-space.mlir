// RUN: trident-opt %s -split-input-file | FileCheck %s --check-prefix=PARSE
// RUN: trident-opt %s -split-input-file --allocate-shared-memory --insert-shared-barriers | FileCheck %s
// RUN: trident-opt %s -split-input-file --allocate-shared-memory --insert-shared-barriers --test-lower-tritongpu -verify-diagnostics -o /dev/null

// A memdesc may live in a backend's own memory space: an attribute of the
// backend's dialect implementing core's MemorySpace interface (here
// trident-opt's #test_vendor.scratchpad, as Blackwell's tensor memory
// would be). Core's allocation gives such a buffer no shared memory, the
// barriers leave its accesses to the backend, and core's lowering refuses
// it (the backend lowers it with its own patterns).
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// PARSE: !ttg.memdesc<128xf32, #shared, #test_vendor.scratchpad>
// CHECK-LABEL: module
// CHECK-SAME: ttg.shared = 0 : i32
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @vendor_space
  // CHECK-NOT: allocation.offset
  // CHECK-NOT: ttg.barrier
  // CHECK: tt.return
  tt.func @vendor_space(%x: tensor<128xf32, #a>) -> tensor<128xf32, #b> {
    // expected-error @+1 {{failed to legalize}}
    %m = ttg.local_alloc %x : (tensor<128xf32, #a>) -> !ttg.memdesc<128xf32, #shared, #test_vendor.scratchpad>
    %y = ttg.local_load %m : !ttg.memdesc<128xf32, #shared, #test_vendor.scratchpad> -> tensor<128xf32, #b>
    tt.return %y : tensor<128xf32, #b>
  }
}
