//===- WrittenArguments.h - which pointer arguments a kernel writes -------===//
//
// The pointer arguments of a kernel through which it may write memory: a
// store, an atomic, or an inline assembly block with side effects reached
// from the argument through pointer arithmetic, shape ops, control flow
// and calls. Conservative: a pointer stored as data, or passed to anything
// this analysis does not follow, counts as written. The driver records the
// result in the bundle's metadata (`x.writes`), and the Python package
// refuses a read-only array as such an argument.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_ANALYSIS_WRITTENARGUMENTS_H
#define TRIDENT_ANALYSIS_WRITTENARGUMENTS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir::triton {
class FuncOp;
}

namespace trident {

/// Indices of `kernel`'s pointer arguments it may write through (calls are
/// followed into the functions of `module`).
llvm::SmallVector<unsigned> writtenArguments(mlir::triton::FuncOp kernel,
                                             mlir::ModuleOp module);

/// The names (their locations' NameLoc) of the pointer arguments that the
/// tt.func `kernel` of `module` may write through; nullopt when there is
/// no such function or a written argument has no name.
std::optional<llvm::SmallVector<std::string>>
writtenArgumentNames(mlir::ModuleOp module, llvm::StringRef kernel);

} // namespace trident

#endif // TRIDENT_ANALYSIS_WRITTENARGUMENTS_H
