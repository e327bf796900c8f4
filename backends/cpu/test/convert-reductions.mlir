// RUN: %cpu-opt --cpu-convert-triton-to-linalg --split-input-file %s | FileCheck %s

// cpu-convert-triton-to-linalg, reductions and scans (Reductions.cpp): the
// combine region is inlined into loops, in Triton's order. tt.reduce along
// axis 1 of 8x4: for each row, start from element 0 and combine elements
// 1..3 into it.
// CHECK-LABEL: func.func @reduce_rows
// CHECK-SAME: (%[[X:[^:]+]]: tensor<8x4xf32>)
// CHECK: scf.for %[[R:.+]] = %c0 to %c8 step %c1 iter_args(%[[ACC:.+]] = %{{.+}}) -> (tensor<8xf32>) {
// CHECK: %[[FIRST:.+]] = tensor.extract %[[X]][%[[R]], %[[C0:.+]]] : tensor<8x4xf32>
// CHECK: %[[SUM:.+]] = scf.for %[[K:.+]] = %[[C1:.+]] to %c4 step %[[C1]] iter_args(%[[S:.+]] = %[[FIRST]]) -> (f32) {
// CHECK: %[[E:.+]] = tensor.extract %[[X]][%[[R]], %[[K]]] : tensor<8x4xf32>
// CHECK: %[[NEXT:.+]] = arith.addf %[[S]], %[[E]] : f32
// CHECK: scf.yield %[[NEXT]] : f32
// CHECK: tensor.insert %[[SUM]] into %[[ACC]][%[[R]]] : tensor<8xf32>
module {
  tt.func @reduce_rows(%x: tensor<8x4xf32>) -> tensor<8xf32> {
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<8x4xf32>) -> tensor<8xf32>
    tt.return %r : tensor<8xf32>
  }
}

// -----

// tt.scan along axis 1: element 0 is copied, then each later element is
// the running combination, inserted at its place.
// CHECK-LABEL: func.func @scan_rows
// CHECK-SAME: (%[[X:[^:]+]]: tensor<8x4xi32>)
// CHECK: scf.for %[[R:.+]] = %c0 to %c8 step %c1 iter_args(%[[OUT:.+]] = %{{.+}}) -> (tensor<8x4xi32>) {
// CHECK: %[[FIRST:.+]] = tensor.extract %[[X]][%[[R]], %[[C0:.+]]] : tensor<8x4xi32>
// CHECK: %[[INIT:.+]] = tensor.insert %[[FIRST]] into %[[OUT]][%[[R]], %[[C0]]] : tensor<8x4xi32>
// CHECK: scf.for %[[K:.+]] = %{{.+}} to %c4 step %{{.+}} iter_args(%[[TOTAL:.+]] = %[[FIRST]], %[[T:.+]] = %[[INIT]]) -> (i32, tensor<8x4xi32>) {
// CHECK: %[[E:.+]] = tensor.extract %[[X]][%[[R]], %[[K]]] : tensor<8x4xi32>
// CHECK: %[[NEXT:.+]] = arith.addi %[[TOTAL]], %[[E]] : i32
// CHECK: tensor.insert %[[NEXT]] into %[[T]][%[[R]], %[[K]]] : tensor<8x4xi32>
module {
  tt.func @scan_rows(%x: tensor<8x4xi32>) -> tensor<8x4xi32> {
    %c = "tt.scan"(%x) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<8x4xi32>) -> tensor<8x4xi32>
    tt.return %c : tensor<8x4xi32>
  }
}
