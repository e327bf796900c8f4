// cpu-add-kernel-wrapper: each kernel named in `trident.kernels` becomes
// internal `K.impl`, and `void K(args, program)` (the cpu kernel ABI of
// trident/runtime.h) loads each argument through args[i], the program ids
// and grid from `program`, and calls it. Outlined dots and split parts
// stay calls (noinline).
// RUN: %cpu-opt %s --cpu-add-kernel-wrapper | FileCheck %s

// CHECK: llvm.func @trident.dot.0() attributes {no_inline}
// CHECK: llvm.func internal @add.impl(%{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i32)
// CHECK: llvm.func @add(%[[ARGS:[^:]*]]: !llvm.ptr, %[[PROGRAM:[^:]*]]: !llvm.ptr)
// CHECK: %[[SLOT:.*]] = llvm.getelementptr %[[ARGS]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[ARG:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[A0:.*]] = llvm.load %[[ARG]] : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.getelementptr %[[PROGRAM]][0] : (!llvm.ptr) -> !llvm.ptr, i32
// CHECK-COUNT-6: llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK: llvm.call @add.impl(%[[A0]],
// CHECK: llvm.return
module attributes {trident.kernels = ["add"]} {
  llvm.func @trident.dot.0() {
    llvm.return
  }
  llvm.func @add(%p: !llvm.ptr, %x: i32, %y: i32, %z: i32, %nx: i32, %ny: i32, %nz: i32) {
    llvm.return
  }
}
