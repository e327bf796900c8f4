# A kernel file as TorchInductor writes it (torch.compile): its helpers come
# from torch._inductor.runtime.triton_helpers, which the compiler reads from
# disk like a package's module (torch itself stays modeled), decorated by the
# heuristics module's autotuner factories with host-only arguments.
# Inductor's two `@triton_builtin` helpers are modeled (constexpr_next_power_of_2,
# if_mask); another such host function is refused by name.
# DEFINE: %{tc} = tridentc %s -I %S/Inputs/inductor --signature '*fp32, *fp32, *fp32, i32, i32' -D XBLOCK=4 --no-locs --emit ttir
# RUN: %{tc} --kernel triton_per_fused_softmax_var_0 | FileCheck %s
# RUN: not %{tc} --kernel uses_unmodeled 2>&1 | FileCheck %s --check-prefix=UNMODELED
# RUN: %{tc} --kernel packs | FileCheck %s --check-prefix=PACK
# CHECK-LABEL: tt.func public @triton_per_fused_softmax_var_0
# log2(e), computed with Python's math at triton_helpers' top level
# CHECK: arith.constant dense<1.44269502> : tensor<4x16xf32>
# CHECK: tt.make_range {end = 16 : i32, start = 0 : i32}
# max2: a reduction whose combine is triton_helpers.maximum (NaN wins)
# CHECK: "tt.reduce"
# CHECK-NEXT: ^bb0(%[[A:.*]]: f32{{.*}}, %[[B:.*]]: f32
# CHECK-NEXT: arith.cmpf ogt, %[[A]], %[[B]]
# CHECK-NEXT: arith.cmpf une, %[[A]], %[[A]]
# triton_helpers.exp with use_fast_math: exp2 of x * log2(e)
# CHECK: math.exp2
# welford: three operands reduced together
# CHECK: "tt.reduce"
# CHECK: "tt.reduce"(%{{.*}}, %{{.*}}, %{{.*}}) <{axis = 1 : i32}>
# CHECK: tt.precise_sqrt
# PACK-LABEL: tt.func public @packs
# PACK: tt.bitcast %{{.*}} : tensor<4xf32> -> tensor<4xi32>
# PACK: arith.extui %{{.*}} : tensor<4xi32> to tensor<4xi64>
# PACK: arith.shli %{{.*}}, %{{.*}} : tensor<4xi64>
# UNMODELED: inductor.py:[[# @LINE + 50]]:{{[0-9]+}}: error: 'not_modeled' (triton_helpers.py:{{[0-9]+}}) is not a @jit function

import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import ReductionHint, DeviceProperties
triton_helpers.set_driver_to_gpu()


@triton_heuristics.persistent_reduction(
    size_hints={'x': 64, 'r0_': 16},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_softmax_var_0', 'mutated_arg_names': [], 'no_x_dim': False},
)
@triton.jit
def triton_per_fused_softmax_var_0(in_ptr0, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 64
    r0_numel = 16
    R0_BLOCK: tl.constexpr = triton_helpers.constexpr_next_power_of_2(13)
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_index + 16*x0), xmask, other=triton_helpers.if_mask(xmask, 0.0))
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, float("-inf"))
    tmp4 = triton_helpers.max2(tmp3, 1)[:, None]
    tmp5 = tl_math.exp(tmp0 - tmp4) + triton_helpers.exp(tmp0 - tmp4, True)
    tmp6 = tl.where(xmask, tmp5, 0)
    tmp7 = tl.sum(tmp6, 1)[:, None]
    tl.store(out_ptr0 + (r0_index + 16*x0), tmp5 / tmp7, xmask)
    tmp8 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp10 = tl.where(xmask, tmp8, 0)
    tmp11 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    tmp12 = tl.full([XBLOCK, R0_BLOCK], 1, tl.float32)
    tmp13, tmp14, tmp15 = triton_helpers.welford(tmp10, tmp11, tmp12, 1)
    tmp16 = libdevice.sqrt(tmp14[:, None] / 16.0)
    tl.store(out_ptr1 + x0, tmp16, xmask)
    tmp17 = tl.load(in_ptr0 + tl.arange(0, 16), None, other=triton_helpers.if_mask(None, 0.0))
    tl.store(out_ptr1 + tl.arange(0, 16), tmp17)


@triton.jit
def uses_unmodeled(in_ptr0, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    x = tl.load(in_ptr0 + tl.arange(0, XBLOCK))
    tl.store(out_ptr0 + tl.arange(0, XBLOCK), triton_helpers.not_modeled(x))


@triton.jit
def packs(in_ptr0, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    x = tl.load(in_ptr0 + tl.arange(0, XBLOCK))
    p = triton_helpers.pack_value_flag(x, tl.full([XBLOCK], 1, tl.uint32), tl.uint32, tl.uint64)
    tl.store(out_ptr0.to(tl.pointer_type(tl.uint64)) + tl.arange(0, XBLOCK), p)
