# triton.language.target_info's constexpr functions answer for the
# compile's target, as Triton's do for the active driver's (OpenAI's
# triton_kernels guards its kernels with them); with no target they answer
# False, as Triton's do with no driver. tl.dtype(name) makes a dtype from
# its name (triton_kernels: tl.dtype(f"uint{bits}")).
# DEFINE: %{tc} = tridentc %s --no-locs --emit ttir-raw --kernel probe --signature '*i32, *fp16'
# RUN: %{tc} --target cuda:90 | FileCheck %s --check-prefix=SM90
# RUN: %{tc} --target cuda:80 | FileCheck %s --check-prefix=SM80
# RUN: %{tc} --target hip:gfx942 | FileCheck %s --check-prefix=CDNA3
# RUN: %{tc} --target cpu | FileCheck %s --check-prefix=CPU
# RUN: %{tc} | FileCheck %s --check-prefix=CPU
# RUN: not tridentc %s --emit ttir-raw --kernel bad_name --signature '*i32' 2>&1 | FileCheck %s --check-prefix=BAD
import triton
import triton.language as tl
from triton.language.target_info import cuda_capability_geq, is_cuda, is_hip
import triton.language.target_info as ti


@triton.constexpr_function
def has_native_fp8():
    return cuda_capability_geq(8, 9)


@triton.jit
def probe(out, x_ptr):
    # One bit per answer: is_cuda, capability >= 8.9, is_hip, CDNA3 and not
    # CDNA4.
    # SM90: %[[C:.*]] = arith.constant 3 : i32
    # SM90: tt.store %out, %[[C]]
    # SM80: %[[C:.*]] = arith.constant 1 : i32
    # SM80: tt.store %out, %[[C]]
    # CDNA3: %[[C:.*]] = arith.constant 12 : i32
    # CDNA3: tt.store %out, %[[C]]
    # CPU: %[[C:.*]] = arith.constant 0 : i32
    # CPU: tt.store %out, %[[C]]
    CODE: tl.constexpr = (is_cuda() * 1 + has_native_fp8() * 2 + is_hip() * 4 +
                          (ti.is_hip_cdna3() and not ti.is_hip_cdna4()) * 8)
    tl.store(out, CODE)
    # The pointer's element as an unsigned integer of its width.
    bits: tl.constexpr = x_ptr.dtype.element_ty.primitive_bitwidth
    u: tl.constexpr = tl.dtype(f"uint{bits}")
    tl.static_assert(u == tl.uint16)
    # SM90: tt.bitcast {{.*}} : tensor<4xf16> -> tensor<4xi16>
    v = tl.load(x_ptr + tl.arange(0, 4)).to(u, bitcast=True)
    tl.store(out + 1 + tl.arange(0, 4), v.to(tl.int32))


@triton.jit
def bad_name(out):
    # BAD: target-info.py:[[@LINE+1]]:9: error: tl.dtype() takes a dtype's name (int8 ... uint64, fp16, bf16, fp32, fp64, fp8e4nv, fp8e5, ...), got 'uint12'
    u = tl.dtype("uint12")
