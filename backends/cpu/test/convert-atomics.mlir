// RUN: %cpu-opt --cpu-convert-triton-to-linalg %s | FileCheck %s

// cpu-convert-triton-to-linalg, atomics (Atomics.cpp): each element is one
// call of a declared helper that names the operation, the memory order and
// the types (cpu-expand-atomics, later, gives its body the LLVM atomic).
// The helpers are declared once per kind.
// CHECK-DAG: func.func private @trident.rmw.fadd.acq_rel.i64.f32(i64, f32) -> f32
// CHECK-DAG: func.func private @trident.cas.acq_rel.i64.i32.i32(i64, i32, i32) -> i32
//
// A masked tensor atomic: a loop whose masked-off elements make no call
// and give 0 as their old value.
// CHECK-LABEL: func.func @atomics
// CHECK: %[[M:.+]] = arith.cmpi slt, %{{.+}}, %{{.+}} : tensor<16xi32>
// CHECK: scf.for %[[K:.+]] = %c0 to %c16 step %c1 iter_args(%[[OLD:.+]] = %{{.+}}) -> (tensor<16xf32>) {
// CHECK: %[[P:.+]] = tensor.extract %{{.+}}[%[[K]]] : tensor<16xi64>
// CHECK: %[[V:.+]] = tensor.extract %{{.+}}[%[[K]]] : tensor<16xf32>
// CHECK: %[[MK:.+]] = tensor.extract %[[M]][%[[K]]] : tensor<16xi1>
// CHECK: scf.if %[[MK]] -> (f32) {
// CHECK: func.call @trident.rmw.fadd.acq_rel.i64.f32(%[[P]], %[[V]]) : (i64, f32) -> f32
// CHECK: } else {
// CHECK: scf.yield %cst{{.*}} : f32
//
// A float compare-and-swap compares bits: the operands go through i32.
// CHECK: %[[CMP:.+]] = arith.bitcast %{{.+}} : f32 to i32
// CHECK: %[[NEW:.+]] = arith.bitcast %{{.+}} : f32 to i32
// CHECK: %[[R:.+]] = call @trident.cas.acq_rel.i64.i32.i32(%{{.+}}, %[[CMP]], %[[NEW]]) : (i64, i32, i32) -> i32
// CHECK: arith.bitcast %[[R]] : i32 to f32
module {
  tt.func public @atomics(%p_ptr: !tt.ptr<f32>, %v: tensor<16xf32>, %n: i32) -> (tensor<16xf32>, f32) {
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %offs = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %0 = tt.splat %n : i32 -> tensor<16xi32>
    %m = arith.cmpi slt, %offs, %0 : tensor<16xi32>
    %3 = tt.splat %p_ptr : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %4 = tt.addptr %3, %offs : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %5 = tt.atomic_rmw fadd, acq_rel, gpu, %4, %v, %m : (tensor<16x!tt.ptr<f32>>, tensor<16xf32>, tensor<16xi1>) -> tensor<16xf32>
    %6 = tt.atomic_cas acq_rel, gpu, %p_ptr, %cst_0, %cst : (!tt.ptr<f32>, f32, f32) -> f32
    tt.return %5, %6 : tensor<16xf32>, f32
  }
}
