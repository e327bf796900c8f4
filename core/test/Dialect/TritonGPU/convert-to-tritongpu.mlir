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

// -----

// A tile's row offsets (`pid * 64 + tl.arange(0, 64)`) used by a narrow
// load and by a wide store, whose tiles get different encodings: the
// splat, range and add are made again in the second slice (three ops)
// instead of a conversion through shared memory, which would also keep the
// first values alive until the store (a matmul's K loop in between).
// CHECK-LABEL: tt.func public @row_offsets_twice
// CHECK: tt.splat {{.*}} : i32 -> tensor<64xi32, #[[SA:slice[0-9]*]]>
// CHECK: tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #[[SA]]>
// CHECK: tt.make_range {end = 256 : i32
// CHECK: tt.splat {{.*}} : i32 -> tensor<64xi32, #[[SB:slice[0-9]*]]>
// CHECK: tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #[[SB]]>
// CHECK: arith.addi {{.*}} : tensor<64xi32, #[[SB]]>
// CHECK-NOT: ttg.convert_layout {{.*}} tensor<64xi32
tt.func public @row_offsets_twice(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %pid = tt.get_program_id x : i32
  %c64 = arith.constant 64 : i32
  %base = arith.muli %pid, %c64 : i32
  %bs = tt.splat %base : i32 -> tensor<64xi32>
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %rows = arith.addi %bs, %r : tensor<64xi32>
  %c4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %ra = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ca = tt.expand_dims %c4 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %k4 = arith.constant dense<4> : tensor<64x1xi32>
  %ras = arith.muli %ra, %k4 : tensor<64x1xi32>
  %rab = tt.broadcast %ras : tensor<64x1xi32> -> tensor<64x4xi32>
  %cab = tt.broadcast %ca : tensor<1x4xi32> -> tensor<64x4xi32>
  %oa = arith.addi %rab, %cab : tensor<64x4xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<64x4x!tt.ptr<f32>>
  %xa = tt.addptr %xp, %oa : tensor<64x4x!tt.ptr<f32>>, tensor<64x4xi32>
  %v = tt.load %xa : tensor<64x4x!tt.ptr<f32>>
  %s = "tt.reduce"(%v) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %m = arith.addf %a, %b : f32
    tt.reduce.return %m : f32
  }) : (tensor<64x4xf32>) -> tensor<64xf32>
  %c256 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %rb = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %cb = tt.expand_dims %c256 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
  %k256 = arith.constant dense<256> : tensor<64x1xi32>
  %rbs = arith.muli %rb, %k256 : tensor<64x1xi32>
  %rbb = tt.broadcast %rbs : tensor<64x1xi32> -> tensor<64x256xi32>
  %cbb = tt.broadcast %cb : tensor<1x256xi32> -> tensor<64x256xi32>
  %ob = arith.addi %rbb, %cbb : tensor<64x256xi32>
  %sx = tt.expand_dims %s {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  %sb = tt.broadcast %sx : tensor<64x1xf32> -> tensor<64x256xf32>
  %yp = tt.splat %y : !tt.ptr<f32> -> tensor<64x256x!tt.ptr<f32>>
  %ya = tt.addptr %yp, %ob : tensor<64x256x!tt.ptr<f32>>, tensor<64x256xi32>
  tt.store %ya, %sb : tensor<64x256x!tt.ptr<f32>>
  tt.return
}

// -----

// A reduce's result both stored (its class follows the store's pointers,
// a slice along dim 0) and expanded along axis 1 (fla's recurrent update,
// `tmp[:, None]`): the reduce yields the slice along dim 1, the store gets
// a conversion, and expand_dims takes the reduce's own result -- not the
// store's conversion, which left it an operand of the wrong slice.
// CHECK-LABEL: tt.func public @reduce_stored_and_expanded
// CHECK: %[[T:.*]] = "tt.reduce"
// CHECK: tt.expand_dims %[[T]] {axis = 1 : i32}
// CHECK: %[[C:.*]] = ttg.convert_layout %[[T]]
// CHECK: tt.store {{.*}}, %[[C]]
tt.func public @reduce_stored_and_expanded(%a_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %b_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %o_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %T: i32) {
  %b_h = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
  %c1_i32 = arith.constant 1 : i32
  %c0_i32 = arith.constant 0 : i32
  %offs = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %0 = tt.splat %a_ptr : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %1 = tt.addptr %0, %offs : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %2 = tt.splat %b_ptr : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %3 = tt.addptr %2, %offs : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %4 = tt.splat %o_ptr : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %5 = tt.addptr %4, %offs : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %r = scf.for %i = %c0_i32 to %T step %c1_i32 iter_args(%h = %b_h) -> (tensor<32x32xf32>)  : i32 {
    %a = tt.load %1 : tensor<32x!tt.ptr<f32>>
    %b = tt.load %3 : tensor<32x!tt.ptr<f32>>
    %6 = tt.expand_dims %a {axis = 0 : i32} : tensor<32xf32> -> tensor<1x32xf32>
    %7 = tt.broadcast %6 : tensor<1x32xf32> -> tensor<32x32xf32>
    %8 = arith.mulf %h, %7 : tensor<32x32xf32>
    %tmp = "tt.reduce"(%8) <{axis = 1 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      tt.reduce.return %s : f32
    }) : (tensor<32x32xf32>) -> tensor<32xf32>
    %9 = tt.expand_dims %tmp {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
    %10 = tt.expand_dims %b {axis = 0 : i32} : tensor<32xf32> -> tensor<1x32xf32>
    %11 = tt.broadcast %9 : tensor<32x1xf32> -> tensor<32x32xf32>
    %12 = tt.broadcast %10 : tensor<1x32xf32> -> tensor<32x32xf32>
    %13 = arith.mulf %11, %12 : tensor<32x32xf32>
    %h2 = arith.addf %h, %13 : tensor<32x32xf32>
    tt.store %5, %tmp : tensor<32x!tt.ptr<f32>>
    scf.yield %h2 : tensor<32x32xf32>
  }
  tt.return
}
