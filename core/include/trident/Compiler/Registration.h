//===- Registration.h - dialects and passes of Trident's core ---*- C++ -*-===//
//
// One place that knows every dialect TTIR uses and every core pass, for
// tools (trident-opt, tridentc) and tests.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_COMPILER_REGISTRATION_H
#define TRIDENT_COMPILER_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace trident {

/// Adds tt and the upstream dialects TTIR is written with (arith, math, scf,
/// cf, ub, func, llvm) to `registry`.
void registerCoreDialects(mlir::DialectRegistry &registry);

/// Registers the core TTIR passes, the core pipeline and the upstream passes
/// the pipeline uses (inliner, canonicalize, cse, symbol-dce, ...).
void registerCorePasses();

} // namespace trident

#endif // TRIDENT_COMPILER_REGISTRATION_H
