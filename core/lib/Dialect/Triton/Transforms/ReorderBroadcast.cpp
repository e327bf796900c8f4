//===- ReorderBroadcast.cpp - do elementwise work before expanding --------===//
//
// The `triton-reorder-broadcast` pass: elementwise ops on splats and
// broadcasts are computed on the small operand and expanded afterwards, so
// that a kernel does the arithmetic once per distinct value.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREORDERBROADCAST
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Whether `op` is elementwise and free of side effects, with tensor results.
bool isMovableElementwise(Operation *op) {
  return op->hasTrait<mlir::OpTrait::Elementwise>() && isMemoryEffectFree(op) &&
         op->getNumResults() > 0 && op->getNumRegions() == 0 &&
         llvm::all_of(op->getResultTypes(),
                      [](Type t) { return isa<RankedTensorType>(t); });
}

/// The splat value of a splat constant, or null.
Attribute getConstantSplat(Value value) {
  SplatElementsAttr attr;
  if (matchPattern(value, m_Constant(&attr)))
    return attr.getSplatValue<Attribute>();
  return {};
}

/// A copy of `op` on new operands, with new result types.
Operation *cloneWith(PatternRewriter &rewriter, Operation *op,
                     ValueRange operands, TypeRange resultTypes) {
  Operation *copy = rewriter.clone(*op);
  copy->setOperands(operands);
  for (auto [result, type] : llvm::zip(copy->getResults(), resultTypes))
    result.setType(type);
  return copy;
}

/// elementwise(splat(a), splat(b), ...) -> splat(elementwise(a, b, ...)).
struct MoveSplatAfterElementwise : public RewritePattern {
  MoveSplatAfterElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMovableElementwise(op))
      return failure();
    // Decide before creating anything: a pattern that fails must leave the
    // IR untouched, or the greedy driver never converges.
    bool anySplat = false;
    for (Value operand : op->getOperands()) {
      if (operand.getDefiningOp<SplatOp>())
        anySplat = true;
      else if (!getConstantSplat(operand))
        return failure();
    }
    if (!anySplat)
      return failure();
    SmallVector<Value> scalars;
    for (Value operand : op->getOperands()) {
      if (auto splat = operand.getDefiningOp<SplatOp>())
        scalars.push_back(splat.getSrc());
      else
        scalars.push_back(arith::ConstantOp::create(
            rewriter, op->getLoc(),
            cast<TypedAttr>(getConstantSplat(operand))));
    }
    SmallVector<Type> scalarTypes;
    for (Type type : op->getResultTypes())
      scalarTypes.push_back(cast<RankedTensorType>(type).getElementType());
    Operation *scalarOp = cloneWith(rewriter, op, scalars, scalarTypes);
    SmallVector<Value> results;
    for (auto [type, scalar] :
         llvm::zip(op->getResultTypes(), scalarOp->getResults()))
      results.push_back(SplatOp::create(rewriter, op->getLoc(), type, scalar));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// elementwise(broadcast(a), splat(b), ...) -> broadcast(elementwise(a,
/// splat'(b), ...)) when every broadcast operand has the same source shape.
struct MoveBroadcastAfterElementwise : public RewritePattern {
  MoveBroadcastAfterElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMovableElementwise(op))
      return failure();
    RankedTensorType srcType;
    for (Value operand : op->getOperands()) {
      auto broadcast = operand.getDefiningOp<BroadcastOp>();
      if (!broadcast)
        continue;
      auto type = cast<RankedTensorType>(broadcast.getSrc().getType());
      if (srcType && srcType.getShape() != type.getShape())
        return failure();
      srcType = type;
    }
    if (!srcType)
      return failure();
    for (Value operand : op->getOperands())
      if (!operand.getDefiningOp<BroadcastOp>() &&
          !operand.getDefiningOp<SplatOp>() && !getConstantSplat(operand))
        return failure();
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      auto element = cast<RankedTensorType>(operand.getType()).getElementType();
      auto smallType = RankedTensorType::get(srcType.getShape(), element,
                                             srcType.getEncoding());
      if (auto broadcast = operand.getDefiningOp<BroadcastOp>()) {
        operands.push_back(broadcast.getSrc());
      } else if (auto splat = operand.getDefiningOp<SplatOp>()) {
        operands.push_back(
            SplatOp::create(rewriter, op->getLoc(), smallType, splat.getSrc()));
      } else if (Attribute value = getConstantSplat(operand)) {
        operands.push_back(arith::ConstantOp::create(
            rewriter, op->getLoc(), smallType,
            SplatElementsAttr::get(smallType, value)));
      } else {
        return failure();
      }
    }
    SmallVector<Type> smallTypes;
    for (Type type : op->getResultTypes())
      smallTypes.push_back(RankedTensorType::get(
          srcType.getShape(), cast<RankedTensorType>(type).getElementType(),
          srcType.getEncoding()));
    Operation *smallOp = cloneWith(rewriter, op, operands, smallTypes);
    SmallVector<Value> results;
    for (auto [type, small] :
         llvm::zip(op->getResultTypes(), smallOp->getResults()))
      results.push_back(
          BroadcastOp::create(rewriter, op->getLoc(), type, small));
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct TritonReorderBroadcastPass
    : public triton::impl::TritonReorderBroadcastBase<
          TritonReorderBroadcastPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<MoveSplatAfterElementwise, MoveBroadcastAfterElementwise>(
        context);
    patterns.add(ExpandDimsOp::canonicalize);
    patterns.add(BroadcastOp::canonicalize);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns)))) {
      getOperation()->emitError("triton-reorder-broadcast: rewriting did not converge");
      signalPassFailure();
    }
  }
};

} // namespace
