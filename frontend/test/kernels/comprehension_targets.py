# List comprehensions over tuples of tuples: the target unpacks each
# element, nested targets in parentheses too (`a, (b, c)`), unrolled at
# compile time; the values stay constexpr under a tl.constexpr annotation.
# A starred target and an element of the wrong shape are refused.
#
# RUN: tridentc %s --kernel pairs --signature '*i32' --emit ttir -o - 2>&1 | FileCheck %s
# RUN: not tridentc %s --kernel starred --signature '*i32' --emit ttir 2>&1 | FileCheck %s --check-prefix=STAR
# RUN: not tridentc %s --kernel mismatch --signature '*i32' --emit ttir 2>&1 | FileCheck %s --check-prefix=SHAPE

import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @pairs
# CHECK: arith.constant 18 : i32
@triton.jit
def pairs(x_ptr):
    vals: tl.constexpr = [a + b for a, b in ((1, 2), (3, 4))]
    tl.static_assert(len(vals) == 2 and vals[0] == 3 and vals[1] == 7)
    nested: tl.constexpr = [a + b + c for a, (b, c) in ((1, (2, 3)), (4, (5, 6)))]
    tl.static_assert(nested[0] == 6 and nested[1] == 15)
    paren: tl.constexpr = [a * b for (a, b) in ((2, 3),)]
    tl.static_assert(paren[0] == 6)
    tl.store(x_ptr, nested[1] + vals[0])


@triton.jit
def starred(x_ptr):
    # STAR: comprehension_targets.py:[[@LINE+1]]:22: error: starred targets are not supported in @jit functions
    vals = [a for a, *rest in ((1, 2, 3),)]


@triton.jit
def mismatch(x_ptr):
    # SHAPE: comprehension_targets.py:[[@LINE+1]]:{{[0-9]+}}: error: cannot unpack 3 values into 2 names
    vals = [a + b for a, b in ((1, 2, 3),)]
