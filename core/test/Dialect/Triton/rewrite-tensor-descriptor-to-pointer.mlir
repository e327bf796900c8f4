// RUN: trident-opt %s -split-input-file --triton-rewrite-tensor-descriptor-to-pointer | FileCheck %s

// A kernel's descriptor parameter becomes its launch pack (base 16-byte
// aligned, shape, strides with the last folded to 1 and the others 16
// bytes' worth divisible, NaN padding flag); the TTIR-level shape and
// strides that follow it stay. A load is masked by 0 <= index < shape per
// dimension, reading `padding ? NaN : 0` outside; a store is masked alike.
// CHECK-LABEL: tt.func public @host
// CHECK-SAME: (%[[BASE:[^:]*]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %[[M:[^:]*]]: i64, %[[N:[^:]*]]: i64, %[[S0:[^:]*]]: i64 {tt.divisibility = 8 : i32}, %[[NAN:[^:]*]]: i1, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %[[OUT:[^:]*]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}
// CHECK-NOT: tensordesc
// CHECK: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK: %[[ROWS:.*]] = arith.extsi %{{.*}} : tensor<16x32xi32> to tensor<16x32xi64>
// CHECK: %[[COLS:.*]] = arith.extsi %{{.*}} : tensor<16x32xi32> to tensor<16x32xi64>
// CHECK: tt.splat %[[S0]]
// CHECK: tt.splat %[[M]]
// CHECK: arith.cmpi sge, %[[ROWS]]
// CHECK: arith.cmpi slt, %[[ROWS]]
// CHECK: tt.splat %[[ONE]]
// CHECK: tt.splat %[[N]]
// CHECK: arith.andi
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<16x32xi1>
// CHECK-NEXT: %[[SPLAT:.*]] = tt.splat %[[BASE]]
// CHECK: %[[PTRS:.*]] = tt.addptr %[[SPLAT]], %{{.*}} : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi64>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x32xf16>
// CHECK-DAG: %[[NANS:.*]] = arith.constant dense<0x7E00> : tensor<16x32xf16>
// CHECK: %[[OTHER:.*]] = arith.select %[[NAN]], %[[NANS]], %[[ZERO]]
// CHECK: %[[V:.*]] = tt.load %[[PTRS]], %[[MASK]], %[[OTHER]] cacheModifier = cg
// CHECK: tt.splat %[[OUT]]
// CHECK: tt.store %{{.*}}, %[[V]], %{{.*}} : tensor<16x32x!tt.ptr<f16>>
tt.func public @host(%arg0: !tt.tensordesc<tensor<16x32xf16>>, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i64, %arg5: !tt.tensordesc<tensor<16x32xf16>>, %arg6: i32, %arg7: i32, %arg8: i64, %arg9: i64) {
  %0 = tt.get_program_id x : i32
  %c0 = arith.constant 0 : i32
  %1 = tt.descriptor_load %arg0[%0, %c0] cacheModifier = cg : !tt.tensordesc<tensor<16x32xf16>> -> tensor<16x32xf16>
  tt.descriptor_store %arg5[%0, %c0], %1 : !tt.tensordesc<tensor<16x32xf16>>, tensor<16x32xf16>
  tt.return
}

// -----

// A descriptor made in the kernel is its operands (shape widened to i64)
// and a constant padding; carried by a loop, the loop carries the pack.
// A reduction is a relaxed atomic; integer loads read zero outside.
// CHECK-LABEL: tt.func public @device
// CHECK-SAME: (%[[A:[^:]*]]: !tt.ptr<i32>, %[[M:[^:]*]]: i32, %[[N:[^:]*]]: i32, %[[S:[^:]*]]: i64)
// CHECK-DAG: %[[M64:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK-DAG: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[A]], %{{.*}} = %[[M64]], %{{.*}} = %[[N64]], %{{.*}} = %[[S]], %{{.*}} = %{{.*}}, %{{.*}} = %[[FALSE]]) -> (!tt.ptr<i32>, i64, i64, i64, i64, i1)
// CHECK: %[[Z:.*]] = arith.constant dense<0> : tensor<8x16xi32>
// CHECK: %[[X:.*]] = tt.load %{{.*}}, %{{.*}}, %[[Z]]
// CHECK: tt.atomic_rmw add, relaxed, gpu, %{{.*}}, %[[X]], %{{.*}} : (tensor<8x16x!tt.ptr<i32>>, tensor<8x16xi32>, tensor<8x16xi1>) -> tensor<8x16xi32>
// CHECK: scf.yield
tt.func public @device(%a: !tt.ptr<i32>, %m: i32, %n: i32, %s: i64) {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %a, [%m, %n], [%s, %c1] : <i32>, <tensor<8x16xi32>>
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %c2 = arith.constant 2 : i32
  %r = scf.for %i = %c0 to %c10 step %c2 iter_args(%dd = %d) -> (!tt.tensordesc<tensor<8x16xi32>>) : i32 {
    %x = tt.descriptor_load %dd[%i, %c0] : !tt.tensordesc<tensor<8x16xi32>> -> tensor<8x16xi32>
    tt.descriptor_reduce add, %dd[%i, %c0], %x : !tt.tensordesc<tensor<8x16xi32>>, tensor<8x16xi32>
    scf.yield %dd : !tt.tensordesc<tensor<8x16xi32>>
  }
  tt.return
}

// -----

// Gathers read rows x_offsets[i], columns y.. (NaN outside with NaN
// padding); scatters write them, masked alike. A descriptor passed to a
// function kept out of line travels as its pack.
// CHECK-LABEL: tt.func public @rows
// CHECK: %[[NANS:.*]] = arith.constant dense<0x7FC00000> : tensor<4x16xf32>
// CHECK: %[[G:.*]] = tt.load %{{.*}}, %{{.*}}, %[[NANS]] : tensor<4x16x!tt.ptr<f32>>
// CHECK: tt.store %{{.*}}, %[[G]], %{{.*}} : tensor<4x16x!tt.ptr<f32>>
// CHECK: tt.call @use(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!tt.ptr<f32>, i64, i64, i64, i64, i1) -> ()
// CHECK: tt.func private @use(%{{.*}}: !tt.ptr<f32>, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i1)
tt.func public @rows(%a: !tt.ptr<f32>, %m: i32, %n: i32, %s: i64, %rows: tensor<4xi32>) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %g = tt.make_tensor_descriptor %a, [%m, %n], [%s, %c1] {padding = 2 : i32} : <f32>, <tensor<1x16xf32>>
  %y = tt.descriptor_gather %g[%rows, %c0] : (!tt.tensordesc<tensor<1x16xf32>>, tensor<4xi32>, i32) -> tensor<4x16xf32>
  tt.descriptor_scatter %g[%rows, %c0], %y : !tt.tensordesc<tensor<1x16xf32>>, tensor<4xi32>, i32, tensor<4x16xf32>
  tt.call @use(%g) : (!tt.tensordesc<tensor<1x16xf32>>) -> ()
  tt.return
}
tt.func private @use(%d: !tt.tensordesc<tensor<1x16xf32>>) attributes {noinline = true} {
  tt.return
}
