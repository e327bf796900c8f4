# Compile-time and run-time debugging aids.  tl.static_assert is checked while
# the kernel is specialised (a failing one is an error that quotes its
# message); tl.static_print prints at compile time and emits nothing;
# tl.device_print becomes tt.print; tl.device_assert is dropped when the
# kernel is compiled without debug (Triton's default).
#
# RUN: tridentc %s --kernel debug_kernel --signature '*fp32:16, *fp32:16, i32, 128' --emit ttir | FileCheck %s
# RUN: not tridentc %s --kernel debug_kernel --signature '*fp32:16, *fp32:16, i32, 48' --emit ttir 2>&1 | FileCheck %s --check-prefix=ERR

# CHECK-LABEL: tt.func public @debug_kernel(
# CHECK: %[[PID:.+]] = tt.get_program_id x : i32
# CHECK: %[[X:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<128x!tt.ptr<f32>>
# The prefix gets a leading space, and ": " when it has no trailing space.
# CHECK: tt.print " x: " {hex = false, isSigned = array<i32: 0>} : %[[X]] : tensor<128xf32>
# CHECK: tt.print " pid: " {hex = true, isSigned = array<i32: 1>} : %[[PID]] : i32
# CHECK-NOT: tt.assert
# CHECK: tt.store %{{.+}}, %{{.+}}, %{{.+}} : tensor<128x!tt.ptr<f32>>
# CHECK-NOT: tt.assert

# ERR: error:
# ERR: BLOCK must be a multiple of 32

import triton
import triton.language as tl

@triton.jit
def debug_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK % 32 == 0, "BLOCK must be a multiple of 32")
    tl.static_assert(BLOCK >= 64)
    tl.static_print("debug_kernel: BLOCK =", BLOCK)
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.device_print("x: ", x)
    tl.device_print("pid", pid, hex=True)
    tl.device_assert(x == x, "NaN in input")
    tl.store(out_ptr + offs, x * 3.0, mask=m)
