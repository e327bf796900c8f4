//===- ReturnThroughMemory.cpp - many results through a caller's buffer ---===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Cpu/Passes.h"

#include "CallsOnly.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

#include <map>

namespace trident::cpu {
#define GEN_PASS_DEF_CPURETURNTHROUGHMEMORY
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;

namespace {

/// A function that now stores its results, and the struct it returned.
struct Changed {
  LLVM::LLVMFuncOp fn;
  LLVM::LLVMStructType result;
};

struct ReturnThroughMemory
    : public trident::cpu::impl::CpuReturnThroughMemoryBase<
          ReturnThroughMemory> {
  using CpuReturnThroughMemoryBase::CpuReturnThroughMemoryBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // A function something other than a call names keeps its signature.
    llvm::DenseSet<StringAttr> otherUses =
        trident::cpu::namedOtherThanByCalls(module);
    llvm::DenseMap<StringAttr, Changed> changed;
    for (auto fn : module.getOps<LLVM::LLVMFuncOp>()) {
      auto result =
          dyn_cast<LLVM::LLVMStructType>(fn.getFunctionType().getReturnType());
      if (!result || result.getBody().size() <= maxFields || fn.isExternal() ||
          !(fn.isPrivate() || fn.getLinkage() == LLVM::Linkage::Private ||
            fn.getLinkage() == LLVM::Linkage::Internal) ||
          fn.getFunctionType().isVarArg() ||
          otherUses.contains(fn.getSymNameAttr()))
        continue;
      storeResults(fn, result);
      changed[fn.getSymNameAttr()] = {fn, result};
    }
    if (changed.empty())
      return;

    // The calls, by calling function, in order.
    llvm::MapVector<LLVM::LLVMFuncOp,
                    SmallVector<std::pair<LLVM::CallOp, Changed>>>
        calls;
    module.walk([&](LLVM::CallOp call) {
      FlatSymbolRefAttr callee = call.getCalleeAttr();
      if (!callee)
        return;
      auto it = changed.find(callee.getAttr());
      if (it != changed.end())
        calls[call->getParentOfType<LLVM::LLVMFuncOp>()].push_back(
            {call, it->second});
    });
    DataLayout layout = DataLayout::closest(module);
    for (auto &[caller, sites] : calls) {
      // One buffer for the calls of this function: each call's fields are
      // loaded before the next call.
      uint64_t bytes = 0, align = 8;
      for (auto &[call, callee] : sites) {
        bytes = std::max<uint64_t>(bytes, layout.getTypeSize(callee.result));
        align = std::max<uint64_t>(align,
                                   layout.getTypeABIAlignment(callee.result));
      }
      OpBuilder b(ctx);
      b.setInsertionPointToStart(&caller.getBody().front());
      Location loc = caller.getLoc();
      Value one = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                           b.getI64IntegerAttr(1));
      auto bufferType = LLVM::LLVMArrayType::get(b.getI8Type(), bytes);
      Value buffer = LLVM::AllocaOp::create(
          b, loc, LLVM::LLVMPointerType::get(ctx), bufferType, one, align);
      for (auto &[call, callee] : sites)
        loadResults(call, buffer, callee);
    }
  }

  /// `fn` takes a pointer first and stores its result's fields there.
  void storeResults(LLVM::LLVMFuncOp fn, LLVM::LLVMStructType result) {
    MLIRContext *ctx = fn.getContext();
    auto ptr = LLVM::LLVMPointerType::get(ctx);
    LLVM::LLVMFunctionType type = fn.getFunctionType();
    SmallVector<Type> params{ptr};
    llvm::append_range(params, type.getParams());
    fn.setFunctionType(
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), params));
    if (ArrayAttr argAttrs = fn.getArgAttrsAttr()) {
      SmallVector<Attribute> attrs{DictionaryAttr::get(ctx)};
      llvm::append_range(attrs, argAttrs);
      fn.setArgAttrsAttr(ArrayAttr::get(ctx, attrs));
    }
    fn.removeResAttrsAttr();
    Block &entry = fn.getBody().front();
    Value out = entry.insertArgument(0u, ptr, fn.getLoc());

    SmallVector<LLVM::ReturnOp> returns;
    fn.walk([&](LLVM::ReturnOp r) { returns.push_back(r); });
    unsigned n = result.getBody().size();
    for (LLVM::ReturnOp ret : returns) {
      OpBuilder b(ret);
      Location loc = ret.getLoc();
      // The fields as the chain of insertions built them; the rest (an
      // aggregate of another origin) extracted.
      SmallVector<Value> fields(n);
      Value agg = ret.getArg();
      while (auto ins = agg.getDefiningOp<LLVM::InsertValueOp>()) {
        ArrayRef<int64_t> pos = ins.getPosition();
        if (pos.size() != 1)
          break;
        if (!fields[pos[0]])
          fields[pos[0]] = ins.getValue();
        agg = ins.getContainer();
      }
      bool undefined = agg.getDefiningOp<LLVM::PoisonOp>() ||
                       agg.getDefiningOp<LLVM::UndefOp>();
      for (unsigned i = 0; i < n; ++i) {
        Value field = fields[i];
        if (!field && undefined)
          continue;
        if (!field)
          field = LLVM::ExtractValueOp::create(b, loc, agg, i);
        Value addr = LLVM::GEPOp::create(
            b, loc, out.getType(), result, out,
            ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
        LLVM::StoreOp::create(b, loc, field, addr);
      }
      LLVM::ReturnOp::create(b, loc, ValueRange{});
      Value old = ret.getArg();
      ret.erase();
      // The insertions, now unused, from the last.
      while (auto ins = old.getDefiningOp<LLVM::InsertValueOp>()) {
        if (!ins->use_empty())
          break;
        old = ins.getContainer();
        ins.erase();
      }
    }
  }

  /// `call` passes `buffer` and reads the fields its results' users take
  /// right after it.
  void loadResults(LLVM::CallOp call, Value buffer, const Changed &callee) {
    LLVM::LLVMStructType result = callee.result;
    OpBuilder b(call);
    Location loc = call.getLoc();
    SmallVector<Value> args{buffer};
    llvm::append_range(args, call.getArgOperands());
    LLVM::CallOp::create(b, loc, callee.fn, args);
    Value old = call.getResult();
    // The fields the users take, loaded in order.
    SmallVector<LLVM::ExtractValueOp> extracts;
    bool whole = false;
    for (Operation *user : old.getUsers()) {
      if (auto extract = dyn_cast<LLVM::ExtractValueOp>(user))
        extracts.push_back(extract);
      else
        whole = true;
    }
    std::map<int64_t, Value> fields;
    for (LLVM::ExtractValueOp extract : extracts)
      fields[extract.getPosition()[0]] = nullptr;
    for (auto &[i, field] : fields) {
      Value addr = LLVM::GEPOp::create(
          b, loc, buffer.getType(), result, buffer,
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
      field = LLVM::LoadOp::create(b, loc, result.getBody()[i], addr);
    }
    for (LLVM::ExtractValueOp extract : extracts) {
      ArrayRef<int64_t> pos = extract.getPosition();
      Value field = fields[pos[0]];
      if (pos.size() > 1) {
        // A field within the field: taken from the loaded one.
        OpBuilder at(extract);
        field = LLVM::ExtractValueOp::create(at, extract.getLoc(), field,
                                             pos.drop_front());
      }
      extract.replaceAllUsesWith(field);
      extract.erase();
    }
    // Any other user (none after the conversion to LLVM) gets the whole.
    if (whole)
      old.replaceAllUsesWith(
          LLVM::LoadOp::create(b, loc, result, buffer).getResult());
    call.erase();
  }
};

} // namespace
