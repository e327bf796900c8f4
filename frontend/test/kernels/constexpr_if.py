# if/elif/else on tl.constexpr values is resolved while the kernel is
# specialised: only the taken branch is emitted and no scf.if is left.
# HAS_BIAS=0 also drops the bias load entirely.
#
# RUN: tridentc %s --kernel act_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32, 1024, 1, 1' --emit ttir | FileCheck %s --check-prefix=RELU
# RUN: tridentc %s --kernel act_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32, 1024, 2, 0' --emit ttir | FileCheck %s --check-prefix=SILU
# RUN: tridentc %s --kernel act_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32, 512, 0, 0' --emit ttir | FileCheck %s --check-prefix=NONE

# ACT=1 (ReLU) with bias, BLOCK >= 1024: bias add, max with 0, scale by 0.5.
# RELU-LABEL: tt.func public @act_kernel(
# RELU-NOT: scf.if
# RELU: %[[X:.+]] = tt.load %{{.+}}, %{{.+}} : tensor<1024x!tt.ptr<f32>>
# RELU: %[[B:.+]] = tt.load %{{.+}}, %{{.+}} : tensor<1024x!tt.ptr<f32>>
# RELU: %[[XB:.+]] = arith.addf %[[X]], %[[B]] : tensor<1024xf32>
# RELU: %[[R:.+]] = arith.maxnumf %[[XB]], %{{.+}} : tensor<1024xf32>
# RELU: %[[H:.+]] = arith.mulf %[[R]], %{{.+}} : tensor<1024xf32>
# RELU: tt.store %{{.+}}, %[[H]], %{{.+}} : tensor<1024x!tt.ptr<f32>>
# RELU-NOT: math.exp
# RELU-NOT: scf.if

# ACT=2 (SiLU) without bias: one load, x * sigmoid(x).
# SILU-LABEL: tt.func public @act_kernel(
# SILU-NOT: scf.if
# SILU: %[[X:.+]] = tt.load %{{.+}}, %{{.+}} : tensor<1024x!tt.ptr<f32>>
# SILU-NOT: tt.load
# SILU-NOT: arith.maxnumf
# SILU: math.exp
# SILU: arith.divf
# SILU: arith.mulf %[[X]], %{{.+}} : tensor<1024xf32>
# SILU: arith.mulf
# SILU: tt.store
# SILU-NOT: scf.if

# ACT=0, no bias, BLOCK < 1024: a plain copy.
# NONE-LABEL: tt.func public @act_kernel(
# NONE: %[[X:.+]] = tt.load %{{.+}}, %{{.+}} : tensor<512x!tt.ptr<f32>>
# NONE: tt.store %{{.+}}, %[[X]], %{{.+}} : tensor<512x!tt.ptr<f32>>
# NONE-NEXT: tt.return
# NONE-NOT: scf.if
# NONE-NOT: arith.mulf

import triton
import triton.language as tl

@triton.jit
def act_kernel(x_ptr, bias_ptr, y_ptr, n, BLOCK: tl.constexpr, ACT: tl.constexpr, HAS_BIAS: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    if HAS_BIAS:
        x += tl.load(bias_ptr + offs, mask=m)
    if ACT == 1:
        y = tl.maximum(x, 0.0)
    elif ACT == 2:
        y = x * tl.sigmoid(x)
    else:
        y = x
    if BLOCK >= 1024:
        y = y * 0.5
    tl.store(y_ptr + offs, y, mask=m)
