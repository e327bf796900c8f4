// cpu-memref-copy-to-linalg: the copies bufferization inserts become
// linalg.copy, which lowers to loops like every other linalg op (a
// memref.copy would need the runtime's memrefCopy symbol).
// RUN: %cpu-opt %s --cpu-memref-copy-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @copy
// CHECK-NOT: memref.copy
// CHECK: linalg.copy ins(%arg0 : memref<4xf32>) outs(%arg1 : memref<4xf32>)
func.func @copy(%a: memref<4xf32>, %b: memref<4xf32>) {
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  return
}
