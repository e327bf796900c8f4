//===- DotPlan.h - how tl.dot runs on NVIDIA tensor cores -------*- C++ -*-===//
//
// The NVIDIA plugin's DotPlanner (core's DotPlan.h). On sm_90: wgmma (a
// `#ttg.nvidia_mma` version 3 accumulator; ttng.warp_group_dot built by
// the plan with both operands in `#ttg.nvmma_shared` buffers) for fp16
// and bf16 dots into fp32 with M a multiple of 64 and whole warpgroups.
// Otherwise mma.sync (a
// `#ttg.nvidia_mma` version 2 accumulator, operands in registers as
// `#ttg.dot_op` with kWidth = 32 bits of K per register) for fp16, bf16,
// tf32 (fp32 with input_precision "tf32"), int8 and, from sm_89, fp8; and
// core's FMA dot, with the reason as a remark, for what mma.sync does not
// take (ieee fp32, fp64, fp8 before sm_89 or into an fp16 accumulator,
// batched dots, a K that is not a multiple of the instruction's).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_NVIDIA_DOTPLAN_H
#define TRIDENT_BACKENDS_NVIDIA_DOTPLAN_H

#include "trident/Dialect/TritonGPU/Transforms/DotPlan.h"

namespace trident::nvidia {

/// The planner for sm_`computeCapability`.
mlir::triton::gpu::DotPlanner dotPlanner(int computeCapability);

} // namespace trident::nvidia

#endif // TRIDENT_BACKENDS_NVIDIA_DOTPLAN_H
