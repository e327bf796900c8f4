//===- BarePointerCalls.cpp - one pointer per fixed-shape buffer ----------===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Cpu/Passes.h"

#include "CallsOnly.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/DenseSet.h"

namespace trident::cpu {
#define GEN_PASS_DEF_CPUBAREPOINTERCALLS
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;

namespace {

/// A buffer type whose descriptor the type alone gives (but for its
/// pointer): static shape, strides and offset.
bool fixedShape(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return !isa<UnrankedMemRefType>(type);
  if (!memref.hasStaticShape())
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(memref.getStridesAndOffset(strides, offset)))
    return false;
  return ShapedType::isStatic(offset) &&
         llvm::all_of(strides, ShapedType::isStatic);
}

struct BarePointerCalls
    : public trident::cpu::impl::CpuBarePointerCallsBase<BarePointerCalls> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // A function something other than a call names keeps its signature.
    llvm::DenseSet<StringAttr> otherUses =
        trident::cpu::namedOtherThanByCalls(module);
    for (func::FuncOp fn : module.getOps<func::FuncOp>()) {
      if (fn.isExternal() || !fn.isPrivate() ||
          otherUses.contains(fn.getSymNameAttr()))
        continue;
      FunctionType type = fn.getFunctionType();
      if (llvm::all_of(type.getInputs(), fixedShape) &&
          llvm::all_of(type.getResults(), fixedShape))
        fn->setAttr("llvm.bareptr", UnitAttr::get(fn.getContext()));
    }
  }
};

} // namespace
