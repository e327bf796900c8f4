// cpu-return-through-memory: a private function returning a struct of
// more than max-fields fields takes a pointer first and stores each field
// there; its caller passes one stack buffer, as large as the largest such
// struct, and loads the fields its users take right after the call. A
// struct of max-fields fields, and a function whose address is taken, are
// left alone.
// RUN: %cpu-opt %s --cpu-return-through-memory="max-fields=2" | FileCheck %s

// CHECK: llvm.func @three(%[[OUT:.*]]: !llvm.ptr, %[[X:.*]]: i64, %[[P:.*]]: !llvm.ptr)
// CHECK-SAME: attributes {sym_visibility = "private"}
// CHECK-NOT: llvm.insertvalue
// CHECK: %[[F0:.*]] = llvm.getelementptr %[[OUT]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i64, ptr, i1)>
// CHECK: llvm.store %[[X]], %[[F0]] : i64, !llvm.ptr
// CHECK: %[[F1:.*]] = llvm.getelementptr %[[OUT]][0, 1]
// CHECK: llvm.store %[[P]], %[[F1]] : !llvm.ptr, !llvm.ptr
// CHECK: %[[F2:.*]] = llvm.getelementptr %[[OUT]][0, 2]
// CHECK: llvm.store %{{.*}}, %[[F2]] : i1, !llvm.ptr
// CHECK: llvm.return{{$}}
// CHECK: llvm.func @two(%{{[^,]*}}: i64) -> !llvm.struct<(i64, i64)>
// CHECK: llvm.func @taken(%{{[^,]*}}: i64) -> !llvm.struct<(i64, i64, i64)>
// CHECK-LABEL: llvm.func @four
// CHECK-SAME: (%{{.*}}: !llvm.ptr)
// CHECK-LABEL: llvm.func @caller(
// CHECK: %[[BUF:.*]] = llvm.alloca %{{.*}} x !llvm.array<24 x i8> {alignment = 8 : i64}
// CHECK: llvm.call @three(%[[BUF]], %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, !llvm.ptr) -> ()
// CHECK-NEXT: %[[G0:.*]] = llvm.getelementptr %[[BUF]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i64, ptr, i1)>
// CHECK-NEXT: %[[A:.*]] = llvm.load %[[G0]] : !llvm.ptr -> i64
// CHECK-NEXT: %[[G2:.*]] = llvm.getelementptr %[[BUF]][0, 2]
// CHECK-NEXT: %[[C:.*]] = llvm.load %[[G2]] : !llvm.ptr -> i1
// CHECK: llvm.call @four(%[[BUF]]) : (!llvm.ptr) -> ()
// CHECK: llvm.call @two(
// CHECK: llvm.return %[[A]]
module {
  llvm.func @three(%x: i64, %p: !llvm.ptr) -> !llvm.struct<(i64, ptr, i1)> attributes {sym_visibility = "private"} {
    %t = llvm.mlir.constant(true) : i1
    %u = llvm.mlir.poison : !llvm.struct<(i64, ptr, i1)>
    %0 = llvm.insertvalue %x, %u[0] : !llvm.struct<(i64, ptr, i1)>
    %1 = llvm.insertvalue %p, %0[1] : !llvm.struct<(i64, ptr, i1)>
    %2 = llvm.insertvalue %t, %1[2] : !llvm.struct<(i64, ptr, i1)>
    llvm.return %2 : !llvm.struct<(i64, ptr, i1)>
  }
  llvm.func @two(%x: i64) -> !llvm.struct<(i64, i64)> attributes {sym_visibility = "private"} {
    %u = llvm.mlir.poison : !llvm.struct<(i64, i64)>
    %0 = llvm.insertvalue %x, %u[0] : !llvm.struct<(i64, i64)>
    %1 = llvm.insertvalue %x, %0[1] : !llvm.struct<(i64, i64)>
    llvm.return %1 : !llvm.struct<(i64, i64)>
  }
  llvm.func @taken(%x: i64) -> !llvm.struct<(i64, i64, i64)> attributes {sym_visibility = "private"} {
    %u = llvm.mlir.poison : !llvm.struct<(i64, i64, i64)>
    %0 = llvm.insertvalue %x, %u[0] : !llvm.struct<(i64, i64, i64)>
    llvm.return %0 : !llvm.struct<(i64, i64, i64)>
  }
  llvm.func @four() -> !llvm.struct<(i32, i32, i32, i32)> attributes {sym_visibility = "private"} {
    %u = llvm.mlir.poison : !llvm.struct<(i32, i32, i32, i32)>
    llvm.return %u : !llvm.struct<(i32, i32, i32, i32)>
  }
  llvm.func @caller(%x: i64, %p: !llvm.ptr) -> i64 {
    %r = llvm.call @three(%x, %p) : (i64, !llvm.ptr) -> !llvm.struct<(i64, ptr, i1)>
    %a = llvm.extractvalue %r[0] : !llvm.struct<(i64, ptr, i1)>
    %c = llvm.extractvalue %r[2] : !llvm.struct<(i64, ptr, i1)>
    %f = llvm.call @four() : () -> !llvm.struct<(i32, i32, i32, i32)>
    %s = llvm.call @two(%a) : (i64) -> !llvm.struct<(i64, i64)>
    %addr = llvm.mlir.addressof @taken : !llvm.ptr
    llvm.return %a : i64
  }
}
