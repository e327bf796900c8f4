# A chain of module-level values deeper than Trident evaluates (each one
# evaluated inside the next would exhaust the stack at about 3,000) is an
# error at the use, naming where the chain passes the limit; 250 is fine.
#
# RUN: python3 -c "n = 3000; print('import triton\nimport triton.language as tl\nG0 = 1\n' + ''.join('G%%d = G%%d + 1\n' %% (i, i - 1) for i in range(1, n)) + '\n@triton.jit\ndef k(p):\n    tl.store(p, G%%d)' %% (n - 1))" > %t.deep.py
# RUN: not tridentc %t.deep.py --kernel k --signature '*i32' 2>&1 | FileCheck %s --check-prefix=DEEP
# DEEP: deep.py:3006:17: error: module-level 'G2743' (line 2746) is defined through a chain of more than 256 other module-level values; Trident evaluates at most 256 deep
# DEEP-NEXT: tl.store(p, G2999)
#
# RUN: python3 -c "n = 250; print('import triton\nimport triton.language as tl\nG0 = 1\n' + ''.join('G%%d = G%%d + 1\n' %% (i, i - 1) for i in range(1, n)) + '\n@triton.jit\ndef k(p):\n    tl.store(p, G%%d)' %% (n - 1))" > %t.ok.py
# RUN: tridentc %t.ok.py --kernel k --signature '*i32' | FileCheck %s --check-prefix=OK
# OK: arith.constant 250 : i32
