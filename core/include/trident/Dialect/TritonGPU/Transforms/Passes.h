//===- Passes.h - generic TTGIR passes --------------------------*- C++ -*-===//
//
// The passes every GPU backend reuses: TTIR to TTGIR with coalesced
// layouts (convert-triton-to-tritongpu), then, before the lowering, the
// shared-memory allocation (allocate-shared-memory) and the barriers it
// calls for (insert-shared-barriers).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
#define TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Pass/Pass.h"

namespace mlir::triton::gpu {

#define GEN_PASS_DECL
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"

} // namespace mlir::triton::gpu

#endif // TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
