# tl.argmax / tl.argmin and tl.max(..., return_indices=True): reductions over
# (value, index) pairs, i.e. a tt.reduce with two operands whose region
# compares values and breaks ties on the smaller index.
#
# RUN: tridentc %s --kernel arg_kernel --signature '*fp32:16, *i32:16, *i32:16, *fp32:16, *i32:16, 32, 64' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @arg_kernel(
# CHECK: %[[X:.+]] = tt.load %{{.+}} : tensor<32x64x!tt.ptr<f32>>
# argmax along axis 1: reduce (value, column index) pairs.
# CHECK: %[[AMAX:.+]]:2 = "tt.reduce"(%[[X]], %{{.+}}) <{axis = 1 : i32}> ({
# CHECK-NEXT: ^bb0(%[[V1:[^:]+]]: f32{{[^,]*}}, %[[I1:[^:]+]]: i32{{[^,]*}}, %[[V2:[^:]+]]: f32{{[^,]*}}, %[[I2:[^:]+]]: i32
# CHECK-DAG: %[[EQ:.+]] = arith.cmpf oeq, %[[V1]], %[[V2]] : f32
# CHECK-DAG: %[[LEFT:.+]] = arith.cmpi slt, %[[I1]], %[[I2]] : i32
# CHECK-DAG: %[[TIE:.+]] = arith.andi %[[EQ]], %[[LEFT]] : i1
# CHECK-DAG: %[[GT:.+]] = arith.cmpf ogt, %[[V1]], %[[V2]] : f32
# CHECK: %[[TAKE:.+]] = arith.ori %[[GT]], %[[TIE]] : i1
# CHECK: %[[V:.+]] = arith.select %[[TAKE]], %[[V1]], %[[V2]] : f32
# CHECK: %[[I:.+]] = arith.select %[[TAKE]], %[[I1]], %[[I2]] : i32
# CHECK: tt.reduce.return %[[V]], %[[I]] : f32, i32
# CHECK-NEXT: }) : (tensor<32x64xf32>, tensor<32x64xi32>) -> (tensor<32xf32>, tensor<32xi32>)
# CHECK: tt.store %{{.+}}, %[[AMAX]]#1 : tensor<32x!tt.ptr<i32>>
# argmin: the same with olt.
# CHECK: %[[AMIN:.+]]:2 = "tt.reduce"(%[[X]], %{{.+}}) <{axis = 1 : i32}> ({
# CHECK: arith.cmpf olt
# CHECK: tt.reduce.return %{{.+}}, %{{.+}} : f32, i32
# CHECK-NEXT: }) : (tensor<32x64xf32>, tensor<32x64xi32>) -> (tensor<32xf32>, tensor<32xi32>)
# CHECK: tt.store %{{.+}}, %[[AMIN]]#1 : tensor<32x!tt.ptr<i32>>
# max with return_indices=True along axis 0: the index operand is the row index.
# CHECK: %[[ROWIDX:.+]] = tt.broadcast %{{.+}} : tensor<32x1xi32> -> tensor<32x64xi32>
# CHECK: %[[CMAX:.+]]:2 = "tt.reduce"(%[[X]], %[[ROWIDX]]) <{axis = 0 : i32}> ({
# CHECK: arith.cmpf ogt
# CHECK: }) : (tensor<32x64xf32>, tensor<32x64xi32>) -> (tensor<64xf32>, tensor<64xi32>)
# CHECK: tt.store %{{.+}}, %[[CMAX]]#0 : tensor<64x!tt.ptr<f32>>
# CHECK: tt.store %{{.+}}, %[[CMAX]]#1 : tensor<64x!tt.ptr<i32>>
# CHECK-NOT: tt.call

import triton
import triton.language as tl

@triton.jit
def arg_kernel(x_ptr, argmax_ptr, argmin_ptr, colmax_ptr, colarg_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :])
    tl.store(argmax_ptr + rows, tl.argmax(x, axis=1))
    tl.store(argmin_ptr + rows, tl.argmin(x, axis=1))
    vmax, imax = tl.max(x, axis=0, return_indices=True)
    tl.store(colmax_ptr + cols, vmax)
    tl.store(colarg_ptr + cols, imax)
