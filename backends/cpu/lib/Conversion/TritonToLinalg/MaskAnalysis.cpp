//===- MaskAnalysis.cpp - masks proved all true at run time ---------------===//
//
// See MaskAnalysis.h.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonToLinalg/MaskAnalysis.h"
#include "Conversion/TritonToLinalg/Common.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace trident::cpu::tritontolinalg {

namespace {

/// Bounds of an integer tensor as i64 scalars, computed at run time from
/// the kernel's scalars, for the affine forms masks are built from:
/// `make_range`, splats, constants, `+`, `-`, `*` by a constant, and
/// expand_dims/broadcast of those. `noWrap` collects the conditions under
/// which the i32 arithmetic did not wrap (the bounds are then exact).
struct Bounds {
  Value min, max;
};

class MaskAnalysis {
public:
  MaskAnalysis(ConversionPatternRewriter &rewriter, Location loc)
      : b(rewriter), rewriter(rewriter), loc(loc) {}

  /// An i1 scalar that is true only when every element of `mask` is true,
  /// or null when the mask is not of an analysable form.
  Value allTrue(Value mask, int depth = 0) {
    if (depth > 8)
      return {};
    Operation *def = mask.getDefiningOp();
    if (!def)
      return {};
    if (auto c = dyn_cast<arith::ConstantOp>(def)) {
      auto d = dyn_cast<DenseIntElementsAttr>(c.getValue());
      if (d && d.isSplat())
        return constI1(d.getSplatValue<bool>());
      return {};
    }
    if (auto sp = dyn_cast<tt::SplatOp>(def))
      return rewriter.getRemappedValue(sp.getSrc());
    if (isa<tt::BroadcastOp, tt::ExpandDimsOp>(def))
      return allTrue(def->getOperand(0), depth + 1);
    if (auto andOp = dyn_cast<arith::AndIOp>(def)) {
      Value l = allTrue(andOp.getLhs(), depth + 1);
      Value r = l ? allTrue(andOp.getRhs(), depth + 1) : Value();
      return r ? Value(arith::AndIOp::create(b, loc, l, r)) : Value();
    }
    auto cmp = dyn_cast<arith::CmpIOp>(def);
    if (!cmp)
      return {};
    SmallVector<Value> noWrap;
    auto l = bounds(cmp.getLhs(), noWrap, depth + 1);
    auto r = l ? bounds(cmp.getRhs(), noWrap, depth + 1) : std::nullopt;
    if (!r)
      return {};
    using P = arith::CmpIPredicate;
    P pred = cmp.getPredicate();
    Value result;
    switch (pred) {
    case P::ult: case P::ule: case P::ugt: case P::uge: {
      // Unsigned order equals signed order when both sides are >= 0.
      Value zero = constI64(0);
      noWrap.push_back(arith::CmpIOp::create(b, loc, P::sge, l->min, zero));
      noWrap.push_back(arith::CmpIOp::create(b, loc, P::sge, r->min, zero));
      pred = pred == P::ult ? P::slt : pred == P::ule ? P::sle
             : pred == P::ugt ? P::sgt : P::sge;
      break;
    }
    case P::slt: case P::sle: case P::sgt: case P::sge:
      break;
    default:
      return {};
    }
    if (pred == P::slt || pred == P::sle)
      result = arith::CmpIOp::create(b, loc, pred, l->max, r->min);
    else
      result = arith::CmpIOp::create(b, loc, pred, l->min, r->max);
    for (Value ok : noWrap)
      result = arith::AndIOp::create(b, loc, result, ok);
    return result;
  }

private:
  Value constI1(bool v) {
    return arith::ConstantOp::create(b, loc, b.getBoolAttr(v));
  }
  Value constI64(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  }
  Value toI64(Value scalar) {
    if (scalar.getType().isInteger(64))
      return scalar;
    return arith::ExtSIOp::create(b, loc, b.getI64Type(), scalar);
  }
  /// For i32 tensors, the condition that [min, max] fits in i32.
  void checkFits(Value v, const Bounds &bd, SmallVector<Value> &noWrap) {
    if (!getElementTypeOrSelf(v.getType()).isInteger(32))
      return;
    using P = arith::CmpIPredicate;
    noWrap.push_back(arith::CmpIOp::create(b, loc, P::sge, bd.min,
                                           constI64(INT32_MIN)));
    noWrap.push_back(arith::CmpIOp::create(b, loc, P::sle, bd.max,
                                           constI64(INT32_MAX)));
  }

  std::optional<Bounds> bounds(Value v, SmallVector<Value> &noWrap,
                               int depth) {
    Type elem = getElementTypeOrSelf(v.getType());
    if (depth > 8 || !(elem.isInteger(32) || elem.isInteger(64)))
      return std::nullopt;
    Operation *def = v.getDefiningOp();
    if (!def)
      return std::nullopt;
    if (auto r = dyn_cast<tt::MakeRangeOp>(def))
      return Bounds{constI64(r.getStart()), constI64(int64_t(r.getEnd()) - 1)};
    if (auto sp = dyn_cast<tt::SplatOp>(def)) {
      Value s = rewriter.getRemappedValue(sp.getSrc());
      if (!s || !s.getType().isIntOrIndex() || s.getType().isIndex())
        return std::nullopt;
      Value x = toI64(s);
      return Bounds{x, x};
    }
    if (auto c = dyn_cast<arith::ConstantOp>(def)) {
      auto d = dyn_cast<DenseIntElementsAttr>(c.getValue());
      if (!d || !d.isSplat())
        return std::nullopt;
      Value x = constI64(d.getSplatValue<APInt>().getSExtValue());
      return Bounds{x, x};
    }
    if (isa<tt::BroadcastOp, tt::ExpandDimsOp>(def))
      return bounds(def->getOperand(0), noWrap, depth + 1);
    if (isa<arith::AddIOp, arith::SubIOp>(def)) {
      auto x = bounds(def->getOperand(0), noWrap, depth + 1);
      auto y = x ? bounds(def->getOperand(1), noWrap, depth + 1) : std::nullopt;
      if (!y)
        return std::nullopt;
      Bounds out;
      if (isa<arith::AddIOp>(def)) {
        out.min = arith::AddIOp::create(b, loc, x->min, y->min);
        out.max = arith::AddIOp::create(b, loc, x->max, y->max);
      } else {
        out.min = arith::SubIOp::create(b, loc, x->min, y->max);
        out.max = arith::SubIOp::create(b, loc, x->max, y->min);
      }
      checkFits(v, out, noWrap);
      return out;
    }
    if (auto mul = dyn_cast<arith::MulIOp>(def)) {
      // By a constant only (strides known at compile time), |c| < 2^31.
      for (int k = 0; k < 2; ++k) {
        auto c = mul->getOperand(k).getDefiningOp<arith::ConstantOp>();
        auto d = c ? dyn_cast<DenseIntElementsAttr>(c.getValue()) : nullptr;
        if (!d || !d.isSplat())
          continue;
        int64_t f = d.getSplatValue<APInt>().getSExtValue();
        if (f > INT32_MAX || f < -INT32_MAX)
          return std::nullopt;
        auto x = bounds(mul->getOperand(1 - k), noWrap, depth + 1);
        if (!x)
          return std::nullopt;
        if (elem.isInteger(64)) // i64 products of i32-sized bounds: no wrap
          checkFitsI32(*x, noWrap);
        Value cf = constI64(f);
        Value lo = arith::MulIOp::create(b, loc, x->min, cf);
        Value hi = arith::MulIOp::create(b, loc, x->max, cf);
        Bounds out = f >= 0 ? Bounds{lo, hi} : Bounds{hi, lo};
        checkFits(v, out, noWrap);
        return out;
      }
      return std::nullopt;
    }
    return std::nullopt;
  }
  void checkFitsI32(const Bounds &bd, SmallVector<Value> &noWrap) {
    using P = arith::CmpIPredicate;
    noWrap.push_back(arith::CmpIOp::create(b, loc, P::sge, bd.min,
                                           constI64(INT32_MIN)));
    noWrap.push_back(arith::CmpIOp::create(b, loc, P::sle, bd.max,
                                           constI64(INT32_MAX)));
  }

  OpBuilder &b;
  ConversionPatternRewriter &rewriter;
  Location loc;
};

} // namespace

Value maskAllTrue(ConversionPatternRewriter &rewriter, Location loc,
                  Value mask) {
  return MaskAnalysis(rewriter, loc).allTrue(mask);
}

Value effectiveMask(OpBuilder &b, Location loc, Value allTrue, Value mask) {
  if (!mask || !allTrue)
    return mask;
  return arith::OrIOp::create(b, loc, allTrue, mask);
}

} // namespace trident::cpu::tritontolinalg
