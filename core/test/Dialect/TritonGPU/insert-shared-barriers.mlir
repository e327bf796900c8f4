// RUN: trident-opt %s -split-input-file --allocate-shared-memory --insert-shared-barriers | FileCheck %s

// A buffer written then read: one barrier between. Two reads: none. The
// kernel's first use of shared memory: none before it.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @raw
  tt.func @raw(%x: tensor<128xf32, #a>) -> tensor<128xf32, #b> {
    // CHECK-NOT: ttg.barrier
    // CHECK: ttg.local_alloc
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: ttg.local_load
    // CHECK-NEXT: ttg.local_load
    // CHECK-NOT: ttg.barrier
    // CHECK: tt.return
    %m = ttg.local_alloc %x : (tensor<128xf32, #a>) -> !ttg.memdesc<128xf32, #shared, #smem>
    %y = ttg.local_load %m : !ttg.memdesc<128xf32, #shared, #smem> -> tensor<128xf32, #b>
    %z = ttg.local_load %m : !ttg.memdesc<128xf32, #shared, #smem> -> tensor<128xf32, #b>
    %s = arith.addf %y, %z : tensor<128xf32, #b>
    tt.return %s : tensor<128xf32, #b>
  }
}

// -----

// Write after read of the same bytes needs a barrier; of other bytes
// none: the buffer is still live, so the conversion's scratch is above it.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @war
  tt.func @war(%x: tensor<128xf32, #a>) -> tensor<128xf32, #a> {
    // CHECK: ttg.local_alloc
    // CHECK-NEXT: ttg.local_store
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: ttg.local_load
    // CHECK-NEXT: ttg.convert_layout {{.*}} {allocation.offset = 512 : i32}
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: ttg.local_store
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: ttg.convert_layout {{.*}} {allocation.offset = 0 : i32}
    %m = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    ttg.local_store %x, %m : tensor<128xf32, #a> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    %y = ttg.local_load %m : !ttg.memdesc<128xf32, #shared, #smem, mutable> -> tensor<128xf32, #a>
    %c = ttg.convert_layout %y : tensor<128xf32, #a> -> tensor<128xf32, #b>
    ttg.local_store %y, %m : tensor<128xf32, #a> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    %d = ttg.convert_layout %c : tensor<128xf32, #b> -> tensor<128xf32, #a>
    tt.return %d : tensor<128xf32, #a>
  }
}

// -----

// In a loop the next iteration's write meets this iteration's read: a
// barrier before the store, found over the back edge.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @loop
  tt.func @loop(%x: tensor<128xf32, #a>, %n: i32) -> tensor<128xf32, #a> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %m = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    // CHECK: scf.for
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: ttg.local_store
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: ttg.local_load
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<128xf32, #a>) : i32 {
      ttg.local_store %acc, %m : tensor<128xf32, #a> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
      %t = ttg.local_load %m : !ttg.memdesc<128xf32, #shared, #smem, mutable> -> tensor<128xf32, #a>
      %s = arith.addf %t, %acc : tensor<128xf32, #a>
      scf.yield %s : tensor<128xf32, #a>
    }
    tt.return %r : tensor<128xf32, #a>
  }
}

// -----

// A write in one branch of an scf.if reaches the read after it.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @branch
  tt.func @branch(%x: tensor<128xf32, #a>, %c: i1) -> tensor<128xf32, #a> {
    %m = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    // CHECK: scf.if
    // CHECK-NEXT: ttg.local_store
    // CHECK: }
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: ttg.local_load
    scf.if %c {
      ttg.local_store %x, %m : tensor<128xf32, #a> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    }
    %t = ttg.local_load %m : !ttg.memdesc<128xf32, #shared, #smem, mutable> -> tensor<128xf32, #a>
    tt.return %t : tensor<128xf32, #a>
  }
}

// -----

// A call that is given a buffer may read or write it: ordered against the
// store before it and the load after it.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @reads(%m: !ttg.memdesc<128xf32, #shared, #smem, mutable>) -> tensor<128xf32, #a> {
    %t = ttg.local_load %m : !ttg.memdesc<128xf32, #shared, #smem, mutable> -> tensor<128xf32, #a>
    tt.return %t : tensor<128xf32, #a>
  }
  // CHECK-LABEL: @passes_buffer
  tt.func @passes_buffer(%x: tensor<128xf32, #a>) -> tensor<128xf32, #a> {
    // CHECK: ttg.local_store
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: tt.call @reads
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: ttg.local_store
    %m = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    ttg.local_store %x, %m : tensor<128xf32, #a> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    %y = tt.call @reads(%m) : (!ttg.memdesc<128xf32, #shared, #smem, mutable>) -> tensor<128xf32, #a>
    ttg.local_store %y, %m : tensor<128xf32, #a> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    tt.return %y : tensor<128xf32, #a>
  }
}

// -----

// Regions of other ops (scf.execute_region, scf.index_switch, ...) are
// followed too, as if they might run in any order and any number of times:
// safe for every such op, if one barrier more than this one needs.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @region
  tt.func @region(%x: tensor<128xf32, #a>) -> tensor<128xf32, #a> {
    %m = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    // CHECK: scf.execute_region
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: ttg.local_store
    // CHECK: }
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: ttg.local_load
    scf.execute_region {
      ttg.local_store %x, %m : tensor<128xf32, #a> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
      scf.yield
    }
    %t = ttg.local_load %m : !ttg.memdesc<128xf32, #shared, #smem, mutable> -> tensor<128xf32, #a>
    tt.return %t : tensor<128xf32, #a>
  }
}
