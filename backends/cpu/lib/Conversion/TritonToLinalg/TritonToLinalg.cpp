//===- TritonToLinalg.cpp - TTIR to tensor/linalg/scf for the host --------===//
//
// Pointers become i64 addresses. Value-producing tensor ops map to tensor
// and linalg ops, so that upstream bufferization and lowering take over;
// memory accesses are LLVM loads/stores on addresses (in linalg.generic
// bodies for loads, in loop nests for stores and atomics, whose effects
// must not be dropped); reductions and scans run their combine region in
// loop nests.
//
// The patterns are split by op family, one file each (see Common.h); this
// file holds the functions, the ops rebuilt with converted types, and the
// pass.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonToLinalg/Common.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/ControlFlow/Transforms/StructuralTypeConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

namespace trident::cpu {
#define GEN_PASS_DEF_CPUCONVERTTRITONTOLINALG
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;
namespace tt = mlir::triton;
using namespace trident::cpu::tritontolinalg;

namespace {

struct FuncPattern : public OpConversionPattern<tt::FuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::FuncOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = op.getFunctionType();
    TypeConverter::SignatureConversion sig(type.getNumInputs());
    for (auto [i, t] : llvm::enumerate(type.getInputs())) {
      Type c = getTypeConverter()->convertType(t);
      if (!c)
        return rewriter.notifyMatchFailure(op, "unsupported argument type");
      sig.addInputs(i, c);
    }
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(type.getResults(), results)))
      return failure();
    auto func = func::FuncOp::create(
        rewriter, op.getLoc(), op.getName(),
        rewriter.getFunctionType(sig.getConvertedTypes(), results));
    func.setVisibility(op.getVisibility());
    if (op->hasAttr(trident::cpu::kProgramArgsAttr))
      func->setAttr(trident::cpu::kProgramArgsAttr, rewriter.getUnitAttr());
    rewriter.inlineRegionBefore(op.getBody(), func.getBody(), func.end());
    if (failed(rewriter.convertRegionTypes(&func.getBody(),
                                           *getTypeConverter(), &sig)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

struct CallPattern : public OpConversionPattern<tt::CallOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::CallOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), results)))
      return failure();
    rewriter.replaceOpWithNewOp<func::CallOp>(op, op.getCallee(), results,
                                              a.getOperands());
    return success();
  }
};

/// Rebuilds an op whose operand or result types hold pointers with the
/// converted types (arith.select, arith.constant of pointers, ub.poison).
struct GenericTypePattern : public ConversionPattern {
  GenericTypePattern(const TypeConverter &tc, MLIRContext *ctx)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), 1, ctx) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumRegions() || !isa<arith::SelectOp, ub::PoisonOp>(op))
      return failure();
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), results)))
      return failure();
    OperationState state(op->getLoc(), op->getName().getStringRef(), operands,
                         results, op->getAttrs());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

struct ConvertTritonToLinalg
    : public trident::cpu::impl::CpuConvertTritonToLinalgBase<
          ConvertTritonToLinalg> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ModuleOp module = getOperation();
    PtrTypeConverter converter(ctx);
    ConversionTarget target(*ctx);
    target.addLegalDialect<arith::ArithDialect, math::MathDialect,
                           linalg::LinalgDialect, tensor::TensorDialect,
                           LLVM::LLVMDialect, func::FuncDialect,
                           scf::SCFDialect, cf::ControlFlowDialect>();
    target.addIllegalDialect<tt::TritonDialect>();
    target.addDynamicallyLegalDialect<arith::ArithDialect, ub::UBDialect>(
        [&](Operation *op) { return converter.isLegal(op); });
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp f) {
      return converter.isSignatureLegal(f.getFunctionType());
    });
    target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      return converter.isLegal(op);
    });

    RewritePatternSet patterns(ctx);
    patterns.add<FuncPattern, OneToOne<tt::ReturnOp, func::ReturnOp>,
                 CallPattern, GenericTypePattern>(converter, ctx);
    populateShapePatterns(converter, patterns);
    populateMemoryPatterns(converter, patterns);
    populateAtomicPatterns(converter, patterns);
    populateReductionPatterns(converter, patterns);
    populateElementwisePatterns(converter, patterns);
    populateDebugPatterns(converter, patterns);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    cf::populateCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
