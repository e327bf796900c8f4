//===- MaskAnalysis.h - masks proved all true at run time -------*- C++ -*-===//
//
// Private to lib/Conversion/TritonToLinalg/. Masks are mostly affine
// comparisons of ranges with the kernel's scalars; when one can be shown
// true for every element from those scalars, the loads and stores it
// guards test it once, outside their loops.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_CPU_CONVERSION_TRITONTOLINALG_MASKANALYSIS_H
#define TRIDENT_BACKENDS_CPU_CONVERSION_TRITONTOLINALG_MASKANALYSIS_H

#include "mlir/Transforms/DialectConversion.h"

namespace trident::cpu::tritontolinalg {

/// An i1 scalar, built at `loc`, that is true only when every element of
/// the TTIR value `mask` is true, or null when the mask is not of an
/// analysable form.
mlir::Value maskAllTrue(mlir::ConversionPatternRewriter &rewriter,
                        mlir::Location loc, mlir::Value mask);

/// The mask elements are tested as `allTrue || mask[i]`: when the analysis
/// proves every element true (the common case of a block inside the
/// bounds), LLVM unswitches the loop on the invariant `allTrue` and the
/// hot version loads and stores without masks, fully vectorized.
mlir::Value effectiveMask(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value allTrue, mlir::Value mask);

} // namespace trident::cpu::tritontolinalg

#endif // TRIDENT_BACKENDS_CPU_CONVERSION_TRITONTOLINALG_MASKANALYSIS_H
