//===- GridDependency.h - programmatic dependent launch's inline asm -*- C++ -*-===//
//
// triton.language.extra.cuda's gdc_wait and gdc_launch_dependents are
// inline PTX (`griddepcontrol.wait; // dummy $0`, as Triton writes them):
// a tt.elementwise_inline_asm with no arguments and one unused i32 result.
// Where a target has no grid dependency control (the host, AMD, NVIDIA
// before sm_90) there is no programmatic dependent launch either, the
// stream orders the grids, and both are no-ops: the backends recognize
// them here and drop them.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_TRITON_IR_GRIDDEPENDENCY_H
#define TRIDENT_DIALECT_TRITON_IR_GRIDDEPENDENCY_H

#include "trident/Dialect/Triton/IR/Dialect.h"

namespace mlir::triton {

/// Whether `op` is a grid dependency control statement and nothing else:
/// `griddepcontrol.wait` or `griddepcontrol.launch_dependents`, optionally
/// followed by a `//` comment, with no arguments.
inline bool isGridDependencyControl(ElementwiseInlineAsmOp op) {
  if (!op.getArgs().empty() || op.getNumResults() > 1)
    return false;
  llvm::StringRef text = op.getAsmString();
  text = text.split("//").first.trim();
  return text == "griddepcontrol.wait;" ||
         text == "griddepcontrol.launch_dependents;";
}

} // namespace mlir::triton

#endif // TRIDENT_DIALECT_TRITON_IR_GRIDDEPENDENCY_H
