// RUN: trident-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{order must be a permutation of 0..1}}
tt.func @bad_order(%x: tensor<4x4xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 1]}>>) { tt.return }

// -----
// expected-error @+1 {{blocked encoding sizes must be powers of two}}
tt.func @bad_size(%x: tensor<4xf32, #ttg.blocked<{sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>) { tt.return }

// -----
// expected-error @+1 {{sizePerThread, threadsPerWarp, warpsPerCTA and order must have one entry per dimension}}
tt.func @bad_rank(%x: tensor<4xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>) { tt.return }

// -----
// expected-error @+1 {{slice dim 1 is out of range for a parent of rank 1}}
tt.func @bad_slice(%x: tensor<4xf32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}>>) { tt.return }

// -----
// expected-error @+1 {{layouts spanning several CTAs (num_ctas > 1) are not supported yet}}
tt.func @ctas(%x: tensor<4xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [2], CTASplitNum = [2], CTAOrder = [0]}>>) { tt.return }

// -----
// expected-error @+1 {{encoding of rank 1 on a tensor of rank 2}}
tt.func @rank_mismatch(%x: tensor<4x4xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>) { tt.return }

// -----
// Outside a dimension, a basis replicates (as Triton reads it): the
// register's 64 on a tensor of 64 adds nothing, and elements 32..63 are
// left unreached.
// expected-error @+1 {{linear encoding does not reach every element of the tensor (its bases span 5 of 6 bits)}}
tt.func @linear_outside_replicates(%x: tensor<64xf32, #ttg.linear<{register = [[64]], lane = [[1], [2], [4], [8], [16]], warp = [], block = []}>>) { tt.return }

// -----
// expected-error @+1 {{linear encoding does not reach every element of the tensor (its bases span 5 of 6 bits)}}
tt.func @linear_not_onto(%x: tensor<64xf32, #ttg.linear<{register = [[3]], lane = [[1], [2], [4], [8], [16]], warp = [], block = []}>>) { tt.return }

// -----
// expected-error @+1 {{the bases of a linear encoding must all have 1 coordinates}}
tt.func @linear_ragged(%x: tensor<64xf32, #ttg.linear<{register = [[1]], lane = [[2, 0]], warp = [], block = []}>>) { tt.return }

// -----
// expected-error @+1 {{linear encoding has no input 'thread'}}
tt.func @linear_unknown(%x: tensor<64xf32, #ttg.linear<{thread = [[1]]}>>) { tt.return }

// -----
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @store_immutable(%x: tensor<128xf32, #b>, %m: !ttg.memdesc<128xf32, #shared, #smem>) {
  // expected-error @+1 {{stores into an immutable buffer (the memdesc has no 'mutable')}}
  ttg.local_store %x, %m : tensor<128xf32, #b> -> !ttg.memdesc<128xf32, #shared, #smem>
  tt.return
}

// -----
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @load_mismatch(%m: !ttg.memdesc<128xf32, #shared, #smem>) {
  // expected-error @+1 {{does not match the buffer's shape and element type}}
  %t = ttg.local_load %m : !ttg.memdesc<128xf32, #shared, #smem> -> tensor<128xf16, #b>
  tt.return
}

// -----
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @empty_immutable() {
  // expected-error @+1 {{an empty buffer must be mutable}}
  %m = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #shared, #smem>
  tt.return
}

// -----
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{the shared encoding is of rank 2, for a memdesc of rank 1}}
tt.func @order_rank(%m: !ttg.memdesc<128xf32, #shared, #smem>) { tt.return }

// -----
// expected-error @+1 {{swizzled_shared vec, perPhase and maxPhase must be at least 1}}
tt.func @zero_vec(%m: !ttg.memdesc<128xf32, #ttg.swizzled_shared<{vec = 0, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory>) { tt.return }

// -----

tt.func @barrier_space() {
  // expected-error @+1 {{unknown memory 'texture' (expected local, global_read or global_write)}}
  ttg.barrier texture
  tt.return
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// expected-error @+1 {{a memdesc's encoding must be a shared encoding}}
tt.func @memdesc_blocked(%m: !ttg.memdesc<128xf32, #b, #ttg.shared_memory>) { tt.return }

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// expected-error @+1 {{memdesc dimensions must be powers of two (but for a leading dimension of buffers)}}
tt.func @memdesc_pow2(%m: !ttg.memdesc<100xf32, #shared, #ttg.shared_memory>) { tt.return }

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @index_shape(%m: !ttg.memdesc<3x32x32xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{the result is one buffer of the leading dimension: expected shape [32, 32], got [16, 32]}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<3x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x32xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @index_mutability(%m: !ttg.memdesc<3x32x32xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{a view keeps its buffer's element type, memory space and mutability}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<3x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @subslice_unaligned(%m: !ttg.memdesc<32x32xf16, #shared, #smem>) {
  // expected-error @+1 {{offset 8 along dimension 0 must be a multiple of the tile's size 16 within the buffer's 32}}
  %0 = ttg.memdesc_subslice %m [8, 0] : !ttg.memdesc<32x32xf16, #shared, #smem> -> !ttg.memdesc<16x32xf16, #shared, #smem, 32x32>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @subslice_alloc_shape(%m: !ttg.memdesc<32x32xf16, #shared, #smem>) {
  // expected-error @+1 {{the result's allocation shape is its buffer's: [32, 32]}}
  %0 = ttg.memdesc_subslice %m [16, 0] : !ttg.memdesc<32x32xf16, #shared, #smem> -> !ttg.memdesc<16x32xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @trans_order(%m: !ttg.memdesc<16x32xf16, #shared, #smem>) {
  // expected-error @+1 {{order must permute the buffer's 2 dimensions}}
  %0 = ttg.memdesc_trans %m {order = array<i32: 0, 0>} : !ttg.memdesc<16x32xf16, #shared, #smem> -> !ttg.memdesc<16x32xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @trans_shape(%m: !ttg.memdesc<16x32xf16, #shared, #smem>) {
  // expected-error @+1 {{result dimension 0 is the buffer's dimension 1 (32), not 16}}
  %0 = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<16x32xf16, #shared, #smem> -> !ttg.memdesc<16x32xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#flat = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @reshape_count(%m: !ttg.memdesc<16x32xf16, #shared, #smem>) {
  // expected-error @+1 {{reshapes 512 elements into 256}}
  %0 = ttg.memdesc_reshape %m : !ttg.memdesc<16x32xf16, #shared, #smem> -> !ttg.memdesc<256xf16, #flat, #smem>
  tt.return
}

// -----

// A leading dimension of buffers may be any size; the encoded ones not.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// expected-error @+1 {{memdesc dimensions must be powers of two (but for a leading dimension of buffers)}}
tt.func @memdesc_pow2_inner(%m: !ttg.memdesc<3x24x32xf16, #shared, #ttg.shared_memory>) { tt.return }

// -----
tt.func @bad_scratch_alignment() {
  // expected-error @+1 {{alignment must be a power of two, not 24}}
  %a = ttg.global_scratch_alloc {alignment = 24 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
  tt.return
}

// -----
tt.func @bad_scratch_size() {
  // expected-error @+1 {{nbytes must be positive, not 0}}
  %a = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 0 : i32} : !tt.ptr<i8>
  tt.return
}
