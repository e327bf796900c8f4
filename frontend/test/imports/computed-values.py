# Values a module the kernel file imports computes with host functions:
# tridentc names each, qualified by its module, and -D MODULE.NAME=VALUE
# gives it (an int, float, bool or string literal); under Python the
# package gives the interpreter's values (test_module_facts.py).
# DEFINE: %{tc} = tridentc %s -I %S/Inputs --kernel scaled --signature '*fp32, 16' --no-locs --emit ttir
# RUN: not %{tc} 2>&1 | FileCheck %s --check-prefix=FIRST
# RUN: not %{tc} -D "shimpkg.computed.SUFFIX='zzz'" 2>&1 | FileCheck %s --check-prefix=SECOND
# RUN: %{tc} -D shimpkg.computed.FACTOR=4 -D "shimpkg.computed.SUFFIX='zzz'" | FileCheck %s --check-prefix=GIVEN
# RUN: not %{tc} -D shimpkg.computed.FACTOR=4 -D "shimpkg.computed.SUFFIX='zz'" 2>&1 | FileCheck %s --check-prefix=ASSERT
# FIRST: error: module-level 'SUFFIX' (computed.py:15) cannot be evaluated: '_repeat' (computed.py:9) is a host function; Trident does not run host code (it depends on shimpkg.computed.SUFFIX: {{.*}} -D shimpkg.computed.SUFFIX=VALUE)
# SECOND: error: module-level 'FACTOR' (computed.py:14) cannot be evaluated: {{.*}}(it depends on shimpkg.computed.FACTOR:
# GIVEN: arith.constant dense<4.000000e+00>
# ASSERT: error: static_assert failed
import triton
import triton.language as tl
from shimpkg.computed import FACTOR, SUFFIX


@triton.jit
def scaled(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.static_assert(SUFFIX == "zzz")
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * FACTOR)
