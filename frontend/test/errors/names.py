# Names a @jit function cannot use: undefined names, plain Python functions,
# modules other than triton, unknown triton.language attributes, vendor
# libraries, module-level values that cannot be evaluated, recursion.
#
# RUN: not tridentc %s --kernel undefined_name --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=UNDEF
# RUN: not tridentc %s --kernel calls_plain_python --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=NOTJIT
# RUN: not tridentc %s --kernel unknown_tl_attr --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=TLATTR
# RUN: not tridentc %s --kernel uses_libdevice --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=LIBDEVICE
# RUN: not tridentc %s --kernel uses_torch --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=TORCH
# RUN: not tridentc %s --kernel reads_unevaluable_global --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=GLOBAL
# RUN: not tridentc %s --kernel recursive --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=RECURSE
# RUN: not tridentc %s --kernel use_before_def --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=USEBEFORE
# RUN: not tridentc %s --kernel unknown_method --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=METHOD
# RUN: not tridentc %s --kernel unknown_dtype --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=DTYPE
# RUN: not tridentc %s --kernel if_only_name --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=IFONLY

import torch
import triton
import triton.language as tl
from triton.language.extra import libdevice


def plain_helper(x):
    return x * 2


@triton.jit
def undefined_name(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # UNDEF: errors{{/|\\}}names.py:[[@LINE+2]]:32: error: name 'scale' is not defined{{$}}
    # UNDEF-NEXT: tl.store(x_ptr + offs, x * scale)
    tl.store(x_ptr + offs, x * scale)


@triton.jit
def calls_plain_python(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # NOTJIT: errors{{/|\\}}names.py:[[@LINE+2]]:28: error: 'plain_helper' is not a @jit function; @jit functions can only call other @jit functions and triton.language builtins{{$}}
    # NOTJIT-NEXT: tl.store(x_ptr + offs, plain_helper(x))
    tl.store(x_ptr + offs, plain_helper(x))


@triton.jit
def unknown_tl_attr(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # TLATTR: errors{{/|\\}}names.py:[[@LINE+2]]:28: error: triton.language.tanh is not supported by Trident (or does not exist in triton.language){{$}}
    # TLATTR-NEXT: tl.store(x_ptr + offs, tl.tanh(x))
    tl.store(x_ptr + offs, tl.tanh(x))


@triton.jit
def uses_libdevice(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # LIBDEVICE: errors{{/|\\}}names.py:[[@LINE+2]]:28: error: libdevice.j0 is not supported by Trident (it supports: {{.*}}){{$}}
    # LIBDEVICE-NEXT: tl.store(x_ptr + offs, libdevice.j0(x))
    tl.store(x_ptr + offs, libdevice.j0(x))


@triton.jit
def uses_torch(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # TORCH: errors{{/|\\}}names.py:[[@LINE+2]]:28: error: module 'torch' cannot be used inside a @jit function (only triton and triton.language are available there){{$}}
    # TORCH-NEXT: tl.store(x_ptr + offs, torch.relu(x))
    tl.store(x_ptr + offs, torch.relu(x))


SCALES = {i: 2 ** i for i in range(4)}


@triton.jit
def reads_unevaluable_global(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # GLOBAL: errors{{/|\\}}names.py:[[@LINE+2]]:32: error: module-level 'SCALES' (line [[@LINE-7]]) is used by a @jit function but its value cannot be evaluated at compile time: dict and set literals are not supported in @jit functions{{$}}
    # GLOBAL-NEXT: tl.store(x_ptr + offs, x * SCALES[1])
    tl.store(x_ptr + offs, x * SCALES[1])


@triton.jit
def recursive(x_ptr, n):
    if n > 0:
        # RECURSE: errors{{/|\\}}names.py:[[@LINE+2]]:9: error: recursive call of recursive(): @jit functions cannot be recursive{{$}}
        # RECURSE-NEXT: recursive(x_ptr, n - 1)
        recursive(x_ptr, n - 1)
    tl.store(x_ptr, n)


@triton.jit
def use_before_def(x_ptr, n):
    # USEBEFORE: errors{{/|\\}}names.py:[[@LINE+2]]:9: error: name 'acc' is not defined{{$}}
    # USEBEFORE-NEXT: y = acc + 1
    y = acc + 1
    acc = n
    tl.store(x_ptr, y)


@triton.jit
def unknown_method(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # METHOD: errors{{/|\\}}names.py:[[@LINE+2]]:28: error: tensor has no attribute 'relu'{{$}}
    # METHOD-NEXT: tl.store(x_ptr + offs, x.relu())
    tl.store(x_ptr + offs, x.relu())


@triton.jit
def unknown_dtype(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # DTYPE: errors{{/|\\}}names.py:[[@LINE+2]]:33: error: triton.language.float128 is not supported by Trident (or does not exist in triton.language){{$}}
    # DTYPE-NEXT: tl.store(x_ptr + offs, x.to(tl.float128))
    tl.store(x_ptr + offs, x.to(tl.float128))


@triton.jit
def if_only_name(x_ptr, n):
    if n > 0:
        y = n * 2
    # IFONLY: errors{{/|\\}}names.py:[[@LINE+2]]:21: error: name 'y' is not defined{{$}}
    # IFONLY-NEXT: tl.store(x_ptr, y)
    tl.store(x_ptr, y)
