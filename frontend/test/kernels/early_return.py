# An early `return` under a runtime condition at the top level of the kernel.
# It cannot be an scf.if (the rest of the body would have to move into it), so
# Triton emits unstructured control flow: a cf.cond_br to two blocks that each
# end in tt.return.
#
# RUN: tridentc %s --kernel guarded_row_copy --signature '*fp32:16, *fp32:16, i32, i32, i32:16, 256' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @guarded_row_copy(
# CHECK: %[[ROW:.+]] = tt.get_program_id x : i32
# CHECK: %[[DONE:.+]] = arith.cmpi sge, %[[ROW]], %{{.+}} : i32
# CHECK: cf.cond_br %[[DONE]], ^[[RET:bb[0-9]+]], ^[[BODY:bb[0-9]+]]
# CHECK-NEXT: ^[[RET]]:
# CHECK-NEXT: tt.return
# CHECK-NEXT: ^[[BODY]]:
# CHECK: tt.load %{{.+}}, %{{.+}} : tensor<256x!tt.ptr<f32>>
# CHECK: tt.store %{{.+}}, %{{.+}}, %{{.+}} : tensor<256x!tt.ptr<f32>>
# CHECK-NEXT: tt.return
# CHECK-NOT: scf.if

import triton
import triton.language as tl

@triton.jit
def guarded_row_copy(src_ptr, dst_ptr, n_rows, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    if row >= n_rows:
        return
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    vals = tl.load(src_ptr + row * stride + cols, mask=mask)
    tl.store(dst_ptr + row * stride + cols, vals * 2.0, mask=mask)
