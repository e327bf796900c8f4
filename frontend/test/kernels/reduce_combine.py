# tl.reduce with user-written @triton.jit combine functions.  The combine
# function is inlined into the tt.reduce region.
#   absmax_kernel: a single-operand reduction along axis 1 of a 2-D tile.
#   welford_kernel: a three-operand reduction (mean, M2, weight) whose combine
#                   function returns a tuple.
#
# RUN: tridentc %s --kernel absmax_kernel --signature '*fp32:16, *fp32:16, i32, i32:16, 8, 128' --emit ttir | FileCheck %s --check-prefix=ABSMAX
# RUN: tridentc %s --kernel welford_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32, i32:16, 256' --emit ttir | FileCheck %s --check-prefix=WELFORD

# ABSMAX-LABEL: tt.func public @absmax_kernel(
# ABSMAX: %[[TILE:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<8x128x!tt.ptr<f32>>
# ABSMAX: %[[AMAX:.+]] = "tt.reduce"(%[[TILE]]) <{axis = 1 : i32}> ({
# ABSMAX-NEXT: ^bb0(%[[L:[^:]+]]: f32{{[^,]*}}, %[[R:[^:]+]]: f32
# ABSMAX-NEXT: %[[AL:.+]] = math.absf %[[L]] : f32
# ABSMAX-NEXT: %[[AR:.+]] = math.absf %[[R]] : f32
# ABSMAX-NEXT: %[[M:.+]] = arith.maxnumf %[[AL]], %[[AR]] : f32
# ABSMAX-NEXT: tt.reduce.return %[[M]] : f32
# ABSMAX-NEXT: }) : (tensor<8x128xf32>) -> tensor<8xf32>
# ABSMAX: tt.store %{{.+}}, %[[AMAX]] : tensor<8x!tt.ptr<f32>>
# ABSMAX-NOT: tt.call
# ABSMAX-NOT: tt.func

# WELFORD-LABEL: tt.func public @welford_kernel(
# WELFORD-DAG: %[[ZEROS:.+]] = arith.constant dense<0.000000e+00> : tensor<256xf32>
# WELFORD-DAG: %[[ONES:.+]] = arith.constant dense<1.000000e+00> : tensor<256xf32>
# WELFORD: %[[X:.+]] = tt.load %{{.+}}, %{{.+}}, %[[ZEROS]] : tensor<256x!tt.ptr<f32>>
# WELFORD: %[[W:.+]] = arith.select %{{.+}}, %[[ONES]], %[[ZEROS]] : tensor<256xi1>, tensor<256xf32>
# WELFORD: %[[RED:.+]]:3 = "tt.reduce"(%[[X]], %[[ZEROS]], %[[W]]) <{axis = 0 : i32}> ({
# WELFORD-NEXT: ^bb0(%[[MA:[^:]+]]: f32{{[^,]*}}, %[[M2A:[^:]+]]: f32{{[^,]*}}, %[[WA:[^:]+]]: f32{{[^,]*}}, %[[MB:[^:]+]]: f32{{[^,]*}}, %[[M2B:[^:]+]]: f32{{[^,]*}}, %[[WB:[^:]+]]: f32
# WELFORD-NEXT: %[[WS:.+]] = arith.addf %[[WA]], %[[WB]] : f32
# WELFORD: arith.cmpf oeq, %[[WS]], %{{.+}} : f32
# WELFORD: arith.divf %[[WB]], %[[WS]] : f32
# WELFORD: arith.select %{{.+}}, %{{.+}}, %{{.+}} : f32
# WELFORD: %[[D:.+]] = arith.subf %[[MB]], %[[MA]] : f32
# WELFORD: %[[MEAN:.+]] = arith.addf %[[MA]], %{{.+}} : f32
# WELFORD: arith.addf %[[M2A]], %[[M2B]] : f32
# WELFORD: arith.mulf %[[D]], %[[D]] : f32
# WELFORD: %[[M2:.+]] = arith.addf %{{.+}}, %{{.+}} : f32
# WELFORD-NEXT: tt.reduce.return %[[MEAN]], %[[M2]], %[[WS]] : f32, f32, f32
# WELFORD-NEXT: }) : (tensor<256xf32>, tensor<256xf32>, tensor<256xf32>) -> (f32, f32, f32)
# WELFORD: tt.store %{{.+}}, %[[RED]]#0 : !tt.ptr<f32>
# WELFORD: %[[VAR:.+]] = arith.divf %[[RED]]#1, %[[RED]]#2 : f32
# WELFORD: tt.store %{{.+}}, %[[VAR]] : !tt.ptr<f32>

import triton
import triton.language as tl

@triton.jit
def abs_max_combine(a, b):
    return tl.maximum(tl.abs(a), tl.abs(b))

@triton.jit
def welford_combine(mean_a, m2_a, w_a, mean_b, m2_b, w_b):
    w = w_a + w_b
    frac = tl.where(w == 0.0, 0.0, w_b / w)
    delta = mean_b - mean_a
    mean = mean_a + delta * frac
    m2 = m2_a + m2_b + delta * delta * w_a * frac
    return mean, m2, w

@triton.jit
def absmax_kernel(x_ptr, out_ptr, n_cols, stride, ROWS: tl.constexpr, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK)
    tile = tl.load(x_ptr + rows[:, None] * stride + cols[None, :],
                   mask=cols[None, :] < n_cols, other=0.0)
    amax = tl.reduce(tile, 1, abs_max_combine)
    tl.store(out_ptr + rows, amax)

@triton.jit
def welford_kernel(x_ptr, mean_ptr, var_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    weight = tl.where(mask, 1.0, 0.0)
    m2 = tl.zeros_like(x)
    mean, m2, weight = tl.reduce((x, m2, weight), axis=0, combine_fn=welford_combine)
    tl.store(mean_ptr + row, mean)
    tl.store(var_ptr + row, m2 / weight)
