# tl.associative_scan with user combine functions:
#  - a two-operand scan solving the linear recurrence h[i] = a[i]*h[i-1] + b[i]
#    (pairs compose as (a1, b1) then (a2, b2) -> (a1*a2, b1*a2 + b2));
#  - a reverse running maximum (suffix max).
#
# RUN: tridentc %s --kernel scan_kernel --signature '*fp32:16, *fp32:16, *fp32:16, *fp32:16, 1024' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @scan_kernel(
# CHECK: %[[A:.+]] = tt.load %{{.+}} : tensor<1024x!tt.ptr<f32>>
# CHECK: %[[B:.+]] = tt.load %{{.+}} : tensor<1024x!tt.ptr<f32>>
# CHECK: %[[SCAN:.+]]:2 = "tt.scan"(%[[A]], %[[B]]) <{axis = 0 : i32, reverse = false}> ({
# CHECK-NEXT: ^bb0(%[[A1:[^:]+]]: f32{{[^,]*}}, %[[B1:[^:]+]]: f32{{[^,]*}}, %[[A2:[^:]+]]: f32{{[^,]*}}, %[[B2:[^:]+]]: f32
# CHECK-NEXT: %[[AA:.+]] = arith.mulf %[[A1]], %[[A2]] : f32
# CHECK-NEXT: %[[BA:.+]] = arith.mulf %[[B1]], %[[A2]] : f32
# CHECK-NEXT: %[[BB:.+]] = arith.addf %[[BA]], %[[B2]] : f32
# CHECK-NEXT: tt.scan.return %[[AA]], %[[BB]] : f32, f32
# CHECK-NEXT: }) : (tensor<1024xf32>, tensor<1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>)
# CHECK: tt.store %{{.+}}, %[[SCAN]]#1 : tensor<1024x!tt.ptr<f32>>
# CHECK: %[[SMAX:.+]] = "tt.scan"(%[[B]]) <{axis = 0 : i32, reverse = true}> ({
# CHECK: arith.maxnumf %{{.+}}, %{{.+}} : f32
# CHECK-NEXT: tt.scan.return %{{.+}} : f32
# CHECK-NEXT: }) : (tensor<1024xf32>) -> tensor<1024xf32>
# CHECK: tt.store %{{.+}}, %[[SMAX]] : tensor<1024x!tt.ptr<f32>>
# CHECK-NOT: tt.call
# CHECK-NOT: tt.func

import triton
import triton.language as tl

@triton.jit
def linear_combine(a1, b1, a2, b2):
    return a1 * a2, b1 * a2 + b2

@triton.jit
def max_combine(x, y):
    return tl.maximum(x, y)

@triton.jit
def scan_kernel(a_ptr, b_ptr, h_ptr, suffix_max_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    _, h = tl.associative_scan((a, b), axis=0, combine_fn=linear_combine)
    tl.store(h_ptr + offs, h)
    smax = tl.associative_scan(b, 0, max_combine, reverse=True)
    tl.store(suffix_max_ptr + offs, smax)
