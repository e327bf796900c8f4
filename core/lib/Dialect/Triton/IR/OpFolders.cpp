//===- OpFolders.cpp - folders and canonicalizations of tt ops ------------===//
//
// Local simplifications every pass may rely on through `fold` and the
// canonicalizer: identities (addptr of 0, broadcast to the same type, ...),
// constant folding of splatted constants through shape ops, collapsing chains
// of shape ops, and masks that are statically all-true or all-false.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::triton;

/// The splat value of a constant operand (a splat DenseElementsAttr or a
/// scalar), or null.
static Attribute getSplatValue(Attribute attr) {
  if (auto dense = dyn_cast_or_null<SplatElementsAttr>(attr))
    return dense.getSplatValue<Attribute>();
  if (isa_and_nonnull<IntegerAttr, FloatAttr>(attr))
    return attr;
  return {};
}

/// A splat constant of `type` holding `attr`'s splat value, or null.
static OpFoldResult splatConstant(Attribute attr, Type type) {
  Attribute value = getSplatValue(attr);
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!value || !tensor)
    return {};
  return SplatElementsAttr::get(tensor, value);
}

/// Whether `value` is a constant whose elements are all `expected`.
static bool isConstantBool(Value value, bool expected) {
  Attribute attr;
  if (!value || !matchPattern(value, m_Constant(&attr)))
    return false;
  auto splat = dyn_cast_or_null<IntegerAttr>(getSplatValue(attr));
  return splat && splat.getValue().getBoolValue() == expected;
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

OpFoldResult FpToFpOp::fold(FoldAdaptor adaptor) {
  auto value = dyn_cast_or_null<FloatAttr>(getSplatValue(adaptor.getSrc()));
  if (!value)
    return {};
  auto dstElement = cast<FloatType>(getElementTypeOrSelf(getType()));
  APFloat converted = value.getValue();
  bool losesInfo = false;
  auto rounding = getRounding() == RoundingMode::RTZ
                      ? llvm::RoundingMode::TowardZero
                      : llvm::RoundingMode::NearestTiesToEven;
  converted.convert(dstElement.getFloatSemantics(), rounding, &losesInfo);
  auto result = FloatAttr::get(dstElement, converted);
  if (isa<RankedTensorType>(getType()))
    return splatConstant(result, getType());
  return result;
}

//===----------------------------------------------------------------------===//
// Pointers
//===----------------------------------------------------------------------===//

OpFoldResult AddPtrOp::fold(FoldAdaptor adaptor) {
  if (auto offset = dyn_cast_or_null<IntegerAttr>(
          getSplatValue(adaptor.getOffset())))
    if (offset.getValue().isZero())
      return getPtr();
  return {};
}

OpFoldResult AdvanceOp::fold(FoldAdaptor adaptor) {
  for (Attribute offset : adaptor.getOffsets()) {
    auto value = dyn_cast_or_null<IntegerAttr>(offset);
    if (!value || !value.getValue().isZero())
      return {};
  }
  return getPtr();
}

//===----------------------------------------------------------------------===//
// Loads and stores with constant masks
//===----------------------------------------------------------------------===//

namespace {

/// load(p, all-true mask[, other]) -> load(p); load(p, all-false, other) -> other.
struct SimplifyConstantMaskLoad : public OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp load,
                                PatternRewriter &rewriter) const override {
    Value mask = load.getMask();
    if (isConstantBool(mask, true)) {
      rewriter.modifyOpInPlace(load, [&] {
        load.getMaskMutable().clear();
        load.getOtherMutable().clear();
      });
      return success();
    }
    if (isConstantBool(mask, false) && load.getOther() &&
        !load.getIsVolatile()) {
      rewriter.replaceOp(load, load.getOther());
      return success();
    }
    return failure();
  }
};

/// store(p, v, all-true mask) -> store(p, v); store(p, v, all-false) -> nothing.
struct SimplifyConstantMaskStore : public OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp store,
                                PatternRewriter &rewriter) const override {
    Value mask = store.getMask();
    if (isConstantBool(mask, true)) {
      rewriter.modifyOpInPlace(store,
                               [&] { store.getMaskMutable().clear(); });
      return success();
    }
    if (isConstantBool(mask, false)) {
      rewriter.eraseOp(store);
      return success();
    }
    return failure();
  }
};

} // namespace

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                         MLIRContext *context) {
  patterns.add<SimplifyConstantMaskLoad>(context);
}

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          MLIRContext *context) {
  patterns.add<SimplifyConstantMaskStore>(context);
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  return splatConstant(adaptor.getSrc(), getType());
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return splatConstant(adaptor.getSrc(), getType());
}

LogicalResult ExpandDimsOp::canonicalize(ExpandDimsOp op,
                                         PatternRewriter &rewriter) {
  Operation *def = op.getSrc().getDefiningOp();
  // expand_dims(splat(x)) -> splat(x)
  if (auto splat = dyn_cast_or_null<SplatOp>(def)) {
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
  // expand_dims(broadcast(x)) -> broadcast(expand_dims(x)): keeps broadcasts
  // late, where they fold into their users.
  if (auto broadcast = dyn_cast_or_null<BroadcastOp>(def)) {
    auto expanded = ExpandDimsOp::create(rewriter, op.getLoc(),
                                         broadcast.getSrc(), op.getAxis());
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), expanded);
    return success();
  }
  return failure();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return splatConstant(adaptor.getSrc(), getType());
}

LogicalResult ReshapeOp::canonicalize(ReshapeOp op, PatternRewriter &rewriter) {
  Operation *def = op.getSrc().getDefiningOp();
  // reshape(splat(x)) -> splat(x)
  if (auto splat = dyn_cast_or_null<SplatOp>(def)) {
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
  // reshape(reshape(x)) -> reshape(x), when both agree on reordering.
  if (auto inner = dyn_cast_or_null<ReshapeOp>(def)) {
    if (inner.getAllowReorder() != op.getAllowReorder())
      return failure();
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), inner.getSrc(),
                                           op.getAllowReorder(),
                                           op.getEfficientLayout());
    return success();
  }
  return failure();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return splatConstant(adaptor.getSrc(), getType());
}

LogicalResult BroadcastOp::canonicalize(BroadcastOp op,
                                        PatternRewriter &rewriter) {
  Operation *def = op.getSrc().getDefiningOp();
  // broadcast(splat(x)) -> splat(x)
  if (auto splat = dyn_cast_or_null<SplatOp>(def)) {
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
  // broadcast(broadcast(x)) -> broadcast(x)
  if (auto inner = dyn_cast_or_null<BroadcastOp>(def)) {
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), inner.getSrc());
    return success();
  }
  return failure();
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  // trans with the identity order is a no-op.
  if (llvm::equal(getOrder(), llvm::seq<int32_t>(0, getOrder().size())))
    return getSrc();
  if (OpFoldResult splat = splatConstant(adaptor.getSrc(), getType()))
    return splat;
  // trans(trans(x)) -> x, or a single trans of x with the composed order.
  if (auto inner = getSrc().getDefiningOp<TransOp>()) {
    SmallVector<int32_t> composed;
    for (int32_t d : getOrder())
      composed.push_back(inner.getOrder()[d]);
    if (llvm::equal(composed, llvm::seq<int32_t>(0, composed.size())))
      return inner.getSrc();
    setOrder(composed);
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

OpFoldResult MakeRangeOp::fold(FoldAdaptor adaptor) {
  // A one-element range is the constant `start`.
  if (getEndAttr().getInt() - getStartAttr().getInt() != 1)
    return {};
  return SplatElementsAttr::get(getType(), adaptor.getStartAttr());
}
