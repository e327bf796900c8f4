// RUN: %cpu-opt --cpu-add-program-args --cpu-convert-triton-to-linalg --split-input-file %s | FileCheck %s
// RUN: %cpu-opt --cpu-convert-triton-to-linalg --split-input-file --verify-diagnostics %s -o /dev/null

// cpu-convert-triton-to-linalg, debug ops (Debug.cpp): tt.print and
// tt.assert become libc calls, one per element, with the program ids that
// cpu-add-program-args appended (the function's last six arguments).
//
// tt.print: printf("pid (%u, %u, %u) idx (%lld) %s%d\n", ...) for each
// element; a signed i32 prints with %d.
// CHECK-DAG: llvm.mlir.global internal constant @[[FMT:.+]]("pid (%u, %u, %u) idx (%lld) %s%d\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[PREFIX:.+]](" x: \00")
// CHECK-DAG: llvm.func @printf(!llvm.ptr, ...) -> i32
// CHECK-DAG: llvm.func @abort()
// CHECK-LABEL: func.func @debug
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4xi32>, %[[C:[^:]+]]: tensor<4xi1>, %[[PX:[^:]+]]: i32, %[[PY:[^:]+]]: i32, %[[PZ:[^:]+]]: i32,
// CHECK-SAME: attributes {trident.program_args}
// CHECK: scf.for %[[K:.+]] = %c0 to %c4 step %c1 {
// CHECK: %[[E:.+]] = tensor.extract %[[X]][%[[K]]] : tensor<4xi32>
// CHECK: llvm.call @printf(%{{.+}}, %[[PX]], %[[PY]], %[[PZ]], %{{.+}}, %{{.+}}, %[[E]])
//
// tt.assert: each false element prints the user's position and message,
// flushes and aborts.
// CHECK: scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK: %[[OK:.+]] = tensor.extract %[[C]][%[[J]]] : tensor<4xi1>
// CHECK: %[[BAD:.+]] = arith.xori %[[OK]], %true : i1
// CHECK: scf.if %[[BAD]] {
// CHECK: llvm.call @printf(
// CHECK: llvm.call @fflush(
// CHECK: llvm.call @abort() : () -> ()
module {
  tt.func public @debug(%x: tensor<4xi32>, %c: tensor<4xi1>) {
    // expected-error @+2 {{tt.print needs the program ids: run cpu-add-program-args before cpu-convert-triton-to-linalg}}
    // expected-error @+1 {{failed to legalize operation 'tt.print'}}
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<4xi32>
    tt.assert %c, "x must be positive" : tensor<4xi1>
    tt.return
  }
}
