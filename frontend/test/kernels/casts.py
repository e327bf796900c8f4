# Conversions with .to(): down-casts to the two fp8 formats and to bf16,
# an explicit rounding mode, float<->int conversions, bit-casts that keep the
# bits, and up-casts back from fp8.
#
# RUN: tridentc %s --kernel cast_kernel --signature '*fp32:16, *fp8e4nv:16, *fp8e5:16, *bf16:16, *i32:16, *i32:16, *fp16:16, *fp32:16, 128' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @cast_kernel(
# CHECK-SAME: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}
# CHECK-SAME: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}
# CHECK-SAME: !tt.ptr<bf16> {tt.divisibility = 16 : i32}
# CHECK: %[[X:.+]] = tt.load %{{.+}} : tensor<128x!tt.ptr<f32>>
# fp8 down-casts round to nearest even by default.
# CHECK: %[[E4:.+]] = tt.fp_to_fp %[[X]], rounding = rtne : tensor<128xf32> -> tensor<128xf8E4M3FN>
# CHECK: tt.store %{{.+}}, %[[E4]] : tensor<128x!tt.ptr<f8E4M3FN>>
# CHECK: %[[E5:.+]] = tt.fp_to_fp %[[X]], rounding = rtne : tensor<128xf32> -> tensor<128xf8E5M2>
# CHECK: tt.store %{{.+}}, %[[E5]] : tensor<128x!tt.ptr<f8E5M2>>
# CHECK: %[[BF:.+]] = arith.truncf %[[X]] : tensor<128xf32> to tensor<128xbf16>
# CHECK: tt.store %{{.+}}, %[[BF]] : tensor<128x!tt.ptr<bf16>>
# CHECK: %[[BITS:.+]] = tt.bitcast %[[X]] : tensor<128xf32> -> tensor<128xi32>
# CHECK: tt.store %{{.+}}, %[[BITS]] : tensor<128x!tt.ptr<i32>>
# CHECK: %[[INT:.+]] = arith.fptosi %[[X]] : tensor<128xf32> to tensor<128xi32>
# CHECK: tt.store %{{.+}}, %[[INT]] : tensor<128x!tt.ptr<i32>>
# An explicit rounding mode turns even an fp32 -> fp16 cast into tt.fp_to_fp.
# CHECK: %[[RTZ:.+]] = tt.fp_to_fp %[[X]], rounding = rtz : tensor<128xf32> -> tensor<128xf16>
# CHECK: tt.store %{{.+}}, %[[RTZ]] : tensor<128x!tt.ptr<f16>>
# Up-casts: fp8 -> fp32 takes no rounding mode; bf16 -> fp32 is extf.
# CHECK: %[[E4L:.+]] = tt.load %{{.+}} : tensor<128x!tt.ptr<f8E4M3FN>>
# CHECK: tt.fp_to_fp %[[E4L]] : tensor<128xf8E4M3FN> -> tensor<128xf32>
# CHECK: arith.extf %{{.+}} : tensor<128xbf16> to tensor<128xf32>
# CHECK: tt.bitcast %{{.+}} : tensor<128xi32> -> tensor<128xf32>
# The uint32 bit-cast value converts to float as unsigned.
# CHECK: arith.uitofp %{{.+}} : tensor<128xi32> to tensor<128xf32>
# CHECK: tt.store %{{.+}}, %{{.+}} : tensor<128x!tt.ptr<f32>>

import triton
import triton.language as tl

@triton.jit
def cast_kernel(src_ptr, e4_ptr, e5_ptr, bf16_ptr, bits_ptr, int_ptr, f16_ptr, back_ptr,
                BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(src_ptr + offs)

    tl.store(e4_ptr + offs, x.to(tl.float8e4nv))
    tl.store(e5_ptr + offs, x.to(tl.float8e5))
    tl.store(bf16_ptr + offs, x.to(tl.bfloat16))
    tl.store(bits_ptr + offs, x.to(tl.int32, bitcast=True))
    tl.store(int_ptr + offs, x.to(tl.int32))
    tl.store(f16_ptr + offs, x.to(tl.float16, fp_downcast_rounding="rtz"))

    e4 = tl.load(e4_ptr + offs).to(tl.float32)
    bf = tl.load(bf16_ptr + offs).to(tl.float32)
    as_float = tl.load(bits_ptr + offs).to(tl.float32, bitcast=True)
    as_uint = tl.load(int_ptr + offs).to(tl.uint32, bitcast=True)
    tl.store(back_ptr + offs, e4 + bf + as_float + as_uint.to(tl.float32))
