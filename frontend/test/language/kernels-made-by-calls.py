# Kernels made by calls rather than decorators, and by the package's own
# decorators, as real packages write them.
# RUN: tridentc %s --kernel _plain --signature '*fp32:16, i32, 64' --no-locs | FileCheck %s --check-prefix=PLAIN
# RUN: tridentc %s --kernel renamed --signature '*fp32:16, i32, 64' --no-locs | FileCheck %s --check-prefix=RENAMED
# RUN: tridentc %s --kernel heur --signature '*fp32:16, i32, 64' --no-locs | FileCheck %s --check-prefix=HEUR
# RUN: tridentc %s --kernel rebound --signature '*fp32:16, i32, 64' --no-locs | FileCheck %s --check-prefix=REBOUND
# RUN: tridentc %s --kernel twice_rebound --signature '*fp32:16, i32, 1, 64' --no-locs | FileCheck %s --check-prefix=TWICE
# RUN: tridentc %s --kernel tuned --signature '*fp32:16, i32, 64' --no-locs | FileCheck %s --check-prefix=TUNED
# RUN: tridentc %s --kernel by_package_decorator --signature '*fp32:16, i32, 64' --no-locs | FileCheck %s --check-prefix=PKG
# RUN: tridentc %s --kernel by_decorator_factory --signature '*fp32:16, i32, 64' --no-locs | FileCheck %s --check-prefix=FACTORY
# RUN: tridentc %s --kernel calls_made_helper --signature '*fp32:16, i32, 64' --no-locs | FileCheck %s --check-prefix=HELPER
# RUN: not tridentc %s --kernel host_only --signature '*fp32:16, i32, 64' 2>&1 | FileCheck %s --check-prefix=HOST
import functools

import triton
import triton.language as tl


def my_jit(fn):
    return triton.jit(fn)


def jit_with(**options):
    def decorate(fn):
        return triton.jit(fn, **options)
    return decorate


# PLAIN-LABEL: tt.func public @_plain
# PLAIN: arith.constant {{.*}}1.000000e+00
def _plain(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1.0, mask=offs < n)


_plain = triton.jit(_plain)


# RENAMED-LABEL: tt.func public @_renamed_impl
# RENAMED: arith.constant {{.*}}2.000000e+00
def _renamed_impl(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2.0, mask=offs < n)


renamed = triton.jit(_renamed_impl)


# HEUR-LABEL: tt.func public @heur
# HEUR: arith.constant {{.*}}3.000000e+00
def heur(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 3.0, mask=offs < n)


heur = triton.heuristics({"BLOCK": lambda args: 64})(triton.jit(heur))


# REBOUND-LABEL: tt.func public @rebound
# REBOUND: arith.constant {{.*}}4.000000e+00
@triton.jit
def rebound(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 4.0, mask=offs < n)


rebound = triton.heuristics({})(rebound)


# TUNED-LABEL: tt.func public @tuned
# TUNED: arith.constant {{.*}}5.000000e+00
def tuned(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 5.0, mask=offs < n)


tuned = triton.autotune(configs=[triton.Config({"BLOCK": 64})], key=["n"])(
    triton.heuristics({})(triton.jit(tuned)))


# PKG-LABEL: tt.func public @by_package_decorator
# PKG: arith.constant {{.*}}6.000000e+00
@my_jit
def by_package_decorator(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 6.0, mask=offs < n)


# FACTORY-LABEL: tt.func public @by_decorator_factory
# FACTORY: arith.constant {{.*}}7.000000e+00
@jit_with(do_not_specialize=["n"])
def by_decorator_factory(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 7.0, mask=offs < n)


def _helper_impl(x):
    return x * 8.0


helper = triton.jit(_helper_impl)


# HELPER-LABEL: tt.func public @calls_made_helper
# HELPER: arith.constant {{.*}}8.000000e+00
# HELPER: arith.mulf
@triton.jit
def calls_made_helper(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, helper(tl.load(x_ptr + offs, mask=offs < n)), mask=offs < n)


# A host function wrapped by something that is not jit stays host code.
# HOST: error: no @jit function named 'host_only'
def host_only(x_ptr, n, BLOCK):
    return x_ptr


host_only = functools.lru_cache(host_only)


# An undecorated function made a kernel by one assignment and wrapped by a
# second one under the same name (Liger-Kernel's pattern): the second
# wraps the kernel the first made.
# TWICE-LABEL: tt.func public @twice_rebound
# TWICE: arith.constant {{.*}}5.000000e+00
def twice_rebound(x_ptr, n, A: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    if A:
        x = x + 5.0
    tl.store(x_ptr + offs, x, mask=offs < n)


twice_rebound = triton.jit(twice_rebound)
twice_rebound = triton.heuristics({"A": lambda args: bool(args["A"])})(twice_rebound)
