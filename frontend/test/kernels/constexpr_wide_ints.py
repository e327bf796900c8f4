# Constexpr integers past 64 bits are Python's integers: 2**64 - 1 is a
# u64 constant (its bits: -1 as i64), -2**63 the least i64, and what no
# 64-bit type holds is refused as Triton refuses it (they were read through
# a double and stored as 0).
#
# RUN: tridentc %s --kernel k --signature '*i64:16, 18446744073709551615' --emit ttir | FileCheck %s --check-prefix=U64
# U64: arith.constant -1 : i64
# RUN: tridentc %s --kernel k --signature '*i64:16, -9223372036854775808' --emit ttir | FileCheck %s --check-prefix=MIN
# MIN: arith.constant -9223372036854775808 : i64
# RUN: not tridentc %s --kernel k --signature '*i64:16, 1267650600228229401496703205376' --emit ttir 2>&1 | FileCheck %s --check-prefix=BIG
# BIG: constexpr_wide_ints.py:[[@LINE+14]]:5: error: Nonrepresentable integer 1267650600228229401496703205376.
# RUN: not tridentc %s --kernel k --signature '*i64:16, -9223372036854775809' --emit ttir 2>&1 | FileCheck %s --check-prefix=LOW
# LOW: error: Nonrepresentable integer -9223372036854775809.
# RUN: not tridentc %s --kernel k --signature '*i64:16, 999999999999999999999999999999999999999999999999' --emit ttir 2>&1 | FileCheck %s --check-prefix=HUGE
# HUGE: error: signature entry '999999999999999999999999999999999999999999999999' for tl.constexpr parameter 'B' is not one: Nonrepresentable integer 999999999999999999999999999999999999999999999999.
# RUN: not tridentc %s --kernel k --signature '*i64:16' -D B=36893488147419103232 --emit ttir 2>&1 | FileCheck %s --check-prefix=DFLAG
# DFLAG: error: Nonrepresentable integer 36893488147419103232.

import triton
import triton.language as tl


@triton.jit
def k(x_ptr, B: tl.constexpr):
    tl.store(x_ptr, B)
