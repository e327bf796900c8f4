// RUN: %cpu-opt --cpu-outline-dots=min-dots=2 %s | FileCheck %s
// RUN: %cpu-opt --cpu-outline-dots %s | FileCheck %s --check-prefix=FEW

// Two dots of one signature: one out-of-line function, two calls. With
// the default threshold (16) so few dots stay inline.
// CHECK-LABEL: func.func @two
// CHECK-NOT: linalg.matmul
// CHECK: call @trident.dot.0(%arg0, %arg1, %arg2)
// CHECK: call @trident.dot.0(%arg0, %arg1, %arg2)
// CHECK: func.func private @trident.dot.0(%{{.*}}: memref<16x16xf32>, %{{.*}}: memref<16x16xf32>, %{{.*}}: memref<16x16xf32>)
// CHECK-NEXT: linalg.matmul
// FEW-LABEL: func.func @two
// FEW-COUNT-2: linalg.matmul
// FEW-NOT: trident.dot
func.func @two(%a: memref<16x16xf32>, %b: memref<16x16xf32>, %c: memref<16x16xf32>) {
  linalg.matmul ins(%a, %b : memref<16x16xf32>, memref<16x16xf32>) outs(%c : memref<16x16xf32>)
  linalg.matmul ins(%a, %b : memref<16x16xf32>, memref<16x16xf32>) outs(%c : memref<16x16xf32>)
  return
}
