# if/else on runtime values becomes scf.if; values assigned in both branches
# become results of the scf.if (a tensor and a scalar here), and an elif
# nests a second scf.if in the else region.
#
# RUN: tridentc %s --kernel select_mode --signature '*fp32:16, *fp32:16, i32, fp32, i32, 1024' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @select_mode(
# CHECK: %[[X:.+]] = tt.load %{{.+}}, %{{.+}} : tensor<1024x!tt.ptr<f32>>
# CHECK: %[[C0:.+]] = arith.cmpi eq, %{{.+}}, %{{.+}} : i32
# CHECK: %[[IF:.+]]:2 = scf.if %[[C0]] -> ({{f32, tensor<1024xf32>|tensor<1024xf32>, f32}}) {
# CHECK: arith.mulf %[[X]], %{{.+}} : tensor<1024xf32>
# CHECK: scf.yield
# CHECK: } else {
# CHECK: %[[C1:.+]] = arith.cmpi eq, %{{.+}}, %{{.+}} : i32
# CHECK: %[[INNER:.+]]:2 = scf.if %[[C1]] -> ({{f32, tensor<1024xf32>|tensor<1024xf32>, f32}}) {
# CHECK: arith.addf %[[X]], %{{.+}} : tensor<1024xf32>
# CHECK: arith.mulf %{{.+}}, %{{.+}} : f32
# CHECK: scf.yield
# CHECK: } else {
# CHECK: math.absf %[[X]] : tensor<1024xf32>
# CHECK: arith.subf %{{.+}}, %{{.+}} : f32
# CHECK: scf.yield
# CHECK: }
# CHECK: scf.yield %[[INNER]]#{{[01]}}, %[[INNER]]#{{[01]}} : {{f32, tensor<1024xf32>|tensor<1024xf32>, f32}}
# CHECK: }
# CHECK: tt.splat %[[IF]]#{{[01]}} : f32 -> tensor<1024xf32>
# CHECK: arith.mulf %[[IF]]#{{[01]}}, %{{.+}} : tensor<1024xf32>
# CHECK: tt.store

import triton
import triton.language as tl

@triton.jit
def select_mode(x_ptr, y_ptr, n, alpha, mode, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    if mode == 0:
        y = x * alpha
        gain = alpha
    elif mode == 1:
        y = x + alpha
        gain = alpha * alpha
    else:
        y = tl.abs(x)
        gain = 1.0 - alpha
    tl.store(y_ptr + offs, y * gain, mask=m)
