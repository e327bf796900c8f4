//===- FloatConversions.cpp - fp8 and round-toward-zero on NVIDIA GPUs ----===//
//
// tt.fp_to_fp cases that need PTX's own conversions: rounding toward zero
// (cvt.rz) and the fp8 formats of NVIDIA GPUs (fp8e4nv = e4m3, fp8e5 =
// e5m2; cvt with .satfinite, sm_89 and later), as Triton does them:
// narrowing rounds to nearest even and saturates to the largest finite
// value; widening is exact. fp8 goes to and from fp32 and bf16 through fp16
// or fp32 exactly.
//
// Before sm_89 there is no fp8 cvt. There the same results come from
// integer arithmetic on the fp32 bits (softToFp8, softFromFp8), so a kernel
// rounds the same on every GPU. Ours, not Triton's: Triton 3.6 refuses
// fp8e4nv before sm_89 and converts to fp8e5 there without saturating and
// (from fp32) through fp16 rounded toward zero, i.e. with other results.
//
//===----------------------------------------------------------------------===//

#include "FloatConversions.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <cmath>

using namespace mlir;
using namespace mlir::triton;

namespace trident::nvidia {
namespace {

Value asmOp(OpBuilder &b, Location loc, Type result, StringRef text,
            StringRef constraints, ValueRange args) {
  return LLVM::InlineAsmOp::create(b, loc, result, args, text, constraints,
                                   /*has_side_effects=*/false,
                                   /*is_align_stack=*/false,
                                   LLVM::tailcallkind::TailCallKind::None,
                                   LLVM::AsmDialectAttr(), ArrayAttr())
      .getResult(0);
}

Value f32(OpBuilder &b, Location loc, Value v) {
  return v.getType().isF32() ? v
                             : LLVM::FPExtOp::create(b, loc, b.getF32Type(), v)
                                   .getResult();
}

bool isFp8(Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); }

/// The fp8 format's exponent bias, mantissa bits and largest finite code.
struct Fp8Format {
  int bias, mantissa, maxFinite;
};
Fp8Format formatOf(Type t) {
  return isa<Float8E4M3FNType>(t) ? Fp8Format{7, 3, 0x7E}
                                  : Fp8Format{15, 2, 0x7B};
}

/// fp32 -> fp8 without fp8 instructions: round to nearest even, saturate
/// to the largest finite value (infinities too), NaN stays NaN; what
/// cvt.rn.satfinite does.
Value softToFp8(OpBuilder &b, Location loc, Value x, Type to) {
  Fp8Format f = formatOf(to);
  Type i32 = b.getI32Type(), f32t = b.getF32Type();
  int shift = 23 - f.mantissa;
  Value bits = LLVM::BitcastOp::create(b, loc, i32, x);
  Value sign = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, bits, trident::i32Const(b, loc, 24)),
      trident::i32Const(b, loc, 0x80));
  Value abs = LLVM::AndOp::create(b, loc, bits, trident::i32Const(b, loc, 0x7fffffff));
  // Normal results: rebias the exponent, round the mantissa to nearest
  // even (a carry moves into the exponent, as it should).
  Value n = LLVM::SubOp::create(b, loc, abs,
                                trident::i32Const(b, loc, int64_t(127 - f.bias) << 23));
  Value lsb = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, n, trident::i32Const(b, loc, shift)),
      trident::i32Const(b, loc, 1));
  Value rounded = LLVM::AddOp::create(
      b, loc, LLVM::AddOp::create(b, loc, n, trident::i32Const(b, loc, (1 << (shift - 1)) - 1)),
      lsb);
  Value normal = LLVM::LShrOp::create(b, loc, rounded, trident::i32Const(b, loc, shift));
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
      trident::i32Const(b, loc, int64_t(127 - f.bias + 1) << 23));
  Value code = LLVM::SelectOp::create(b, loc, isSub, sub, normal);
  code = LLVM::UMinOp::create(b, loc, code, trident::i32Const(b, loc, f.maxFinite));
  Value isNan = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ugt, abs,
                                     trident::i32Const(b, loc, 0x7f800000));
  code = LLVM::SelectOp::create(b, loc, isNan, trident::i32Const(b, loc, 0x7f), code);
  return LLVM::TruncOp::create(b, loc, b.getI8Type(),
                               LLVM::OrOp::create(b, loc, code, sign));
}

/// fp8 -> fp32 without fp8 instructions; exact.
Value softFromFp8(OpBuilder &b, Location loc, Value x, Type from) {
  Type i32 = b.getI32Type(), f32t = b.getF32Type();
  Value v = LLVM::ZExtOp::create(b, loc, i32, x);
  Value sign = LLVM::ShlOp::create(
      b, loc, LLVM::AndOp::create(b, loc, v, trident::i32Const(b, loc, 0x80)),
      trident::i32Const(b, loc, 24));
  if (isa<Float8E5M2Type>(from)) {
    // e5m2 is the high byte of an fp16.
    Value h = LLVM::BitcastOp::create(
        b, loc, b.getF16Type(),
        LLVM::TruncOp::create(
            b, loc, b.getI16Type(),
            LLVM::ShlOp::create(b, loc, v, trident::i32Const(b, loc, 8))));
    return LLVM::FPExtOp::create(b, loc, f32t, h);
  }
  Fp8Format f = formatOf(from);
  Value abs = LLVM::AndOp::create(b, loc, v, trident::i32Const(b, loc, 0x7f));
  Value normal = LLVM::AddOp::create(
      b, loc, LLVM::ShlOp::create(b, loc, abs, trident::i32Const(b, loc, 23 - f.mantissa)),
      trident::i32Const(b, loc, int64_t(127 - f.bias) << 23));
  Value subF = LLVM::FMulOp::create(
      b, loc, LLVM::UIToFPOp::create(b, loc, f32t, abs),
      LLVM::ConstantOp::create(
          b, loc, f32t,
          b.getF32FloatAttr(std::ldexp(1.0f, 1 - f.bias - f.mantissa))));
  Value sub = LLVM::BitcastOp::create(b, loc, i32, subF);
  Value isSub = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, abs,
                                     trident::i32Const(b, loc, 1 << f.mantissa));
  Value mag = LLVM::SelectOp::create(b, loc, isSub, sub, normal);
  Value isNan = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, abs,
                                     trident::i32Const(b, loc, 0x7f));
  mag = LLVM::SelectOp::create(b, loc, isNan, trident::i32Const(b, loc, 0x7fc00000), mag);
  return LLVM::BitcastOp::create(b, loc, f32t,
                                 LLVM::OrOp::create(b, loc, mag, sign));
}

/// `f` (fp32) as `to`, a float no narrower than fp8 (exact).
Value widenFromF32(OpBuilder &b, Location loc, Value f, Type to) {
  if (to.isF32())
    return f;
  if (to.isF64())
    return LLVM::FPExtOp::create(b, loc, to, f);
  return LLVM::FPTruncOp::create(b, loc, to, f); // fp16, bf16: fp8 fits
}

struct FpToFpConversion : public ConvertOpToLLVMPattern<FpToFpOp> {
  FpToFpConversion(LLVMTypeConverter &tc, int cc)
      : ConvertOpToLLVMPattern(tc, /*benefit=*/2), cc(cc) {}

  /// Whether convert() has an instruction sequence for this pair.
  bool supported(Type from, Type to, bool rtz) const {
    if (!isFp8(from) && !isFp8(to))
      return !rtz || (from.isF32() && to.isF16()) ||
             (from.isF32() && to.isBF16() && cc >= 80) ||
             (from.isF64() && to.isF32());
    // fp8e5 is fp16 without its low byte: truncating an fp16 rounded
    // toward zero rounds toward zero (Triton's only rtz into fp8).
    if (rtz && from.isF32() && isa<Float8E5M2Type>(to))
      return true;
    if (rtz || (isFp8(from) && isFp8(to)))
      return false;
    return isFp8(to) ? !from.isF64() : true;
  }

  /// One element from `from` to `to` (supported() holds).
  Value convert(OpBuilder &b, Location loc, Value x, Type from, Type to,
                bool rtz) const {
    Type i16 = b.getI16Type(), i8 = b.getI8Type();
    if (!isFp8(from) && !isFp8(to)) {
      if (!rtz)
        return nullptr; // core's pattern does it
      if (from.isF32() && to.isF16())
        return asmOp(b, loc, b.getF16Type(), "cvt.rz.f16.f32 $0, $1;", "=h,f",
                     {x});
      if (from.isF32() && to.isBF16() && cc >= 80)
        return asmOp(b, loc, b.getBF16Type(), "cvt.rz.bf16.f32 $0, $1;",
                     "=h,f", {x});
      if (from.isF64() && to.isF32())
        return asmOp(b, loc, b.getF32Type(), "cvt.rz.f32.f64 $0, $1;", "=f,d",
                     {x});
      return nullptr;
    }
    const char *kind = isa<Float8E4M3FNType>(isFp8(to) ? to : from) ? "e4m3"
                                                                    : "e5m2";
    if (rtz) { // f32 -> fp8e5 (supported())
      Value h = asmOp(b, loc, b.getF16Type(), "cvt.rz.f16.f32 $0, $1;", "=h,f",
                      {x});
      Value bits = LLVM::BitcastOp::create(b, loc, i16, h);
      return LLVM::TruncOp::create(
          b, loc, i8,
          LLVM::LShrOp::create(b, loc, bits,
                               LLVM::ConstantOp::create(b, loc, i16,
                                                        b.getI16IntegerAttr(8))));
    }
    if (cc < 89) // no fp8 cvt: the same results in integer arithmetic
      return isFp8(to) ? softToFp8(b, loc, f32(b, loc, x), to)
                       : widenFromF32(b, loc, softFromFp8(b, loc, x, from), to);
    if (isFp8(to)) {
      Value packed;
      if (from.isF16()) {
        // Two halves in one register: ours is the low one.
        Value bits = LLVM::ZExtOp::create(
            b, loc, b.getI32Type(), LLVM::BitcastOp::create(b, loc, i16, x));
        packed = asmOp(b, loc, i16,
                       std::string("cvt.rn.satfinite.") + kind + "x2.f16x2 $0, $1;",
                       "=h,r", {bits});
      } else {
        Value zero = LLVM::ConstantOp::create(b, loc, b.getF32Type(),
                                              b.getF32FloatAttr(0));
        packed = asmOp(b, loc, i16,
                       std::string("cvt.rn.satfinite.") + kind +
                           "x2.f32 $0, $1, $2;",
                       "=h,f,f", {zero, f32(b, loc, x)});
      }
      return LLVM::TruncOp::create(b, loc, i8, packed);
    }
    // fp8 to a wider float: exact through fp16.
    if (isFp8(to) || rtz)
      return nullptr;
    Value wide = LLVM::ZExtOp::create(b, loc, i16, x);
    Value halves = asmOp(b, loc, b.getI32Type(),
                         std::string("cvt.rn.f16x2.") + kind + "x2 $0, $1;",
                         "=r,h", {wide});
    Value h = LLVM::BitcastOp::create(
        b, loc, b.getF16Type(), LLVM::TruncOp::create(b, loc, i16, halves));
    if (to.isF16())
      return h;
    return widenFromF32(b, loc, LLVM::FPExtOp::create(b, loc, b.getF32Type(), h),
                        to);
  }

  LogicalResult
  matchAndRewrite(FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Type from = getElementTypeOrSelf(op.getSrc().getType());
    Type to = getElementTypeOrSelf(op.getType());
    bool rtz = op.getRounding() && *op.getRounding() == RoundingMode::RTZ;
    Location loc = op.getLoc();
    if (!isFp8(from) && !isFp8(to) && !rtz)
      return failure(); // core's pattern does it
    if (!supported(from, to, rtz))
      return op.emitOpError("converts ")
             << from << " to " << to << (rtz ? " rounding toward zero" : "")
             << ", which the NVIDIA backend cannot do for sm_" << cc
             << " (nor can Triton 3.6)";
    Type rt = getTypeConverter()->convertType(op.getType());
    Value v = mapElements(rw, loc, adaptor.getOperands(), rt,
                          [&](ArrayRef<Value> a, Type) {
                            return convert(rw, loc, a[0], from, to, rtz);
                          });
    rw.replaceOp(op, v);
    return success();
  }
  int cc;
};

} // namespace

void populateFloatConversionPatterns(mlir::LLVMTypeConverter &tc,
                                     mlir::RewritePatternSet &patterns, int cc) {
  patterns.add<FpToFpConversion>(tc, cc);
}

} // namespace trident::nvidia
