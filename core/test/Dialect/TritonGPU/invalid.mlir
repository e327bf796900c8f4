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
// expected-error @+1 {{linear encoding basis coordinate 64 is outside dimension 0 of size 64}}
tt.func @linear_outside(%x: tensor<64xf32, #ttg.linear<{register = [[64]], lane = [[1], [2], [4], [8], [16]], warp = [[32]], block = []}>>) { tt.return }

// -----
// expected-error @+1 {{linear encoding does not reach every element of the tensor (its bases span 5 of 6 bits)}}
tt.func @linear_not_onto(%x: tensor<64xf32, #ttg.linear<{register = [[3]], lane = [[1], [2], [4], [8], [16]], warp = [], block = []}>>) { tt.return }

// -----
// expected-error @+1 {{the bases of a linear encoding must all have 1 coordinates}}
tt.func @linear_ragged(%x: tensor<64xf32, #ttg.linear<{register = [[1]], lane = [[2, 0]], warp = [], block = []}>>) { tt.return }

// -----
// expected-error @+1 {{linear encoding has no input 'thread'}}
tt.func @linear_unknown(%x: tensor<64xf32, #ttg.linear<{thread = [[1]]}>>) { tt.return }
