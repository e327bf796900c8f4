# Imports that go wrong: each a located error that names the module and
# where it was looked for, never a crash. Inputs/kpkg/ops/bad.py.
# DEFINE: %{tc} = not tridentc %S/Inputs/kpkg/ops/bad.py --signature '*fp32'
# RUN: %{tc} --kernel k_host 2>&1 | FileCheck %s --check-prefix=HOST
# RUN: %{tc} --kernel k_fact 2>&1 | FileCheck %s --check-prefix=FACT
# RUN: %{tc} --kernel k_missing 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: %{tc} --kernel k_no_name 2>&1 | FileCheck %s --check-prefix=NONAME
# RUN: %{tc} --kernel k_cycle 2>&1 | FileCheck %s --check-prefix=CYCLE
# RUN: %{tc} --kernel k_broken 2>&1 | FileCheck %s --check-prefix=BROKEN
# RUN: %{tc} --kernel k_nested 2>&1 | FileCheck %s --check-prefix=NESTED
# RUN: %{tc} --kernel k_direct 2>&1 | FileCheck %s --check-prefix=DIRECT
# RUN: %{tc} --kernel k_no_attr 2>&1 | FileCheck %s --check-prefix=NOATTR
# `from M import *` binds M's __all__ (or its public names); a module the
# tokenizer stops in says so.
# RUN: tridentc %S/Inputs/kpkg/ops/more.py --signature '*fp32' --kernel k_star --no-locs | FileCheck %s --check-prefix=STAR
# RUN: not tridentc %S/Inputs/kpkg/ops/more.py --signature '*fp32' --kernel k_star_private 2>&1 | FileCheck %s --check-prefix=STARPRIVATE
# RUN: not tridentc %S/Inputs/kpkg/ops/more.py --signature '*fp32' --kernel k_unlexable 2>&1 | FileCheck %s --check-prefix=UNLEXABLE
# Module-level blocks nested deeper than Python's 100 levels are skipped,
# never read recursively (3,000 nested `if True:`): no crash.
# RUN: python3 -c "print('import triton\nimport triton.language as tl'); [print(' ' * i + 'if True:') for i in range(3000)]; print(' ' * 3000 + 'X = tl.constexpr(1)'); print('@triton.jit\ndef k(p):\n    tl.store(p, X)')" > %t.deep.py
# RUN: not tridentc %t.deep.py --kernel k --signature '*i32' 2>&1 | FileCheck %s --check-prefix=DEEP
# DEEP: error: name 'X' is not defined
# A name imported through a chain of 300 modules.
# RUN: rm -rf %t.chain && mkdir -p %t.chain/cp && python3 -c "import sys; d = sys.argv[1]; open(d + '/__init__.py', 'w').close(); [open(d + '/m%d.py' % i, 'w').write('from .m%d import v\n' % (i + 1)) for i in range(300)]; open(d + '/m300.py', 'w').write('import triton.language as tl\nv = tl.constexpr(7)\n'); open(d + '/k.py', 'w').write('import triton\nimport triton.language as tl\nfrom .m0 import v\n\n@triton.jit\ndef k(p):\n    tl.store(p, v)\n')" %t.chain/cp
# RUN: not tridentc %t.chain/cp/k.py --kernel k --signature '*i32' 2>&1 | FileCheck %s --check-prefix=CHAIN
# CHAIN: k.py:7:17: error: 'v' is imported through a chain of more than 256 modules; Trident follows at most that many
# Two modules that import each other's helpers (and not a name in a
# circle) are fine, as in Python.
# RUN: tridentc %S/Inputs/kpkg/ops/bad.py --signature '*fp32' --kernel k_cycle_ok --no-locs | FileCheck %s --check-prefix=CYCLEOK

# A helper that is not @jit names where it is defined.
# HOST: bad.py:16:21: error: 'host_only' (utils.py:18) is not a @jit function; @jit functions can only call other @jit functions and triton.language builtins
# HOST-NEXT: {{^}}    tl.store(x_ptr, host_only(1.0))
# HOST-NEXT: {{^}}                    ^

# A constant outside the evaluated subset, defined in another module.
# FACT: bad.py:21:21: error: module-level 'FACT' (constants.py:11) cannot be evaluated: math.factorial is not in the subset of Python that Trident evaluates (math's constants and its functions of numbers)

# MISSING: bad.py:26:21: error: 'thing' is imported (line 6) from module '..missing_mod', which is not found: looked for {{.*}}kpkg/missing_mod.py and {{.*}}kpkg/missing_mod/__init__.py
# NONAME: bad.py:31:21: error: cannot import name 'no_such_name' from '..utils' ({{.*}}kpkg/utils.py), imported at line 4
# CYCLE: bad.py:36:21: error: 'loop_fn' is imported in a cycle: kpkg.ops.cyc_a.loop_fn -> kpkg.ops.cyc_b.loop_fn -> kpkg.ops.cyc_a.loop_fn (no module of the cycle defines it)
# CYCLEOK: tt.func public @k_cycle_ok
# CYCLEOK: arith.addf
# CYCLEOK: arith.mulf

# Errors inside imported helpers: that file's line and caret, then each
# call that led there, up to the user's.
# BROKEN: {{.*}}kpkg/ops/broken.py:7:15: error: expected an expression, found '*'
# BROKEN-NEXT: {{^}}    return x +* 2.0
# BROKEN-NEXT: {{^}}              ^
# BROKEN-NEXT: bad.py:46:21: note: in the call of 'broken_helper' here
# BROKEN-NEXT: {{^}}    tl.store(x_ptr, broken_helper(tl.load(x_ptr)))
# BROKEN-NEXT: {{^}}                    ^
# NESTED: {{.*}}kpkg/ops/typed_inner.py:7:16: error: arange's range must be a power of 2
# NESTED-NEXT: {{^}}    return x * tl.arange(0, 6)
# NESTED-NEXT: {{^}}               ^
# NESTED-NEXT: {{.*}}kpkg/ops/typed.py:9:12: note: in the call of 'inner' here
# NESTED-NEXT: {{^}}    return inner(x) + 1.0
# NESTED-NEXT: {{^}}           ^
# NESTED-NEXT: bad.py:52:39: note: in the call of 'outer' here
# DIRECT: {{.*}}kpkg/ops/typed.py:14:16: error: arange's range must be a power of 2
# DIRECT: bad.py:58:39: note: in the call of 'direct' here
# NOATTR: bad.py:63:21: error: module 'kpkg.ops.typed' ({{.*}}kpkg/ops/typed.py) has no attribute 'nothing_here'
# STAR-LABEL: tt.func public @k_star
# STAR: arith.constant 5.000000e+00
# STARPRIVATE: more.py:15:21: error: name 'star_b' is not defined
# UNLEXABLE: more.py:20:21: error: cannot import name 'f_unlexable' from '.unlexable' ({{.*}}kpkg/ops/unlexable.py), imported at line 5; Trident cannot read that file: {{.*}}kpkg/ops/unlexable.py:3:10: unterminated string literal
