//===- WrittenArguments.cpp - which pointer arguments a kernel writes -----===//

#include "trident/Analysis/WrittenArguments.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace trident {
namespace {

class Analysis {
public:
  explicit Analysis(ModuleOp module) : module_(module) {}

  /// What a function's argument reaches: a write through it, and its
  /// function's return values.
  struct Reach {
    bool written = false;
    bool returned = false;
  };

  /// Reach of argument `index` of `fn` (memoized; a call cycle counts as
  /// written).
  Reach argumentReach(tt::FuncOp fn, unsigned index) {
    auto key = std::make_pair(fn.getOperation(), index);
    auto [it, inserted] = memo_.try_emplace(key, Reach{true, true});
    if (!inserted)
      return it->second;
    Reach r;
    r.written = reaches(fn.getArgument(index), r.returned);
    memo_[key] = r;
    return r;
  }

private:
  static bool isPointerLike(Type t) {
    if (auto tensor = dyn_cast<RankedTensorType>(t))
      t = tensor.getElementType();
    return isa<tt::PointerType>(t);
  }

  /// Whether a write is reached from `start` through its derived values;
  /// `returned`: whether one of them is returned.
  bool reaches(Value start, bool &returned) {
    llvm::SmallVector<Value> work = {start};
    llvm::DenseSet<Value> seen = {start};
    auto push = [&](Value v) {
      if (seen.insert(v).second)
        work.push_back(v);
    };
    auto pushAll = [&](auto range) {
      for (Value v : range)
        push(v);
    };
    while (!work.empty()) {
      Value v = work.pop_back_val();
      for (OpOperand &use : v.getUses()) {
        Operation *user = use.getOwner();
        unsigned n = use.getOperandNumber();
        if (isa<tt::StoreOp, tt::AtomicRMWOp, tt::AtomicCASOp>(user)) {
          // The destination; or a pointer stored as data, which escapes.
          if (n == 0 || isPointerLike(v.getType()))
            return true;
          continue;
        }
        if (isa<tt::LoadOp>(user))
          continue; // its results are data
        if (isa<tt::PrintOp, tt::AssertOp>(user))
          continue;
        if (auto call = dyn_cast<tt::CallOp>(user)) {
          auto callee = module_.lookupSymbol<tt::FuncOp>(call.getCallee());
          if (!callee || n >= callee.getNumArguments())
            return true;
          Reach r = argumentReach(callee, n);
          if (r.written)
            return true;
          if (r.returned)
            pushAll(call->getResults());
          continue;
        }
        if (auto asmOp = dyn_cast<tt::ElementwiseInlineAsmOp>(user)) {
          if (!asmOp.getPure())
            return true;
          pushAll(user->getResults());
          continue;
        }
        if (auto loop = dyn_cast<scf::ForOp>(user)) {
          unsigned inits = loop.getNumControlOperands();
          if (n >= inits) {
            push(loop.getRegionIterArgs()[n - inits]);
            push(loop->getResult(n - inits));
          }
          continue;
        }
        if (auto loop = dyn_cast<scf::WhileOp>(user)) {
          push(loop.getBeforeArguments()[n]);
          continue;
        }
        if (isa<scf::YieldOp, scf::ConditionOp>(user)) {
          Operation *parent = user->getParentOp();
          unsigned j = isa<scf::ConditionOp>(user) ? n - 1 : n;
          if (isa<scf::ConditionOp>(user) && n == 0)
            continue; // the condition
          if (auto loop = dyn_cast<scf::ForOp>(parent)) {
            push(loop.getRegionIterArgs()[j]);
            push(loop->getResult(j));
          } else if (auto loop = dyn_cast<scf::WhileOp>(parent)) {
            if (isa<scf::ConditionOp>(user)) {
              push(loop.getAfterArguments()[j]);
              push(loop->getResult(j));
            } else {
              push(loop.getBeforeArguments()[j]);
            }
          } else if (j < parent->getNumResults()) {
            push(parent->getResult(j)); // scf.if, scf.index_switch
          } else {
            return true; // a region op we do not follow
          }
          continue;
        }
        if (isa<tt::ReturnOp>(user)) {
          returned = true; // callers follow the call's results
          continue;
        }
        if (user->getNumRegions() != 0 && !isa<tt::ReduceOp, tt::ScanOp>(user)) {
          // A region op we do not know: everything it defines may derive
          // from the value.
          for (Region &r : user->getRegions())
            for (Block &b : r)
              pushAll(b.getArguments());
        }
        if (!isMemoryEffectFree(user) && !isa<tt::ReduceOp, tt::ScanOp>(user) &&
            user->getNumRegions() == 0) {
          auto effects = dyn_cast<MemoryEffectOpInterface>(user);
          if (!effects || effects.hasEffect<MemoryEffects::Write>())
            return true;
        }
        pushAll(user->getResults());
      }
    }
    return false;
  }

  ModuleOp module_;
  llvm::DenseMap<std::pair<Operation *, unsigned>, Reach> memo_;
};

} // namespace

llvm::SmallVector<unsigned> writtenArguments(tt::FuncOp kernel,
                                             ModuleOp module) {
  Analysis analysis(module);
  llvm::SmallVector<unsigned> out;
  for (unsigned i = 0; i < kernel.getNumArguments(); ++i)
    if (isa<tt::PointerType>(kernel.getArgument(i).getType()) &&
        analysis.argumentReach(kernel, i).written)
      out.push_back(i);
  return out;
}

std::optional<llvm::SmallVector<std::string>>
writtenArgumentNames(ModuleOp module, llvm::StringRef kernel) {
  auto fn = module.lookupSymbol<tt::FuncOp>(kernel);
  if (!fn)
    return std::nullopt;
  llvm::SmallVector<std::string> names;
  for (unsigned i : writtenArguments(fn, module)) {
    auto named = dyn_cast<NameLoc>(fn.getArgument(i).getLoc());
    if (!named)
      return std::nullopt;
    names.push_back(named.getName().str());
  }
  return names;
}

} // namespace trident
