# Misuse of math, creation, hint and debug builtins.
#
# RUN: not tridentc %s --kernel exp_on_int --signature '*i32:16, 64' 2>&1 | FileCheck %s --check-prefix=EXPINT
# RUN: not tridentc %s --kernel sqrt_rn_fp16 --signature '*fp16:16, 64' 2>&1 | FileCheck %s --check-prefix=SQRTRN
# RUN: not tridentc %s --kernel umulhi_float --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=UMULHI
# RUN: not tridentc %s --kernel zeros_bad_dtype --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=ZEROSDT
# RUN: not tridentc %s --kernel arange_float --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=ARANGEF
# RUN: not tridentc %s --kernel arange_past_int32 --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=ARANGE31
# RUN: not tridentc %s --kernel arange_negative --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=ARANGENEG
# RUN: not tridentc %s --kernel multiple_of_runtime --signature '*fp32:16, i32, 64' 2>&1 | FileCheck %s --check-prefix=MULTOF
# RUN: not tridentc %s --kernel static_range_zero_step --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=STEP0
# RUN: not tridentc %s --kernel const_div_zero --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=DIVZERO
# RUN: not tridentc %s --kernel minimum_pointers --signature '*fp32:16, *fp32:16' 2>&1 | FileCheck %s --check-prefix=MINPTR
# RUN: not tridentc %s --kernel histogram_float --signature '*fp32:16, *i32:16, 64' 2>&1 | FileCheck %s --check-prefix=HIST
# RUN: not tridentc %s --kernel cast_to_string --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=CASTSTR
# RUN: not tridentc %s --kernel device_print_prefix --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=PRINT
# RUN: not tridentc %s --kernel abs_pointer --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=ABSPTR

import triton
import triton.language as tl


@triton.jit
def exp_on_int(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # EXPINT: errors{{/|\\}}builtins.py:[[@LINE+2]]:28: error: Expected dtype ['fp32', 'fp64'] but got int32 (in tl.exp; convert with .to(tl.float32)){{$}}
    # EXPINT-NEXT: tl.store(x_ptr + offs, tl.exp(x))
    tl.store(x_ptr + offs, tl.exp(x))


@triton.jit
def sqrt_rn_fp16(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # SQRTRN: errors{{/|\\}}builtins.py:[[@LINE+2]]:28: error: Expected dtype ['fp32'] but got fp16{{$}}
    # SQRTRN-NEXT: tl.store(x_ptr + offs, tl.sqrt_rn(x))
    tl.store(x_ptr + offs, tl.sqrt_rn(x))


@triton.jit
def umulhi_float(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # UMULHI: errors{{/|\\}}builtins.py:[[@LINE+2]]:28: error: Expected dtype ['int32', 'int64', 'uint32', 'uint64'] but got fp32{{$}}
    # UMULHI-NEXT: tl.store(x_ptr + offs, tl.umulhi(x, x))
    tl.store(x_ptr + offs, tl.umulhi(x, x))


@triton.jit
def zeros_bad_dtype(x_ptr, BLOCK: tl.constexpr):
    # ZEROSDT: errors{{/|\\}}builtins.py:[[@LINE+2]]:9: error: dtype must be a dtype, got 'float32'{{$}}
    # ZEROSDT-NEXT: z = tl.zeros((BLOCK,), dtype="float32")
    z = tl.zeros((BLOCK,), dtype="float32")
    tl.store(x_ptr + tl.arange(0, BLOCK), z)


@triton.jit
def arange_float(x_ptr, BLOCK: tl.constexpr):
    # ARANGEF: errors{{/|\\}}builtins.py:[[@LINE+2]]:12: error: start must be a constexpr integer, got constexpr 0.0{{$}}
    # ARANGEF-NEXT: offs = tl.arange(0.0, 64.0)
    offs = tl.arange(0.0, 64.0)
    tl.store(x_ptr + offs, 1.0)


@triton.jit
def arange_past_int32(x_ptr, BLOCK: tl.constexpr):
    # Its end, 2**31, is below Triton's own bound (2**32) but not an int32.
    # ARANGE31: errors{{/|\\}}builtins.py:[[@LINE+2]]:12: error: arange must fit in int32: start 2147483584 and end 2147483648 must be in [0, 2**31 - 1]{{$}}
    # ARANGE31-NEXT: offs = tl.arange(2**31 - 64, 2**31)
    offs = tl.arange(2**31 - 64, 2**31)
    tl.store(x_ptr + offs, 1.0)


@triton.jit
def arange_negative(x_ptr, BLOCK: tl.constexpr):
    # ARANGENEG: errors{{/|\\}}builtins.py:[[@LINE+2]]:12: error: arange must fit in int32: start -64 and end 0 must be in [0, 2**31 - 1]{{$}}
    # ARANGENEG-NEXT: offs = tl.arange(-64, 0)
    offs = tl.arange(-64, 0)
    tl.store(x_ptr + offs, 1.0)


@triton.jit
def multiple_of_runtime(x_ptr, n, BLOCK: tl.constexpr):
    # MULTOF: errors{{/|\\}}builtins.py:[[@LINE+2]]:12: error: values must be a constexpr integer, got scalar int32{{$}}
    # MULTOF-NEXT: offs = tl.multiple_of(tl.arange(0, BLOCK), n)
    offs = tl.multiple_of(tl.arange(0, BLOCK), n)
    tl.store(x_ptr + offs, 1.0)


@triton.jit
def static_range_zero_step(x_ptr, BLOCK: tl.constexpr):
    # STEP0: errors{{/|\\}}builtins.py:[[@LINE+2]]:14: error: the step of tl.static_range must not be zero{{$}}
    # STEP0-NEXT: for i in tl.static_range(0, BLOCK, 0):
    for i in tl.static_range(0, BLOCK, 0):
        tl.store(x_ptr + i, 1.0)


@triton.jit
def const_div_zero(x_ptr, BLOCK: tl.constexpr):
    # DIVZERO: errors{{/|\\}}builtins.py:[[@LINE+2]]:26: error: integer division or modulo by zero{{$}}
    # DIVZERO-NEXT: STEP: tl.constexpr = BLOCK // 0
    STEP: tl.constexpr = BLOCK // 0
    tl.store(x_ptr, STEP)


@triton.jit
def minimum_pointers(x_ptr, y_ptr):
    # MINPTR: errors{{/|\\}}builtins.py:[[@LINE+2]]:9: error: invalid operands of type pointer<fp32> and pointer<fp32> for 'minimum'{{$}}
    # MINPTR-NEXT: p = tl.minimum(x_ptr, y_ptr)
    p = tl.minimum(x_ptr, y_ptr)
    tl.store(p, 1.0)


@triton.jit
def histogram_float(x_ptr, h_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # HIST: errors{{/|\\}}builtins.py:[[@LINE+2]]:9: error: histogram only supports integer input{{$}}
    # HIST-NEXT: h = tl.histogram(x, 16)
    h = tl.histogram(x, 16)
    tl.store(h_ptr + tl.arange(0, 16), h)


@triton.jit
def cast_to_string(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # CASTSTR: errors{{/|\\}}builtins.py:[[@LINE+2]]:28: error: dtype must be a dtype, got 'fp16'{{$}}
    # CASTSTR-NEXT: tl.store(x_ptr + offs, x.to("fp16"))
    tl.store(x_ptr + offs, x.to("fp16"))


@triton.jit
def device_print_prefix(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # PRINT: errors{{/|\\}}builtins.py:[[@LINE+2]]:5: error: the prefix of device_print must be a constexpr string, got tensor <[64], fp32>{{$}}
    # PRINT-NEXT: tl.device_print(x, "x")
    tl.device_print(x, "x")
    tl.store(x_ptr + offs, x)


@triton.jit
def abs_pointer(x_ptr, BLOCK: tl.constexpr):
    # ABSPTR: errors{{/|\\}}builtins.py:[[@LINE+2]]:9: error: tl.abs is not supported for pointer<fp32>{{$}}
    # ABSPTR-NEXT: p = tl.abs(x_ptr)
    p = tl.abs(x_ptr)
    tl.store(p, 1.0)
