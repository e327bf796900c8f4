# f-strings whose fields are compile-time values, as Triton takes them
# (tl.static_assert messages in OpenAI's triton_kernels): each field
# formatted with str() or its !r / !s / !a conversion, `{x=}` as the text
# and the repr, `{{` and `}}` as braces, a format spec not applied (as in
# Triton); adjacent literals joined. A runtime field is refused.
#
# RUN: tridentc %s --kernel messages --signature '*fp32:16, 64, 16, "mx"' --emit ttir -o %t 2>&1 | FileCheck %s
# RUN: not tridentc %s --kernel messages --signature '*fp32:16, 64, 48, "mx"' --emit ttir 2>&1 | FileCheck %s --check-prefix=ASSERT
# RUN: not tridentc %s --kernel runtime_field --signature '*fp32:16, i32' --emit ttir 2>&1 | FileCheck %s --check-prefix=RUNTIME

import triton
import triton.language as tl


@triton.jit
def messages(x_ptr, BLOCK_K: tl.constexpr, PACK: tl.constexpr, NAME: tl.constexpr):
    # ASSERT: fstrings.py:[[@LINE+2]]:5: error: static_assert failed: BLOCK_K=64 must be a multiple of PACK=48
    # ASSERT-NOT: error
    tl.static_assert(BLOCK_K % PACK == 0, f"{BLOCK_K=} must be a multiple of {PACK=}")
    x = tl.load(x_ptr + tl.arange(0, BLOCK_K))
    # CHECK: BLOCK_K=64, 'mx' mx, (64,), 1.5, True, {ok}, fp32 and more
    tl.static_print(f"{BLOCK_K=}, {NAME!r} {NAME!s}, {x.shape}, {1.5}, {PACK > 4}, "
                    f"{{ok}}, {x.dtype:>8}" " and more")
    tl.store(x_ptr + tl.arange(0, BLOCK_K), x)


@triton.jit
def runtime_field(x_ptr, n):
    # RUNTIME: fstrings.py:[[@LINE+1]]:21: error: an f-string in a @jit function formats compile-time values only; a field is scalar int32
    tl.static_print(f"n is {n}")
