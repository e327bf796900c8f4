//===- Pipeline.h - the core TTIR pipeline ----------------------*- C++ -*-===//
//
// The hardware-neutral pipeline run on every kernel's TTIR before a backend
// takes over: inline helpers, canonicalize, combine, reorder broadcasts,
// CSE, loop-invariant code motion, drop dead symbols.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_COMPILER_PIPELINE_H
#define TRIDENT_COMPILER_PIPELINE_H

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace trident {

/// Appends the core TTIR pipeline to `pm`, which must be anchored on a
/// builtin.module. Also registered as `--trident-core-pipeline`.
void buildCoreTTIRPipeline(mlir::OpPassManager &pm);

/// Registers `trident-core-pipeline` with MLIR's pass registry.
void registerCorePipeline();

} // namespace trident

#endif // TRIDENT_COMPILER_PIPELINE_H
