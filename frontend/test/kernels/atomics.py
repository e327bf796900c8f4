# Atomic read-modify-write ops, scalar and tensor, masked and unmasked:
# float add, integer add (a histogram), signed max/min, unsigned max, or,
# exchange and compare-and-swap, with default (acq_rel, gpu) and explicit
# memory semantics and scopes.
#
# RUN: tridentc %s --kernel atomics_kernel --signature '*fp32:16, *fp32:16, *i32:16, *i32:16, *u32:16, *i32:16, *i32:16, *i32:16, i32, 256, 16' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @atomics_kernel(
# CHECK-DAG: %[[TRUE:.+]] = arith.constant true
# CHECK-DAG: %[[ONES:.+]] = arith.constant dense<1> : tensor<256xi32>
# CHECK: %[[X:.+]] = tt.load %{{.+}}, %[[MASK:.+]], %{{.+}} : tensor<256x!tt.ptr<f32>>
# A scalar atomic without a mask gets a constant true mask.
# CHECK: %[[SUM:.+]] = "tt.reduce"(%[[X]]) <{axis = 0 : i32}>
# CHECK: tt.atomic_rmw fadd, acq_rel, gpu, %{{.+}}, %[[SUM]], %[[TRUE]] : (!tt.ptr<f32>, f32, i1) -> f32
# CHECK: tt.atomic_rmw fadd, relaxed, cta, %{{.+}}, %[[X]], %[[MASK]] : (tensor<256x!tt.ptr<f32>>, tensor<256xf32>, tensor<256xi1>) -> tensor<256xf32>
# CHECK: %[[XI:.+]] = arith.fptosi %[[X]] : tensor<256xf32> to tensor<256xi32>
# CHECK: tt.atomic_rmw add, acq_rel, gpu, %{{.+}}, %[[ONES]], %[[MASK]] : (tensor<256x!tt.ptr<i32>>, tensor<256xi32>, tensor<256xi1>) -> tensor<256xi32>
# CHECK: arith.maxsi
# CHECK: tt.atomic_rmw max, acq_rel, gpu, %{{.+}}, %{{.+}}, %[[TRUE]] : (!tt.ptr<i32>, i32, i1) -> i32
# CHECK: tt.atomic_rmw min, acq_rel, gpu, %{{.+}}, %[[XI]], %[[MASK]] : (tensor<256x!tt.ptr<i32>>, tensor<256xi32>, tensor<256xi1>) -> tensor<256xi32>
# An unsigned operand selects the unsigned max.
# CHECK: tt.atomic_rmw umax, acq_rel, gpu, %{{.+}}, %{{.+}}, %[[MASK]] : (tensor<256x!tt.ptr<i32>>, tensor<256xi32>, tensor<256xi1>) -> tensor<256xi32>
# CHECK: tt.atomic_rmw or, acq_rel, gpu, %{{.+}}, %{{.+}}, %[[TRUE]] : (!tt.ptr<i32>, i32, i1) -> i32
# CHECK: tt.atomic_rmw exch, acq_rel, gpu, %{{.+}}, %[[XI]], %[[MASK]] : (tensor<256x!tt.ptr<i32>>, tensor<256xi32>, tensor<256xi1>) -> tensor<256xi32>
# CHECK: %[[PREV:.+]] = tt.atomic_rmw exch, release, gpu, %{{.+}}, %{{.+}}, %[[TRUE]] : (!tt.ptr<i32>, i32, i1) -> i32
# CHECK: %[[WON:.+]] = tt.atomic_cas acq_rel, gpu, %{{.+}}, %{{.+}}, %{{.+}} : (!tt.ptr<i32>, i32, i32) -> i32
# CHECK: %[[BOTH:.+]] = arith.addi %[[PREV]], %[[WON]] : i32
# CHECK: tt.store %{{.+}}, %[[BOTH]] : !tt.ptr<i32>

import triton
import triton.language as tl

@triton.jit
def atomics_kernel(x_ptr, sum_ptr, hist_ptr, extrema_ptr, umax_ptr, bits_ptr, slot_ptr, flag_ptr,
                   n, BLOCK: tl.constexpr, NBINS: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)

    # One float add per program, and one per element.
    tl.atomic_add(sum_ptr, tl.sum(x, axis=0))
    tl.atomic_add(sum_ptr + 1 + offs % 4, x, mask=m, sem="relaxed", scope="cta")

    # Histogram of the integer parts.
    xi = x.to(tl.int32)
    bins = xi % NBINS
    tl.atomic_add(hist_ptr + bins, 1, mask=m)

    tl.atomic_max(extrema_ptr + 0, tl.max(xi, axis=0))
    tl.atomic_min(extrema_ptr + 1 + bins, xi, mask=m)
    tl.atomic_max(umax_ptr + bins, xi.to(tl.uint32, bitcast=True), mask=m)
    tl.atomic_or(bits_ptr + pid % 32, 1 << (pid % 31))

    tl.atomic_xchg(slot_ptr + 8192 + offs, xi, mask=m)
    previous = tl.atomic_xchg(slot_ptr + pid, pid, sem="release")
    won = tl.atomic_cas(flag_ptr, 0, pid + 1)
    tl.store(slot_ptr + pid + 4096, previous + won)
