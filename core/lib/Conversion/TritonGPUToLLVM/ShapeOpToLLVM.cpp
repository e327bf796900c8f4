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

/// Where a result element comes from: (operand, its coordinates there).
/// For these ops on power-of-two shapes the map is linear over GF(2) in
/// the coordinates (bits move, an operand is picked by a bit), up to a
/// constant part (split's half), given by `offset` for registers only.
using SourceOf =
    std::function<std::pair<int, std::vector<int32_t>>(std::vector<int32_t>)>;

/// For each result register, the (operand, register) of the same thread
/// holding its element; none when some element is another thread's.
std::optional<SmallVector<std::pair<int, int32_t>>>
sameThreadPicks(const LinearLayout &dst, const LinearLayout &src,
                int operands, const SourceOf &linear, const SourceOf &full) {
  for (const char *in : {"lane", "warp"}) {
    if (dst.inDimSizeLog2(in) != src.inDimSizeLog2(in))
      return std::nullopt;
    for (int32_t bit = 0; bit < dst.inDimSizeLog2(in); ++bit) {
      auto [k, c] = linear(dst.basis(in, bit));
      if (k != 0 || c != src.basis(in, bit))
        return std::nullopt;
    }
  }
  std::map<std::vector<int32_t>, int32_t> index;
  for (int32_t r = 0; r < numRegisters(src); ++r)
    index.emplace(src.apply({{"register", r}}), r);
  SmallVector<std::pair<int, int32_t>> picks;
  for (int32_t r = 0; r < numRegisters(dst); ++r) {
    auto [k, c] = full(dst.apply({{"register", r}}));
    auto it = index.find(c);
    if (k < 0 || k >= operands || it == index.end())
      return std::nullopt;
    picks.push_back({k, it->second});
  }
  return picks;
}

/// Row-major position bits: `c` in `from` as coordinates in `to` (same
/// number of elements, powers of two).
std::vector<int32_t> reshaped(const std::vector<int32_t> &c,
                              ArrayRef<int64_t> from, ArrayRef<int64_t> to) {
  int64_t lin = 0;
  for (size_t d = 0; d < from.size(); ++d)
    lin = lin * from[d] + c[d];
  std::vector<int32_t> out(to.size());
  for (size_t d = to.size(); d-- > 0;) {
    out[d] = int32_t(lin % to[d]);
    lin /= to[d];
  }
  return out;
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
  /// The result `dst` picked from the registers of `operands` (all of
  /// layout `src`), when sameThreadPicks finds every element in-thread.
  std::optional<Value> inRegisters(ConversionPatternRewriter &rw, Location loc,
                                   RankedTensorType src, RankedTensorType dst,
                                   ValueRange operands, const SourceOf &linear,
                                   const SourceOf &full) const {
    auto picks = sameThreadPicks(toLinearLayout(dst), toLinearLayout(src),
                                 int(operands.size()), linear, full);
    if (!picks)
      return std::nullopt;
    SmallVector<SmallVector<Value>> in;
    for (Value v : operands)
      in.push_back(unpack(rw, loc, v));
    SmallVector<Value> out;
    for (auto [k, r] : *picks)
      out.push_back(in[k][r]);
    return packAs(rw, loc, dst, out);
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
    SourceOf from = [&](std::vector<int32_t> d) {
      std::vector<int32_t> s(d.size());
      for (size_t k = 0; k < d.size(); ++k)
        s[order[k]] = d[k];
      return std::make_pair(0, s);
    };
    if (auto v = inRegisters(rw, loc, src, dst, adaptor.getSrc(), from, from)) {
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
    SourceOf from = [&](std::vector<int32_t> d) {
      return std::make_pair(0, reshaped(d, dst.getShape(), src.getShape()));
    };
    if (auto v = inRegisters(rw, loc, src, dst, adaptor.getSrc(), from, from)) {
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
    SourceOf from = [&](std::vector<int32_t> d) {
      int k = d.back();
      d.pop_back();
      return std::make_pair(k, d);
    };
    if (auto v = inRegisters(rw, loc, src, dst,
                             {adaptor.getLhs(), adaptor.getRhs()}, from, from)) {
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
    auto half = [](int32_t t) {
      return SourceOf([t](std::vector<int32_t> d) {
        d.push_back(t);
        return std::make_pair(0, d);
      });
    };
    std::optional<Value> ra = inRegisters(rw, loc, src, lhs, adaptor.getSrc(),
                                          half(0), half(0));
    std::optional<Value> rb = inRegisters(rw, loc, src, rhs, adaptor.getSrc(),
                                          half(0), half(1));
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
    SourceOf from = [&](std::vector<int32_t> d) {
      int k = d[0] >= n0 ? 1 : 0;
      d[0] %= int32_t(n0);
      return std::make_pair(k, d);
    };
    if (auto v = inRegisters(rw, loc, src, dst,
                             {adaptor.getLhs(), adaptor.getRhs()}, from, from)) {
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
