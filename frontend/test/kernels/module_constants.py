# Module-level constants and kernels. Triton 3.6 lets a kernel body read a
# global only if it holds a tl.constexpr object (X = tl.constexpr(4)); Trident
# also accepts annotated globals (BLOCK: tl.constexpr = 128) and plain ints,
# as compile-time constants (docs/language.md).
#
# RUN: tridentc %s --kernel const_kernel --signature '*fp32:16, *fp32:16, i32' --emit ttir | FileCheck %s
# RUN: tridentc %s --kernel reads_plain_global --signature '*i32:16' --emit ttir | FileCheck %s --check-prefix=ERR
# RUN: tridentc %s --kernel reads_annotated_global --signature '*fp32:16' --emit ttir | FileCheck %s --check-prefix=ERR2

# CHECK-LABEL: tt.func public @const_kernel(
# CHECK-DAG: %[[EIGHT:.+]] = arith.constant dense<8.000000e+00> : tensor<128xf32>
# CHECK-DAG: %[[HALF:.+]] = arith.constant dense<5.000000e-01> : tensor<128xf32>
# BLOCK = 128 sizes the range.
# CHECK: %[[PID:.+]] = tt.get_program_id x : i32
# CHECK: arith.muli %[[PID]], %{{.+}} : i32
# CHECK: tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
# CHECK: %[[X:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<128x!tt.ptr<f32>>
# UNROLL = 4 multiplications by HALF.
# CHECK: %[[H1:.+]] = arith.mulf %[[X]], %[[HALF]] : tensor<128xf32>
# CHECK: %[[H2:.+]] = arith.mulf %[[H1]], %[[HALF]] : tensor<128xf32>
# CHECK: %[[H3:.+]] = arith.mulf %[[H2]], %[[HALF]] : tensor<128xf32>
# CHECK: %[[H4:.+]] = arith.mulf %[[H3]], %[[HALF]] : tensor<128xf32>
# scale_up: x * (1 << SCALE_SHIFT) = x * 8; add_rows: + ROWS = + 8.
# CHECK: %[[S:.+]] = arith.mulf %[[H4]], %[[EIGHT]] : tensor<128xf32>
# CHECK: %[[R:.+]] = arith.addf %[[S]], %[[EIGHT]] : tensor<128xf32>
# CHECK: tt.store %{{.+}}, %[[R]], %{{.+}} : tensor<128x!tt.ptr<f32>>
# CHECK-NOT: scf.for

# ERR-LABEL: tt.func public @reads_plain_global(
# ERR: %[[C:.+]] = arith.constant 1000 : i32
# ERR: tt.store %{{.+}}, %[[C]] : !tt.ptr<i32>

# ERR2-LABEL: tt.func public @reads_annotated_global(
# ERR2: tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>

import triton
import triton.language as tl

BLOCK = tl.constexpr(128)
UNROLL = tl.constexpr(4)
HALF = tl.constexpr(0.5)
ROWS: tl.constexpr = 8
SCALE_SHIFT = 3
PLAIN_LIMIT = 1000

@triton.jit
def scale_up(x, shift=SCALE_SHIFT):
    return x * (1 << shift)

@triton.jit
def add_rows(x, rows: tl.constexpr = ROWS):
    return x + rows

@triton.jit
def const_kernel(x_ptr, out_ptr, n):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    acc = tl.load(x_ptr + offs, mask=m, other=0.0)
    for _ in tl.static_range(UNROLL):
        acc = acc * HALF
    tl.store(out_ptr + offs, add_rows(scale_up(acc)), mask=m)

@triton.jit
def reads_plain_global(out_ptr):
    tl.store(out_ptr, PLAIN_LIMIT)

@triton.jit
def reads_annotated_global(out_ptr):
    offs = tl.arange(0, ROWS)
    tl.store(out_ptr + offs, 1.0)
