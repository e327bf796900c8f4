//===- Membar.h - barriers between conflicting shared-memory accesses -*- C++ -*-===//
//
// After the allocation every op's shared-memory ranges are known
// (sharedAccesses). A barrier is needed before an op that reads what an
// op since the last barrier wrote, or writes what one read or wrote; none
// is needed elsewhere. Walking each function in program order with the
// ranges touched since the last barrier, this inserts `ttg.barrier local`
// exactly there: through scf.if (both branches), loops (to a fixed point
// over the back edge) and calls (the callee's range). The ops' own
// write-then-read inside one op (a reduction across warps, say) is the
// lowering's business; this orders one op against the next.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_ANALYSIS_MEMBAR_H
#define TRIDENT_ANALYSIS_MEMBAR_H

#include "mlir/IR/BuiltinOps.h"

namespace trident {

/// Inserts the barriers every function of `module` needs; returns how many.
unsigned insertSharedBarriers(mlir::ModuleOp module);

} // namespace trident

#endif // TRIDENT_ANALYSIS_MEMBAR_H
