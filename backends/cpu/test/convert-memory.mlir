// RUN: %cpu-opt --cpu-convert-triton-to-linalg %s | FileCheck %s

// cpu-convert-triton-to-linalg, memory family (Memory.cpp): pointers are
// i64 addresses; tt.load of a tensor is a linalg.generic whose body loads
// one element; tt.store is a loop of element stores.
//
// A contiguous pointer tensor (splat(p) + arange) is addressed from the
// loop index with an inbounds GEP from the base, so LLVM sees consecutive
// accesses. Its mask is proven all-true per block at run time (15 < n) and
// tested as `all_true || mask[i]`; masked-off elements take `other`.
// CHECK-LABEL: func.func @memory
// CHECK-SAME: (%[[X:[^:]+]]: i64, %[[IDX:[^:]+]]: i64, %[[OUT:[^:]+]]: i64, %[[N:[^:]+]]: i32)
// CHECK: %[[M:.+]] = arith.cmpi slt, %{{.+}}, %{{.+}} : tensor<16xi32>
// CHECK: %[[N64:.+]] = arith.extsi %[[N]] : i32 to i64
// CHECK: %[[ALL:.+]] = arith.cmpi slt, %c15_i64, %[[N64]] : i64
// CHECK: %[[LOADED:.+]] = linalg.generic {{.*}} ins(%[[M]], %{{.+}} : tensor<16xi1>, tensor<16xf32>)
// CHECK: ^bb0(%[[MI:[^:]+]]: i1, %[[OTHER:[^:]+]]: f32, %{{[^:]+}}: f32):
// CHECK: %[[I:.+]] = linalg.index 0 : index
// CHECK: %[[BASE:.+]] = llvm.inttoptr %[[X]] : i64 to !llvm.ptr
// CHECK: %[[ADDR:.+]] = llvm.getelementptr inbounds %[[BASE]][%{{.+}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK: %[[TAKE:.+]] = arith.ori %[[ALL]], %[[MI]] : i1
// CHECK: scf.if %[[TAKE]] -> (f32) {
// CHECK: llvm.load %[[ADDR]] : !llvm.ptr -> f32
// CHECK: } else {
// CHECK: scf.yield %[[OTHER]] : f32
// CHECK: } -> tensor<16xf32>
//
// Without a mask the body is the load alone.
// CHECK: %[[INDICES:.+]] = linalg.generic
// CHECK-NOT: scf.if
// CHECK: llvm.load %{{.+}} : !llvm.ptr -> i32
// CHECK: } -> tensor<16xi32>
//
// A gather (base + loaded offsets) is not contiguous: the generic reads
// the tensor of addresses.
// CHECK: %[[OFF:.+]] = arith.extsi %[[INDICES]] : tensor<16xi32> to tensor<16xi64>
// CHECK: %[[ADDRS:.+]] = arith.addi %{{.+}}, %{{.+}} : tensor<16xi64>
// CHECK: linalg.generic {{.*}} ins(%[[ADDRS]] : tensor<16xi64>)
// CHECK: ^bb0(%[[A:[^:]+]]: i64, %{{[^:]+}}: f32):
// CHECK: %[[P:.+]] = llvm.inttoptr %[[A]] : i64 to !llvm.ptr
// CHECK: llvm.load %[[P]] : !llvm.ptr -> f32
//
// A scalar load is one llvm.load.
// CHECK: %[[SP:.+]] = llvm.inttoptr %[[X]] : i64 to !llvm.ptr
// CHECK: llvm.load %[[SP]] : !llvm.ptr -> f32
//
// The masked store: a loop over the block, each element stored under
// `all_true || mask[i]`.
// CHECK: scf.for %[[K:.+]] = %c0 to %c16 step %c1 {
// CHECK: llvm.getelementptr inbounds
// CHECK: %[[V:.+]] = tensor.extract %{{.+}}[%[[K]]] : tensor<16xf32>
// CHECK: %[[MK:.+]] = tensor.extract %[[M]][%[[K]]] : tensor<16xi1>
// CHECK: %[[ST:.+]] = arith.ori %{{.+}}, %[[MK]] : i1
// CHECK: scf.if %[[ST]] {
// CHECK: llvm.store %[[V]], %{{.+}} : f32, !llvm.ptr
module {
  tt.func public @memory(%x_ptr: !tt.ptr<f32>, %idx_ptr: !tt.ptr<i32>, %out_ptr: !tt.ptr<f32>, %n: i32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<16xf32>
    %offs = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %0 = tt.splat %n : i32 -> tensor<16xi32>
    %m = arith.cmpi slt, %offs, %0 : tensor<16xi32>
    %1 = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %2 = tt.addptr %1, %offs : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %x = tt.load %2, %m, %cst : tensor<16x!tt.ptr<f32>>
    %3 = tt.splat %idx_ptr : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %4 = tt.addptr %3, %offs : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
    %idx = tt.load %4 : tensor<16x!tt.ptr<i32>>
    %5 = tt.addptr %1, %idx : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %g = tt.load %5 : tensor<16x!tt.ptr<f32>>
    %s = tt.load %x_ptr : !tt.ptr<f32>
    %6 = tt.splat %out_ptr : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %7 = tt.addptr %6, %offs : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %8 = arith.addf %x, %g : tensor<16xf32>
    %9 = tt.splat %s : f32 -> tensor<16xf32>
    %10 = arith.addf %8, %9 : tensor<16xf32>
    tt.store %7, %10, %m : tensor<16x!tt.ptr<f32>>
    tt.return
  }
}
