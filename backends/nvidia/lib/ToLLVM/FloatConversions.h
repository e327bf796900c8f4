//===- FloatConversions.h - fp8 and rtz conversions for NVIDIA -*- C++ -*-===//
#ifndef TRIDENT_BACKENDS_NVIDIA_FLOATCONVERSIONS_H
#define TRIDENT_BACKENDS_NVIDIA_FLOATCONVERSIONS_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

namespace trident::nvidia {

/// tt.fp_to_fp into and out of fp8e4nv/fp8e5 (sm_89+) and rounding toward
/// zero, through PTX's cvt; arith.truncf of f32 tensors to f16/bf16 two
/// elements per packed cvt.
void populateFloatConversionPatterns(mlir::LLVMTypeConverter &tc,
                                     mlir::RewritePatternSet &patterns, int cc);

} // namespace trident::nvidia

#endif // TRIDENT_BACKENDS_NVIDIA_FLOATCONVERSIONS_H
