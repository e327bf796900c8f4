# Comparisons combined with &, | and ^ into masks, and tl.where selecting on
# them.  Float equality is ordered (oeq) and != is unordered (une), so
# x != x finds NaNs.  A Python chained comparison (a < b < c) is not
# supported by Triton and must be rejected with an error.
#
# RUN: tridentc %s --kernel band_select --signature '*fp32:16, *i32:16, *i8:16, *fp32:16, fp32, fp32, i32, 512' --emit ttir | FileCheck %s
# RUN: tridentc %s --kernel chained_compare --signature '*fp32:16, *fp32:16, 128' --emit ttir | FileCheck %s --check-prefix=CHAIN

# CHECK-LABEL: tt.func public @band_select(
# CHECK-SAME: %[[LO:[^:]+]]: f32{{[^,]*}}, %[[HI:[^:]+]]: f32
# CHECK-DAG: %[[TRUE:.+]] = arith.constant dense<true> : tensor<512xi1>
# CHECK-DAG: %[[FZERO:.+]] = arith.constant dense<0.000000e+00> : tensor<512xf32>
# CHECK: %[[X:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<512x!tt.ptr<f32>>
# CHECK: %[[Y:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<512x!tt.ptr<i32>>
# CHECK: tt.splat %[[LO]] : f32 -> tensor<512xf32>
# CHECK: %[[GE:.+]] = arith.cmpf oge, %[[X]], %{{.+}} : tensor<512xf32>
# CHECK: tt.splat %[[HI]] : f32 -> tensor<512xf32>
# CHECK: %[[LT:.+]] = arith.cmpf olt, %[[X]], %{{.+}} : tensor<512xf32>
# CHECK: %[[BAND:.+]] = arith.andi %[[GE]], %[[LT]] : tensor<512xi1>
# CHECK: %[[EQ:.+]] = arith.cmpf oeq, %[[X]], %[[FZERO]] : tensor<512xf32>
# CHECK: %[[NAN:.+]] = arith.cmpf une, %[[X]], %[[X]] : tensor<512xf32>
# CHECK: %[[SPECIAL:.+]] = arith.ori %[[EQ]], %[[NAN]] : tensor<512xi1>
# CHECK: %[[GT:.+]] = arith.cmpi sgt, %[[Y]], %{{.+}} : tensor<512xi32>
# CHECK: %[[LE:.+]] = arith.cmpi sle, %[[Y]], %{{.+}} : tensor<512xi32>
# CHECK: %[[ODD:.+]] = arith.xori %[[GT]], %[[LE]] : tensor<512xi1>
# CHECK: %[[PICK:.+]] = arith.ori %[[BAND]], %[[SPECIAL]] : tensor<512xi1>
# CHECK: %[[YF:.+]] = arith.sitofp %[[Y]] : tensor<512xi32> to tensor<512xf32>
# CHECK: %[[R1:.+]] = arith.select %[[PICK]], %[[X]], %[[YF]] : tensor<512xi1>, tensor<512xf32>
# Float negation is 0 - x.
# CHECK: %[[NEG:.+]] = arith.subf %[[FZERO]], %[[R1]] : tensor<512xf32>
# CHECK: %[[R2:.+]] = arith.select %[[ODD]], %[[R1]], %[[NEG]] : tensor<512xi1>, tensor<512xf32>
# CHECK: tt.store %{{.+}}, %[[R2]], %{{.+}} : tensor<512x!tt.ptr<f32>>
# ~ on a mask is xor with true.
# CHECK: %[[NOT:.+]] = arith.xori %[[ODD]], %[[TRUE]] : tensor<512xi1>
# CHECK: %[[FLAGS:.+]] = arith.andi %[[PICK]], %[[NOT]] : tensor<512xi1>
# CHECK: %[[F8:.+]] = arith.extui %[[FLAGS]] : tensor<512xi1> to tensor<512xi8>
# CHECK: tt.store %{{.+}}, %[[F8]], %{{.+}} : tensor<512x!tt.ptr<i8>>

# Chained comparisons (Triton 3.6 rejects them; Trident accepts them with
# Python's meaning): 0.0 < x < 1.0 is (0.0 < x) and (x < 1.0).
# CHAIN-LABEL: tt.func public @chained_compare(
# CHAIN: %[[X:.+]] = tt.load
# CHAIN: %[[A:.+]] = arith.cmpf olt, %{{.+}}, %[[X]] : tensor<128xf32>
# CHAIN: %[[B:.+]] = arith.cmpf olt, %[[X]], %{{.+}} : tensor<128xf32>
# CHAIN: %[[BOTH:.+]] = arith.andi %[[A]], %[[B]] : tensor<128xi1>
# CHAIN: arith.select %[[BOTH]], %[[X]], %{{.+}} : tensor<128xi1>, tensor<128xf32>

import triton
import triton.language as tl

@triton.jit
def band_select(x_ptr, y_ptr, flags_ptr, out_ptr, lo, hi, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    y = tl.load(y_ptr + offs, mask=m, other=0)

    in_band = (x >= lo) & (x < hi)
    special = (x == 0.0) | (x != x)
    odd_sign = (y > 0) ^ (y <= -10)
    pick = in_band | special

    res = tl.where(pick, x, y.to(tl.float32))
    res = tl.where(odd_sign, res, -res)
    tl.store(out_ptr + offs, res, mask=m)
    tl.store(flags_ptr + offs, (pick & ~odd_sign).to(tl.int8), mask=m)

@triton.jit
def chained_compare(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    inside = 0.0 < x < 1.0
    tl.store(out_ptr + offs, tl.where(inside, x, 0.0))
