// RUN: trident-opt %s -split-input-file --allocate-shared-memory | FileCheck %s

// Scratch is live at its op only: two conversions through shared memory
// share offset 0. A reduction within one warp needs none, and neither does
// a conversion that only renumbers registers.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: module
// CHECK-SAME: ttg.shared = 2048 : i32
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: tt.func @scratch({{.*}} attributes {allocation.size = 2048 : i32}
  tt.func @scratch(%x: tensor<512xf32, #a>) -> tensor<512xf32, #a> {
    // CHECK: ttg.convert_layout {{.*}} {allocation.offset = 0 : i32} : tensor<512xf32, #{{.*}}> -> tensor<512xf32, #
    %0 = ttg.convert_layout %x : tensor<512xf32, #a> -> tensor<512xf32, #b>
    // CHECK: ttg.convert_layout {{.*}} {allocation.offset = 0 : i32}
    %1 = ttg.convert_layout %0 : tensor<512xf32, #b> -> tensor<512xf32, #a>
    tt.return %1 : tensor<512xf32, #a>
  }
}

// -----

// A buffer lives from its local_alloc to its last use; scratch while it
// lives goes above it, scratch after it may reuse its bytes. A reduction
// across 4 warps of 1 row: 4 partials and 1 total of 4 bytes.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module
// CHECK-SAME: ttg.shared = 2048 : i32
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @liveness(%x: tensor<256xf32, #a>) -> tensor<256xf32, #a> {
    // CHECK: ttg.local_alloc {{.*}} {allocation.offset = 0 : i32}
    %m = ttg.local_alloc %x : (tensor<256xf32, #a>) -> !ttg.memdesc<256xf32, #shared, #smem>
    // CHECK: ttg.convert_layout {{.*}} {allocation.offset = 1024 : i32}
    %0 = ttg.convert_layout %x : tensor<256xf32, #a> -> tensor<256xf32, #b>
    %1 = ttg.local_load %m : !ttg.memdesc<256xf32, #shared, #smem> -> tensor<256xf32, #a>
    // CHECK: "tt.reduce"
    // CHECK: {allocation.offset = 0 : i32} : (tensor<256xf32, #{{.*}}>) -> f32
    %s = "tt.reduce"(%1) <{axis = 0 : i32}> ({
    ^bb0(%p: f32, %q: f32):
      %r = arith.addf %p, %q : f32
      tt.reduce.return %r : f32
    }) : (tensor<256xf32, #a>) -> f32
    %2 = ttg.convert_layout %0 : tensor<256xf32, #b> -> tensor<256xf32, #a>
    tt.return %2 : tensor<256xf32, #a>
  }
}

// -----

// A buffer used inside a loop stays live to the loop's end: the scratch
// of the conversion after its last use in the body still goes above it.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module
// CHECK-SAME: ttg.shared = 1536 : i32
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @loop(%x: tensor<128xf32, #a>, %n: i32) -> tensor<128xf32, #a> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
    %m = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<128xf32, #a>) : i32 {
      %t = ttg.local_load %m : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256xf32, #a>
      // CHECK: ttg.convert_layout {{.*}} {allocation.offset = 1024 : i32}
      %c = ttg.convert_layout %acc : tensor<128xf32, #a> -> tensor<128xf32, #b>
      %d = ttg.convert_layout %c : tensor<128xf32, #b> -> tensor<128xf32, #a>
      scf.yield %d : tensor<128xf32, #a>
    }
    tt.return %r : tensor<128xf32, #a>
  }
}

// -----

// A call reserves what its callee uses at offset 0; a buffer live across
// the call goes above it.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module
// CHECK-SAME: ttg.shared = 1024 : i32
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: tt.func private @helper({{.*}} attributes {allocation.size = 512 : i32}
  tt.func private @helper(%x: tensor<128xf32, #a>) -> tensor<128xf32, #a> {
    %c = ttg.convert_layout %x : tensor<128xf32, #a> -> tensor<128xf32, #b>
    %d = ttg.convert_layout %c : tensor<128xf32, #b> -> tensor<128xf32, #a>
    tt.return %d : tensor<128xf32, #a>
  }
  tt.func @caller(%x: tensor<128xf32, #a>) -> tensor<128xf32, #a> {
    // CHECK: ttg.local_alloc {{.*}} {allocation.offset = 512 : i32}
    %m = ttg.local_alloc %x : (tensor<128xf32, #a>) -> !ttg.memdesc<128xf32, #shared, #smem>
    // CHECK: tt.call @helper{{.*}} {allocation.offset = 0 : i32}
    %y = tt.call @helper(%x) : (tensor<128xf32, #a>) -> tensor<128xf32, #a>
    %z = ttg.local_load %m : !ttg.memdesc<128xf32, #shared, #smem> -> tensor<128xf32, #a>
    %s = arith.addf %y, %z : tensor<128xf32, #a>
    tt.return %s : tensor<128xf32, #a>
  }
}

// -----

// A buffer that escapes (here yielded into the next iteration) is live over
// the whole function: the conversion at the top of the loop body, which
// runs again while the yielded buffer waits to be read, goes above both.
// The buffer the loop starts from is live until the loop ends (its
// iteration argument may be it), not beyond.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @carried
  tt.func @carried(%x: tensor<128xf32, #a>, %n: i32) -> tensor<128xf32, #a> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // CHECK: ttg.local_alloc {{.*}} {allocation.offset = 512 : i32}
    %init = ttg.local_alloc %x : (tensor<128xf32, #a>) -> !ttg.memdesc<128xf32, #shared, #smem>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %init, %acc = %x) -> (!ttg.memdesc<128xf32, #shared, #smem>, tensor<128xf32, #a>) : i32 {
      // CHECK: ttg.convert_layout {{.*}} {allocation.offset = 1024 : i32}
      %c = ttg.convert_layout %acc : tensor<128xf32, #a> -> tensor<128xf32, #b>
      %v = ttg.local_load %m : !ttg.memdesc<128xf32, #shared, #smem> -> tensor<128xf32, #a>
      // CHECK: ttg.local_alloc {{.*}} {allocation.offset = 0 : i32}
      %next = ttg.local_alloc %v : (tensor<128xf32, #a>) -> !ttg.memdesc<128xf32, #shared, #smem>
      %d = ttg.convert_layout %c : tensor<128xf32, #b> -> tensor<128xf32, #a>
      scf.yield %next, %d : !ttg.memdesc<128xf32, #shared, #smem>, tensor<128xf32, #a>
    }
    tt.return %r#1 : tensor<128xf32, #a>
  }
}

// -----

// A buffer handed on by an op that returns it (a plugin's wait that names
// the buffers an asynchronous reader still reads; here an scf.if that
// yields it) is live until the last use of what that op returns, and no
// longer: the conversion after it reuses its bytes.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @handed_on
  tt.func @handed_on(%x: tensor<128xf32, #a>, %p: i1) -> tensor<128xf32, #b> {
    // CHECK: ttg.local_alloc {{.*}} {allocation.offset = 0 : i32}
    %m = ttg.local_alloc %x : (tensor<128xf32, #a>) -> !ttg.memdesc<128xf32, #shared, #smem>
    %h = scf.if %p -> (!ttg.memdesc<128xf32, #shared, #smem>) {
      scf.yield %m : !ttg.memdesc<128xf32, #shared, #smem>
    } else {
      scf.yield %m : !ttg.memdesc<128xf32, #shared, #smem>
    }
    %v = ttg.local_load %h : !ttg.memdesc<128xf32, #shared, #smem> -> tensor<128xf32, #a>
    // CHECK: ttg.convert_layout {{.*}} {allocation.offset = 0 : i32}
    %c = ttg.convert_layout %v : tensor<128xf32, #a> -> tensor<128xf32, #b>
    tt.return %c : tensor<128xf32, #b>
  }
}
