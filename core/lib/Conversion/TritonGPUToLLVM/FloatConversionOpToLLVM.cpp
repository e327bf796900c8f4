//===- FloatConversionOpToLLVM.cpp - fp8 and round-toward-zero, in integers ===//
//
// tt.fp_to_fp where LLVM has no instruction: into and out of the four fp8
// formats (fp8e4nv = e4m3fn, fp8e5 = e5m2, and AMD's fp8e4b8 = e4m3fnuz,
// fp8e5b16 = e5m2fnuz) and rounding toward zero, computed on the bits with
// integer and ordinary float operations, so that every GPU rounds alike:
// narrowing rounds to nearest even and saturates to the largest finite
// value (infinities too; NaN stays NaN), widening is exact. fp8 goes to and
// from fp16 and bf16 through fp32 exactly; fp64 goes to fp8 through fp32
// rounded to odd, which rounds once. A backend with conversion
// instructions adds its own patterns with a higher benefit.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <cmath>

using namespace mlir;
using namespace mlir::triton;

namespace trident {
namespace {

bool isFp8(Type t) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float8E4M3FNUZType,
             Float8E5M2FNUZType>(t);
}

/// An fp8 format: exponent bias, mantissa bits, the largest finite code,
/// and whether it is a "fnuz" one (NaN is 0x80, no negative zero, no
/// infinities).
struct Fp8Format {
  int bias, mantissa, maxFinite;
  bool fnuz;
};
Fp8Format formatOf(Type t) {
  if (isa<Float8E4M3FNType>(t))
    return {7, 3, 0x7E, false};
  if (isa<Float8E5M2Type>(t))
    return {15, 2, 0x7B, false};
  if (isa<Float8E4M3FNUZType>(t))
    return {8, 3, 0x7F, true};
  return {16, 2, 0x7F, true}; // e5m2fnuz
}

Value c32(OpBuilder &b, Location loc, int64_t v) { return i32Const(b, loc, v); }

Value f32(OpBuilder &b, Location loc, Value v) {
  return v.getType().isF32() ? v
                             : LLVM::FPExtOp::create(b, loc, b.getF32Type(), v)
                                   .getResult();
}

/// The float of `to`'s width with `bits`.
Value fromBits(OpBuilder &b, Location loc, Value bits, Type to) {
  return LLVM::BitcastOp::create(b, loc, to, bits);
}

/// `x` rounded toward zero to the narrower `to` (fp64 -> fp32, fp32 ->
/// fp16): rounded to nearest, then one step back toward zero where that
/// went past `x` (a finite `x` rounded to infinity becomes the largest
/// finite value; NaN and infinities stay).
Value truncTowardZero(OpBuilder &b, Location loc, Value x, Type to) {
  Type from = x.getType();
  unsigned bits = to.getIntOrFloatBitWidth();
  Type word = b.getIntegerType(bits);
  Value t = LLVM::FPTruncOp::create(b, loc, to, x);
  Value back = LLVM::FPExtOp::create(b, loc, from, t);
  Value past = LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::ogt,
                                    LLVM::FAbsOp::create(b, loc, back),
                                    LLVM::FAbsOp::create(b, loc, x));
  Value tb = LLVM::BitcastOp::create(b, loc, word, t);
  Value stepped = LLVM::SubOp::create(
      b, loc, tb,
      LLVM::ConstantOp::create(b, loc, word, b.getIntegerAttr(word, 1)));
  return fromBits(b, loc, LLVM::SelectOp::create(b, loc, past, stepped, tb),
                  to);
}

/// fp32 -> bf16 toward zero: the high half of the bits (a quiet NaN for
/// NaN, whose payload may sit in the low half).
Value f32ToBf16TowardZero(OpBuilder &b, Location loc, Value x) {
  Type i32 = b.getI32Type(), i16 = b.getI16Type();
  Value bits = LLVM::BitcastOp::create(b, loc, i32, x);
  Value high = LLVM::TruncOp::create(
      b, loc, i16, LLVM::LShrOp::create(b, loc, bits, c32(b, loc, 16)));
  Value isNan = LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::uno, x, x);
  Value nan = LLVM::ConstantOp::create(b, loc, i16, b.getI16IntegerAttr(0x7FC0));
  return fromBits(b, loc, LLVM::SelectOp::create(b, loc, isNan, nan, high),
                  b.getBF16Type());
}

/// fp64 -> fp32 rounded to odd: toward zero, with the lowest bit set when
/// inexact. Rounding that to a format of fewer than 23 mantissa bits gives
/// what rounding the fp64 directly would.
Value f64ToF32RoundOdd(OpBuilder &b, Location loc, Value x) {
  Type i32 = b.getI32Type();
  Value z = truncTowardZero(b, loc, x, b.getF32Type());
  Value exact = LLVM::FCmpOp::create(
      b, loc, LLVM::FCmpPredicate::ueq,
      LLVM::FPExtOp::create(b, loc, b.getF64Type(), z), x);
  Value zb = LLVM::BitcastOp::create(b, loc, i32, z);
  Value odd = LLVM::OrOp::create(b, loc, zb, c32(b, loc, 1));
  return fromBits(b, loc, LLVM::SelectOp::create(b, loc, exact, zb, odd),
                  b.getF32Type());
}

/// fp32 -> fp8 `to`: round to nearest even, saturate, NaN to NaN.
Value toFp8(OpBuilder &b, Location loc, Value x, Type to) {
  Fp8Format f = formatOf(to);
  Type i32 = b.getI32Type(), f32t = b.getF32Type();
  int shift = 23 - f.mantissa;
  Value bits = LLVM::BitcastOp::create(b, loc, i32, x);
  Value sign = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, bits, c32(b, loc, 24)),
      c32(b, loc, 0x80));
  Value abs = LLVM::AndOp::create(b, loc, bits, c32(b, loc, 0x7fffffff));
  // Normal results: rebias the exponent, round the mantissa to nearest
  // even (a carry moves into the exponent, as it should).
  Value n = LLVM::SubOp::create(b, loc, abs,
                                c32(b, loc, int64_t(127 - f.bias) << 23));
  Value lsb = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, n, c32(b, loc, shift)),
      c32(b, loc, 1));
  Value rounded = LLVM::AddOp::create(
      b, loc, LLVM::AddOp::create(b, loc, n, c32(b, loc, (1 << (shift - 1)) - 1)),
      lsb);
  Value normal = LLVM::LShrOp::create(b, loc, rounded, c32(b, loc, shift));
  // Subnormal results: the code is the value in units of the smallest
  // subnormal, rounded to nearest even (2^mantissa is the smallest normal,
  // whose code is the same number).
  Value absF = LLVM::BitcastOp::create(b, loc, f32t, abs);
  Value scaled = LLVM::FMulOp::create(
      b, loc, absF,
      LLVM::ConstantOp::create(
          b, loc, f32t,
          b.getF32FloatAttr(std::ldexp(1.0f, f.bias - 1 + f.mantissa))));
  Value sub = LLVM::FPToUIOp::create(
      b, loc, i32, LLVM::RoundEvenOp::create(b, loc, scaled));
  Value isSub = LLVM::ICmpOp::create(
      b, loc, LLVM::ICmpPredicate::ult, abs,
      c32(b, loc, int64_t(127 - f.bias + 1) << 23));
  Value code = LLVM::SelectOp::create(b, loc, isSub, sub, normal);
  code = LLVM::UMinOp::create(b, loc, code, c32(b, loc, f.maxFinite));
  if (f.fnuz) // no negative zero
    sign = LLVM::SelectOp::create(
        b, loc,
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, code,
                             c32(b, loc, 0)),
        c32(b, loc, 0), sign);
  code = LLVM::OrOp::create(b, loc, code, sign);
  Value isNan = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ugt, abs,
                                     c32(b, loc, 0x7f800000));
  code = LLVM::SelectOp::create(b, loc, isNan,
                                c32(b, loc, f.fnuz ? 0x80 : 0x7f), code);
  return LLVM::TruncOp::create(b, loc, b.getI8Type(), code);
}

/// fp8 `from` -> fp32, exact.
Value fromFp8(OpBuilder &b, Location loc, Value x, Type from) {
  Fp8Format f = formatOf(from);
  Type i32 = b.getI32Type(), f32t = b.getF32Type();
  Value v = LLVM::ZExtOp::create(b, loc, i32, x);
  if (isa<Float8E5M2Type>(from)) {
    // e5m2 is the high byte of an fp16 (infinities and NaN included).
    Value h = LLVM::BitcastOp::create(
        b, loc, b.getF16Type(),
        LLVM::TruncOp::create(b, loc, b.getI16Type(),
                              LLVM::ShlOp::create(b, loc, v, c32(b, loc, 8))));
    return LLVM::FPExtOp::create(b, loc, f32t, h);
  }
  Value sign = LLVM::ShlOp::create(
      b, loc, LLVM::AndOp::create(b, loc, v, c32(b, loc, 0x80)),
      c32(b, loc, 24));
  Value abs = LLVM::AndOp::create(b, loc, v, c32(b, loc, 0x7f));
  Value normal = LLVM::AddOp::create(
      b, loc, LLVM::ShlOp::create(b, loc, abs, c32(b, loc, 23 - f.mantissa)),
      c32(b, loc, int64_t(127 - f.bias) << 23));
  Value subF = LLVM::FMulOp::create(
      b, loc, LLVM::UIToFPOp::create(b, loc, f32t, abs),
      LLVM::ConstantOp::create(
          b, loc, f32t,
          b.getF32FloatAttr(std::ldexp(1.0f, 1 - f.bias - f.mantissa))));
  Value sub = LLVM::BitcastOp::create(b, loc, i32, subF);
  Value isSub = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, abs,
                                     c32(b, loc, 1 << f.mantissa));
  Value mag = LLVM::SelectOp::create(b, loc, isSub, sub, normal);
  Value result = LLVM::OrOp::create(b, loc, mag, sign);
  // e4m3fn: S.1111.111 is NaN; fnuz: 0x80 is.
  Value isNan =
      f.fnuz ? LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, v,
                                    c32(b, loc, 0x80))
             : LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, abs,
                                    c32(b, loc, 0x7f));
  result = LLVM::SelectOp::create(b, loc, isNan, c32(b, loc, 0x7fc00000), result);
  return LLVM::BitcastOp::create(b, loc, f32t, result);
}

/// `f` (fp32) as `to`, a standard float that holds every fp8 value.
Value widenFromF32(OpBuilder &b, Location loc, Value f, Type to) {
  if (to.isF32())
    return f;
  if (to.isF64())
    return LLVM::FPExtOp::create(b, loc, to, f);
  return LLVM::FPTruncOp::create(b, loc, to, f); // fp16, bf16: exact
}

struct SoftFpToFp : public ConvertOpToLLVMPattern<FpToFpOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  /// Rounding toward zero is defined for these narrowings (Triton's).
  static bool rtzSupported(Type from, Type to) {
    return (from.isF32() && (to.isF16() || to.isBF16() ||
                             isa<Float8E5M2Type>(to))) ||
           (from.isF64() && to.isF32());
  }

  Value convert(OpBuilder &b, Location loc, Value x, Type from, Type to,
                bool rtz) const {
    if (rtz) {
      if (from.isF64())
        return truncTowardZero(b, loc, x, to);
      if (to.isF16())
        return truncTowardZero(b, loc, x, to);
      if (to.isBF16())
        return f32ToBf16TowardZero(b, loc, x);
      // e5m2 is the high byte of an fp16: truncating an fp16 rounded
      // toward zero rounds toward zero.
      Value h = truncTowardZero(b, loc, x, b.getF16Type());
      Value hb = LLVM::BitcastOp::create(b, loc, b.getI16Type(), h);
      return LLVM::TruncOp::create(
          b, loc, b.getI8Type(),
          LLVM::LShrOp::create(b, loc, hb,
                               LLVM::ConstantOp::create(
                                   b, loc, b.getI16Type(),
                                   b.getI16IntegerAttr(8))));
    }
    Value wide = isFp8(from) ? fromFp8(b, loc, x, from)
                 : from.isF64() ? f64ToF32RoundOdd(b, loc, x)
                                : f32(b, loc, x);
    return isFp8(to) ? toFp8(b, loc, wide, to) : widenFromF32(b, loc, wide, to);
  }

  LogicalResult
  matchAndRewrite(FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Type from = getElementTypeOrSelf(op.getSrc().getType());
    Type to = getElementTypeOrSelf(op.getType());
    bool rtz = op.getRounding() && *op.getRounding() == RoundingMode::RTZ &&
               from.getIntOrFloatBitWidth() > to.getIntOrFloatBitWidth();
    if (!isFp8(from) && !isFp8(to) && !rtz)
      return failure(); // FpToFpStandard
    if (rtz && !rtzSupported(from, to))
      return op.emitOpError("converts ")
             << from << " to " << to
             << " rounding toward zero, which Triton defines only from fp32 "
                "to fp16, bf16 and fp8e5 and from fp64 to fp32";
    Type rt = getTypeConverter()->convertType(op.getType());
    Location loc = op.getLoc();
    Value v = mapElements(rw, loc, adaptor.getOperands(), rt,
                          [&](ArrayRef<Value> a, Type) {
                            return convert(rw, loc, a[0], from, to, rtz);
                          });
    rw.replaceOp(op, v);
    return success();
  }
};

} // namespace

void populateFloatConversionOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &p, LoweringContext &) {
  p.add<SoftFpToFp>(tc);
}

} // namespace trident
