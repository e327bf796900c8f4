//===- FloatConversions.cpp - fp8 and round-toward-zero on NVIDIA GPUs ----===//
//
// tt.fp_to_fp cases that need PTX's own conversions: rounding toward zero
// (cvt.rz) and the fp8 formats of NVIDIA GPUs (fp8e4nv = e4m3, fp8e5 =
// e5m2; cvt with .satfinite, sm_89 and later), as Triton does them:
// narrowing rounds to nearest even and saturates to the largest finite
// value; widening is exact. fp8 goes to and from fp32 and bf16 through fp16
// or fp32 exactly.
//
// Where there is no cvt -- fp8 before sm_89, between fp8 formats, from
// fp64, AMD's fnuz formats, bf16 rounded toward zero before sm_80 -- this
// pattern declines and core's integer-arithmetic conversion
// (FloatConversionOpToLLVM) gives the same results, so a kernel rounds the
// same on every GPU. Ours, not Triton's: Triton 3.6 refuses fp8e4nv before
// sm_89 and converts to fp8e5 there without saturating and (from fp32)
// through fp16 rounded toward zero, i.e. with other results.
//
//===----------------------------------------------------------------------===//

#include "FloatConversions.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <cmath>

using namespace mlir;
using namespace mlir::triton;

namespace trident::nvidia {
namespace {

Value f32(OpBuilder &b, Location loc, Value v) {
  return v.getType().isF32() ? v
                             : LLVM::FPExtOp::create(b, loc, b.getF32Type(), v)
                                   .getResult();
}

bool isFp8(Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); }

struct FpToFpConversion : public ConvertOpToLLVMPattern<FpToFpOp> {
  FpToFpConversion(LLVMTypeConverter &tc, int cc)
      : ConvertOpToLLVMPattern(tc, /*benefit=*/2), cc(cc) {}

  /// Whether convert() has an instruction sequence for this pair (else
  /// core's integer conversion does it).
  bool supported(Type from, Type to, bool rtz) const {
    if ((isFp8(from) || isFp8(to)) && cc < 89 && !rtz)
      return false;
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
        return trident::pureInlineAsm(b, loc, b.getF16Type(),
                                      "cvt.rz.f16.f32 $0, $1;", "=h,f", {x});
      if (from.isF32() && to.isBF16() && cc >= 80)
        return trident::pureInlineAsm(b, loc, b.getBF16Type(),
                                      "cvt.rz.bf16.f32 $0, $1;", "=h,f", {x});
      if (from.isF64() && to.isF32())
        return trident::pureInlineAsm(b, loc, b.getF32Type(),
                                      "cvt.rz.f32.f64 $0, $1;", "=f,d", {x});
      return nullptr;
    }
    const char *kind =
        isa<Float8E4M3FNType>(isFp8(to) ? to : from) ? "e4m3" : "e5m2";
    if (rtz) { // f32 -> fp8e5 (supported())
      Value h = trident::pureInlineAsm(b, loc, b.getF16Type(),
                                       "cvt.rz.f16.f32 $0, $1;", "=h,f", {x});
      Value bits = LLVM::BitcastOp::create(b, loc, i16, h);
      return LLVM::TruncOp::create(
          b, loc, i8,
          LLVM::LShrOp::create(
              b, loc, bits,
              LLVM::ConstantOp::create(b, loc, i16, b.getI16IntegerAttr(8))));
    }
    if (isFp8(to)) {
      Value packed;
      if (from.isF16()) {
        // Two halves in one register: ours is the low one.
        Value bits = LLVM::ZExtOp::create(
            b, loc, b.getI32Type(), LLVM::BitcastOp::create(b, loc, i16, x));
        packed = trident::pureInlineAsm(b, loc, i16,
                       std::string("cvt.rn.satfinite.") + kind + "x2.f16x2 $0, $1;",
                       "=h,r", {bits});
      } else {
        Value zero = LLVM::ConstantOp::create(b, loc, b.getF32Type(),
                                              b.getF32FloatAttr(0));
        packed = trident::pureInlineAsm(b, loc, i16,
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
    Value halves = trident::pureInlineAsm(b, loc, b.getI32Type(),
                         std::string("cvt.rn.f16x2.") + kind + "x2 $0, $1;",
                         "=r,h", {wide});
    Value h = LLVM::BitcastOp::create(
        b, loc, b.getF16Type(), LLVM::TruncOp::create(b, loc, i16, halves));
    if (to.isF16())
      return h;
    if (to.isBF16()) // exact: fp8 fits
      return LLVM::FPTruncOp::create(
          b, loc, to, LLVM::FPExtOp::create(b, loc, b.getF32Type(), h));
    return LLVM::FPExtOp::create(b, loc, to, h);
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
      return failure(); // core's FloatConversionOpToLLVM
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

/// arith.truncf of a tensor from f32 to f16 or bf16 (sm_80+), rounding
/// to nearest even, two elements per cvt.rn.f16x2.f32 (cvt.rn.bf16x2.f32):
/// half the conversions, and no 16-bit register made straight from an
/// fp32 register. The latter matters after a wgmma: converting its
/// accumulator element by element into 16-bit registers (Triton's bf16
/// epilogue rounds through f16 so) made ptxas serialize the wgmmas, which
/// the packed form does not (LLVM 22 splits a <2 x float> fptrunc into two
/// single conversions).
struct PackedTruncF : public ConvertOpToLLVMPattern<arith::TruncFOp> {
  PackedTruncF(LLVMTypeConverter &tc, int cc)
      : ConvertOpToLLVMPattern(tc, /*benefit=*/3), cc(cc) {}

  LogicalResult
  matchAndRewrite(arith::TruncFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Type from = getElementTypeOrSelf(op.getIn().getType());
    Type to = getElementTypeOrSelf(op.getType());
    if (op.getRoundingmodeAttr() || !isa<RankedTensorType>(op.getType()) ||
        !from.isF32() || !(to.isF16() || to.isBF16()) || cc < 80)
      return failure();
    Type rt = getTypeConverter()->convertType(op.getType());
    if (!isa_and_nonnull<LLVM::LLVMStructType>(rt))
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> in = unpack(rw, loc, adaptor.getIn());
    if (in.size() % 2)
      return failure();
    std::string text = std::string("cvt.rn.") + (to.isF16() ? "f16" : "bf16") +
                       "x2.f32 $0, $2, $1;";
    Type i16 = rw.getI16Type(), i32 = rw.getI32Type();
    SmallVector<Value> out;
    for (size_t i = 0; i < in.size(); i += 2) {
      // The low half is the first element, the high half the second.
      Value pair = trident::pureInlineAsm(rw, loc, i32, text, "=r,f,f",
                                          {in[i], in[i + 1]});
      Value lo = LLVM::TruncOp::create(rw, loc, i16, pair);
      Value hi = LLVM::TruncOp::create(
          rw, loc, i16,
          LLVM::LShrOp::create(
              rw, loc, pair,
              LLVM::ConstantOp::create(rw, loc, i32, rw.getI32IntegerAttr(16))));
      out.push_back(LLVM::BitcastOp::create(rw, loc, to, lo));
      out.push_back(LLVM::BitcastOp::create(rw, loc, to, hi));
    }
    rw.replaceOp(op, pack(rw, loc, rt, out));
    return success();
  }
  int cc;
};

} // namespace

void populateFloatConversionPatterns(mlir::LLVMTypeConverter &tc,
                                     mlir::RewritePatternSet &patterns, int cc) {
  patterns.add<FpToFpConversion>(tc, cc);
  patterns.add<PackedTruncF>(tc, cc);
}

} // namespace trident::nvidia
