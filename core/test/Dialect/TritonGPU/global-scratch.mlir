// RUN: trident-opt %s --tritongpu-allocate-global-scratch | FileCheck %s
// RUN: trident-opt %s --tritongpu-allocate-global-scratch --allocate-shared-memory --insert-shared-barriers --test-lower-tritongpu | FileCheck %s --check-prefix=LOWER

// ttg.global_scratch_alloc (Triton 3.6's text): each at a multiple of its
// alignment in the program's region; the module gets the region's bytes
// (rounded to the largest alignment) and alignment.
// CHECK: module attributes {{{.*}}ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 256 : i32
// CHECK: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 100 : i32, ttg.global_scratch_memory_offset = 0 : i32} : !tt.ptr<i8>
// CHECK: ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 8 : i32, ttg.global_scratch_memory_offset = 112 : i32} : !tt.ptr<i8>
// CHECK: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 4 : i32, ttg.global_scratch_memory_offset = 128 : i32} : !tt.ptr<i8>
// A kernel that uses it takes two more pointers (the runtime's global and
// profile scratch); each alloc is the first plus the program's linear id
// times the region's bytes plus its offset.
// LOWER: llvm.func @scratch({{.*}}, %[[G:.+]]: !llvm.ptr<1>, %{{.+}}: !llvm.ptr<1>)
// LOWER: llvm.mlir.constant(256 : i64)
// LOWER: llvm.mlir.constant(112 : i64)
// LOWER: llvm.getelementptr %[[G]]
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scratch(%out: !tt.ptr<i32>) {
    %a = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
    %b = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 8 : i32} : !tt.ptr<i8>
    %c = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 4 : i32} : !tt.ptr<i8>
    %bi = tt.bitcast %b : !tt.ptr<i8> -> !tt.ptr<i32>
    %v = tt.load %bi : !tt.ptr<i32>
    tt.store %out, %v : !tt.ptr<i32>
    tt.return
  }
}
