# Helpers that return tuples, unpacked by the caller (including a nested
# tuple and an ignored element), all inlined into the kernel.
#
# RUN: tridentc %s --kernel row_stats --signature '*fp32:16, *fp32:16, *i32:16, i32, i32:16, 256' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @row_stats(
# CHECK: %[[ROW:.+]] = tt.get_program_id x : i32
# CHECK: %[[X:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<256x!tt.ptr<f32>>
# CHECK: %[[LO:.+]] = "tt.reduce"(%[[X]]) <{axis = 0 : i32}>
# CHECK: arith.minnumf
# CHECK: %[[HI:.+]] = "tt.reduce"(%[[X]]) <{axis = 0 : i32}>
# CHECK: arith.maxnumf
# CHECK: %[[SUM:.+]] = "tt.reduce"(%[[X]]) <{axis = 0 : i32}>
# CHECK: arith.addf
# CHECK: %[[MEAN:.+]] = arith.divf %[[SUM]], %{{.+}} : f32
# CHECK: %[[Q:.+]] = arith.divsi %[[ROW]], %{{.+}} : i32
# CHECK: %[[R:.+]] = arith.remsi %[[ROW]], %{{.+}} : i32
# CHECK: %[[R2:.+]] = arith.remsi %{{.+}}, %{{.+}} : i32
# CHECK: tt.store %{{.+}}, %[[LO]] : !tt.ptr<f32>
# CHECK: tt.store %{{.+}}, %[[HI]] : !tt.ptr<f32>
# CHECK: tt.store %{{.+}}, %[[MEAN]] : !tt.ptr<f32>
# CHECK: tt.store %{{.+}}, %[[Q]] : !tt.ptr<i32>
# CHECK: %[[RR:.+]] = arith.addi %[[R]], %[[R2]] : i32
# CHECK: tt.store %{{.+}}, %[[RR]] : !tt.ptr<i32>
# CHECK-NOT: tt.call
# CHECK-NOT: tt.func

import triton
import triton.language as tl

@triton.jit
def min_max(x):
    return tl.min(x, axis=0), tl.max(x, axis=0)

@triton.jit
def div_mod(a, b):
    return a // b, a % b

@triton.jit
def summary(x, n):
    lo, hi = min_max(x)
    mean = tl.sum(x, axis=0) / n
    return (lo, hi), mean

@triton.jit
def row_stats(x_ptr, stats_ptr, idx_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    (lo, hi), mean = summary(x, n_cols)
    q, r = div_mod(row, 4)
    _, r2 = div_mod(n_cols, 8)
    tl.store(stats_ptr + row * 3 + 0, lo)
    tl.store(stats_ptr + row * 3 + 1, hi)
    tl.store(stats_ptr + row * 3 + 2, mean)
    tl.store(idx_ptr + row * 2 + 0, q)
    tl.store(idx_ptr + row * 2 + 1, r + r2)
