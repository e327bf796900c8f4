// RUN: trident-opt %s --allocate-shared-memory --insert-shared-barriers --test-lower-tritongpu | FileCheck %s
// RUN: trident-opt %S/Inputs/vector-add.mlir --allocate-shared-memory --insert-shared-barriers --test-lower-tritongpu | FileCheck %s --check-prefix=ADD

// Core's shared TTGIR -> LLVM lowering, one function per pattern file, over
// trident-opt's testing target: every target hook is a call to an external
// @__test_* function, so what the patterns ask of a target shows by name
// (no NVPTX, AMDGPU or ptxas involved).
//
// MemoryOpToLLVM (Inputs/vector-add.mlir): four consecutive fp32 per thread
// whose pointers are 16-byte aligned and whose mask is constant over runs
// of 16 (n divisible by 16) are one 4-word access; FuncOpToLLVM marks the
// kernel with its 128 threads.
// ADD-LABEL: llvm.func @add_aligned
// ADD-SAME: test.kernel_threads = 128
// ADD: llvm.call @__test_program_id_i32
// ADD: llvm.call @__test_load_global_b32x4_p1_i1_i32_i32_i32_i32
// ADD-NOT: llvm.call @__test_load_global
// ADD: llvm.call @__test_store_global_b32x4_p1_i1_i32_i32_i32_i32
// ADD-NOT: llvm.call @__test_store_global
// A mask that may change at any element: one word per access.
// ADD-LABEL: llvm.func @add_unaligned_mask
// ADD-COUNT-4: llvm.call @__test_load_global_b32x1_p1_i1_i32
// ADD-NOT: llvm.call @__test_load_global
// ADD-COUNT-4: llvm.call @__test_store_global_b32x1_p1_i1_i32

#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#w = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // ViewOpToLLVM: a conversion that moves elements between threads goes
  // through shared memory (address space 3): writes, one barrier, reads,
  // at places derived from the two layouts: each thread's four
  // consecutive elements go as one 16-byte vector.
  // CHECK-LABEL: llvm.func @cvt
  // CHECK: llvm.call @__test_thread_id
  // CHECK: llvm.store {{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK-NOT: llvm.store
  // CHECK: llvm.call @__test_barrier()
  // CHECK-NOT: llvm.call @__test_barrier()
  // CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> i32
  // CHECK: llvm.return
  tt.func public @cvt(%x: tensor<512xf32, #b>) -> tensor<512xf32, #b1> {
    %0 = ttg.convert_layout %x : tensor<512xf32, #b> -> tensor<512xf32, #b1>
    tt.return %0 : tensor<512xf32, #b1>
  }
  // One that only renumbers registers (same lanes and warps): no memory.
  // CHECK-LABEL: llvm.func @same
  // CHECK-NOT: ptr<3>
  // CHECK-NOT: @__test_barrier
  // CHECK: llvm.return
  tt.func public @same(%x: tensor<512xf32, #b>) -> tensor<512xf32, #b> {
    %0 = ttg.convert_layout %x : tensor<512xf32, #b> -> tensor<512xf32, #b>
    tt.return %0 : tensor<512xf32, #b>
  }
  // ReduceOpToLLVM: a row of 32 in one warp's lanes: five butterfly
  // shuffles (16, 8, 4, 2, 1), no shared memory.
  // CHECK-LABEL: llvm.func @red
  // CHECK-COUNT-5: llvm.call @__test_shuffle_xor_i32_i32
  // CHECK-NOT: ptr<3>
  // CHECK: llvm.return
  tt.func public @red(%x: tensor<4x32xf32, #w>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #w}>> {
    %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<4x32xf32, #w>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #w}>>
    tt.return %0 : tensor<4xf32, #ttg.slice<{dim = 1, parent = #w}>>
  }
  // AtomicOpToLLVM: the target's atomic, predicated.
  // CHECK-LABEL: llvm.func @atom
  // CHECK: llvm.call @__test_atomic_fadd_p1_f32_i1
  tt.func public @atom(%p: tensor<128x!tt.ptr<f32>, #b1>, %v: tensor<128xf32, #b1>) {
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (tensor<128x!tt.ptr<f32>, #b1>, tensor<128xf32, #b1>) -> tensor<128xf32, #b1>
    tt.return
  }
  // DebugOpToLLVM: tl.device_print through the target's printf, with the
  // program ids and the element's index.
  // CHECK-LABEL: llvm.func @dbg
  // CHECK: llvm.call @__test_program_id_i32
  // CHECK: llvm.call @__test_printf_p0_i32_i32_i32_i32_p0_i32
  tt.func public @dbg(%v: tensor<128xi32, #b1>) {
    tt.print " v: " {hex = false, isSigned = array<i32: 1>} : %v : tensor<128xi32, #b1>
    tt.return
  }
  // SharedMemoryOpToLLVM: local_alloc writes the tensor, local_load reads it
  // back in another layout, 16 bytes at a time where the layout holds four
  // consecutive elements; the barrier between them is insert-shared-barriers'.
  // CHECK-LABEL: llvm.func @buf
  // CHECK: llvm.store {{.*}} : i32, !llvm.ptr<3>
  // CHECK: llvm.call @__test_barrier()
  // CHECK: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  tt.func public @buf(%v: tensor<128xf32, #b1>) -> tensor<128xf32, #b> {
    %a = ttg.local_alloc %v : (tensor<128xf32, #b1>) -> !ttg.memdesc<128xf32, #shared, #smem>
    %l = ttg.local_load %a : !ttg.memdesc<128xf32, #shared, #smem> -> tensor<128xf32, #b>
    tt.return %l : tensor<128xf32, #b>
  }
  // FloatConversionOpToLLVM: fp8 -> fp32 in integer arithmetic (no target
  // hook), the exponent rebiased by a multiply.
  // CHECK-LABEL: llvm.func @f8
  // CHECK-NOT: llvm.call
  // CHECK: llvm.fmul
  // CHECK: llvm.return
  tt.func public @f8(%v: tensor<128xf8E4M3FN, #b1>) -> tensor<128xf32, #b1> {
    %0 = tt.fp_to_fp %v : tensor<128xf8E4M3FN, #b1> -> tensor<128xf32, #b1>
    tt.return %0 : tensor<128xf32, #b1>
  }
  // ElementwiseOpToLLVM: tt.elementwise_inline_asm (Triton's tf32x3 split
  // writes one) is LLVM inline asm per element; a float under an "r"
  // constraint goes as its bits. Packed by 4, four i8 are one i32.
  // CHECK-LABEL: llvm.func @asm
  // CHECK: %[[BITS:.*]] = llvm.bitcast %{{.*}} : f32 to i32
  // CHECK: %[[R:.*]] = llvm.inline_asm "cvt.rna.tf32.f32 $0, $1;", "=r,r" %[[BITS]] : (i32) -> i32
  // CHECK: llvm.bitcast %[[R]] : i32 to f32
  // CHECK: llvm.inline_asm "prmt.b32 $0, $1, 0, 0x0123;", "=r,r" %{{.*}} : (i32) -> i32
  tt.func public @asm(%x: tensor<128xf32, #b1>) -> tensor<128xf32, #b1> {
    %0 = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<128xf32, #b1> -> tensor<128xf32, #b1>
    tt.return %0 : tensor<128xf32, #b1>
  }
  tt.func public @asm_packed(%y: tensor<512xi8, #b>) -> tensor<512xi8, #b> {
    %1 = tt.elementwise_inline_asm "prmt.b32 $0, $1, 0, 0x0123;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %y : tensor<512xi8, #b> -> tensor<512xi8, #b>
    tt.return %1 : tensor<512xi8, #b>
  }
}
