// cpu-erase-gpu-hints: tl.debug_barrier (gpu.barrier) and tl.assume
// (llvm.intr.assume) mean nothing when one program runs on one thread.
// RUN: %cpu-opt %s --cpu-erase-gpu-hints | FileCheck %s

// CHECK-LABEL: tt.func @hints
// CHECK-NOT: gpu.barrier
// CHECK-NOT: llvm.intr.assume
// CHECK: tt.store
tt.func @hints(%p: !tt.ptr<f32>, %c: i1, %v: f32) {
  gpu.barrier
  llvm.intr.assume %c : i1
  tt.store %p, %v : !tt.ptr<f32>
  tt.return
}
