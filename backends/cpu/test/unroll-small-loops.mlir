// RUN: %cpu-opt --cpu-unroll-small-loops=min-loops=0 %s | FileCheck %s
// RUN: %cpu-opt --cpu-unroll-small-loops %s | FileCheck %s --check-prefix=FEW

// A 4-iteration reduction loop becomes straight-line code; a loop of 64
// iterations, and a loop nest, stay loops. With the default threshold a
// function of so few loops is left to LLVM.
// FEW-LABEL: func.func @small
// FEW: scf.for
// CHECK-LABEL: func.func @small
// CHECK-NOT: scf.for
// CHECK-COUNT-4: arith.addf
// CHECK: return
func.func @small(%m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (f32) {
    %v = memref.load %m[%i] : memref<4xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @large
// CHECK: scf.for
// CHECK: scf.for
func.func @large(%m: memref<64xf32>, %n: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    memref.store %z, %m[%i] : memref<64xf32>
  }
  // A loop nest is LLVM's.
  // CHECK: scf.for
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      memref.store %z, %n[%i, %j] : memref<4x4xf32>
    }
  }
  return
}
