//===- Elementwise.cpp - elementwise tt ops and fp8 arithmetic ------------===//
//
// The elementwise tt ops that arith and math do not have as they are:
// float conversions to and from fp8 (stored as i8) and toward zero, fp8
// constants and arithmetic, bitcasts, clamps, mulhi, the precise math ops,
// and vendor math library calls.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonToLinalg/Common.h"
#include "Conversion/FloatConversions.h"
#include "trident/Dialect/Triton/IR/GridDependency.h"

#include "llvm/ADT/StringMap.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace trident::cpu::tritontolinalg {

namespace {

/// Float to float conversions that arith cannot express on the host: to
/// and from fp8 (stored as i8), and truncations toward zero.
struct FpToFpPattern : public OpConversionPattern<tt::FpToFpOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::FpToFpOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    using trident::cpu::isFp8;
    Location loc = op.getLoc();
    auto from = cast<FloatType>(getElementTypeOrSelf(op.getSrc().getType()));
    auto to = cast<FloatType>(getElementTypeOrSelf(op.getType()));
    bool rtz = op.getRounding() && *op.getRounding() == tt::RoundingMode::RTZ;
    Type resultElem =
        getTypeConverter()->convertType(getElementTypeOrSelf(op.getType()));
    Value table = isFp8(from) ? trident::cpu::fp8Table(rewriter, loc, from)
                              : Value();
    FloatType f32 = rewriter.getF32Type();
    auto resize = [&](OpBuilder &b, Location l, Value x, FloatType t) {
      unsigned w = cast<FloatType>(x.getType()).getWidth();
      if (x.getType() == t)
        return x;
      if (t.getWidth() > w)
        return Value(arith::ExtFOp::create(b, l, t, x));
      return rtz ? trident::cpu::truncTowardZero(b, l, t, x)
                 : Value(arith::TruncFOp::create(b, l, t, x));
    };
    Value r = trident::cpu::mapElementwise(
        rewriter, loc, ValueRange{a.getSrc()}, resultElem,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          Value x = args[0];
          if (isFp8(from))
            x = trident::cpu::decodeFp8(b, l, table, x); // exact
          if (!isFp8(to))
            return resize(b, l, x, to);
          // fp8 from f32; f16 and bf16 widen exactly, f64 narrows first
          // (rounding twice, as a conversion through f32 does).
          return trident::cpu::encodeFp8(b, l, to, resize(b, l, x, f32), rtz);
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

/// fp8 constants become their bytes.
struct Fp8ConstantPattern : public OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!trident::cpu::isFp8(getElementTypeOrSelf(op.getType())))
      return failure();
    Type i8 = rewriter.getI8Type();
    TypedAttr value;
    if (auto d = dyn_cast<DenseElementsAttr>(op.getValue()))
      value = d.bitcast(i8);
    else if (auto f = dyn_cast<FloatAttr>(op.getValue()))
      value = rewriter.getIntegerAttr(i8, f.getValue().bitcastToAPInt());
    else
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, value);
    return success();
  }
};

/// Arithmetic on fp8 values (Triton keeps `x + y` in fp8 when both are):
/// computed in f32 from the decoded operands, the result rounded back to
/// fp8 to nearest even. Sums, differences and products of two fp8 values
/// are exact in f32, so the result is rounded once.
struct Fp8ArithPattern : public ConversionPattern {
  Fp8ArithPattern(const TypeConverter &tc, MLIRContext *ctx)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), 1, ctx) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    using trident::cpu::isFp8;
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
        isa<arith::ConstantOp, arith::SelectOp, arith::BitcastOp>(op) ||
        op->getNumRegions() || op->getNumResults() != 1)
      return failure();
    auto fp8Elem = [](Type t) { return isFp8(getElementTypeOrSelf(t)); };
    if (!llvm::any_of(op->getOperandTypes(), fp8Elem) &&
        !fp8Elem(op->getResult(0).getType()))
      return failure();
    Location loc = op->getLoc();
    SmallVector<Value> tables;
    for (Value v : op->getOperands())
      tables.push_back(fp8Elem(v.getType())
                           ? trident::cpu::fp8Table(
                                 rewriter, loc,
                                 cast<FloatType>(getElementTypeOrSelf(v.getType())))
                           : Value());
    Type resultElem = getElementTypeOrSelf(op->getResult(0).getType());
    Type convertedElem = getTypeConverter()->convertType(resultElem);
    Value r = trident::cpu::mapElementwise(
        rewriter, loc, operands, convertedElem,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          SmallVector<Value> in;
          for (auto [i, x] : llvm::enumerate(args))
            in.push_back(tables[i] ? trident::cpu::decodeFp8(b, l, tables[i], x)
                                   : x);
          Type scalarResult = isFp8(resultElem) ? b.getF32Type() : resultElem;
          OperationState state(l, op->getName().getStringRef(), in,
                               TypeRange{scalarResult}, op->getAttrs());
          Value v = b.create(state)->getResult(0);
          if (!isFp8(resultElem))
            return v;
          return trident::cpu::encodeFp8(b, l, cast<FloatType>(resultElem), v,
                                         /*towardZero=*/false);
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct BitcastPattern : public OpConversionPattern<tt::BitcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::BitcastOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Type to = getTypeConverter()->convertType(op.getType());
    if (to == a.getSrc().getType())
      rewriter.replaceOp(op, a.getSrc());
    else
      rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, to, a.getSrc());
    return success();
  }
};

struct ClampPattern : public OpConversionPattern<tt::ClampFOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ClampFOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    bool all = op.getPropagateNan() == tt::PropagateNan::ALL;
    Location loc = op.getLoc();
    Value lo, r;
    if (all) {
      lo = arith::MaximumFOp::create(rewriter, loc, a.getX(), a.getMin());
      r = arith::MinimumFOp::create(rewriter, loc, lo, a.getMax());
    } else {
      lo = arith::MaxNumFOp::create(rewriter, loc, a.getX(), a.getMin());
      r = arith::MinNumFOp::create(rewriter, loc, lo, a.getMax());
    }
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct MulhiPattern : public OpConversionPattern<tt::MulhiUIOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::MulhiUIOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    auto m = arith::MulUIExtendedOp::create(rewriter, op.getLoc(), a.getX(),
                                            a.getY());
    rewriter.replaceOp(op, m.getHigh());
    return success();
  }
};

/// Calls of vendor math libraries (libdevice `__nv_tanhf`, ROCm's
/// `__ocml_tanh_f32`), as Triton emits for `libdevice.*` functions: the
/// same function from the math and arith dialects, which the host lowers
/// to LLVM intrinsics or the C library.
struct ExternElementwisePattern
    : public OpConversionPattern<tt::ExternElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ExternElementwiseOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    static const llvm::StringMap<StringRef> ops = {
        {"tanh", "math.tanh"},   {"sinh", "math.sinh"},
        {"cosh", "math.cosh"},   {"tan", "math.tan"},
        {"sin", "math.sin"},     {"cos", "math.cos"},
        {"asin", "math.asin"},   {"acos", "math.acos"},
        {"atan", "math.atan"},   {"asinh", "math.asinh"},
        {"acosh", "math.acosh"}, {"atanh", "math.atanh"},
        {"exp", "math.exp"},     {"exp2", "math.exp2"},
        {"expm1", "math.expm1"}, {"log", "math.log"},
        {"log2", "math.log2"},   {"log10", "math.log10"},
        {"log1p", "math.log1p"}, {"sqrt", "math.sqrt"},
        {"rsqrt", "math.rsqrt"}, {"cbrt", "math.cbrt"},
        {"erf", "math.erf"},     {"floor", "math.floor"},
        {"ceil", "math.ceil"},   {"trunc", "math.trunc"},
        {"round", "math.round"}, {"rint", "math.roundeven"},
        {"nearbyint", "math.roundeven"}, {"fabs", "math.absf"},
        {"pow", "math.powf"},    {"atan2", "math.atan2"},
        {"fmod", "arith.remf"},  {"fmin", "arith.minnumf"},
        {"fmax", "arith.maxnumf"}, {"copysign", "math.copysign"},
        {"fma", "math.fma"}};
    StringRef symbol = op.getSymbol();
    Type elem = getElementTypeOrSelf(op.getType());
    StringRef name;
    if (symbol.consume_front("__nv_")) {
      name = symbol;
      if (elem.isF32())
        name.consume_back("f");
    } else if (symbol.consume_front("__ocml_")) {
      name = symbol;
      if (!name.consume_back("_f32") && !name.consume_back("_f64"))
        name = "";
    }
    auto it = name.empty() ? ops.end() : ops.find(name);
    if (it == ops.end() || !(elem.isF32() || elem.isF64()))
      return op.emitError("tt.extern_elementwise: '")
             << op.getSymbol()
             << "' has no host equivalent in the cpu backend (supported: "
                "libdevice and ocml math functions on fp32/fp64)";
    OperationState state(op.getLoc(), it->second, a.getSrcs(),
                         TypeRange{op.getType()});
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

/// tl.extra.cuda.gdc_wait / gdc_launch_dependents: the host has no
/// programmatic dependent launch (programs of one launch finish before the
/// next launch starts), so both are no-ops; their i32 result is a dummy.
struct GridDependencyPattern
    : public OpConversionPattern<tt::ElementwiseInlineAsmOp> {
  GridDependencyPattern(const TypeConverter &tc, MLIRContext *ctx)
      : OpConversionPattern(tc, ctx, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(tt::ElementwiseInlineAsmOp op, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    if (!tt::isGridDependencyControl(op))
      return failure();
    SmallVector<Value> zeros;
    for (Type t : op->getResultTypes()) {
      auto it = dyn_cast<IntegerType>(t);
      if (!it)
        return failure();
      zeros.push_back(arith::ConstantOp::create(rw, op.getLoc(), it,
                                                rw.getIntegerAttr(it, 0)));
    }
    rw.replaceOp(op, zeros);
    return success();
  }
};

} // namespace

void populateElementwisePatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<FpToFpPattern, Fp8ConstantPattern, Fp8ArithPattern,
               BitcastPattern, ClampPattern, MulhiPattern,
               OneToOne<tt::PreciseSqrtOp, math::SqrtOp>,
               OneToOne<tt::PreciseDivFOp, arith::DivFOp>,
               ExternElementwisePattern>(converter, ctx);
  patterns.add<GridDependencyPattern>(converter, ctx);
  patterns.add<UnsupportedPattern<tt::ElementwiseInlineAsmOp>>(
      converter, ctx, "inline assembly");
}

} // namespace trident::cpu::tritontolinalg
