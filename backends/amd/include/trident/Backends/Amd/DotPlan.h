//===- DotPlan.h - how tl.dot runs on AMD's matrix cores --------*- C++ -*-===//
//
// The AMD plugin's DotPlanner (core's DotPlan.h): MFMA (a `#ttg.amd_mfma`
// accumulator, transposed as Triton 3.6 plans it, operands in registers as
// `#ttg.dot_op` with kWidth = the elements one instruction takes per
// lane) for fp16, bf16, fp32 (xf32 on gfx942 for input_precision "tf32"),
// int8 and fp8 (FNUZ on gfx942, OCP on gfx950; the other formats upcast
// to fp16); 32x32 instructions where M and N are at least 32, 16x16 where
// they are at least 16. Core's FMA dot, with the reason as a remark, for
// the rest (fp64, an fp16 accumulator, M or N below 16, batched dots, a K
// that is not a multiple of the instruction's).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_AMD_DOTPLAN_H
#define TRIDENT_BACKENDS_AMD_DOTPLAN_H

#include "trident/Dialect/TritonGPU/Transforms/DotPlan.h"

#include <string>

namespace trident::amd {

/// The planner for `arch` (gfx90a, gfx942, gfx950).
mlir::triton::gpu::DotPlanner dotPlanner(const std::string &arch);

/// MFMA's version for `arch` (2 gfx90a, 3 gfx940-942, 4 gfx950).
int mfmaVersion(const std::string &arch);

} // namespace trident::amd

#endif // TRIDENT_BACKENDS_AMD_DOTPLAN_H
