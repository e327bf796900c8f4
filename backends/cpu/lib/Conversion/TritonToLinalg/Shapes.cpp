//===- Shapes.cpp - shape ops to tensor and linalg ops --------------------===//
//
// Ranges and splats become tensor.generate and tensor.splat; broadcasts
// and transposes linalg ops; reshapes, joins, splits and concatenations
// tensor reshapes and slices.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonToLinalg/Common.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace trident::cpu::tritontolinalg {

namespace {

struct MakeRangePattern : public OpConversionPattern<tt::MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::MakeRangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    Location loc = op.getLoc();
    int64_t start = op.getStart();
    auto gen = tensor::GenerateOp::create(
        rewriter, loc, type, ValueRange{},
        [&](OpBuilder &b, Location l, ValueRange idx) {
          Value i = arith::IndexCastOp::create(b, l, b.getI32Type(), idx[0]);
          Value s = arith::ConstantOp::create(b, l, b.getI32IntegerAttr(start));
          tensor::YieldOp::create(b, l, Value(arith::AddIOp::create(b, l, i, s)));
        });
    rewriter.replaceOp(op, gen);
    return success();
  }
};

struct UnsplatPattern : public OpConversionPattern<tt::UnsplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::UnsplatOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    auto t = cast<RankedTensorType>(a.getSrc().getType());
    SmallVector<Value> zeros(
        t.getRank(), arith::ConstantIndexOp::create(rewriter, op.getLoc(), 0));
    rewriter.replaceOpWithNewOp<tensor::ExtractOp>(op, a.getSrc(), zeros);
    return success();
  }
};

struct BroadcastPattern : public OpConversionPattern<tt::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::BroadcastOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    auto src = cast<RankedTensorType>(a.getSrc().getType());
    auto dst = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    MLIRContext *ctx = op.getContext();
    SmallVector<AffineExpr> exprs;
    for (int64_t i = 0; i < src.getRank(); ++i)
      exprs.push_back(src.getDimSize(i) == 1 && dst.getDimSize(i) != 1
                          ? getAffineConstantExpr(0, ctx)
                          : getAffineDimExpr(i, ctx));
    AffineMap in = AffineMap::get(dst.getRank(), 0, exprs, ctx);
    AffineMap out = AffineMap::getMultiDimIdentityMap(dst.getRank(), ctx);
    SmallVector<utils::IteratorType> iters(dst.getRank(),
                                           utils::IteratorType::parallel);
    auto g = linalg::GenericOp::create(
        rewriter, op.getLoc(), TypeRange{dst}, ValueRange{a.getSrc()},
        ValueRange{emptyLike(rewriter, op.getLoc(), dst)},
        ArrayRef<AffineMap>{in, out}, iters,
        [](OpBuilder &b, Location l, ValueRange args) {
          linalg::YieldOp::create(b, l, args[0]);
        });
    rewriter.replaceOp(op, g.getResults());
    return success();
  }
};

/// Reassociation grouping `small` dims into `big` where big has extra unit
/// dims (expand_dims) or the reverse.
SmallVector<ReassociationIndices> reassociationFor(int64_t rank,
                                                   int64_t insertedAxis) {
  // Result rank is rank + 1; the new unit dim joins its neighbour.
  SmallVector<ReassociationIndices> groups;
  if (rank == 0)
    return groups;
  int64_t r = 0;
  for (int64_t i = 0; i < rank; ++i) {
    ReassociationIndices g;
    if (i == 0 && insertedAxis == 0)
      g.push_back(r++);
    g.push_back(r++);
    if (insertedAxis == r && insertedAxis == rank && i == rank - 1)
      g.push_back(r++);
    else if (i + 1 < rank && insertedAxis == r)
      g.push_back(r++);
    groups.push_back(g);
  }
  return groups;
}

struct ExpandDimsPattern : public OpConversionPattern<tt::ExpandDimsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ExpandDimsOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    auto src = cast<RankedTensorType>(a.getSrc().getType());
    auto dst = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto groups = reassociationFor(src.getRank(), op.getAxis());
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, dst, a.getSrc(),
                                                       groups);
    return success();
  }
};

/// Any static reshape: collapse to 1-D, then expand to the result.
Value reshapeTo(OpBuilder &b, Location loc, Value src, RankedTensorType dst) {
  auto st = cast<RankedTensorType>(src.getType());
  if (st.getShape() == dst.getShape())
    return src;
  Value flat = src;
  if (st.getRank() != 1) {
    ReassociationIndices all;
    for (int64_t i = 0; i < st.getRank(); ++i)
      all.push_back(i);
    flat = tensor::CollapseShapeOp::create(
        b, loc, src, ArrayRef<ReassociationIndices>{all});
  }
  if (dst.getRank() == 1)
    return flat;
  ReassociationIndices all;
  for (int64_t i = 0; i < dst.getRank(); ++i)
    all.push_back(i);
  return tensor::ExpandShapeOp::create(b, loc, dst, flat,
                                       ArrayRef<ReassociationIndices>{all});
}

struct ReshapePattern : public OpConversionPattern<tt::ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ReshapeOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    auto dst = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOp(op, reshapeTo(rewriter, op.getLoc(), a.getSrc(), dst));
    return success();
  }
};

struct TransPattern : public OpConversionPattern<tt::TransOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::TransOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    auto dst = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    SmallVector<int64_t> perm(op.getOrder().begin(), op.getOrder().end());
    auto t = linalg::TransposeOp::create(
        rewriter, op.getLoc(), a.getSrc(),
        emptyLike(rewriter, op.getLoc(), dst), perm);
    rewriter.replaceOp(op, t->getResults());
    return success();
  }
};

struct JoinPattern : public OpConversionPattern<tt::JoinOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::JoinOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto dst = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    int64_t rank = dst.getRank();
    Value result = emptyLike(rewriter, loc, dst);
    for (int k = 0; k < 2; ++k) {
      Value part = k == 0 ? a.getLhs() : a.getRhs();
      SmallVector<int64_t> shape(dst.getShape());
      shape.back() = 1;
      auto partType = RankedTensorType::get(shape, dst.getElementType());
      auto groups = reassociationFor(rank - 1, rank - 1);
      Value expanded =
          tensor::ExpandShapeOp::create(rewriter, loc, partType, part, groups);
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      offsets.back() = rewriter.getIndexAttr(k);
      SmallVector<OpFoldResult> sizes, strides(rank, rewriter.getIndexAttr(1));
      for (int64_t d : shape)
        sizes.push_back(rewriter.getIndexAttr(d));
      result = tensor::InsertSliceOp::create(rewriter, loc, expanded, result,
                                             offsets, sizes, strides);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct SplitPattern : public OpConversionPattern<tt::SplitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::SplitOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto src = cast<RankedTensorType>(a.getSrc().getType());
    int64_t rank = src.getRank();
    SmallVector<Value> outs;
    for (int k = 0; k < 2; ++k) {
      auto outType = cast<RankedTensorType>(
          getTypeConverter()->convertType(op->getResult(k).getType()));
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      offsets.back() = rewriter.getIndexAttr(k);
      SmallVector<OpFoldResult> sizes, strides(rank, rewriter.getIndexAttr(1));
      for (int64_t i = 0; i < rank; ++i)
        sizes.push_back(rewriter.getIndexAttr(i == rank - 1 ? 1
                                                            : src.getDimSize(i)));
      Value slice = tensor::ExtractSliceOp::create(
          rewriter, loc, outType, a.getSrc(), offsets, sizes, strides);
      outs.push_back(slice);
    }
    rewriter.replaceOp(op, outs);
    return success();
  }
};

struct CatPattern : public OpConversionPattern<tt::CatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::CatOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto dst = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    Value result = emptyLike(rewriter, loc, dst);
    int64_t offset = 0;
    for (Value part : {a.getLhs(), a.getRhs()}) {
      auto pt = cast<RankedTensorType>(part.getType());
      SmallVector<OpFoldResult> offsets(pt.getRank(), rewriter.getIndexAttr(0));
      offsets[0] = rewriter.getIndexAttr(offset);
      SmallVector<OpFoldResult> sizes, strides(pt.getRank(),
                                               rewriter.getIndexAttr(1));
      for (int64_t d : pt.getShape())
        sizes.push_back(rewriter.getIndexAttr(d));
      result = tensor::InsertSliceOp::create(rewriter, loc, part, result,
                                             offsets, sizes, strides);
      offset += pt.getDimSize(0);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// `tl.gather`: out[i] = src[i with i[axis] = index[i]]. An index outside
/// the source is undefined in Triton; here it is clamped into range so that
/// it cannot read outside the source's buffer.
struct GatherPattern : public OpConversionPattern<tt::GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::GatherOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto srcType = cast<RankedTensorType>(a.getSrc().getType());
    unsigned axis = op.getAxis();
    int64_t rank = resultType.getRank();
    Value src = a.getSrc();
    AffineMap id = rewriter.getMultiDimIdentityMap(rank);
    SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
    auto g = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{a.getIndices()},
        ValueRange{emptyLike(rewriter, loc, resultType)},
        SmallVector<AffineMap>{id, id}, iters,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value i = arith::IndexCastOp::create(b, l, b.getIndexType(), args[0]);
          Value zero = arith::ConstantIndexOp::create(b, l, 0);
          Value last = arith::ConstantIndexOp::create(
              b, l, srcType.getDimSize(axis) - 1);
          i = arith::MinSIOp::create(b, l, arith::MaxSIOp::create(b, l, i, zero),
                                     last);
          SmallVector<Value> at;
          for (int64_t d = 0; d < rank; ++d)
            at.push_back(d == axis ? i : Value(linalg::IndexOp::create(b, l, d)));
          linalg::YieldOp::create(b, l,
                                  Value(tensor::ExtractOp::create(b, l, src, at)));
        });
    rewriter.replaceOp(op, g.getResults());
    return success();
  }
};

} // namespace

void populateShapePatterns(const TypeConverter &converter,
                           RewritePatternSet &patterns) {
  patterns.add<MakeRangePattern, OneToOne<tt::SplatOp, tensor::SplatOp>,
               UnsplatPattern, BroadcastPattern, ExpandDimsPattern,
               ReshapePattern, TransPattern, JoinPattern, SplitPattern,
               CatPattern, GatherPattern>(converter, patterns.getContext());
}

} // namespace trident::cpu::tritontolinalg
