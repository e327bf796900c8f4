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
// A target with an asynchronous proxy (NVIDIA's TMA copies and wgmma read
// and write shared memory through it, apart from ordinary loads and
// stores) says which operands of which ops it accesses that way
// (AsyncProxy). Before such an op, where ordinary accesses of the same
// bytes happened since the last proxy fence, this inserts the target's
// fence and then a barrier: every thread's ordinary accesses are fenced
// before the one thread that issues the copy goes on. Barriers do not
// take the place of a fence; a fence already in the IR counts.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_ANALYSIS_MEMBAR_H
#define TRIDENT_ANALYSIS_MEMBAR_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <functional>

namespace trident {

/// A target's asynchronous proxy (see above); empty members: none.
struct AsyncProxy {
  /// The memdesc operands `op` reads or writes through the asynchronous
  /// proxy (none for ordinary ops).
  std::function<llvm::SmallVector<mlir::Value>(mlir::Operation *)> buffers;
  /// Whether `op` is the target's proxy fence.
  std::function<bool(mlir::Operation *)> isFence;
  /// Ops whose shared accesses are neither ordinary data accesses nor the
  /// proxy's (NVIDIA's mbarrier ops, on barrier words): left out.
  std::function<bool(mlir::Operation *)> ignores;
  /// Creates the fence at the builder's insertion point.
  std::function<void(mlir::OpBuilder &, mlir::Location)> createFence;
  explicit operator bool() const {
    return buffers && isFence && ignores && createFence;
  }
};

/// Inserts the barriers (and the `proxy`'s fences) every function of
/// `module` needs; returns how many barriers.
unsigned insertSharedBarriers(mlir::ModuleOp module,
                              const AsyncProxy &proxy = {});

} // namespace trident

#endif // TRIDENT_ANALYSIS_MEMBAR_H
