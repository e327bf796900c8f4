// cpu-expand-atomics: the placeholders the TTIR conversion leaves for
// atomics (calls of trident.rmw.<op>.<ordering> and
// trident.cas.<ordering>, which bufferization can see through) become LLVM
// atomics on the address; the placeholder declarations go. A compare and
// swap's failure ordering is the strongest one allowed (acq_rel: acquire).
// RUN: %cpu-opt %s --cpu-expand-atomics | FileCheck %s

// CHECK-NOT: func.func private @trident.
// CHECK-LABEL: func.func @atomics(%arg0: i64, %arg1: f32, %arg2: i32, %arg3: i32)
// CHECK: %[[P:.*]] = llvm.inttoptr %arg0 : i64 to !llvm.ptr
// CHECK: %[[OLD:.*]] = llvm.atomicrmw fadd %[[P]], %arg1 acq_rel : !llvm.ptr, f32
// CHECK: %[[Q:.*]] = llvm.inttoptr %arg0 : i64 to !llvm.ptr
// CHECK: %[[X:.*]] = llvm.cmpxchg %[[Q]], %arg2, %arg3 acq_rel acquire : !llvm.ptr, i32
// CHECK: %[[V:.*]] = llvm.extractvalue %[[X]][0]
// CHECK: return %[[OLD]], %[[V]] : f32, i32
func.func private @trident.rmw.fadd.acq_rel(i64, f32) -> f32
func.func private @trident.cas.acq_rel(i64, i32, i32) -> i32
func.func @atomics(%p: i64, %v: f32, %c: i32, %n: i32) -> (f32, i32) {
  %0 = func.call @trident.rmw.fadd.acq_rel(%p, %v) : (i64, f32) -> f32
  %1 = func.call @trident.cas.acq_rel(%p, %c, %n) : (i64, i32, i32) -> i32
  return %0, %1 : f32, i32
}
