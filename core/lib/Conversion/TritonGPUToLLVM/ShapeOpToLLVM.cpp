//===- ShapeOpToLLVM.cpp - trans, reshape, join, split, cat ---------------===//
//
// Ops that move elements to other positions of another shape. All go
// through one mechanism: every thread writes the elements it holds into a
// row-major image of the result in shared memory (at the position each
// element takes in the result), a barrier, then every thread reads the
// elements its result registers hold. Correct for any pair of layouts; the
// register-level forms Triton has for layout-preserving cases are a later
// optimisation (the linear layouts say when they apply).
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident {
namespace {

using IndexFn =
    std::function<Value(OpBuilder &, Location, SmallVector<Value> coords)>;

/// Round-trips through a shared-memory image of the result.
class Image {
public:
  Image(ConversionPatternRewriter &rw, Location loc, LoweringContext &lc,
        Operation *op, RankedTensorType result)
      : rw(rw), loc(loc), lc(lc), ids(threadIds(rw, loc, lc.target)) {
    Type elem = result.getElementType();
    unsigned bits = isa<PointerType>(elem) ? 64 : elem.getIntOrFloatBitWidth();
    slotType = rw.getIntegerType(bits == 1 ? 8 : bits);
    lc.shared.bytes = std::max<uint64_t>(
        lc.shared.bytes,
        uint64_t(result.getNumElements()) * std::max(1u, bits / 8));
    base = sharedBase(rw, loc, op, lc.target);
    lc.target.barrier(rw, loc); // earlier readers of shared memory are done
  }

  /// Writes `values` (a tensor of layout `type`) at index(coords).
  void write(RankedTensorType type, ArrayRef<Value> values, const IndexFn &index) {
    LinearLayout ll = toLinearLayout(type);
    for (int32_t r = 0; r < numRegisters(ll); ++r) {
      Value v = toInt(rw, loc, values[r]);
      if (v.getType().isInteger(1))
        v = LLVM::ZExtOp::create(rw, loc, slotType, v);
      LLVM::StoreOp::create(rw, loc, v,
                            slot(index(rw, loc, elementCoords(rw, loc, ll, r, ids))));
    }
  }

  /// Reads the registers of a tensor of layout `type` from index(coords).
  SmallVector<Value> read(RankedTensorType type, Type elem,
                          const IndexFn &index) {
    if (!barrierDone) {
      lc.target.barrier(rw, loc);
      barrierDone = true;
    }
    LinearLayout ll = toLinearLayout(type);
    SmallVector<Value> out;
    for (int32_t r = 0; r < numRegisters(ll); ++r) {
      Value v = LLVM::LoadOp::create(
          rw, loc, slotType,
          slot(index(rw, loc, elementCoords(rw, loc, ll, r, ids))));
      out.push_back(elem.isInteger(1)
                        ? LLVM::TruncOp::create(rw, loc, elem, v).getResult()
                        : fromInt(rw, loc, v, elem));
    }
    return out;
  }

private:
  Value slot(Value index) {
    return LLVM::GEPOp::create(rw, loc, base.getType(), slotType, base, index);
  }
  ConversionPatternRewriter &rw;
  Location loc;
  LoweringContext &lc;
  ThreadIds ids;
  Type slotType;
  Value base;
  bool barrierDone = false;
};

IndexFn rowMajor(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> s(shape);
  return [s](OpBuilder &b, Location loc, SmallVector<Value> c) {
    return linearIndex(b, loc, c, s);
  };
}

/// rowMajor in `shape` after appending `last` to the coordinates, or
/// adding `offset` along dimension 0.
IndexFn appended(ArrayRef<int64_t> shape, int64_t last) {
  SmallVector<int64_t> s(shape);
  return [s, last](OpBuilder &b, Location loc, SmallVector<Value> c) {
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
    Image img(rw, loc, lc, op, dst);
    // Result element d is source element s with s[order[k]] = d[k].
    img.write(src, unpack(rw, loc, adaptor.getSrc()),
              [&](OpBuilder &b, Location l, SmallVector<Value> s) {
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
    Image img(rw, loc, lc, op, dst);
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
    Image img(rw, loc, lc, op, dst);
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
    Image img(rw, loc, lc, op, src);
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
    Image img(rw, loc, lc, op, dst);
    img.write(src, unpack(rw, loc, adaptor.getLhs()), rowMajor(shape));
    img.write(src, unpack(rw, loc, adaptor.getRhs()),
              [&](OpBuilder &b, Location l, SmallVector<Value> c) {
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
