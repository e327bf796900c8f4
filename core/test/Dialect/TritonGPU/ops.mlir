// RUN: trident-opt %s -split-input-file | FileCheck %s
// RUN: trident-opt %s -split-input-file --mlir-print-op-generic | trident-opt -split-input-file | FileCheck %s

// Encodings print as Triton 3.6 prints them, with #blocked/#slice aliases.
// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #slice = #ttg.slice<{dim = 1, parent = #blocked}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @layouts
  tt.func @layouts(%x: tensor<32x64xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    // CHECK: ttg.convert_layout %{{.*}} : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #blocked1>
    %c = ttg.convert_layout %x : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #blocked1>
    %r = "tt.reduce"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) {axis = 1 : i32} : (tensor<32x64xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %r : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----
// Triton's CTA fields are accepted while they describe a single CTA.
// CHECK: #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module {
  tt.func @cta(%x: tensor<512xf32, #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [1], CTASplitNum = [1], CTAOrder = [0]}>>) {
    tt.return
  }
}

// -----

// A linear encoding, as Triton prints it: register, lane, warp, block bases.
// CHECK: #linear = #ttg.linear<{register = {{\[\[0, 1\], \[0, 2\]\]}}, lane = {{\[\[0, 4\], \[0, 8\], \[1, 0\], \[2, 0\], \[4, 0\]\]}}, warp = {{\[\[8, 0\], \[16, 0\]\]}}, block = []}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @linear
  tt.func @linear(%x: tensor<32x16xf32, #linear>) -> tensor<32x16xf32, #blocked2> {
    // CHECK: ttg.convert_layout %{{.*}} : tensor<32x16xf32, #linear> -> tensor<32x16xf32, #blocked>
    %c = ttg.convert_layout %x : tensor<32x16xf32, #linear> -> tensor<32x16xf32, #blocked2>
    tt.return %c : tensor<32x16xf32, #blocked2>
  }
}

// -----

// Shared memory as Triton 3.6 writes it: a swizzled shared encoding, the
// shared memory space, memdescs (mutable, and views of a larger
// allocation), and the local_* ops.
// CHECK: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK: #smem = #ttg.shared_memory
#blocked3 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @buffers
  tt.func @buffers(%x: tensor<64x32xf16, #blocked3>, %view: !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 3x64x32>) -> tensor<64x32xf16, #blocked3> {
    // CHECK: %[[A:.*]] = ttg.local_alloc %{{.*}} : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    %a = ttg.local_alloc %x : (tensor<64x32xf16, #blocked3>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    // CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    // CHECK: ttg.local_store %{{.*}}, %[[B]] : tensor<64x32xf16, #blocked> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    ttg.local_store %x, %b : tensor<64x32xf16, #blocked3> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    // CHECK: ttg.local_store %{{.*}}, %{{.*}} : tensor<64x32xf16, #blocked> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 3x64x32>
    ttg.local_store %x, %view : tensor<64x32xf16, #blocked3> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 3x64x32>
    // CHECK: ttg.local_load %[[A]] : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #blocked>
    %l = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #blocked3>
    // CHECK: ttg.local_dealloc %[[B]] : !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    ttg.local_dealloc %b : !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    tt.return %l : tensor<64x32xf16, #blocked3>
  }
}

// -----

// CHECK-LABEL: @barriers
tt.func @barriers() {
  // CHECK: ttg.barrier local
  ttg.barrier local
  // CHECK: ttg.barrier local|global_read|global_write
  ttg.barrier global_write | local | global_read
  tt.return
}
