# Compiler hints: tl.multiple_of and tl.max_contiguous attach divisibility and
# contiguity facts to the op that defines the hinted value (as tt.divisibility
# and tt.contiguity attributes); tl.assume becomes llvm.intr.assume.
#
# RUN: tridentc %s --kernel hinted_copy --signature '*fp16:16, *fp16:16, i32, i32, 128' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @hinted_copy(
# CHECK-SAME: %{{[^:]+}}: i32{{[^,{]*}}, %[[STRIDE:[^:]+]]: i32
# CHECK: %[[POS:.+]] = arith.cmpi sgt, %[[STRIDE]], %{{.+}} : i32
# CHECK: llvm.intr.assume %[[POS]] : i1
# CHECK: %[[PID:.+]] = tt.get_program_id x : i32
# CHECK: %[[START:.+]] = arith.muli %[[PID]], %[[STRIDE]] {tt.divisibility = dense<16> : tensor<1xi32>} : i32
# CHECK: tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
# Both hints land on the same op, in one attribute dictionary.
# CHECK: %[[OFFS:.+]] = arith.addi %{{.+}}, %{{.+}} {tt.contiguity = dense<128> : tensor<1xi32>, tt.divisibility = dense<8> : tensor<1xi32>} : tensor<128xi32>
# CHECK: tt.addptr %{{.+}}, %[[OFFS]] : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
# CHECK: tt.load %{{.+}}, %{{.+}} : tensor<128x!tt.ptr<f16>>
# CHECK: tt.addptr %{{.+}}, %[[OFFS]] : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
# CHECK: tt.store %{{.+}}, %{{.+}}, %{{.+}} : tensor<128x!tt.ptr<f16>>

import triton
import triton.language as tl

@triton.jit
def hinted_copy(src_ptr, dst_ptr, n, stride, BLOCK: tl.constexpr):
    tl.assume(stride > 0)
    pid = tl.program_id(0)
    row_start = tl.multiple_of(pid * stride, 16)
    offs = row_start + tl.arange(0, BLOCK)
    offs = tl.max_contiguous(tl.multiple_of(offs, 8), BLOCK)
    mask = offs < n
    vals = tl.load(src_ptr + offs, mask=mask)
    tl.store(dst_ptr + offs, vals, mask=mask)
