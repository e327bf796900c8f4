//===- Passes.h - hardware-neutral TTIR passes ------------------*- C++ -*-===//
//
// The TTIR passes every backend runs before its own lowering: Triton's
// combine rewrites, broadcast reordering and loop-invariant code motion.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_TRITON_TRANSFORMS_PASSES_H
#define TRIDENT_DIALECT_TRITON_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

#include <functional>

namespace mlir::triton {

class TensorDescType;

#define GEN_PASS_DECL
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"

/// triton-rewrite-tensor-descriptor-to-pointer for a target with a tensor
/// copy engine: a module whose every descriptor `keep` accepts and is a
/// kernel parameter or made in the kernel's body (outside loops and
/// branches), used only by tt.descriptor_load and tt.descriptor_store, is
/// left as it is (the backend copies those blocks itself); any other is
/// rewritten whole.
std::unique_ptr<Pass> createTritonRewriteTensorDescriptorToPointer(
    std::function<bool(TensorDescType)> keep);

} // namespace mlir::triton

#endif // TRIDENT_DIALECT_TRITON_TRANSFORMS_PASSES_H
