# tl.sort and tl.topk are the prelude's bitonic sort in Triton's form: the
# tensor reshaped to a hypercube of side 2, each compare-and-swap finding
# its partners by xor with an xor-sum along one side. (Triton 3.6's TTIR of
# these two kernels has the same ops, op for op: checked on the GPU
# machine.)
#
# RUN: tridentc %s --kernel sort_kernel --signature '*i32:16, 16' --emit ttir --no-locs | FileCheck %s
# RUN: tridentc %s --kernel topk_kernel --signature '*fp32:16, 16, 4' --emit ttir --no-locs | FileCheck %s --check-prefix=TOPK
# RUN: not tridentc %s --kernel sort_rows --signature '*i32:16' 2>&1 | FileCheck %s --check-prefix=MINOR

# CHECK-LABEL: tt.func public @sort_kernel(
# CHECK: %[[H:.+]] = tt.reshape %{{.+}} : tensor<16xi32> -> tensor<2x2x2x2xi32>
# CHECK: "tt.reduce"
# CHECK: arith.xori
# CHECK: arith.cmpi sgt
# CHECK: arith.select
# 4 sides: 1 + 2 + 3 + 4 = 10 compare-and-swaps, each one xor-sum.
# CHECK-COUNT-9: "tt.reduce"
# CHECK-NOT: "tt.reduce"
# CHECK: tt.reshape %{{.+}} : tensor<2x2x2x2xi32> -> tensor<16xi32>

# topk(16, 4): sort groups of 4, then two halvings by max, each merged.
# TOPK-LABEL: tt.func public @topk_kernel(
# TOPK: tt.reshape %{{.+}} : tensor<16xf32> -> tensor<2x2x2x2xf32>
# TOPK: arith.maxnumf
# TOPK: -> tensor<2x2x2xf32>
# TOPK: arith.maxnumf
# TOPK: -> tensor<2x2xf32>
# TOPK: tt.reshape %{{.+}} : tensor<2x2xf32> -> tensor<4xf32>

# MINOR: sort_topk.py:[[@LINE+22]]:9: error: static_assert failed: only the minor dimension can be sorted

import triton
import triton.language as tl


@triton.jit
def sort_kernel(x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(x_ptr + offs, tl.sort(tl.load(x_ptr + offs)))


@triton.jit
def topk_kernel(x_ptr, N: tl.constexpr, K: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    tl.store(x_ptr + tl.arange(0, K), tl.topk(x, K))


@triton.jit
def sort_rows(x_ptr):
    offs = tl.arange(0, 4)[:, None] * 4 + tl.arange(0, 4)[None, :]
    x = tl.load(x_ptr + offs)
    y = tl.sort(x, dim=0)
    tl.store(x_ptr + offs, y)
