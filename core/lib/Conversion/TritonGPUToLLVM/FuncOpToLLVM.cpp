//===- FuncOpToLLVM.cpp - functions, calls, program ids, barriers ---------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::triton;

namespace trident {
namespace {

struct FuncOpConversion : public ConvertOpToLLVMPattern<FuncOp> {
  FuncOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(FuncOp op, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    FunctionType ft = op.getFunctionType();
    TypeConverter::SignatureConversion sig(ft.getNumInputs());
    for (auto [i, t] : llvm::enumerate(ft.getInputs())) {
      Type c = getTypeConverter()->convertType(t);
      if (!c)
        return rw.notifyMatchFailure(op, "argument type");
      sig.addInputs(i, c);
    }
    SmallVector<Type> results;
    for (Type t : ft.getResults())
      results.push_back(getTypeConverter()->convertType(t));
    Type ret = results.empty()
                   ? LLVM::LLVMVoidType::get(rw.getContext())
                   : results.size() == 1
                         ? results.front()
                         : LLVM::LLVMStructType::getLiteral(rw.getContext(), results);
    bool kernel = op.isPublic();
    // A kernel that uses global scratch takes the runtime's two hidden
    // pointers after its own parameters: its programs' global scratch and
    // profile scratch (unused), as Triton's kernels do.
    SmallVector<Type> inputs(sig.getConvertedTypes());
    auto module = op->getParentOfType<ModuleOp>();
    bool scratch =
        kernel && module &&
        module->hasAttr(triton::gpu::kGlobalScratchSize);
    Type globalPtr = LLVM::LLVMPointerType::get(
        rw.getContext(), lc.target.globalAddressSpace());
    if (scratch)
      inputs.append(2, globalPtr);
    auto fnType = LLVM::LLVMFunctionType::get(ret, inputs);
    auto fn = LLVM::LLVMFuncOp::create(
        rw, op.getLoc(), op.getName(), fnType,
        kernel ? LLVM::Linkage::External : LLVM::Linkage::Internal);
    rw.inlineRegionBefore(op.getBody(), fn.getBody(), fn.end());
    FailureOr<Block *> entry =
        rw.convertRegionTypes(&fn.getBody(), *getTypeConverter(), &sig);
    if (failed(entry))
      return failure();
    if (scratch && *entry) {
      (*entry)->addArgument(globalPtr, op.getLoc());
      (*entry)->addArgument(globalPtr, op.getLoc());
    }
    if (kernel)
      lc.target.markKernel(fn, lc.numWarps * lc.target.threadsPerWarp());
    rw.eraseOp(op);
    return success();
  }
  LoweringContext &lc;
};

struct ReturnOpConversion : public ConvertOpToLLVMPattern<ReturnOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    if (adaptor.getOperands().size() > 1)
      return rw.notifyMatchFailure(op, "several results");
    rw.replaceOpWithNewOp<LLVM::ReturnOp>(op, adaptor.getOperands());
    return success();
  }
};

struct CallOpConversion : public ConvertOpToLLVMPattern<CallOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    SmallVector<Type> results;
    for (Type t : op.getResultTypes())
      results.push_back(getTypeConverter()->convertType(t));
    if (results.size() > 1)
      return rw.notifyMatchFailure(op, "several results");
    auto call = LLVM::CallOp::create(rw, op.getLoc(), results,
                                     op.getCallee(), adaptor.getOperands());
    rw.replaceOp(op, call.getResults());
    return success();
  }
};

struct ProgramIdOpConversion : public ConvertOpToLLVMPattern<GetProgramIdOp> {
  ProgramIdOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(GetProgramIdOp op, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    rw.replaceOp(op, lc.target.programId(rw, op.getLoc(), int(op.getAxis())));
    return success();
  }
  LoweringContext &lc;
};

struct NumProgramsOpConversion
    : public ConvertOpToLLVMPattern<GetNumProgramsOp> {
  NumProgramsOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(GetNumProgramsOp op, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    rw.replaceOp(op,
                 lc.target.numPrograms(rw, op.getLoc(), int(op.getAxis())));
    return success();
  }
  LoweringContext &lc;
};

/// ttg.global_scratch_alloc: the kernel's scratch pointer (its
/// second-to-last parameter) plus the program's linear id times the
/// per-program size plus the op's offset (tritongpu-allocate-global-scratch).
struct GlobalScratchAllocConversion
    : public ConvertOpToLLVMPattern<triton::gpu::GlobalScratchAllocOp> {
  GlobalScratchAllocConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(triton::gpu::GlobalScratchAllocOp op, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    auto fn = op->getParentOfType<LLVM::LLVMFuncOp>();
    auto module = op->getParentOfType<ModuleOp>();
    auto size = module ? module->getAttrOfType<IntegerAttr>(
                             triton::gpu::kGlobalScratchSize)
                       : IntegerAttr();
    auto offset =
        op->getAttrOfType<IntegerAttr>(triton::gpu::kGlobalScratchOffset);
    if (!size || !offset)
      return op.emitError("global scratch without its offset: run "
                          "tritongpu-allocate-global-scratch before the "
                          "lowering");
    if (!fn || fn.getLinkage() != LLVM::Linkage::External ||
        fn.getNumArguments() < 2)
      return op.emitError("global scratch is supported in the kernel "
                          "itself, not in a function it calls");
    Location loc = op.getLoc();
    Type i64 = rw.getI64Type();
    auto ext = [&](Value v) { return LLVM::ZExtOp::create(rw, loc, i64, v); };
    Value x = ext(lc.target.programId(rw, loc, 0));
    Value y = ext(lc.target.programId(rw, loc, 1));
    Value z = ext(lc.target.programId(rw, loc, 2));
    Value nx = ext(lc.target.numPrograms(rw, loc, 0));
    Value ny = ext(lc.target.numPrograms(rw, loc, 1));
    Value linear = LLVM::AddOp::create(
        rw, loc, x,
        LLVM::MulOp::create(rw, loc, nx,
                            LLVM::AddOp::create(
                                rw, loc, y,
                                LLVM::MulOp::create(rw, loc, ny, z))));
    Value bytes = LLVM::AddOp::create(
        rw, loc,
        LLVM::MulOp::create(
            rw, loc, linear,
            LLVM::ConstantOp::create(rw, loc, i64,
                                     rw.getI64IntegerAttr(size.getInt()))),
        LLVM::ConstantOp::create(rw, loc, i64,
                                 rw.getI64IntegerAttr(offset.getInt())));
    Value base = fn.getArgument(fn.getNumArguments() - 2);
    rw.replaceOp(op, LLVM::GEPOp::create(rw, loc, base.getType(),
                                         rw.getI8Type(), base,
                                         ArrayRef<LLVM::GEPArg>{bytes}));
    return success();
  }
  LoweringContext &lc;
};

/// tl.debug_barrier (gpu.barrier) and ttg.barrier: a CTA barrier, which
/// orders the CTA's shared and global accesses alike.
template <typename Op>
struct BarrierOpConversion : public ConvertOpToLLVMPattern<Op> {
  BarrierOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern<Op>(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor,
                  ConversionPatternRewriter &rw) const override {
    lc.target.barrier(rw, op.getLoc());
    rw.eraseOp(op);
    return success();
  }
  LoweringContext &lc;
};

} // namespace

void populateFuncOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                  RewritePatternSet &p, LoweringContext &lc) {
  p.add<ReturnOpConversion, CallOpConversion>(tc);
  p.add<FuncOpConversion, ProgramIdOpConversion, NumProgramsOpConversion,
        GlobalScratchAllocConversion,
        BarrierOpConversion<mlir::gpu::BarrierOp>,
        BarrierOpConversion<triton::gpu::BarrierOp>>(tc, lc);
}

} // namespace trident
