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
    auto fnType = LLVM::LLVMFunctionType::get(ret, sig.getConvertedTypes());
    bool kernel = op.isPublic();
    auto fn = LLVM::LLVMFuncOp::create(
        rw, op.getLoc(), op.getName(), fnType,
        kernel ? LLVM::Linkage::External : LLVM::Linkage::Internal);
    rw.inlineRegionBefore(op.getBody(), fn.getBody(), fn.end());
    if (failed(rw.convertRegionTypes(&fn.getBody(), *getTypeConverter(), &sig)))
      return failure();
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
        BarrierOpConversion<mlir::gpu::BarrierOp>,
        BarrierOpConversion<triton::gpu::BarrierOp>>(tc, lc);
}

} // namespace trident
