//===- KernelWrapper.cpp - the cpu kernel ABI entry points -----------------===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Cpu/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace trident::cpu {
#define GEN_PASS_DEF_CPUADDKERNELWRAPPER
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;

namespace {

struct AddKernelWrapper
    : public trident::cpu::impl::CpuAddKernelWrapperBase<AddKernelWrapper> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Dots outlined by cpu-outline-dots stay calls (compiled once), and
    // so do the parts of cpu-split-large-functions (compiled one by one).
    for (auto fn : module.getOps<LLVM::LLVMFuncOp>())
      if (fn.getName().starts_with("trident.dot.") ||
          fn.getName().starts_with("trident.part."))
        fn.setNoInline(true);
    auto names = module->getAttrOfType<ArrayAttr>("trident.kernels");
    if (!names)
      return;
    MLIRContext *ctx = &getContext();
    OpBuilder b(ctx);
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    auto i32 = IntegerType::get(ctx, 32);
    for (Attribute a : names) {
      StringRef name = cast<StringAttr>(a).getValue();
      auto impl = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
      if (!impl) {
        module.emitError("cpu backend: kernel '") << name << "' was not lowered";
        return signalPassFailure();
      }
      impl.setSymName((name + ".impl").str());
      impl.setLinkage(LLVM::Linkage::Internal);
      Location loc = impl.getLoc();
      b.setInsertionPointToEnd(module.getBody());
      auto fnType = LLVM::LLVMFunctionType::get(
          LLVM::LLVMVoidType::get(ctx), {ptrType, ptrType});
      auto wrapper = LLVM::LLVMFuncOp::create(b, loc, name, fnType);
      Block *entry = wrapper.addEntryBlock(b);
      b.setInsertionPointToStart(entry);
      Value args = entry->getArgument(0), program = entry->getArgument(1);
      LLVM::LLVMFunctionType implType = impl.getFunctionType();
      unsigned numParams = implType.getNumParams();
      if (numParams < 6) {
        impl.emitError("cpu backend: kernel lacks its program arguments");
        return signalPassFailure();
      }
      SmallVector<Value> callArgs;
      for (unsigned i = 0; i + 6 < numParams; ++i) {
        Value slot = LLVM::GEPOp::create(b, loc, ptrType, ptrType, args,
                                         ArrayRef<LLVM::GEPArg>{int32_t(i)});
        Value p = LLVM::LoadOp::create(b, loc, ptrType, slot);
        callArgs.push_back(
            LLVM::LoadOp::create(b, loc, implType.getParamType(i), p));
      }
      for (int32_t j = 0; j < 6; ++j) {
        Value slot = LLVM::GEPOp::create(b, loc, ptrType, i32, program,
                                         ArrayRef<LLVM::GEPArg>{j});
        callArgs.push_back(LLVM::LoadOp::create(b, loc, i32, slot));
      }
      LLVM::CallOp::create(b, loc, impl, callArgs);
      LLVM::ReturnOp::create(b, loc, ValueRange{});
    }
  }
};

} // namespace
