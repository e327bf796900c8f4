//===- FloatConversions.cpp - fp8 and rounding-mode conversions -----------===//

#include "FloatConversions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"

#include <limits>

using namespace mlir;

namespace trident::cpu {

bool isFp8(Type t) {
  auto f = dyn_cast<FloatType>(t);
  return f && f.getWidth() == 8;
}

Value fp8Table(OpBuilder &b, Location loc, FloatType fp8) {
  const llvm::fltSemantics &sem = fp8.getFloatSemantics();
  SmallVector<float> values;
  for (unsigned byte = 0; byte < 256; ++byte) {
    llvm::APFloat v(sem, llvm::APInt(8, byte));
    bool lost;
    v.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven,
              &lost); // exact: every fp8 value is an f32
    values.push_back(v.convertToFloat());
  }
  auto type = RankedTensorType::get({256}, b.getF32Type());
  return arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, ArrayRef<float>(values)));
}

Value decodeFp8(OpBuilder &b, Location loc, Value table, Value byte) {
  Value wide = arith::ExtUIOp::create(b, loc, b.getI32Type(), byte);
  Value index = arith::IndexCastUIOp::create(b, loc, b.getIndexType(), wide);
  return tensor::ExtractOp::create(b, loc, table, ValueRange{index});
}

Value encodeFp8(OpBuilder &b, Location loc, FloatType fp8, Value x,
                bool towardZero) {
  const llvm::fltSemantics &sem = fp8.getFloatSemantics();
  // The format: M fraction bits, normal exponents from emin. An encoding
  // is ((e - emin) << M) + m for a value m * 2^(e - M), m < 2^(M+1), where
  // e >= emin and m < 2^M only at e = emin (subnormals): one formula
  // covers normals, subnormals and the carry of rounding into the exponent.
  int32_t fraction = int32_t(llvm::APFloat::semanticsPrecision(sem)) - 1;
  int32_t emin = llvm::APFloat::semanticsMinExponent(sem);
  llvm::APFloat largest = llvm::APFloat::getLargest(sem);
  int64_t largestBits = largest.bitcastToAPInt().getZExtValue();
  bool lost;
  largest.convert(llvm::APFloat::IEEEsingle(),
                  llvm::APFloat::rmNearestTiesToEven, &lost);
  // NaN is 0x7f (positive, all ones, as NVIDIA's cvt gives), except in the
  // FNUZ formats, whose only NaN is 0x80 and which have no negative zero.
  int64_t nanBits = llvm::APFloat::getNaN(sem).bitcastToAPInt().getZExtValue();
  bool negativeZero = nanBits != 0x80;
  if (negativeZero)
    nanBits = 0x7f;
  // Toward zero, infinities stay infinities where the format has them;
  // every finite magnitude above the largest saturates to it.
  bool keepInfinity = towardZero && llvm::APFloat::semanticsHasInf(sem);
  int64_t infBits =
      keepInfinity ? llvm::APFloat::getInf(sem).bitcastToAPInt().getZExtValue()
                   : 0;

  Type i32 = b.getI32Type();
  auto c32 = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(int32_t(v)));
  };
  Value bits = arith::BitcastOp::create(b, loc, i32, x);
  Value sign = arith::ShRUIOp::create(b, loc, bits, c32(31));
  Value absBits = arith::AndIOp::create(b, loc, bits, c32(0x7fffffff));
  Value a = arith::BitcastOp::create(b, loc, b.getF32Type(), absBits);
  Value e = arith::SubIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, absBits, c32(23)), c32(127));
  e = arith::MaxSIOp::create(b, loc, e, c32(emin));
  // a * 2^(M - e): exact, a power-of-two scaling into [0, 2^(M+1)).
  Value scaleExp = arith::AddIOp::create(
      b, loc, arith::SubIOp::create(b, loc, c32(fraction), e), c32(127));
  Value scale = arith::BitcastOp::create(
      b, loc, b.getF32Type(),
      arith::ShLIOp::create(b, loc, scaleExp, c32(23)));
  Value t = arith::MulFOp::create(b, loc, a, scale);
  Value m = towardZero ? Value(math::TruncOp::create(b, loc, t))
                       : Value(math::RoundEvenOp::create(b, loc, t));
  Value mi = arith::FPToUIOp::create(b, loc, i32, m);
  Value enc = arith::AddIOp::create(
      b, loc,
      arith::ShLIOp::create(b, loc, arith::SubIOp::create(b, loc, e, c32(emin)),
                            c32(fraction)),
      mi);
  Value limit = arith::ConstantOp::create(
      b, loc, b.getF32FloatAttr(largest.convertToFloat()));
  Value over = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, a, limit);
  enc = arith::SelectOp::create(b, loc, over, c32(largestBits), enc);
  if (keepInfinity) {
    Value inf = arith::ConstantOp::create(
        b, loc, b.getF32FloatAttr(std::numeric_limits<float>::infinity()));
    Value isInf = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, a, inf);
    enc = arith::SelectOp::create(b, loc, isInf, c32(infBits), enc);
  }
  Value signed_ = arith::OrIOp::create(
      b, loc, enc, arith::ShLIOp::create(b, loc, sign, c32(7)));
  if (!negativeZero) {
    Value zero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, enc,
                                       c32(0));
    signed_ = arith::SelectOp::create(b, loc, zero, c32(0), signed_);
  }
  Value isNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  Value result = arith::SelectOp::create(b, loc, isNan, c32(nanBits), signed_);
  return arith::TruncIOp::create(b, loc, b.getI8Type(), result);
}

Value truncTowardZero(OpBuilder &b, Location loc, FloatType to, Value x) {
  Value nearest = arith::TruncFOp::create(b, loc, to, x);
  Value back = arith::ExtFOp::create(b, loc, x.getType(), nearest);
  // Rounded away from zero (infinities from finite values included): step
  // the magnitude back by one ulp, the encoding minus one.
  Value awayFromZero = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OGT, math::AbsFOp::create(b, loc, back),
      math::AbsFOp::create(b, loc, x));
  Type bitsType = b.getIntegerType(to.getWidth());
  Value bits = arith::BitcastOp::create(b, loc, bitsType, nearest);
  Value one = arith::ConstantOp::create(b, loc, b.getIntegerAttr(bitsType, 1));
  Value stepped = arith::BitcastOp::create(
      b, loc, to, arith::SubIOp::create(b, loc, bits, one));
  return arith::SelectOp::create(b, loc, awayFromZero, stepped, nearest);
}

Value mapElementwise(
    OpBuilder &b, Location loc, ValueRange inputs, Type resultElem,
    function_ref<Value(OpBuilder &, Location, ValueRange)> scalar) {
  RankedTensorType shape;
  for (Value v : inputs)
    if (auto t = dyn_cast<RankedTensorType>(v.getType()))
      shape = t;
  if (!shape)
    return scalar(b, loc, inputs);
  SmallVector<Value> tensors;
  SmallVector<int> position; // input i: index among tensors, or -1
  for (Value v : inputs) {
    position.push_back(isa<RankedTensorType>(v.getType()) ? tensors.size()
                                                          : -1);
    if (position.back() >= 0)
      tensors.push_back(v);
  }
  auto resultType = RankedTensorType::get(shape.getShape(), resultElem);
  Value init = tensor::EmptyOp::create(b, loc, shape.getShape(), resultElem);
  AffineMap id = b.getMultiDimIdentityMap(shape.getRank());
  SmallVector<AffineMap> maps(tensors.size() + 1, id);
  SmallVector<utils::IteratorType> iters(shape.getRank(),
                                         utils::IteratorType::parallel);
  auto g = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, tensors, ValueRange{init}, maps, iters,
      [&](OpBuilder &bb, Location l, ValueRange args) {
        SmallVector<Value> elems;
        for (auto [i, v] : llvm::enumerate(inputs))
          elems.push_back(position[i] >= 0 ? args[position[i]] : v);
        linalg::YieldOp::create(bb, l, scalar(bb, l, elems));
      });
  return g.getResult(0);
}

} // namespace trident::cpu
