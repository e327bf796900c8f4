# Helpers marked @triton.jit(noinline=True) stay separate functions: the
# kernel keeps tt.call ops to them, and each is emitted as a private tt.func
# with noinline = true.  Triton only lets scalars (and pointers) cross such a
# call, so one helper works on a block through pointers and returns nothing,
# the other maps a scalar to a scalar.  An ordinary helper is still inlined.
#
# RUN: tridentc %s --kernel softplus_kernel --signature '*fp32:16, *fp32:16, *fp32:16, fp32, i32, 512' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @softplus_kernel(
# CHECK-SAME: %[[X:[^:]+]]: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %[[OUT:[^:]+]]: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %[[T:[^:]+]]: f32{{[^,]*}}, %[[N:[^:]+]]: i32
# CHECK: %[[START:.+]] = arith.muli %{{.+}}, %{{.+}} : i32
# CHECK: tt.call @[[BLOCKFN:"?[^ ]*softplus_block[^ ]*"?]](%[[X]], %[[OUT]], %[[START]], %[[N]]) : (!tt.ptr<f32>, !tt.ptr<f32>, i32, i32) -> ()
# CHECK: %[[BIAS:.+]] = tt.call @[[SCALARFN:"?[^ ]*softplus_scalar[^ ]*"?]](%[[T]]) : (f32) -> f32
# square() is inlined.
# CHECK: %[[SQ:.+]] = arith.mulf %[[BIAS]], %[[BIAS]] : f32
# CHECK: tt.store %{{.+}}, %[[SQ]] : !tt.ptr<f32>
# CHECK: tt.return
# CHECK: tt.func private @[[BLOCKFN]](
# CHECK-SAME: attributes {noinline = true}
# CHECK: tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
# CHECK: tt.load %{{.+}}, %{{.+}} : tensor<512x!tt.ptr<f32>>
# CHECK: math.exp %{{.+}} : tensor<512xf32>
# CHECK: math.log %{{.+}} : tensor<512xf32>
# CHECK: tt.store %{{.+}}, %{{.+}}, %{{.+}} : tensor<512x!tt.ptr<f32>>
# CHECK: tt.return
# CHECK: tt.func private @[[SCALARFN]](
# CHECK-SAME: -> f32 attributes {noinline = true}
# CHECK: math.exp %{{.+}} : f32
# CHECK: %[[L:.+]] = math.log %{{.+}} : f32
# CHECK: tt.return %[[L]] : f32
# CHECK-NOT: tt.func {{.*}}square

import triton
import triton.language as tl

@triton.jit(noinline=True)
def softplus_block(x_ptr, out_ptr, start, n, BLOCK: tl.constexpr):
    offs = start + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(out_ptr + offs, tl.log(1.0 + tl.exp(x)), mask=m)

@triton.jit(noinline=True)
def softplus_scalar(t):
    return tl.log(1.0 + tl.exp(t))

@triton.jit
def square(v):
    return v * v

@triton.jit
def softplus_kernel(x_ptr, out_ptr, bias_ptr, t, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    softplus_block(x_ptr, out_ptr, pid * BLOCK, n, BLOCK)
    bias = softplus_scalar(t)
    tl.store(bias_ptr + pid, square(bias))
