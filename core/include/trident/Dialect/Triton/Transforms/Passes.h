//===- Passes.h - hardware-neutral TTIR passes ------------------*- C++ -*-===//
//
// The TTIR passes every backend runs before its own lowering: Triton's
// combine rewrites, broadcast reordering and loop-invariant code motion.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_TRITON_TRANSFORMS_PASSES_H
#define TRIDENT_DIALECT_TRITON_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::triton {

#define GEN_PASS_DECL
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"

} // namespace mlir::triton

#endif // TRIDENT_DIALECT_TRITON_TRANSFORMS_PASSES_H
