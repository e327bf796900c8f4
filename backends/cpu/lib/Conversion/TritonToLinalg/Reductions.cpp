//===- Reductions.cpp - reductions, scans, dots and histograms ------------===//
//
// Reductions and scans run their combine region in loop nests; dots are
// linalg matmuls (fp8 operands decoded to f32 first); histograms count in
// one loop over the input.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonToLinalg/Common.h"
#include "Conversion/FloatConversions.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace trident::cpu::tritontolinalg {

namespace {

/// Clones the single-block combine region with its arguments bound to
/// `args`; returns the values its terminator yields.
SmallVector<Value> inlineCombine(OpBuilder &b, Region &region,
                                 ValueRange args) {
  IRMapping map;
  Block &block = region.front();
  for (auto [arg, v] : llvm::zip(block.getArguments(), args))
    map.map(arg, v);
  for (Operation &op : block.without_terminator())
    b.clone(op, map);
  SmallVector<Value> out;
  for (Value v : block.getTerminator()->getOperands())
    out.push_back(map.lookupOrDefault(v));
  return out;
}

struct ReducePattern : public OpConversionPattern<tt::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ReduceOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange srcs = a.getSrcs();
    auto srcType = cast<RankedTensorType>(srcs[0].getType());
    int64_t axis = op.getAxis();
    int64_t n = srcType.getDimSize(axis);
    SmallVector<int64_t> outer;
    for (int64_t i = 0; i < srcType.getRank(); ++i)
      if (i != axis)
        outer.push_back(i);
    SmallVector<int64_t> outShape;
    for (int64_t i : outer)
      outShape.push_back(srcType.getDimSize(i));
    Region &combine = op.getCombineOp();
    auto reduceAt = [&](OpBuilder &b, ValueRange outIdx) {
      auto full = [&](Value k) {
        SmallVector<Value> idx;
        size_t o = 0;
        for (int64_t i = 0; i < srcType.getRank(); ++i)
          idx.push_back(i == axis ? k : outIdx[o++]);
        return idx;
      };
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      SmallVector<Value> init;
      for (Value s : srcs)
        init.push_back(tensor::ExtractOp::create(b, loc, s, full(zero)));
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      Value ub = arith::ConstantIndexOp::create(b, loc, n);
      auto loop = scf::ForOp::create(b, loc, one, ub, one, init);
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(loop.getBody());
      SmallVector<Value> args(loop.getRegionIterArgs());
      for (Value s : srcs)
        args.push_back(
            tensor::ExtractOp::create(b, loc, s, full(loop.getInductionVar())));
      scf::YieldOp::create(b, loc, inlineCombine(b, combine, args));
      return SmallVector<Value>(loop.getResults());
    };
    if (outShape.empty()) {
      rewriter.replaceOp(op, reduceAt(rewriter, {}));
      return success();
    }
    SmallVector<Value> inits;
    for (Value s : srcs)
      inits.push_back(emptyLike(
          rewriter, loc,
          RankedTensorType::get(outShape,
                                getElementTypeOrSelf(s.getType()))));
    SmallVector<Value> results = loopNest(
        rewriter, loc, outShape, inits,
        [&](OpBuilder &b, ValueRange idx, ValueRange iters) {
          SmallVector<Value> vals = reduceAt(b, idx);
          SmallVector<Value> out;
          for (auto [v, t] : llvm::zip(vals, iters))
            out.push_back(tensor::InsertOp::create(b, loc, v, t, idx));
          return out;
        });
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct ScanPattern : public OpConversionPattern<tt::ScanOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ScanOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange srcs = a.getSrcs();
    auto srcType = cast<RankedTensorType>(srcs[0].getType());
    int64_t axis = op.getAxis();
    int64_t n = srcType.getDimSize(axis);
    bool reverse = op.getReverse();
    SmallVector<int64_t> outerShape;
    for (int64_t i = 0; i < srcType.getRank(); ++i)
      if (i != axis)
        outerShape.push_back(srcType.getDimSize(i));
    Region &combine = op.getCombineOp();
    SmallVector<Value> inits;
    for (Value s : srcs)
      inits.push_back(emptyLike(rewriter, loc, cast<RankedTensorType>(s.getType())));
    SmallVector<Value> results = loopNest(
        rewriter, loc, outerShape, inits,
        [&](OpBuilder &b, ValueRange outIdx, ValueRange tensors) {
          auto full = [&](Value k) {
            SmallVector<Value> idx;
            size_t o = 0;
            for (int64_t i = 0; i < srcType.getRank(); ++i)
              idx.push_back(i == axis ? k : outIdx[o++]);
            return idx;
          };
          auto at = [&](OpBuilder &bb, Value step) -> Value {
            if (!reverse)
              return step;
            Value last = arith::ConstantIndexOp::create(bb, loc, n - 1);
            return arith::SubIOp::create(bb, loc, last, step);
          };
          Value zero = arith::ConstantIndexOp::create(b, loc, 0);
          SmallVector<Value> acc, outs(tensors.begin(), tensors.end());
          Value first = at(b, zero);
          for (auto [i, s] : llvm::enumerate(srcs)) {
            Value v = tensor::ExtractOp::create(b, loc, s, full(first));
            acc.push_back(v);
            outs[i] = tensor::InsertOp::create(b, loc, v, outs[i], full(first));
          }
          Value one = arith::ConstantIndexOp::create(b, loc, 1);
          Value ub = arith::ConstantIndexOp::create(b, loc, n);
          SmallVector<Value> carried = acc;
          carried.append(outs.begin(), outs.end());
          auto loop = scf::ForOp::create(b, loc, one, ub, one, carried);
          OpBuilder::InsertionGuard g(b);
          b.setInsertionPointToStart(loop.getBody());
          Value k = at(b, loop.getInductionVar());
          size_t m = srcs.size();
          SmallVector<Value> args(loop.getRegionIterArgs().take_front(m));
          for (Value s : srcs)
            args.push_back(tensor::ExtractOp::create(b, loc, s, full(k)));
          SmallVector<Value> next = inlineCombine(b, combine, args);
          SmallVector<Value> yields = next;
          for (size_t i = 0; i < m; ++i)
            yields.push_back(tensor::InsertOp::create(
                b, loc, next[i], loop.getRegionIterArgs()[m + i], full(k)));
          scf::YieldOp::create(b, loc, yields);
          return SmallVector<Value>(loop.getResults().drop_front(m));
        });
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct DotPattern : public OpConversionPattern<tt::DotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::DotOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    auto t = cast<RankedTensorType>(op.getType());
    // fp8 operands (bytes here) are decoded to f32, exactly.
    auto operand = [&](Value original, Value converted) -> Value {
      Type elem = getElementTypeOrSelf(original.getType());
      if (!trident::cpu::isFp8(elem))
        return converted;
      Value table = trident::cpu::fp8Table(rewriter, op.getLoc(),
                                           cast<FloatType>(elem));
      return trident::cpu::mapElementwise(
          rewriter, op.getLoc(), ValueRange{converted}, rewriter.getF32Type(),
          [&](OpBuilder &b, Location l, ValueRange x) {
            return trident::cpu::decodeFp8(b, l, table, x[0]);
          });
    };
    Value lhs = operand(op.getA(), a.getA()), rhs = operand(op.getB(), a.getB());
    Operation *mm;
    if (t.getRank() == 2)
      mm = linalg::MatmulOp::create(rewriter, op.getLoc(), TypeRange{t},
                                    ValueRange{lhs, rhs}, ValueRange{a.getC()});
    else
      mm = linalg::BatchMatmulOp::create(rewriter, op.getLoc(), TypeRange{t},
                                         ValueRange{lhs, rhs},
                                         ValueRange{a.getC()});
    rewriter.replaceOp(op, mm->getResults());
    return success();
  }
};

/// tt.histogram: counts of each value in [0, bins) (masked elements and
/// values outside the range are not counted), one pass over the input.
struct HistogramPattern : public OpConversionPattern<tt::HistogramOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::HistogramOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resType = cast<RankedTensorType>(op.getType());
    auto srcType = cast<RankedTensorType>(a.getSrc().getType());
    int64_t bins = resType.getDimSize(0);
    Type elem = srcType.getElementType();
    Type resElem = resType.getElementType();
    Value zeros = arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(resType, rewriter.getIntegerAttr(resElem, 0)));
    Value src = a.getSrc(), mask = a.getMask();
    Value result =
        loopNest(rewriter, loc, srcType.getShape(), ValueRange{zeros},
                 [&](OpBuilder &b, ValueRange idx, ValueRange iter) {
                   Value x = tensor::ExtractOp::create(b, loc, src, idx);
                   Value lo = arith::ConstantOp::create(
                       b, loc, b.getIntegerAttr(elem, 0));
                   Value hi = arith::ConstantOp::create(
                       b, loc, b.getIntegerAttr(elem, bins));
                   Value ok = arith::AndIOp::create(
                       b, loc,
                       arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                             x, lo),
                       arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                             x, hi));
                   if (mask)
                     ok = arith::AndIOp::create(
                         b, loc, ok, tensor::ExtractOp::create(b, loc, mask, idx));
                   auto ifOp = scf::IfOp::create(b, loc, TypeRange{iter[0].getType()},
                                                 ok, true);
                   {
                     OpBuilder::InsertionGuard g(b);
                     b.setInsertionPointToStart(ifOp.thenBlock());
                     Value bin = arith::IndexCastOp::create(b, loc,
                                                            b.getIndexType(), x);
                     Value cur = tensor::ExtractOp::create(b, loc, iter[0],
                                                           ValueRange{bin});
                     Value one = arith::ConstantOp::create(
                         b, loc, b.getIntegerAttr(resElem, 1));
                     Value next = arith::AddIOp::create(b, loc, cur, one);
                     scf::YieldOp::create(
                         b, loc,
                         Value(tensor::InsertOp::create(b, loc, next, iter[0],
                                                        ValueRange{bin})));
                     b.setInsertionPointToStart(ifOp.elseBlock());
                     scf::YieldOp::create(b, loc, iter[0]);
                   }
                   return SmallVector<Value>{ifOp.getResult(0)};
                 })[0];
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateReductionPatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns) {
  patterns.add<ReducePattern, ScanPattern, DotPattern, HistogramPattern>(
      converter, patterns.getContext());
}

} // namespace trident::cpu::tritontolinalg
