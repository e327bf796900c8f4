//===- DotOpToMFMA.h - tt.dot on MFMA ---------------------------*- C++ -*-===//
//
// The AMD lowering's pattern for dots planned on MFMA (a #ttg.amd_mfma
// accumulator), ahead of core's FMA dot.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_AMD_TOLLVM_DOTOPTOMFMA_H
#define TRIDENT_BACKENDS_AMD_TOLLVM_DOTOPTOMFMA_H

#include "trident/Conversion/TritonGPUToLLVM/Lowering.h"

namespace trident::amd {

void populateDotOpToMFMAPatterns(TritonGPUToLLVMTypeConverter &tc,
                                 mlir::RewritePatternSet &patterns);

} // namespace trident::amd

#endif // TRIDENT_BACKENDS_AMD_TOLLVM_DOTOPTOMFMA_H
