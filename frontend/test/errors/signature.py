# Errors in the command line that selects and specialises a kernel: they are
# reported at the kernel's definition (or the parameter concerned).
#
# RUN: not tridentc %s --kernel no_such_kernel --signature '*fp32:16, i32, 64' 2>&1 | FileCheck %s --check-prefix=NOTFOUND
# RUN: not tridentc %s --kernel plain_function --signature 'i32' 2>&1 | FileCheck %s --check-prefix=NOTJIT
# RUN: not tridentc %s --kernel too_many_entries --signature '*fp32:16, i32, 64, i32' 2>&1 | FileCheck %s --check-prefix=TOOMANY
# RUN: not tridentc %s --kernel missing_constexpr --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=TOOFEW
# RUN: not tridentc %s --kernel bad_entry --signature '*fp33:16, i32, 64' 2>&1 | FileCheck %s --check-prefix=BADTYPE
# RUN: not tridentc %s --kernel bad_hint --signature '*fp32:16, i32:8, 64' 2>&1 | FileCheck %s --check-prefix=BADHINT
# RUN: not tridentc %s --kernel unknown_define --signature '*fp32:16, i32, 64' -D BLOCKSIZE=64 2>&1 | FileCheck %s --check-prefix=DUNKNOWN
# RUN: not tridentc %s --kernel define_twice --signature '*fp32:16, i32' -D n=64 2>&1 | FileCheck %s --check-prefix=DBOTH
# RUN: not tridentc %s --kernel second_constexpr --signature '*fp32:16, i32, 64' 2>&1 | FileCheck %s --check-prefix=NOVALUE
# RUN: not tridentc %s --kernel define_no_value --signature '*fp32:16, i32' -D BLOCK 2>&1 | FileCheck %s --check-prefix=DSYNTAX

# NOTFOUND: errors{{/|\\}}signature.py: error: no @jit function named 'no_such_kernel' in this file (it has: {{.*}}){{$}}
# DSYNTAX: tridentc: error: -D needs NAME=VALUE, got 'BLOCK'{{$}}

import triton
import triton.language as tl


# NOTJIT: errors{{/|\\}}signature.py:[[@LINE+2]]:5: error: 'plain_function' is not a kernel: it is not decorated with @triton.jit{{$}}
# NOTJIT-NEXT: def plain_function(n):
def plain_function(n):
    return n + 1


@triton.jit
# TOOMANY: errors{{/|\\}}signature.py:[[@LINE+2]]:5: error: the signature has 4 entries but kernel 'too_many_entries' has 3 parameters{{$}}
# TOOMANY-NEXT: def too_many_entries(x_ptr, n, BLOCK: tl.constexpr):
def too_many_entries(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)


@triton.jit
# TOOFEW: errors{{/|\\}}signature.py:[[@LINE+2]]:33: error: parameter 'BLOCK' has no value: give it in --signature or with -D BLOCK=VALUE{{$}}
# TOOFEW-NEXT: def missing_constexpr(x_ptr, n, BLOCK: tl.constexpr):
def missing_constexpr(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)


@triton.jit
# BADTYPE: errors{{/|\\}}signature.py:[[@LINE+2]]:15: error: signature entry '*fp33:16' for parameter 'x_ptr' is neither a type (like *fp32:16, i32) nor a constexpr value{{$}}
# BADTYPE-NEXT: def bad_entry(x_ptr, n, BLOCK: tl.constexpr):
def bad_entry(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)


@triton.jit
# BADHINT: errors{{/|\\}}signature.py:[[@LINE+2]]:21: error: signature entry 'i32:8' for parameter 'n': the hint after ':' must be 16 (divisible by 16) or 1 (equal to 1){{$}}
# BADHINT-NEXT: def bad_hint(x_ptr, n, BLOCK: tl.constexpr):
def bad_hint(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)


@triton.jit
# DUNKNOWN: errors{{/|\\}}signature.py:[[@LINE+2]]:5: error: -D BLOCKSIZE: kernel 'unknown_define' has no parameter named 'BLOCKSIZE', and the file binds no module-level 'BLOCKSIZE'{{$}}
# DUNKNOWN-NEXT: def unknown_define(x_ptr, n, BLOCK: tl.constexpr):
def unknown_define(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)


@triton.jit
# DBOTH: errors{{/|\\}}signature.py:[[@LINE+2]]:25: error: parameter 'n' is given both in the signature ('i32') and by -D{{$}}
# DBOTH-NEXT: def define_twice(x_ptr, n, BLOCK: tl.constexpr):
def define_twice(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)


@triton.jit
# NOVALUE: errors{{/|\\}}signature.py:[[@LINE+2]]:53: error: parameter 'EVEN' has no value: give it in --signature or with -D EVEN=VALUE{{$}}
# NOVALUE-NEXT: def second_constexpr(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
def second_constexpr(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if EVEN:
        tl.store(x_ptr + offs, 1.0)
    else:
        tl.store(x_ptr + offs, 1.0, mask=offs < n)


@triton.jit
def define_no_value(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)
