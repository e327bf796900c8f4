# Tensor constructors: tl.full with int, float and -inf values and with a
# runtime scalar, tl.zeros in several dtypes and shapes, and tl.zeros_like.
# Constant fills become dense arith.constant values; a runtime fill becomes a
# tt.splat.
#
# RUN: tridentc %s --kernel fill_kernel --signature '*i32:16, *fp32:16, *fp16:16, *fp32:16, fp32, 128' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @fill_kernel(
# CHECK-SAME: %[[VALUE:[^:]+]]: f32
# CHECK-DAG: %[[SEVEN:.+]] = arith.constant dense<7> : tensor<128xi32>
# CHECK-DAG: %[[NEGINF:.+]] = arith.constant dense<0xFF800000> : tensor<128xf32>
# CHECK-DAG: %[[HZERO:.+]] = arith.constant dense<0.000000e+00> : tensor<128xf16>
# CHECK-DAG: %[[FZERO:.+]] = arith.constant dense<0.000000e+00> : tensor<128xf32>
# CHECK-DAG: %[[TILE:.+]] = arith.constant dense<1.500000e+00> : tensor<8x128xf32>
# CHECK: tt.store %{{.+}}, %[[SEVEN]] : tensor<128x!tt.ptr<i32>>
# CHECK: tt.store %{{.+}}, %[[NEGINF]] : tensor<128x!tt.ptr<f32>>
# CHECK: tt.store %{{.+}}, %[[HZERO]] : tensor<128x!tt.ptr<f16>>
# CHECK: %[[FILL:.+]] = tt.splat %[[VALUE]] : f32 -> tensor<128xf32>
# CHECK: tt.store %{{.+}}, %[[FILL]] : tensor<128x!tt.ptr<f32>>
# zeros((8, BLOCK)) + 1.5 folds to a constant tile.
# CHECK: %[[SUM:.+]] = "tt.reduce"(%[[TILE]]) <{axis = 0 : i32}>
# CHECK: tt.store %{{.+}}, %[[SUM]] : tensor<128x!tt.ptr<f32>>
# zeros_like(x) does not use x's value: its load is dead and removed.
# CHECK-NOT: tt.load
# CHECK: tt.store %{{.+}}, %[[FZERO]] : tensor<128x!tt.ptr<f32>>

import triton
import triton.language as tl

@triton.jit
def fill_kernel(i_ptr, f_ptr, h_ptr, g_ptr, value, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(i_ptr + offs, tl.full([BLOCK], 7, tl.int32))
    tl.store(f_ptr + offs, tl.full((BLOCK,), float("-inf"), dtype=tl.float32))
    tl.store(h_ptr + offs, tl.zeros([BLOCK], dtype=tl.float16))
    tl.store(g_ptr + offs, tl.full([BLOCK], value, tl.float32))
    tile = tl.zeros((8, BLOCK), dtype=tl.float32) + 1.5
    tl.store(g_ptr + BLOCK + offs, tl.sum(tile, axis=0))
    x = tl.load(g_ptr + 2 * BLOCK + offs)
    tl.store(g_ptr + 3 * BLOCK + offs, tl.zeros_like(x))
