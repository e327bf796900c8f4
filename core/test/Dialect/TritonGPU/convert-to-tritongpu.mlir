// RUN: trident-opt %s -split-input-file --convert-triton-to-tritongpu="num-warps=4 target=cuda:90" | FileCheck %s

// Vector add: one class for every tensor; the loads and the store are
// contiguous, 16-byte aligned (tt.divisibility) and masked by a multiple
// of 16, so four fp32 per thread: 128-bit accesses.
// CHECK: #blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// CHECK-LABEL: tt.func public @add
// CHECK: tt.make_range {{.*}} : tensor<1024xi32, #blocked>
// CHECK: tt.load {{.*}} : tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK: tt.store {{.*}} : tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NOT: ttg.convert_layout
tt.func public @add(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %o: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  %c1024 = arith.constant 1024 : i32
  %pid = tt.get_program_id x : i32
  %start = arith.muli %pid, %c1024 : i32
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %s = tt.splat %start : i32 -> tensor<1024xi32>
  %offs = arith.addi %s, %r : tensor<1024xi32>
  %ns = tt.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %xa = tt.addptr %xp, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = tt.load %xa, %m : tensor<1024x!tt.ptr<f32>>
  %w = arith.addf %v, %v : tensor<1024xf32>
  %op = tt.splat %o : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %oa = tt.addptr %op, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %oa, %w, %m : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----
// A mask by an unspecialized bound is constant over single elements only:
// one element per thread.
// CHECK: #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func public @unaligned(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ns = tt.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %xa = tt.addptr %xp, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = tt.load %xa, %m : tensor<1024x!tt.ptr<f32>>
  tt.store %xa, %v, %m : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----
// Row reductions: the reduced value is a slice of the row's class, and
// expand_dims takes it back without a conversion.
// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK: #slice = #ttg.slice<{dim = 0, parent = #blocked}>
// CHECK: #slice1 = #ttg.slice<{dim = 1, parent = #blocked}>
// CHECK-LABEL: tt.func public @rows
// CHECK: tt.make_range {{.*}} : tensor<512xi32, #slice>
// CHECK: tt.expand_dims {{.*}} {axis = 0 : i32} : tensor<512xi32, #slice> -> tensor<1x512xi32, #blocked>
// CHECK: -> tensor<4xf32, #slice1>
// CHECK: tt.expand_dims {{.*}} {axis = 1 : i32} : tensor<4xf32, #slice1> -> tensor<4x1xf32, #blocked>
// CHECK-NOT: ttg.convert_layout
tt.func public @rows(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
  %c = tt.expand_dims %r {axis = 0 : i32} : tensor<512xi32> -> tensor<1x512xi32>
  %cb = tt.broadcast %c : tensor<1x512xi32> -> tensor<4x512xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<4x512x!tt.ptr<f32>>
  %xa = tt.addptr %xp, %cb : tensor<4x512x!tt.ptr<f32>>, tensor<4x512xi32>
  %v = tt.load %xa : tensor<4x512x!tt.ptr<f32>>
  %m = "tt.reduce"(%v) ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tt.reduce.return %s : f32
  }) {axis = 1 : i32} : (tensor<4x512xf32>) -> tensor<4xf32>
  %e = tt.expand_dims %m {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  %eb = tt.broadcast %e : tensor<4x1xf32> -> tensor<4x512xf32>
  %d = arith.subf %v, %eb : tensor<4x512xf32>
  tt.store %xa, %d : tensor<4x512x!tt.ptr<f32>>
  tt.return
}


// -----

// One arange as rows and as columns: its two expand_dims want two slices
// of the tile's encoding, so the range is made again for the second one
// (a copy costs nothing; a conversion would go through shared memory).
// CHECK-LABEL: tt.func public @square_tile
// CHECK: %[[R0:.*]] = tt.make_range {{.*}} : tensor<64xi32, #[[S1:slice[0-9]*]]>
// CHECK: tt.expand_dims %[[R0]] {axis = 1 : i32} : tensor<64xi32, #[[S1]]>
// CHECK: %[[R1:.*]] = tt.make_range {{.*}} : tensor<64xi32, #[[S0:slice[0-9]*]]>
// CHECK: tt.expand_dims %[[R1]] {axis = 0 : i32} : tensor<64xi32, #[[S0]]>
// CHECK-NOT: ttg.convert_layout
tt.func public @square_tile(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %rows = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %cols = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %c64 = arith.constant dense<64> : tensor<64x1xi32>
  %rs = arith.muli %rows, %c64 : tensor<64x1xi32>
  %rb = tt.broadcast %rs : tensor<64x1xi32> -> tensor<64x64xi32>
  %cb = tt.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
  %offs = arith.addi %rb, %cb : tensor<64x64xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %xa = tt.addptr %xp, %offs : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  %v = tt.load %xa : tensor<64x64x!tt.ptr<f32>>
  tt.store %xa, %v : tensor<64x64x!tt.ptr<f32>>
  tt.return
}
