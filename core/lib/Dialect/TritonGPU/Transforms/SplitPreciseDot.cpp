//===- SplitPreciseDot.cpp - tf32x3 and bf16x3 dots on a matrix unit ------===//
//
// tl.dot(a, b, input_precision="tf32x3") asks for about fp32's accuracy
// from a unit that multiplies tf32 (10 bits of mantissa), and "bf16x3"
// the same from bf16 (7 bits). Each fp32 operand x is split into a big
// part (x rounded to the narrow type: for tf32 its low 13 mantissa bits
// cleared, exactly what the unit reads; for bf16 a conversion) and a
// small part (what is left, x - big, exact in fp32, itself narrowed), and
//
//   a b ~ a_small b_big + a_big b_small + a_big b_big
//
// as three dots on the unit accumulating in fp32, the small terms first
// (the product of the two small parts is below the result's precision).
// A part that is not finite (x infinite: inf - inf) is taken as 0 in the
// small part, so infinities and NaNs come through the big product as
// they would through an exact dot. Used by layout assignment when the
// target's planner puts the narrow dot on its matrix unit; otherwise the
// dot stays whole and runs on core's FMA dot, exact in fp32.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/Transforms/DotPlan.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::triton;

namespace mlir::triton::gpu {

SmallVector<DotOp> splitPreciseDot(DotOp dot,
                                   function_ref<bool(DotOp)> unitTakes) {
  InputPrecision prec = dot.getInputPrecision();
  bool tf32 = prec == InputPrecision::TF32x3;
  if (!tf32 && prec != InputPrecision::BF16x3)
    return {};
  auto aTy = cast<RankedTensorType>(dot.getA().getType());
  auto bTy = cast<RankedTensorType>(dot.getB().getType());
  auto dTy = cast<RankedTensorType>(dot.getD().getType());
  if (!aTy.getElementType().isF32() || !bTy.getElementType().isF32() ||
      !dTy.getElementType().isF32())
    return {};
  OpBuilder b(dot);
  Location loc = dot.getLoc();
  SmallVector<Operation *> made;
  auto keep = [&](Operation *op) {
    made.push_back(op);
    return op->getResult(0);
  };
  auto narrowType = [&](RankedTensorType t) {
    return tf32 ? t : t.clone(b.getBF16Type());
  };
  // The unit must take the narrow dot, or nothing changes.
  {
    Value a = dot.getA(), bb = dot.getB();
    if (!tf32) {
      a = keep(arith::TruncFOp::create(b, loc, narrowType(aTy), a));
      bb = keep(arith::TruncFOp::create(b, loc, narrowType(bTy), bb));
    }
    auto probe = DotOp::create(b, loc, dTy, a, bb, dot.getC(),
                               InputPrecision::TF32, 0);
    bool taken = unitTakes(probe);
    probe->erase();
    for (Operation *op : llvm::reverse(made))
      op->erase();
    made.clear();
    if (!taken)
      return {};
  }
  auto split = [&](Value x) -> std::pair<Value, Value> {
    auto ty = cast<RankedTensorType>(x.getType());
    Value big, bigF32;
    if (tf32) {
      auto iTy = ty.clone(b.getI32Type());
      Value bits = keep(arith::BitcastOp::create(b, loc, iTy, x));
      Value mask = keep(arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(iTy, b.getI32IntegerAttr(
                                                  int32_t(0xFFFFE000)))));
      big = bigF32 = keep(arith::BitcastOp::create(
          b, loc, ty, keep(arith::AndIOp::create(b, loc, bits, mask))));
    } else {
      big = keep(arith::TruncFOp::create(b, loc, narrowType(ty), x));
      bigF32 = keep(arith::ExtFOp::create(b, loc, ty, big));
    }
    Value small = keep(arith::SubFOp::create(b, loc, x, bigF32));
    Value nan = keep(arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                           small, small));
    Value zero = keep(arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(ty, b.getF32FloatAttr(0.0f))));
    small = keep(arith::SelectOp::create(b, loc, nan, zero, small));
    if (!tf32)
      small = keep(arith::TruncFOp::create(b, loc, narrowType(ty), small));
    return {big, small};
  };
  auto [aBig, aSmall] = split(dot.getA());
  auto [bBig, bSmall] = split(dot.getB());
  SmallVector<DotOp> dots;
  Value acc = dot.getC();
  for (auto [x, y] : {std::pair{aSmall, bBig}, std::pair{aBig, bSmall},
                      std::pair{aBig, bBig}}) {
    auto d = DotOp::create(b, loc, dTy, x, y, acc, InputPrecision::TF32,
                           dot.getMaxNumImpreciseAcc());
    d->setDiscardableAttrs(dot->getDiscardableAttrDictionary());
    dots.push_back(d);
    acc = d.getD();
  }
  dot.getD().replaceAllUsesWith(acc);
  dot->erase();
  return dots;
}

} // namespace mlir::triton::gpu
