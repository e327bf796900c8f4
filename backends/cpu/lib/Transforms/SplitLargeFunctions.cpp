//===- SplitLargeFunctions.cpp - bounded-size parts of huge functions -----===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Cpu/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace trident::cpu {
#define GEN_PASS_DEF_CPUSPLITLARGEFUNCTIONS
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;

namespace {

/// Ops in `op`, itself included.
unsigned sizeOf(Operation *op) {
  unsigned n = 0;
  op->walk([&](Operation *) { ++n; });
  return n;
}

struct SplitLargeFunctions
    : public trident::cpu::impl::CpuSplitLargeFunctionsBase<SplitLargeFunctions> {
  using CpuSplitLargeFunctionsBase::CpuSplitLargeFunctionsBase;

  unsigned nextPart = 0;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (func::FuncOp fn : llvm::to_vector(module.getOps<func::FuncOp>())) {
      if (fn.isExternal() || !fn.getBody().hasOneBlock())
        continue;
      if (sizeOf(fn) < minOps)
        continue;
      // A stack allocation must not outlive the part that made it: a
      // function with any is left whole.
      bool stack = false;
      fn.walk([&](Operation *op) {
        auto effects = dyn_cast<MemoryEffectOpInterface>(op);
        if (effects && effects.hasEffect<MemoryEffects::Allocate>() &&
            llvm::any_of(op->getResults(), [&](Value r) {
              return effects.getEffectOnValue<MemoryEffects::Allocate>(r) &&
                     effects.getEffectOnValue<MemoryEffects::Allocate>(r)
                             ->getResource() ==
                         SideEffects::AutomaticAllocationScopeResource::get();
            }))
          stack = true;
      });
      if (stack)
        continue;
      split(module, fn);
    }
  }

  void split(ModuleOp module, func::FuncOp fn) {
    Block &body = fn.getBody().front();
    // Cut between top-level ops: parts of about partOps ops.
    SmallVector<SmallVector<Operation *>> parts(1);
    unsigned size = 0;
    for (Operation &op : body.without_terminator()) {
      unsigned n = sizeOf(&op);
      if (size && size + n > partOps) {
        parts.emplace_back();
        size = 0;
      }
      parts.back().push_back(&op);
      size += n;
    }
    if (parts.size() < 2)
      return;
    for (SmallVector<Operation *> &part : parts)
      outline(module, fn, part);
  }

  void outline(ModuleOp module, func::FuncOp fn, ArrayRef<Operation *> part) {
    llvm::DenseSet<Operation *> inPart(part.begin(), part.end());
    Block &body = fn.getBody().front();
    // The top-level op of `body` that holds `op` (null for none).
    auto topLevel = [&](Operation *op) -> Operation * {
      while (op && op->getBlock() != &body)
        op = op->getParentOp();
      return op;
    };
    auto definedInPart = [&](Value v) {
      if (Operation *def = v.getDefiningOp())
        return inPart.contains(topLevel(def));
      Operation *owner = cast<BlockArgument>(v).getOwner()->getParentOp();
      return owner != fn.getOperation() && inPart.contains(topLevel(owner));
    };
    // Values from before the part: constants are cloned, others passed.
    llvm::SetVector<Value> inputs, constants;
    for (Operation *op : part)
      op->walk([&](Operation *nested) {
        for (Value v : nested->getOperands()) {
          if (definedInPart(v))
            continue;
          Operation *def = v.getDefiningOp();
          if (def && def->getNumOperands() == 0 && def->getNumRegions() == 0 &&
              matchPattern(def, m_Constant()))
            constants.insert(v);
          else
            inputs.insert(v);
        }
      });
    // Values the rest of the function uses. A constant among them stays in
    // the function as a copy (later parts clone it in turn) rather than
    // being returned.
    auto usedAfter = [&](OpOperand &use) {
      return !inPart.contains(topLevel(use.getOwner()));
    };
    OpBuilder b(module.getContext());
    SmallVector<Value> outputs;
    for (Operation *op : part) {
      bool constant = op->getNumOperands() == 0 && op->getNumRegions() == 0 &&
                      op->getNumResults() == 1 && matchPattern(op, m_Constant());
      for (Value r : op->getResults()) {
        if (llvm::none_of(r.getUses(), usedAfter))
          continue;
        if (constant) {
          b.setInsertionPoint(part.front());
          r.replaceUsesWithIf(b.clone(*op)->getResult(0), usedAfter);
          continue;
        }
        outputs.push_back(r);
      }
    }

    b.setInsertionPointToEnd(module.getBody());
    SmallVector<Type> inTypes, outTypes;
    for (Value v : inputs)
      inTypes.push_back(v.getType());
    for (Value v : outputs)
      outTypes.push_back(v.getType());
    Location loc = part.front()->getLoc();
    std::string name;
    do
      name = "trident.part." + std::to_string(nextPart++);
    while (module.lookupSymbol(name));
    auto callee = func::FuncOp::create(b, loc, name,
                                       b.getFunctionType(inTypes, outTypes));
    callee.setPrivate();
    // A part must not write the tensors it is given in place: the caller
    // may still read them (one-shot bufferization otherwise let a part
    // update a buffer that a later part read as its original value).
    for (auto [i, type] : llvm::enumerate(inTypes))
      if (isa<TensorType>(type))
        callee.setArgAttr(i, "bufferization.writable", b.getBoolAttr(false));
    Block *entry = callee.addEntryBlock();

    // The call, where the part was; then the part moves into the callee.
    b.setInsertionPoint(part.front());
    auto call = func::CallOp::create(b, loc, callee, inputs.getArrayRef());
    for (auto [out, res] : llvm::zip(outputs, call.getResults()))
      out.replaceUsesWithIf(res, [&](OpOperand &use) {
        return !inPart.contains(topLevel(use.getOwner()));
      });
    b.setInsertionPointToStart(entry);
    IRMapping map;
    for (Value c : constants)
      map.map(c, b.clone(*c.getDefiningOp())->getResult(
                     cast<OpResult>(c).getResultNumber()));
    for (auto [v, arg] : llvm::zip(inputs, entry->getArguments()))
      map.map(v, arg);
    for (Operation *op : part)
      op->moveBefore(entry, entry->end());
    for (Operation *op : part)
      op->walk([&](Operation *nested) {
        for (OpOperand &operand : nested->getOpOperands())
          if (Value repl = map.lookupOrNull(operand.get()))
            operand.set(repl);
      });
    b.setInsertionPointToEnd(entry);
    func::ReturnOp::create(b, loc, outputs);
  }
};

} // namespace
