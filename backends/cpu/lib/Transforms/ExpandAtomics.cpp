//===- ExpandAtomics.cpp - atomic placeholders to LLVM atomics -------------===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Cpu/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace trident::cpu {
#define GEN_PASS_DEF_CPUEXPANDATOMICS
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;

namespace {

struct ExpandAtomics
    : public trident::cpu::impl::CpuExpandAtomicsBase<ExpandAtomics> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> decls;
    WalkResult r = module.walk([&](func::CallOp call) {
      StringRef name = call.getCallee();
      if (!name.starts_with("trident.rmw.") && !name.starts_with("trident.cas."))
        return WalkResult::advance();
      SmallVector<StringRef> parts;
      name.split(parts, '.');
      OpBuilder b(call);
      Location loc = call.getLoc();
      Value ptr = LLVM::IntToPtrOp::create(
          b, loc, LLVM::LLVMPointerType::get(b.getContext()),
          call.getOperand(0));
      Value result;
      if (parts[1] == "rmw") {
        auto bin = LLVM::symbolizeAtomicBinOp(parts[2]);
        auto order = LLVM::symbolizeAtomicOrdering(parts[3]);
        if (!bin || !order) {
          call.emitError("malformed atomic placeholder ") << name;
          return WalkResult::interrupt();
        }
        result = LLVM::AtomicRMWOp::create(b, loc, *bin, ptr,
                                           call.getOperand(1), *order);
      } else {
        auto order = LLVM::symbolizeAtomicOrdering(parts[2]);
        if (!order) {
          call.emitError("malformed atomic placeholder ") << name;
          return WalkResult::interrupt();
        }
        auto fail = *order == LLVM::AtomicOrdering::acq_rel
                        ? LLVM::AtomicOrdering::acquire
                    : *order == LLVM::AtomicOrdering::release
                        ? LLVM::AtomicOrdering::monotonic
                        : *order;
        auto x = LLVM::AtomicCmpXchgOp::create(
            b, loc, ptr, call.getOperand(1), call.getOperand(2), *order, fail);
        result = LLVM::ExtractValueOp::create(b, loc, x, 0);
      }
      call.getResult(0).replaceAllUsesWith(result);
      call.erase();
      return WalkResult::advance();
    });
    if (r.wasInterrupted())
      return signalPassFailure();
    for (auto f : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (f.isExternal() && (f.getName().starts_with("trident.rmw.") ||
                             f.getName().starts_with("trident.cas.")))
        f.erase();
  }
};

} // namespace
