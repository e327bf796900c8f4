# Language features not covered by the tutorial-style kernels.
# RUN: tridentc %s --kernel libdev --signature '*fp32:16, *fp32:16, 128' --no-locs | FileCheck %s --check-prefix=LIBDEV
# RUN: tridentc %s --kernel neg_step --signature '*i32:16, i32' --no-locs | FileCheck %s --check-prefix=NEGSTEP
# RUN: tridentc %s --kernel ternary --signature '*fp32:16, i32' --no-locs | FileCheck %s --check-prefix=TERN
# RUN: tridentc %s --kernel barrier_assert --signature '*i32:16, i32' --debug --no-locs | FileCheck %s --check-prefix=DEBUG
# RUN: tridentc %s --kernel barrier_assert --signature '*i32:16, i32' --no-locs | FileCheck %s --check-prefix=NODEBUG
# RUN: tridentc %s --kernel weak_typing --signature '*i8:16, *i8:16' --no-locs | FileCheck %s --check-prefix=WEAK
# RUN: tridentc %s --kernel short_circuit --signature '*fp32:16' -D FLAG=None --no-locs | FileCheck %s --check-prefix=SHORT
# RUN: tridentc %s --kernel assume_hint --signature '*fp32:16, i32' --no-locs | FileCheck %s --check-prefix=ASSUME
import triton
import triton.language as tl
from triton.language.extra import libdevice


# LIBDEV-LABEL: tt.func public @libdev
# LIBDEV: math.tanh {{.*}} : tensor<128xf32>
# LIBDEV: math.powf {{.*}} : tensor<128xf32>
# LIBDEV: math.log1p {{.*}} : tensor<128xf32>
@triton.jit
def libdev(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = libdevice.tanh(x) + libdevice.pow(x, 3.0) + tl.extra.cuda.libdevice.log1p(x)
    tl.store(y_ptr + offs, y)


# range(n, 0, -2) runs over range(0, n, 2) mirrored: i = n + 0 - i'.
# NEGSTEP-LABEL: tt.func public @neg_step
# NEGSTEP: scf.for %[[IV:[^ ]+]] = %c0_i32 to %n step %c2_i32 iter_args
# NEGSTEP: %[[D:.+]] = arith.subi %n, %[[IV]] : i32
# NEGSTEP: arith.addi %{{.*}}, %[[D]] : i32
@triton.jit
def neg_step(out_ptr, n):
    acc = 0
    for i in range(n, 0, -2):
        acc += i
    tl.store(out_ptr, acc)


# A conditional expression on a runtime scalar is an scf.if with a result
# (which the core pipeline turns into a select).
# RUN: tridentc %s --kernel ternary --signature '*fp32:16, i32' --emit ttir-raw --no-locs | FileCheck %s --check-prefix=TERNRAW
# TERNRAW-LABEL: tt.func public @ternary
# TERNRAW: %[[C:.+]] = arith.cmpi sgt, %n, %{{.+}} : i32
# TERNRAW: scf.if %[[C]] -> (f32)
# TERN-LABEL: tt.func public @ternary
# TERN: %[[C:.+]] = arith.cmpi sgt, %n, %c0_i32 : i32
# TERN: %v = arith.select %[[C]], %{{.+}}, %{{.+}} : f32
@triton.jit
def ternary(out_ptr, n):
    v = 1.5 if n > 0 else -2.5
    tl.store(out_ptr, v)


# DEBUG-LABEL: tt.func public @barrier_assert
# DEBUG: gpu.barrier
# DEBUG: tt.assert %{{.*}}, "n must be positive" : i1
# NODEBUG-LABEL: tt.func public @barrier_assert
# NODEBUG: gpu.barrier
# NODEBUG-NOT: tt.assert
@triton.jit
def barrier_assert(out_ptr, n):
    tl.debug_barrier()
    tl.device_assert(n > 0, "n must be positive")
    tl.store(out_ptr, n)


# A Python scalar does not take part in promotion when its kind (int) is not
# above the tensor's (int8): x + 1 stays int8. A variable assigned a number is
# a tensor (int32), as in Triton, so x + one promotes to int32.
# WEAK-LABEL: tt.func public @weak_typing
# WEAK: %one = arith.constant 1 : i32
# WEAK: %x = tt.load %x_ptr : !tt.ptr<i8>
# WEAK: %a = arith.addi %x, %c1_i8 : i8
# WEAK: %[[W:.+]] = arith.extsi %x : i8 to i32
# WEAK: %b = arith.addi %[[W]], %one : i32
# WEAK: arith.trunci %b : i32 to i8
@triton.jit
def weak_typing(x_ptr, out_ptr):
    x = tl.load(x_ptr)
    a = x + 1
    one = 1
    b = x + one
    tl.store(out_ptr, a + b.to(tl.int8))


# `FLAG is not None and FLAG.foo` must not evaluate the right side.
# SHORT-LABEL: tt.func public @short_circuit
# SHORT: %cst = arith.constant 2.000000e+00 : f32
# SHORT: tt.store %out_ptr, %cst
@triton.jit
def short_circuit(out_ptr, FLAG: tl.constexpr):
    if FLAG is not None and FLAG.does_not_exist:
        tl.store(out_ptr, 1.0)
    else:
        tl.store(out_ptr, 2.0)


# ASSUME-LABEL: tt.func public @assume_hint
# ASSUME: %[[C:.+]] = arith.cmpi sgt, %n, %c0_i32 : i32
# ASSUME: llvm.intr.assume %[[C]] : i1
@triton.jit
def assume_hint(out_ptr, n):
    tl.assume(n > 0)
    tl.store(out_ptr, n.to(tl.float32))


# tl.range binds its bounds like range(arg1, arg2=None, step=None).
# RUN: tridentc %s --kernel range_keywords --signature '*i32:16, i32' --no-locs | FileCheck %s --check-prefix=RANGEKW
# RANGEKW-LABEL: tt.func public @range_keywords
# RANGEKW: scf.for %{{.*}} = %c0_i32 to %n step %c2_i32 iter_args
# RANGEKW: scf.for %{{.*}} = %c1_i32 to %n step %c3_i32 iter_args
@triton.jit
def range_keywords(out_ptr, n):
    acc = 0
    for i in tl.range(n, step=2):
        acc += i
    for j in tl.range(1, arg2=n, step=3, num_stages=2):
        acc += j
    tl.store(out_ptr, acc)
