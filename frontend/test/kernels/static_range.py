# tl.static_range is unrolled while the kernel is generated: no loop is left,
# and each iteration's body appears once with its index as a constant.  The
# first loop runs backwards (Horner's rule), the second forwards.
#
# RUN: tridentc %s --kernel horner_poly --signature '*fp32:16, *fp32:16, *fp32:16, i32, 4, 256' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @horner_poly(
# CHECK-NOT: scf.for
# CHECK: %[[X:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<256x!tt.ptr<f32>>
# coef[4], then coef[3], coef[2], coef[1] and coef[0] (the last at the base pointer).
# CHECK: tt.load %{{.+}} : !tt.ptr<f32>
# CHECK: arith.mulf %{{.+}}, %[[X]] : tensor<256xf32>
# CHECK: tt.load %{{.+}} : !tt.ptr<f32>
# CHECK: arith.addf %{{.+}}, %{{.+}} : tensor<256xf32>
# CHECK: arith.mulf %{{.+}}, %[[X]] : tensor<256xf32>
# CHECK: tt.load %{{.+}} : !tt.ptr<f32>
# CHECK: arith.addf %{{.+}}, %{{.+}} : tensor<256xf32>
# CHECK: arith.mulf %{{.+}}, %[[X]] : tensor<256xf32>
# CHECK: tt.load %{{.+}} : !tt.ptr<f32>
# CHECK: arith.addf %{{.+}}, %{{.+}} : tensor<256xf32>
# CHECK: arith.mulf %{{.+}}, %[[X]] : tensor<256xf32>
# CHECK: tt.load %{{.+}} : !tt.ptr<f32>
# CHECK: arith.addf %{{.+}}, %{{.+}} : tensor<256xf32>
# CHECK-NOT: tt.load
# The second loop: x*x, then squared again.
# CHECK: %[[P2:.+]] = arith.mulf %[[X]], %[[X]] : tensor<256xf32>
# CHECK: %[[P4:.+]] = arith.mulf %[[P2]], %[[P2]] : tensor<256xf32>
# CHECK: tt.store
# CHECK-NOT: scf.for

import triton
import triton.language as tl

@triton.jit
def horner_poly(x_ptr, coef_ptr, out_ptr, n, DEGREE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    acc = tl.zeros([BLOCK], dtype=tl.float32) + tl.load(coef_ptr + DEGREE)
    for i in tl.static_range(DEGREE - 1, -1, -1):
        acc = acc * x + tl.load(coef_ptr + i)
    power = x
    for _ in tl.static_range(2):
        power = power * power
    tl.store(out_ptr + offs, acc + power, mask=m)
