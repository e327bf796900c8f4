// RUN: %cpu-opt --split-input-file --cpu-split-large-functions="min-ops=8 part-ops=4" %s | FileCheck %s
// RUN: %cpu-opt --split-input-file --cpu-split-large-functions %s | FileCheck %s --check-prefix=SMALL

// A function of 11 ops, cut between top-level ops into parts of about 4:
// each part takes what it uses from before it (the constant is cloned in,
// not passed), returns what later parts use, and runs in program order.
// With the default threshold this function is left alone.
// CHECK-LABEL: func.func @straight(%arg0: memref<4xf32>, %arg1: f32) -> f32
// CHECK: %[[A:.*]]:2 = call @trident.part.0(%arg1) : (f32) -> (f32, f32)
// CHECK-NEXT: %[[B:.*]] = call @trident.part.1(%[[A]]#1, %[[A]]#0, %arg0) : (f32, f32, memref<4xf32>) -> f32
// CHECK-NEXT: %[[C:.*]] = call @trident.part.2(%[[B]], %arg1) : (f32, f32) -> f32
// CHECK-NEXT: return %[[C]] : f32
// CHECK: func.func private @trident.part.0(%[[X:.*]]: f32) -> (f32, f32)
// CHECK-NEXT: %[[K:.*]] = arith.constant 2.0
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[X]], %[[K]]
// CHECK-NEXT: %[[N:.*]] = arith.addf %[[M]], %[[K]]
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[N]], %[[N]]
// CHECK-NEXT: return %[[N]], %[[P]]
// CHECK: func.func private @trident.part.1(%{{.*}}: f32, %{{.*}}: f32, %[[BUF:.*]]: memref<4xf32>) -> f32
// CHECK: memref.store %{{.*}}, %[[BUF]]
// CHECK: func.func private @trident.part.2(%[[E:.*]]: f32, %[[XX:.*]]: f32) -> f32
// CHECK-NEXT: arith.constant 2.0
// CHECK-NEXT: arith.subf %[[E]], %[[XX]]
// SMALL-LABEL: func.func @straight
// SMALL-NOT: call
// SMALL-NOT: trident.part
func.func @straight(%buf: memref<4xf32>, %x: f32) -> f32 {
  %two = arith.constant 2.0 : f32
  %a = arith.mulf %x, %two : f32
  %b = arith.addf %a, %two : f32
  %c = arith.mulf %b, %b : f32
  %i = arith.constant 0 : index
  %d = arith.addf %c, %b : f32
  memref.store %d, %buf[%i] : memref<4xf32>
  %e = arith.mulf %d, %d : f32
  %f = arith.subf %e, %x : f32
  %g = arith.addf %f, %two : f32
  return %g : f32
}

// -----

// A stack allocation would die with the part that made it: left whole.
// CHECK-LABEL: func.func @stack
// CHECK-NOT: call
// CHECK: memref.alloca
// CHECK-NOT: call
// CHECK: return
func.func @stack(%x: f32) -> f32 {
  %buf = memref.alloca() : memref<4xf32>
  %i = arith.constant 0 : index
  %a = arith.mulf %x, %x : f32
  %b = arith.addf %a, %x : f32
  memref.store %b, %buf[%i] : memref<4xf32>
  %c = arith.mulf %b, %b : f32
  %d = arith.addf %c, %a : f32
  %e = memref.load %buf[%i] : memref<4xf32>
  %f = arith.addf %d, %e : f32
  %g = arith.mulf %f, %f : f32
  return %g : f32
}

// -----

// A part must not write in place a tensor it is given (the caller may read
// it again): its tensor arguments are marked not writable for
// bufferization.
// CHECK-LABEL: func.func @tensors
// CHECK: func.func private @trident.part.{{[0-9]+}}(%{{.*}}: tensor<4xf32> {bufferization.writable = false}
func.func @tensors(%t: tensor<4xf32>, %x: f32) -> tensor<4xf32> {
  %i = arith.constant 0 : index
  %a = arith.mulf %x, %x : f32
  %b = arith.addf %a, %x : f32
  %c = arith.mulf %b, %b : f32
  %u = tensor.insert %c into %t[%i] : tensor<4xf32>
  %d = arith.addf %c, %a : f32
  %e = arith.mulf %d, %d : f32
  %v = tensor.insert %e into %u[%i] : tensor<4xf32>
  %f = arith.addf %e, %d : f32
  %w = tensor.insert %f into %v[%i] : tensor<4xf32>
  return %w : tensor<4xf32>
}
