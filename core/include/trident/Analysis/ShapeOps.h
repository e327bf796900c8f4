//===- ShapeOps.h - where a shape op's result elements come from -*- C++ -*-===//
//
// tt.trans, tt.reshape, tt.join, tt.split and tt.cat move elements to
// other positions. For each result register this says which operand
// register of the same thread holds its element, read off the linear
// layouts; when some element is in another thread there is no such map
// and the op goes through shared memory. The lowering picks registers by
// it, the shared-memory allocation reserves scratch only where it fails.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_ANALYSIS_SHAPEOPS_H
#define TRIDENT_ANALYSIS_SHAPEOPS_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <utility>

namespace trident {

/// (operand number, register of that operand) for one result register.
using RegisterPick = std::pair<int, int32_t>;

/// For each register of result `result` of the shape op `op`, the operand
/// register of the same thread that holds its element; std::nullopt when
/// some element is held by another thread, or `op` is no shape op.
std::optional<llvm::SmallVector<RegisterPick>>
shapeOpPicks(mlir::Operation *op, unsigned result);

/// Whether `op` is a shape op that needs shared memory (some result
/// element is in another thread).
bool shapeOpNeedsSharedMemory(mlir::Operation *op);

} // namespace trident

#endif // TRIDENT_ANALYSIS_SHAPEOPS_H
