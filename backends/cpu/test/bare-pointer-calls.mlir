// cpu-bare-pointer-calls: a private function whose buffers all have a
// static shape, strides and offset gets llvm.bareptr, and then it and its
// calls pass one pointer per buffer; one with a dynamic shape, one whose
// address is taken, and a public one keep their descriptors.
// RUN: %cpu-opt %s --cpu-bare-pointer-calls | FileCheck %s
// RUN: %cpu-opt %s --cpu-bare-pointer-calls --convert-func-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func private @part(
// CHECK-SAME: attributes {llvm.bareptr}
// CHECK-LABEL: func.func private @dynamic(
// CHECK-NOT: llvm.bareptr
// CHECK-LABEL: func.func private @taken(
// CHECK-NOT: llvm.bareptr
// CHECK-LABEL: func.func @public(
// CHECK-NOT: llvm.bareptr
// CHECK-LABEL: func.func @kernel(

// LLVM: llvm.func @part(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64) -> !llvm.ptr
// LLVM: llvm.func @dynamic(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64)
// LLVM-LABEL: llvm.func @kernel
// LLVM: llvm.call @part(%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i64) -> !llvm.ptr
module {
  func.func private @part(%a: memref<64xf32>, %b: memref<4x16xf32, strided<[16, 1], offset: 64>>, %n: i64) -> memref<64xf32> {
    return %a : memref<64xf32>
  }
  func.func private @dynamic(%a: memref<?xf32>) {
    return
  }
  func.func private @taken(%a: memref<64xf32>) {
    return
  }
  func.func @public(%a: memref<64xf32>) {
    return
  }
  func.func @kernel(%a: memref<64xf32>, %b: memref<4x16xf32, strided<[16, 1], offset: 64>>, %d: memref<?xf32>, %n: i64) -> memref<64xf32> {
    %r = call @part(%a, %b, %n) : (memref<64xf32>, memref<4x16xf32, strided<[16, 1], offset: 64>>, i64) -> memref<64xf32>
    call @dynamic(%d) : (memref<?xf32>) -> ()
    %f = func.constant @taken : (memref<64xf32>) -> ()
    return %r : memref<64xf32>
  }
}
