//===- Combine.cpp - Triton's peephole rewrites on TTIR -------------------===//
//
// The `triton-combine` pass: algebraic rewrites that make later lowering
// simpler or cheaper (see Passes.td for the list).
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONCOMBINEOPS
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Whether `value` is a constant whose every element is zero.
bool isZero(Value value) {
  return matchPattern(value, m_Zero()) || matchPattern(value, m_AnyZeroFloat());
}

/// addptr(addptr(p, a), b) -> addptr(p, a + b) for offsets of one type.
struct CombineAddPtrChain : public OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getPtr().getDefiningOp<AddPtrOp>();
    if (!inner || inner.getOffset().getType() != op.getOffset().getType())
      return failure();
    Value sum = arith::AddIOp::create(rewriter, op.getLoc(), inner.getOffset(),
                                      op.getOffset());
    rewriter.replaceOpWithNewOp<AddPtrOp>(op, op.getType(), inner.getPtr(),
                                          sum);
    return success();
  }
};

/// select(c, load(p, c'), o) -> load(p, c', o) where c' is c or splat(c): the
/// load already yields nothing where c is false, so `other` can be o.
struct CombineSelectMaskedLoad : public OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SelectOp select,
                                PatternRewriter &rewriter) const override {
    auto load = select.getTrueValue().getDefiningOp<LoadOp>();
    if (!load || !load.getMask() || load.getOther() || !load->hasOneUse() ||
        load.getType() != select.getType())
      return failure();
    Value cond = select.getCondition();
    Value mask = load.getMask();
    bool sameMask = mask == cond;
    if (auto splat = mask.getDefiningOp<SplatOp>())
      sameMask |= splat.getSrc() == cond;
    if (!sameMask)
      return failure();
    rewriter.replaceOpWithNewOp<LoadOp>(
        select, load.getPtr(), mask, select.getFalseValue(), load.getCache(),
        load.getEvict(), load.getIsVolatile());
    rewriter.eraseOp(load);
    return success();
  }
};

/// add(dot(a, b, 0), d) -> dot(a, b, d), for either operand order.
template <typename AddOp>
struct CombineDotAdd : public OpRewritePattern<AddOp> {
  using OpRewritePattern<AddOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(AddOp add,
                                PatternRewriter &rewriter) const override {
    for (unsigned i = 0; i < 2; ++i) {
      auto dot = add->getOperand(i).template getDefiningOp<DotOp>();
      Value other = add->getOperand(1 - i);
      if (!dot || !dot->hasOneUse() || !isZero(dot.getC()) ||
          other.getType() != dot.getType())
        continue;
      // With a bound on imprecise fp8 accumulation the accumulator's
      // position in the sum matters; leave those alone.
      if (isa<FloatType>(cast<RankedTensorType>(dot.getType()).getElementType()) &&
          dot.getMaxNumImpreciseAcc() != 0)
        continue;
      rewriter.replaceOpWithNewOp<DotOp>(
          add, dot.getType(), dot.getA(), dot.getB(), other,
          dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
      rewriter.eraseOp(dot);
      return success();
    }
    return failure();
  }
};

/// The source of `value` when it is broadcast(expand_dims(x, axis)) with x 2-D.
Value matchExpandedOperand(Value value, int axis) {
  auto broadcast = value.getDefiningOp<BroadcastOp>();
  if (!broadcast)
    return {};
  auto expand = broadcast.getSrc().getDefiningOp<ExpandDimsOp>();
  if (!expand || expand.getAxis() != static_cast<uint32_t>(axis) ||
      cast<RankedTensorType>(expand.getSrc().getType()).getRank() != 2)
    return {};
  return expand.getSrc();
}

/// sum(broadcast(a[:, :, None]) * broadcast(b[None, :, :]), axis=1)
///   -> dot(a, b, 0)
struct CombineBroadcastMulReduce : public OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp reduce,
                                PatternRewriter &rewriter) const override {
    if (reduce.getSrcs().size() != 1 || reduce.getAxis() != 1)
      return failure();
    Operation *combiner = reduce.getSingleCombiner();
    if (!isa_and_nonnull<arith::AddFOp>(combiner))
      return failure();
    auto mul = reduce.getSrcs()[0].getDefiningOp<arith::MulFOp>();
    if (!mul || !mul->hasOneUse())
      return failure();
    for (unsigned i = 0; i < 2; ++i) {
      Value a = matchExpandedOperand(mul->getOperand(i), 2);
      Value b = matchExpandedOperand(mul->getOperand(1 - i), 0);
      if (!a || !b)
        continue;
      auto aType = cast<RankedTensorType>(a.getType());
      auto bType = cast<RankedTensorType>(b.getType());
      if (aType.getShape()[1] != bType.getShape()[0])
        continue;
      auto resultType = dyn_cast<RankedTensorType>(reduce.getResult()[0].getType());
      if (!resultType)
        return failure();
      Value zero = arith::ConstantOp::create(
          rewriter, reduce.getLoc(), resultType,
          rewriter.getZeroAttr(resultType));
      rewriter.replaceOpWithNewOp<DotOp>(reduce, resultType, a, b, zero,
                                         InputPrecision::IEEE, 0);
      return success();
    }
    return failure();
  }
};

struct TritonCombineOpsPass
    : public triton::impl::TritonCombineOpsBase<TritonCombineOpsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<CombineAddPtrChain, CombineSelectMaskedLoad,
                 CombineDotAdd<arith::AddFOp>, CombineDotAdd<arith::AddIOp>,
                 CombineBroadcastMulReduce>(context);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      if (isa<TritonDialect, arith::ArithDialect>(op.getDialect()))
        op.getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns)))) {
      getOperation()->emitError("triton-combine: rewriting did not converge");
      signalPassFailure();
    }
  }
};

} // namespace
