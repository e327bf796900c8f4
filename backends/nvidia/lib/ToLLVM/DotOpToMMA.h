//===- DotOpToMMA.h - tt.dot on mma.sync ------------------------*- C++ -*-===//
//
// The NVIDIA lowering's pattern for dots planned on mma.sync (a
// #ttg.nvidia_mma version 2 accumulator), ahead of core's FMA dot.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_NVIDIA_TOLLVM_DOTOPTOMMA_H
#define TRIDENT_BACKENDS_NVIDIA_TOLLVM_DOTOPTOMMA_H

#include "trident/Conversion/TritonGPUToLLVM/Lowering.h"

namespace trident::nvidia {

void populateDotOpToMMAPatterns(TritonGPUToLLVMTypeConverter &tc,
                                mlir::RewritePatternSet &patterns);

} // namespace trident::nvidia

#endif // TRIDENT_BACKENDS_NVIDIA_TOLLVM_DOTOPTOMMA_H
