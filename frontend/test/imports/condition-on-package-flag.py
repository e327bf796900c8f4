# A module-level `if` in an imported module on a flag the package computes
# by a host function: tridentc names the flag (qualified by its module) and
# how to give it; -D NAME=VALUE gives it in the kernel's file (the module
# with the `if`), -D MODULE.NAME=VALUE in the module that defines it. Under Python the interpreter's
# value is used (frontend/python/test/test_module_facts.py).
# DEFINE: %{tc} = tridentc %S/Inputs/shimpkg/activations.py --kernel act_kernel --signature '*fp32, 16' --no-locs --emit ttir
# RUN: not %{tc} 2>&1 | FileCheck %s --check-prefix=UNDECIDED
# UNDECIDED: activations.py:23:28: error: module-level 'act' (line 12) is used by a @jit function but its value cannot be evaluated at compile time: it is bound differently by the clauses of the module-level 'if' at line 10, whose condition Trident cannot decide without running Python (it depends on IS_FAST: launched through the trident Python package, or `python -m trident`, the interpreter's values are used when they are triton.language modules, ints, floats, bools or strings; with tridentc, give them with -D IS_FAST=VALUE)
# RUN: %{tc} -D IS_FAST=True | FileCheck %s --check-prefix=TWO
# RUN: %{tc} -D shimpkg.flags.IS_FAST=False | FileCheck %s --check-prefix=THREE
# RUN: not %{tc} -D shimpkg.flags.IS_FAST=fast 2>&1 | FileCheck %s --check-prefix=BAD
# TWO: arith.constant dense<2.000000e+00>
# THREE: arith.constant dense<3.000000e+00>
# BAD: error: -D shimpkg.flags.IS_FAST=fast: a module-level name takes a Python int, float, True, False or string literal

# The same `if` in a module the kernel file imports: the flag is named with
# its module.
# DEFINE: %{tq} = tridentc %s -I %S/Inputs --kernel doubled --signature '*fp32, 16' --no-locs --emit ttir
# RUN: not %{tq} 2>&1 | FileCheck %s --check-prefix=QUALIFIED
# QUALIFIED: condition-on-package-flag.py:[[@LINE+10]]:28: error: module-level 'act' (activations.py:12) {{.*}}(it depends on shimpkg.activations.IS_FAST: {{.*}} -D shimpkg.activations.IS_FAST=VALUE)
# RUN: %{tq} -D shimpkg.activations.IS_FAST=False | FileCheck %s --check-prefix=THREE
import triton
import triton.language as tl
from shimpkg.activations import act


@triton.jit
def doubled(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, act(tl.load(x_ptr + offs)))
