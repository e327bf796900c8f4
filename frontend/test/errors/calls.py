# Bad calls of @jit helpers and of triton.language builtins: wrong number of
# arguments, unknown or repeated keywords, runtime values for constexprs.
#
# RUN: not tridentc %s --kernel too_many_args --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=TOOMANY
# RUN: not tridentc %s --kernel unknown_keyword --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=UNKKW
# RUN: not tridentc %s --kernel missing_arg --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: not tridentc %s --kernel duplicate_arg --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=DUP
# RUN: not tridentc %s --kernel load_no_args --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=LOADNOARG
# RUN: not tridentc %s --kernel load_bad_keyword --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=LOADKW
# RUN: not tridentc %s --kernel arange_one_arg --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=ARANGE1
# RUN: not tridentc %s --kernel arange_three_args --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=ARANGE3
# RUN: not tridentc %s --kernel store_missing_value --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=STORE
# RUN: not tridentc %s --kernel call_non_callable --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=NOTCALLABLE
# RUN: not tridentc %s --kernel where_too_few --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=WHERE
# RUN: not tridentc %s --kernel noinline_block_arg --signature '*fp32:16, 16' 2>&1 | FileCheck %s --check-prefix=NOINLINE

import triton
import triton.language as tl


@triton.jit
def scale(x, factor):
    return x * factor


@triton.jit
def scale_block(x, N: tl.constexpr):
    return x * N


@triton.jit
def too_many_args(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # TOOMANY: errors{{/|\\}}calls.py:[[@LINE+2]]:28: error: scale() takes 2 positional arguments but 3 were given{{$}}
    # TOOMANY-NEXT: tl.store(x_ptr + offs, scale(x, 2.0, 3.0))
    tl.store(x_ptr + offs, scale(x, 2.0, 3.0))


@triton.jit
def unknown_keyword(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # UNKKW: errors{{/|\\}}calls.py:[[@LINE+2]]:28: error: scale() got an unexpected keyword argument 'factr'{{$}}
    # UNKKW-NEXT: tl.store(x_ptr + offs, scale(x, factr=2.0))
    tl.store(x_ptr + offs, scale(x, factr=2.0))


@triton.jit
def missing_arg(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # MISSING: errors{{/|\\}}calls.py:[[@LINE+2]]:28: error: scale() missing required argument: 'factor'{{$}}
    # MISSING-NEXT: tl.store(x_ptr + offs, scale(x))
    tl.store(x_ptr + offs, scale(x))


@triton.jit
def duplicate_arg(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # DUP: errors{{/|\\}}calls.py:[[@LINE+2]]:28: error: scale() got multiple values for argument 'factor'{{$}}
    # DUP-NEXT: tl.store(x_ptr + offs, scale(x, 2.0, factor=3.0))
    tl.store(x_ptr + offs, scale(x, 2.0, factor=3.0))


@triton.jit
def load_no_args(x_ptr, BLOCK: tl.constexpr):
    # LOADNOARG: errors{{/|\\}}calls.py:[[@LINE+2]]:9: error: load() missing required argument: 'pointer'{{$}}
    # LOADNOARG-NEXT: x = tl.load()
    x = tl.load()
    tl.store(x_ptr, x)


@triton.jit
def load_bad_keyword(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # LOADKW: errors{{/|\\}}calls.py:[[@LINE+2]]:9: error: load() got an unexpected keyword argument 'masks'{{$}}
    # LOADKW-NEXT: x = tl.load(x_ptr + offs, masks=offs < 10)
    x = tl.load(x_ptr + offs, masks=offs < 10)
    tl.store(x_ptr + offs, x)


@triton.jit
def arange_one_arg(x_ptr, BLOCK: tl.constexpr):
    # ARANGE1: errors{{/|\\}}calls.py:[[@LINE+2]]:12: error: arange() missing required argument: 'end'{{$}}
    # ARANGE1-NEXT: offs = tl.arange(BLOCK)
    offs = tl.arange(BLOCK)
    tl.store(x_ptr + offs, 1.0)


@triton.jit
def arange_three_args(x_ptr, BLOCK: tl.constexpr):
    # ARANGE3: errors{{/|\\}}calls.py:[[@LINE+2]]:12: error: arange() takes at most 2 positional arguments but 3 were given{{$}}
    # ARANGE3-NEXT: offs = tl.arange(0, BLOCK, 2)
    offs = tl.arange(0, BLOCK, 2)
    tl.store(x_ptr + offs, 1.0)


@triton.jit
def store_missing_value(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # STORE: errors{{/|\\}}calls.py:[[@LINE+2]]:5: error: store() missing required argument: 'value'{{$}}
    # STORE-NEXT: tl.store(x_ptr + offs)
    tl.store(x_ptr + offs)


@triton.jit
def call_non_callable(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # NOTCALLABLE: errors{{/|\\}}calls.py:[[@LINE+2]]:28: error: tensor <[64], fp32> is not callable{{$}}
    # NOTCALLABLE-NEXT: tl.store(x_ptr + offs, x(2))
    tl.store(x_ptr + offs, x(2))


@triton.jit
def where_too_few(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # WHERE: errors{{/|\\}}calls.py:[[@LINE+2]]:28: error: where() missing required argument: 'y'{{$}}
    # WHERE-NEXT: tl.store(x_ptr + offs, tl.where(x > 0, x))
    tl.store(x_ptr + offs, tl.where(x > 0, x))


@triton.jit(noinline=True)
def _square(x):
    return x * x


@triton.jit
def noinline_block_arg(x_ptr, BLOCK: tl.constexpr):
    # Triton passes only scalars to functions kept out of line.
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    # NOINLINE: errors{{/|\\}}calls.py:[[@LINE+2]]:9: error: Function _square is marked noinline, but was called with non-scalar argument x:fp32[16]{{$}}
    # NOINLINE-NEXT: y = _square(x)
    y = _square(x)
    tl.store(x_ptr + tl.arange(0, BLOCK), y)
