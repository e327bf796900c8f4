//===- CallsOnly.h - functions that only direct calls name ----------------===//
//
// For the passes that change how private functions are called
// (cpu-bare-pointer-calls, cpu-return-through-memory): a function whose
// symbol anything else names (an address taken, say) must keep its
// signature.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_BACKENDS_CPU_TRANSFORMS_CALLSONLY_H
#define TRIDENT_BACKENDS_CPU_TRANSFORMS_CALLSONLY_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"

#include "llvm/ADT/DenseSet.h"

namespace trident::cpu {

/// The symbols in `module` that an op other than a call names (one walk).
inline llvm::DenseSet<mlir::StringAttr>
namedOtherThanByCalls(mlir::ModuleOp module) {
  llvm::DenseSet<mlir::StringAttr> named;
  if (std::optional<mlir::SymbolTable::UseRange> uses =
          mlir::SymbolTable::getSymbolUses(&module.getBodyRegion()))
    for (const mlir::SymbolTable::SymbolUse &use : *uses)
      if (!mlir::isa<mlir::CallOpInterface>(use.getUser()))
        named.insert(use.getSymbolRef().getRootReference());
  return named;
}

} // namespace trident::cpu

#endif // TRIDENT_BACKENDS_CPU_TRANSFORMS_CALLSONLY_H
