//===- ShapeOpToLLVM.cpp - trans, reshape, join, split, cat ---------------===//
//
// Ops that move elements to other positions of another shape. Where every
// thread's result elements are elements the same thread holds (read off
// the linear layouts: the result's lane and warp bases, mapped to operand
// coordinates, are the operand's), the result registers are picked from
// the operand's: no instruction at all. Otherwise one mechanism
// (SharedImage): every thread writes the elements it holds into a
// row-major image of the result in shared memory (at the position each
// element takes in the result), a barrier, then every thread reads the
// elements its result registers hold.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/ShapeOps.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include <map>
#include <optional>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident {
namespace {

using IndexFn = SharedImage::IndexFn;

IndexFn rowMajor(ArrayRef<int64_t> shape) { return SharedImage::rowMajor(shape); }

/// rowMajor in `shape` after appending `last` to the coordinates.
IndexFn appended(ArrayRef<int64_t> shape, int64_t last) {
  SmallVector<int64_t> s(shape);
  return [s, last](OpBuilder &b, Location loc, SmallVector<Value> c, int32_t) {
    c.push_back(i32Const(b, loc, last));
    return linearIndex(b, loc, c, s);
  };
}

template <typename Op>
struct ShapePattern : public ConvertOpToLLVMPattern<Op> {
  ShapePattern(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern<Op>(tc), lc(lc) {}
  Type elemOf(Type t) const {
    Type c = this->getTypeConverter()->convertType(t);
    if (auto st = dyn_cast<LLVM::LLVMStructType>(c))
      return st.getBody().front();
    return c;
  }
  Value packAs(ConversionPatternRewriter &rw, Location loc, Type t,
               ArrayRef<Value> v) const {
    return pack(rw, loc, this->getTypeConverter()->convertType(t), v);
  }
  /// Result `result` picked from the registers of `operands`, when every
  /// element is in-thread (shapeOpPicks).
  std::optional<Value> inRegisters(ConversionPatternRewriter &rw, Location loc,
                                   Op op, unsigned result,
                                   ValueRange operands) const {
    auto picks = shapeOpPicks(op, result);
    if (!picks)
      return std::nullopt;
    SmallVector<SmallVector<Value>> in;
    for (Value v : operands)
      in.push_back(unpack(rw, loc, v));
    SmallVector<Value> out;
    for (auto [k, r] : *picks)
      out.push_back(in[k][r]);
    return packAs(rw, loc, op->getResult(result).getType(), out);
  }
  LoweringContext &lc;
};

struct TransOpConversion : public ShapePattern<TransOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    auto src = cast<RankedTensorType>(op.getSrc().getType());
    auto dst = cast<RankedTensorType>(op.getType());
    SmallVector<int32_t> order(op.getOrder());
    SmallVector<int64_t> shape(dst.getShape());
    if (auto v = inRegisters(rw, loc, op, 0, adaptor.getSrc())) {
      rw.replaceOp(op, *v);
      return success();
    }
    SharedImage img(rw, loc, lc, op, dst.getNumElements(), dst.getElementType());
    // Result element d is source element s with s[order[k]] = d[k].
    img.write(src, unpack(rw, loc, adaptor.getSrc()),
              [&](OpBuilder &b, Location l, SmallVector<Value> s, int32_t) {
                SmallVector<Value> d;
                for (int32_t o : order)
                  d.push_back(s[o]);
                return linearIndex(b, l, d, shape);
              });
    rw.replaceOp(op, packAs(rw, loc, dst,
                            img.read(dst, elemOf(dst), rowMajor(shape))));
    return success();
  }
};

struct ReshapeOpConversion : public ShapePattern<ReshapeOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    auto src = cast<RankedTensorType>(op.getSrc().getType());
    auto dst = cast<RankedTensorType>(op.getType());
    if (auto v = inRegisters(rw, loc, op, 0, adaptor.getSrc())) {
      rw.replaceOp(op, *v);
      return success();
    }
    SharedImage img(rw, loc, lc, op, dst.getNumElements(), dst.getElementType());
    img.write(src, unpack(rw, loc, adaptor.getSrc()), rowMajor(src.getShape()));
    rw.replaceOp(op, packAs(rw, loc, dst,
                            img.read(dst, elemOf(dst), rowMajor(dst.getShape()))));
    return success();
  }
};

struct JoinOpConversion : public ShapePattern<JoinOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    auto src = cast<RankedTensorType>(op.getLhs().getType());
    auto dst = cast<RankedTensorType>(op.getType());
    if (auto v = inRegisters(rw, loc, op, 0,
                             {adaptor.getLhs(), adaptor.getRhs()})) {
      rw.replaceOp(op, *v);
      return success();
    }
    SharedImage img(rw, loc, lc, op, dst.getNumElements(), dst.getElementType());
    img.write(src, unpack(rw, loc, adaptor.getLhs()), appended(dst.getShape(), 0));
    img.write(src, unpack(rw, loc, adaptor.getRhs()), appended(dst.getShape(), 1));
    rw.replaceOp(op, packAs(rw, loc, dst,
                            img.read(dst, elemOf(dst), rowMajor(dst.getShape()))));
    return success();
  }
};

struct SplitOpConversion : public ShapePattern<SplitOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    auto src = cast<RankedTensorType>(op.getSrc().getType());
    auto lhs = cast<RankedTensorType>(op.getOutLHS().getType());
    auto rhs = cast<RankedTensorType>(op.getOutRHS().getType());
    std::optional<Value> ra = inRegisters(rw, loc, op, 0, adaptor.getSrc());
    std::optional<Value> rb = inRegisters(rw, loc, op, 1, adaptor.getSrc());
    if (ra && rb) {
      rw.replaceOp(op, {*ra, *rb});
      return success();
    }
    SharedImage img(rw, loc, lc, op, src.getNumElements(), src.getElementType());
    img.write(src, unpack(rw, loc, adaptor.getSrc()), rowMajor(src.getShape()));
    Value a = packAs(rw, loc, lhs,
                     img.read(lhs, elemOf(lhs), appended(src.getShape(), 0)));
    Value b = packAs(rw, loc, rhs,
                     img.read(rhs, elemOf(rhs), appended(src.getShape(), 1)));
    rw.replaceOp(op, {a, b});
    return success();
  }
};

struct CatOpConversion : public ShapePattern<CatOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    auto src = cast<RankedTensorType>(op.getLhs().getType());
    auto dst = cast<RankedTensorType>(op.getType());
    SmallVector<int64_t> shape(dst.getShape());
    int64_t n0 = src.getShape()[0];
    if (auto v = inRegisters(rw, loc, op, 0,
                             {adaptor.getLhs(), adaptor.getRhs()})) {
      rw.replaceOp(op, *v);
      return success();
    }
    SharedImage img(rw, loc, lc, op, dst.getNumElements(), dst.getElementType());
    img.write(src, unpack(rw, loc, adaptor.getLhs()), rowMajor(shape));
    img.write(src, unpack(rw, loc, adaptor.getRhs()),
              [&](OpBuilder &b, Location l, SmallVector<Value> c, int32_t) {
                c[0] = LLVM::AddOp::create(b, l, c[0], i32Const(b, l, n0));
                return linearIndex(b, l, c, shape);
              });
    rw.replaceOp(op, packAs(rw, loc, dst,
                            img.read(dst, elemOf(dst), rowMajor(shape))));
    return success();
  }
};

} // namespace

void populateShapeOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                   RewritePatternSet &p, LoweringContext &lc) {
  p.add<TransOpConversion, ReshapeOpConversion, JoinOpConversion,
        SplitOpConversion, CatOpConversion>(tc, lc);
}

} // namespace trident
