//===- DotOpToMMA.h - tt.dot on mma.sync ------------------------*- C++ -*-===//
//
// The NVIDIA lowering's pattern for dots planned on mma.sync (a
// #ttg.nvidia_mma version 2 accumulator), ahead of core's FMA dot.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_NVIDIA_TOLLVM_DOTOPTOMMA_H
#define TRIDENT_BACKENDS_NVIDIA_TOLLVM_DOTOPTOMMA_H

#include "trident/Conversion/TritonGPUToLLVM/Lowering.h"

#include <string>

namespace trident::nvidia {

void populateDotOpToMMAPatterns(TritonGPUToLLVMTypeConverter &tc,
                                mlir::RewritePatternSet &patterns);

/// PTX's name of a matrix instruction's element type (f16, bf16, tf32 or
/// f32 for fp32 by `tf32`, s8, s32, e4m3, e5m2), "" for none: mma.sync's
/// and wgmma's.
std::string ptxType(mlir::Type t, bool tf32);

} // namespace trident::nvidia

#endif // TRIDENT_BACKENDS_NVIDIA_TOLLVM_DOTOPTOMMA_H
