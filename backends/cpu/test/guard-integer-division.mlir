// cpu-guard-integer-division: integer divisions and remainders get a
// divisor of 1 where it is zero (and, signed, where MIN / -1 overflows), so
// that masked-out lanes cannot trap the host. Float division is untouched.
// RUN: %cpu-opt %s --cpu-guard-integer-division | FileCheck %s

// CHECK-LABEL: tt.func @signed(%arg0: i32, %arg1: i32)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[M1:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK-DAG: %[[BYZERO:.*]] = arith.cmpi eq, %arg1, %[[ZERO]] : i32
// CHECK-DAG: %[[ISMIN:.*]] = arith.cmpi eq, %arg0, %[[MIN]] : i32
// CHECK-DAG: %[[ISM1:.*]] = arith.cmpi eq, %arg1, %[[M1]] : i32
// CHECK: %[[OVF:.*]] = arith.andi %[[ISMIN]], %[[ISM1]] : i1
// CHECK: %[[BAD:.*]] = arith.ori %[[BYZERO]], %[[OVF]] : i1
// CHECK: %[[SAFE:.*]] = arith.select %[[BAD]], %[[ONE]], %arg1 : i32
// CHECK: arith.divsi %arg0, %[[SAFE]] : i32
tt.func @signed(%x: i32, %d: i32) -> i32 {
  %r = arith.divsi %x, %d : i32
  tt.return %r : i32
}

// CHECK-LABEL: tt.func @unsigned_tensor
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : tensor<4xi64>
// CHECK: %[[ONE:.*]] = arith.constant dense<1> : tensor<4xi64>
// CHECK: %[[BAD:.*]] = arith.cmpi eq, %arg1, %[[ZERO]] : tensor<4xi64>
// CHECK-NOT: arith.andi
// CHECK: %[[SAFE:.*]] = arith.select %[[BAD]], %[[ONE]], %arg1
// CHECK: arith.remui %arg0, %[[SAFE]] : tensor<4xi64>
tt.func @unsigned_tensor(%x: tensor<4xi64>, %d: tensor<4xi64>) -> tensor<4xi64> {
  %r = arith.remui %x, %d : tensor<4xi64>
  tt.return %r : tensor<4xi64>
}

// CHECK-LABEL: tt.func @untouched
// CHECK-NEXT: arith.divf %arg0, %arg1 : f32
tt.func @untouched(%x: f32, %d: f32) -> f32 {
  %r = arith.divf %x, %d : f32
  tt.return %r : f32
}
