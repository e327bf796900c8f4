//===- Semantic.cpp - Triton's typing rules and elementwise ops -----------===//
//
// The rules of triton/language/semantic.py, restated: Python scalars become
// int32/uint32/int64/uint64/fp32/fp64 tensors; in a binary op a scalar whose
// kind (bool < uint < int < float) is at most the tensor's does not take
// part in promotion; otherwise fp64 > fp32 > fp16 > bf16 (division and
// modulo of 16-bit floats happen in fp32), and integers promote by width
// with unsigned winning ties. Compile-time numbers fold with Python's own
// semantics (floor division, modulo with the divisor's sign).
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Generator.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include <cmath>
#include <limits>

namespace trident::frontend {

namespace tt = mlir::triton;
using mlir::arith::CmpFPredicate;
using mlir::arith::CmpIPredicate;

//===----------------------------------------------------------------------===//
// Constants and conversions
//===----------------------------------------------------------------------===//

/// The dtype Triton gives a Python number when it becomes a tensor.
static bool literalDType(const Val &v, DType &out) {
  if (v.kind == Val::Bool) {
    out = Scalar::I1;
    return true;
  }
  if (v.kind == Val::Int) {
    __int128 x = v.i;
    if (x >= -((__int128)1 << 31) && x < ((__int128)1 << 31))
      out = Scalar::I32;
    else if (x >= 0 && x < ((__int128)1 << 32))
      out = Scalar::U32;
    else if (x >= -((__int128)1 << 63) && x < ((__int128)1 << 63))
      out = Scalar::I64;
    else if (x >= 0 && x < ((__int128)1 << 64))
      out = Scalar::U64;
    else
      return false;
    return true;
  }
  if (v.kind == Val::Float) {
    double a = std::fabs(v.f);
    bool fp32 = std::isinf(v.f) || std::isnan(v.f) || a == 0 ||
                (a >= 0x1p-126 && a <= 0x1.fffffep127);
    out = fp32 ? Scalar::FP32 : Scalar::FP64;
    return true;
  }
  return false;
}

Val Generator::scalarConstant(const Val &number, const DType &dtype,
                              SourceLoc l) {
  mlir::Type t = dtype.toMLIR(&ctx_);
  mlir::TypedAttr attr;
  if (dtype.isInt()) {
    __int128 x = number.kind == Val::Float ? (__int128)number.f : number.i;
    if (number.kind != Val::Float &&
        (x < -((__int128)1 << 63) || x >= ((__int128)1 << 64)))
      error(l, "Nonrepresentable integer " + numberStr(number) + ".");
    attr = b_.getIntegerAttr(t, llvm::APInt(dtype.bitwidth(), (uint64_t)x,
                                            /*isSigned=*/false,
                                            /*implicitTrunc=*/true));
  } else if (dtype.isFloat()) {
    double x = number.kind == Val::Float ? number.f : (double)number.i;
    attr = b_.getFloatAttr(t, x);
  } else {
    error(l, "cannot make a constant of type " + dtype.str());
  }
  auto c = mlir::arith::ConstantOp::create(b_, here(), attr);
  return Val::tensor(c, TType(dtype));
}

Val Generator::constantOf(double fv, __int128 iv, const TType &type) {
  Val n = type.elem.isFloat() ? Val::floating(fv) : Val::integer(iv);
  Val s = scalarConstant(n, type.elem, curLoc_);
  if (!type.isBlock())
    return s;
  return splat(s, type.shape);
}

Val Generator::toTensor(const Val &v, SourceLoc l) {
  if (v.isTensor())
    return v;
  DType d;
  if (!literalDType(v, d)) {
    if (v.kind == Val::Int)
      error(l, "Nonrepresentable integer " + numberStr(v) + ".");
    error(l, "cannot convert " + v.describe() + " to a tensor");
  }
  return scalarConstant(v, d, l);
}

Val Generator::splat(const Val &v, const std::vector<int64_t> &shape) {
  TType t(v.type.elem, shape);
  auto op = tt::SplatOp::create(b_, here(), t.toMLIR(&ctx_), v.value);
  return Val::tensor(op, t);
}

static void checkShape(Generator &g, const std::vector<int64_t> &shape,
                       SourceLoc l) {
  int64_t n = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] <= 0 || (shape[i] & (shape[i] - 1)))
      g.error(l, "Shape element " + std::to_string(i) +
                     " must be a power of 2, got " +
                     std::to_string(shape[i]));
    n *= shape[i];
    if (n > (1 << 20))
      g.error(l, "numel (" + std::to_string(n) +
                     ") exceeds triton maximum tensor numel (1048576)");
  }
}

Val Generator::broadcastTo(const Val &v0, const std::vector<int64_t> &shape,
                           SourceLoc l) {
  Val v = toTensor(v0, l);
  checkShape(*this, shape, l);
  if (!v.type.isBlock())
    return splat(v, shape);
  if (v.type.shape == shape)
    return v;
  if (v.type.shape.size() != shape.size())
    error(l, "Cannot broadcast, rank mismatch: " + v.type.str() + " to " +
                 TType(v.type.elem, shape).str());
  for (size_t i = 0; i < shape.size(); ++i)
    if (v.type.shape[i] != shape[i] && v.type.shape[i] != 1)
      error(l, "Cannot broadcast, the expanded size of the tensor (" +
                   std::to_string(shape[i]) +
                   ") must match the existing size (" +
                   std::to_string(v.type.shape[i]) +
                   ") at non-singleton dimension " + std::to_string(i));
  TType t(v.type.elem, shape);
  auto op = tt::BroadcastOp::create(b_, here(), t.toMLIR(&ctx_), v.value);
  return Val::tensor(op, t);
}

void Generator::broadcastPair(Val &a, Val &b, SourceLoc l) {
  a = toTensor(a, l);
  b = toTensor(b, l);
  bool ab = a.type.isBlock(), bb = b.type.isBlock();
  if (!ab && !bb)
    return;
  if (ab && !bb) {
    b = splat(b, a.type.shape);
    return;
  }
  if (!ab && bb) {
    a = splat(a, b.type.shape);
    return;
  }
  while (a.type.shape.size() < b.type.shape.size())
    a = expandDims(a, 0, l);
  while (b.type.shape.size() < a.type.shape.size())
    b = expandDims(b, 0, l);
  std::vector<int64_t> shape;
  for (size_t i = 0; i < a.type.shape.size(); ++i) {
    int64_t x = a.type.shape[i], y = b.type.shape[i];
    if (x != y && x != 1 && y != 1)
      error(l, "Cannot make_shape_compatible: incompatible dimensions at "
               "index " + std::to_string(i) + ": " + std::to_string(x) +
               " and " + std::to_string(y));
    shape.push_back(x == 1 ? y : x);
  }
  a = broadcastTo(a, shape, l);
  b = broadcastTo(b, shape, l);
}

DType Generator::integerPromote(const DType &a, const DType &b) {
  int ar = a.bitwidth(), br = b.bitwidth();
  bool au = a.isUnsigned(), bu = b.isUnsigned();
  if (au == bu)
    return ar > br ? a : b;
  if (au)
    return ar >= br ? a : b;
  return br >= ar ? b : a;
}

DType Generator::computationType(const DType &a, bool aScalar, const DType &b,
                                 bool bScalar, bool divOrMod, SourceLoc l) {
  if (aScalar != bScalar) {
    const DType &s = aScalar ? a : b;
    const DType &t = aScalar ? b : a;
    // Triton's kinds: bool < integral < floating.
    auto kind = [](const DType &d) {
      return d.isBool() ? 0 : d.isInt() ? 1 : 2;
    };
    if (kind(s) <= kind(t)) {
      if (divOrMod && (t.kind == Scalar::FP16 || t.kind == Scalar::BF16))
        return Scalar::FP32;
      return t;
    }
  }
  if (a.kind == Scalar::FP64 || b.kind == Scalar::FP64)
    return Scalar::FP64;
  if (a.kind == Scalar::FP32 || b.kind == Scalar::FP32)
    return Scalar::FP32;
  if (a.kind == Scalar::FP16 || b.kind == Scalar::FP16)
    return divOrMod ? Scalar::FP32 : Scalar::FP16;
  if (a.kind == Scalar::BF16 || b.kind == Scalar::BF16) {
    if (divOrMod)
      return Scalar::FP32;
    if (a.kind == Scalar::BF16 && b.kind == Scalar::BF16)
      return Scalar::BF16;
    return Scalar::FP32;
  }
  if (a.isFP8() && b.isFP8())
    return a == b ? a : DType(Scalar::FP16);
  if (!a.isInt() || !b.isInt())
    error(l, "unexpected type " + a.str() + " and " + b.str());
  if (divOrMod && a.isUnsigned() != b.isUnsigned())
    error(l, "Cannot use /, //, or % with " + a.str() + " and " + b.str() +
                 " because they have different signedness; this is unlikely "
                 "to result in a useful answer. Cast them to the same "
                 "signedness.");
  return integerPromote(a, b);
}

static bool fitsIn(__int128 x, const DType &d) {
  int w = d.bitwidth();
  if (d.isBool())
    return x == 0 || x == 1;
  if (d.isUnsigned())
    return x >= 0 && (w == 64 ? x < ((__int128)1 << 64) : x < ((__int128)1 << w));
  return x >= -((__int128)1 << (w - 1)) && x < ((__int128)1 << (w - 1));
}

void Generator::binaryOperands(Val &a, Val &b, SourceLoc l, bool allowLhsPtr,
                               bool allowRhsPtr, bool arithmeticCheck,
                               bool divOrMod, const std::string &opName) {
  bool aScalar = a.isNumber(), bScalar = b.isNumber();
  if (!aScalar && !a.isTensor())
    error(l, "unsupported operand for '" + opName + "': " + a.describe());
  if (!bScalar && !b.isTensor())
    error(l, "unsupported operand for '" + opName + "': " + b.describe());
  DType ad, bd;
  if (aScalar) {
    if (!literalDType(a, ad))
      error(l, "Nonrepresentable integer " + numberStr(a) + ".");
  } else {
    ad = a.type.elem;
  }
  if (bScalar) {
    if (!literalDType(b, bd))
      error(l, "Nonrepresentable integer " + numberStr(b) + ".");
  } else {
    bd = b.type.elem;
  }
  if ((ad.isPtr() && !allowLhsPtr) || (bd.isPtr() && !allowRhsPtr) ||
      (ad.isPtr() && bd.isPtr() && opName != "-" && opName != "==" &&
       opName != "!=" && opName != "where"))
    error(l, "invalid operands of type " + ad.str() + " and " + bd.str() +
                 " for '" + opName + "'");
  if (arithmeticCheck && !ad.isPtr() && !bd.isPtr()) {
    DType ret = computationType(ad, aScalar, bd, bScalar, divOrMod, l);
    for (auto [v, isScalar] : {std::pair<Val *, bool>{&a, aScalar},
                               std::pair<Val *, bool>{&b, bScalar}}) {
      if (isScalar && v->kind != Val::Float && ret.isInt()) {
        if (v->i < 0 && ret.isUnsigned())
          error(l, "Cannot perform a binary operation between an unsigned "
                   "tensor and a negative scalar. Perform a explicit cast on "
                   "one of them.");
        if (!fitsIn(v->i, ret))
          error(l, "Scalar " + numberStr(*v) + " is out of range for type " +
                       ret.str());
      }
      if (isScalar)
        *v = scalarConstant(*v, ret, l);
      else
        *v = cast(*v, ret, l);
    }
  } else {
    a = toTensor(a, l);
    b = toTensor(b, l);
  }
  broadcastPair(a, b, l);
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

Val Generator::bitcast(const Val &v0, const DType &to, SourceLoc l) {
  Val v = requireTensor(v0, l, "the operand of bitcast");
  const DType &from = v.type.elem;
  if (from.isPtr() || to.isPtr())
    return cast(v, to, l);
  if (from == to)
    return v;
  if (from.bitwidth() != to.bitwidth())
    error(l, "Cannot bitcast data-type of size " +
                 std::to_string(from.bitwidth()) + " to data-type of size " +
                 std::to_string(to.bitwidth()));
  TType t = v.type.withElem(to);
  auto op = tt::BitcastOp::create(b_, here(), t.toMLIR(&ctx_), v.value);
  return Val::tensor(op, t);
}

Val Generator::cast(const Val &v0, const DType &to, SourceLoc l,
                    const std::string &rounding) {
  Val v = requireTensor(v0, l, "the operand of a cast");
  const DType &from = v.type.elem;
  TType t = v.type.withElem(to);
  mlir::Type mt = t.toMLIR(&ctx_);
  auto wrap = [&](mlir::Value x) { return Val::tensor(x, t); };
  if (from == to)
    return v;
  if (to.isVoid())
    error(l, "cannot cast to void");
  bool truncFloat = from.isFloat() && to.isFloat() &&
                    from.bitwidth() > to.bitwidth();
  if (!rounding.empty()) {
    if (rounding != "rtne" && rounding != "rtz")
      error(l, "Invalid rounding mode: " + rounding);
    if (!truncFloat)
      error(l, "fp_downcast_rounding should be set only for truncating fp "
               "conversions. Source scalar type is " + from.str() +
               " and destination type is " + to.str());
  }
  bool customRounding = truncFloat && rounding == "rtz";
  if ((from.isFP8() && to.isFloat()) || (from.isFloat() && to.isFP8()) ||
      customRounding) {
    auto op = tt::FpToFpOp::create(b_, here(), mt, v.value);
    if (truncFloat)
      op.setRounding(customRounding ? tt::RoundingMode::RTZ
                                    : tt::RoundingMode::RTNE);
    return wrap(op);
  }
  if ((from.kind == Scalar::FP16 || from.kind == Scalar::BF16) &&
      to.kind != Scalar::FP32)
    return cast(cast(v, Scalar::FP32, l), to, l);
  if (truncFloat)
    return wrap(mlir::arith::TruncFOp::create(b_, here(), mt, v.value));
  if (from.isFloat() && to.isFloat())
    return wrap(mlir::arith::ExtFOp::create(b_, here(), mt, v.value));
  if (from.isInt() && to.isInt()) {
    if (to.isBool()) {
      Val zero = constantOf(0, 0, v.type);
      return wrap(mlir::arith::CmpIOp::create(b_, here(), CmpIPredicate::ne,
                                              v.value, zero.value));
    }
    if (from.bitwidth() == to.bitwidth())
      return Val::tensor(v.value, t); // signedness only
    if (from.bitwidth() > to.bitwidth())
      return wrap(mlir::arith::TruncIOp::create(b_, here(), mt, v.value));
    if (from.isSigned() && !from.isBool())
      return wrap(mlir::arith::ExtSIOp::create(b_, here(), mt, v.value));
    return wrap(mlir::arith::ExtUIOp::create(b_, here(), mt, v.value));
  }
  if (from.isStandardFloat() && to.isInt()) {
    if (to.isBool()) {
      Val zero = constantOf(0, 0, v.type);
      return wrap(mlir::arith::CmpFOp::create(b_, here(), CmpFPredicate::UNE,
                                              v.value, zero.value));
    }
    if (to.isSigned())
      return wrap(mlir::arith::FPToSIOp::create(b_, here(), mt, v.value));
    return wrap(mlir::arith::FPToUIOp::create(b_, here(), mt, v.value));
  }
  if (from.isInt() && to.isStandardFloat()) {
    if (from.isBool() || from.isUnsigned())
      return wrap(mlir::arith::UIToFPOp::create(b_, here(), mt, v.value));
    return wrap(mlir::arith::SIToFPOp::create(b_, here(), mt, v.value));
  }
  if (from.isPtr() && to.isInt()) {
    if (to.bitwidth() == 64)
      return wrap(tt::PtrToIntOp::create(b_, here(), mt, v.value));
    if (to.isBool()) {
      Val i = cast(v, Scalar::I64, l);
      Val zero = constantOf(0, 0, i.type);
      return wrap(mlir::arith::CmpIOp::create(b_, here(), CmpIPredicate::ne,
                                              i.value, zero.value));
    }
  }
  if (from.isInt() && to.isPtr() && !to.isBlockPtr()) {
    Val i = from.bitwidth() == 64 ? v : cast(v, Scalar::I64, l);
    return wrap(tt::IntToPtrOp::create(b_, here(), mt, i.value));
  }
  if (from.isPtr() && to.isPtr() && !from.isBlockPtr() && !to.isBlockPtr())
    return wrap(tt::BitcastOp::create(b_, here(), mt, v.value));
  error(l, "cannot cast " + v.type.str() + " to " + to.str());
}

//===----------------------------------------------------------------------===//
// Binary, comparison and unary ops
//===----------------------------------------------------------------------===//

static __int128 floorDiv(__int128 a, __int128 b) {
  __int128 q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}

/// Python semantics on two compile-time numbers.
static Val foldNumbers(Generator &g, const std::string &op, const Val &a,
                       const Val &b, SourceLoc l) {
  bool isFloat = a.kind == Val::Float || b.kind == Val::Float;
  double af = a.kind == Val::Float ? a.f : (double)a.i;
  double bf = b.kind == Val::Float ? b.f : (double)b.i;
  __int128 ai = a.i, bi = b.i;
  bool bothBool = a.kind == Val::Bool && b.kind == Val::Bool;
  auto checkInt = [&](__int128 r) {
    const __int128 lim = (__int128)1 << 100;
    if (r > lim || r < -lim)
      g.error(l, "compile-time integer overflow in '" + op + "'");
    return Val::integer(r);
  };
  if (op == "+")
    return isFloat ? Val::floating(af + bf) : checkInt(ai + bi);
  if (op == "-")
    return isFloat ? Val::floating(af - bf) : checkInt(ai - bi);
  if (op == "*") {
    if (isFloat)
      return Val::floating(af * bf);
    if (ai != 0 && (bi > ((__int128)1 << 100) / (ai < 0 ? -ai : ai) ||
                    bi < -((__int128)1 << 100) / (ai < 0 ? -ai : ai)))
      g.error(l, "compile-time integer overflow in '*'");
    return checkInt(ai * bi);
  }
  if (op == "/") {
    if (bf == 0)
      g.error(l, "division by zero");
    return Val::floating(af / bf);
  }
  if (op == "//" || op == "%") {
    if ((isFloat && bf == 0) || (!isFloat && bi == 0))
      g.error(l, op == "//" ? "integer division or modulo by zero"
                            : "modulo by zero");
    if (isFloat) {
      if (op == "//")
        return Val::floating(std::floor(af / bf));
      double r = std::fmod(af, bf);
      if (r != 0 && ((r < 0) != (bf < 0)))
        r += bf;
      return Val::floating(r);
    }
    __int128 q = floorDiv(ai, bi);
    return op == "//" ? Val::integer(q) : Val::integer(ai - q * bi);
  }
  if (op == "**") {
    if (!isFloat && bi >= 0) {
      __int128 r = 1;
      for (__int128 k = 0; k < bi; ++k) {
        r *= ai;
        if (r > ((__int128)1 << 100) || r < -((__int128)1 << 100))
          g.error(l, "compile-time integer overflow in '**'");
      }
      return Val::integer(r);
    }
    return Val::floating(std::pow(af, bf));
  }
  if (isFloat)
    g.error(l, "unsupported operand types for " + op + ": " + a.describe() +
                   " and " + b.describe());
  if (op == "&")
    return bothBool ? Val::boolean(ai & bi) : Val::integer(ai & bi);
  if (op == "|")
    return bothBool ? Val::boolean(ai | bi) : Val::integer(ai | bi);
  if (op == "^")
    return bothBool ? Val::boolean(ai ^ bi) : Val::integer(ai ^ bi);
  if (op == "<<") {
    if (bi < 0)
      g.error(l, "negative shift count");
    if (bi > 100)
      g.error(l, "compile-time integer overflow in '<<'");
    return checkInt(ai << (int)bi);
  }
  if (op == ">>") {
    if (bi < 0)
      g.error(l, "negative shift count");
    return Val::integer(bi > 126 ? (ai < 0 ? -1 : 0) : ai >> (int)bi);
  }
  g.error(l, "unsupported operator '" + op + "'");
}

Val Generator::binaryOp(const std::string &op, Val a, Val b, SourceLoc l) {
  if (a.isNumber() && b.isNumber())
    return foldNumbers(*this, op, a, b, l);
  if (a.kind == Val::Tuple && b.kind == Val::Tuple && op == "+") {
    std::vector<Val> e = a.elems;
    e.insert(e.end(), b.elems.begin(), b.elems.end());
    return Val::tuple(e);
  }
  if (a.kind == Val::Str && b.kind == Val::Str && op == "+")
    return Val::string(a.str + b.str);
  // Repetition, as Python's: `[2] * steps`, `3 * (1,)`.
  if (op == "*" && ((a.kind == Val::Tuple && b.kind == Val::Int) ||
                    (a.kind == Val::Int && b.kind == Val::Tuple))) {
    const Val &t = a.kind == Val::Tuple ? a : b;
    __int128 n = a.kind == Val::Int ? a.i : b.i;
    if (n > 4096 || (int64_t)n * (int64_t)t.elems.size() > 65536)
      error(l, "sequence repetition by " + numberStr(a.kind == Val::Int ? a : b) +
                   " makes a tuple too long for a kernel");
    std::vector<Val> e;
    for (__int128 k = 0; k < n; ++k)
      e.insert(e.end(), t.elems.begin(), t.elems.end());
    return Val::tuple(e);
  }
  if ((!a.isTensor() && !a.isNumber()) || (!b.isTensor() && !b.isNumber()))
    error(l, "unsupported operand types for " + op + ": " + a.describe() +
                 " and " + b.describe());
  if (op == "**")
    error(l, "operator '**' is not supported on tensors; use tl.exp, "
             "tl.exp2, or repeated multiplication");
  if (op == "@")
    error(l, "operator '@' is not supported; use tl.dot");

  auto make = [&](mlir::Value x, const TType &t) { return Val::tensor(x, t); };
  if (op == "+" || op == "-") {
    bool isSub = op == "-";
    binaryOperands(a, b, l, true, !isSub, true, false, op);
    const DType &ad = a.type.elem, &bd = b.type.elem;
    if (ad.isPtr() && bd.isPtr()) {
      if (!isSub)
        error(l, "cannot add pointers together");
      error(l, "subtracting pointers is not supported; convert them with "
               ".to(tl.int64) first");
    }
    if (!isSub && bd.isPtr() && !ad.isPtr())
      std::swap(a, b);
    if (a.type.elem.isPtr()) {
      Val off = b;
      if (isSub)
        off = unaryOp("-", off, l);
      if (off.type.elem.isUnsigned() && off.type.elem.bitwidth() < 64) {
        TType t64 = off.type.withElem(Scalar::I64);
        off = make(mlir::arith::ExtUIOp::create(b_, here(),
                                                t64.toMLIR(&ctx_), off.value),
                   t64);
      }
      if (!off.type.elem.isInt())
        error(l, "pointer offsets must be integers, got " + off.type.str());
      return make(tt::AddPtrOp::create(b_, here(), a.type.toMLIR(&ctx_),
                                       a.value, off.value),
                  a.type);
    }
    if (a.type.elem.isFloat())
      return make(isSub ? (mlir::Value)mlir::arith::SubFOp::create(
                              b_, here(), a.value, b.value)
                        : mlir::arith::AddFOp::create(b_, here(), a.value,
                                                      b.value),
                  a.type);
    return make(isSub ? (mlir::Value)mlir::arith::SubIOp::create(
                            b_, here(), a.value, b.value)
                      : mlir::arith::AddIOp::create(b_, here(), a.value,
                                                    b.value),
                a.type);
  }
  if (op == "*") {
    binaryOperands(a, b, l, false, false, true, false, op);
    if (a.type.elem.isFloat())
      return make(mlir::arith::MulFOp::create(b_, here(), a.value, b.value),
                  a.type);
    return make(mlir::arith::MulIOp::create(b_, here(), a.value, b.value),
                a.type);
  }
  if (op == "/") {
    binaryOperands(a, b, l, false, false, true, true, op);
    // Integer true division happens in fp32.
    if (a.type.elem.isInt()) {
      a = cast(a, Scalar::FP32, l);
      b = cast(b, Scalar::FP32, l);
    }
    return make(mlir::arith::DivFOp::create(b_, here(), a.value, b.value),
                a.type);
  }
  if (op == "//") {
    DType ad = a.isTensor() ? a.type.elem : DType(), bd = b.isTensor() ? b.type.elem : DType();
    if ((a.isTensor() && ad.isFloat()) || (b.isTensor() && bd.isFloat()) ||
        a.kind == Val::Float || b.kind == Val::Float)
      error(l, "floor division ('//') is only supported on integers; got " +
                   a.describe() + " and " + b.describe());
    binaryOperands(a, b, l, false, false, true, true, op);
    if (a.type.elem.isUnsigned())
      return make(mlir::arith::DivUIOp::create(b_, here(), a.value, b.value),
                  a.type);
    return make(mlir::arith::DivSIOp::create(b_, here(), a.value, b.value),
                a.type);
  }
  if (op == "%") {
    binaryOperands(a, b, l, false, false, true, true, op);
    if (a.type.elem.isFloat())
      return make(mlir::arith::RemFOp::create(b_, here(), a.value, b.value),
                  a.type);
    if (a.type.elem.isUnsigned())
      return make(mlir::arith::RemUIOp::create(b_, here(), a.value, b.value),
                  a.type);
    return make(mlir::arith::RemSIOp::create(b_, here(), a.value, b.value),
                a.type);
  }
  if (op == "&" || op == "|" || op == "^" || op == "<<" || op == ">>") {
    for (const Val *v : {&a, &b})
      if ((v->isTensor() && !v->type.elem.isInt()) || v->kind == Val::Float)
        error(l, "bitwise operator '" + op + "' needs integer operands, got " +
                     a.describe() + " and " + b.describe());
    binaryOperands(a, b, l, false, false, true, false, op);
    mlir::Value r;
    if (op == "&")
      r = mlir::arith::AndIOp::create(b_, here(), a.value, b.value);
    else if (op == "|")
      r = mlir::arith::OrIOp::create(b_, here(), a.value, b.value);
    else if (op == "^")
      r = mlir::arith::XOrIOp::create(b_, here(), a.value, b.value);
    else if (op == "<<")
      r = mlir::arith::ShLIOp::create(b_, here(), a.value, b.value);
    else if (a.type.elem.isSigned() && !a.type.elem.isBool())
      r = mlir::arith::ShRSIOp::create(b_, here(), a.value, b.value);
    else
      r = mlir::arith::ShRUIOp::create(b_, here(), a.value, b.value);
    return make(r, a.type);
  }
  error(l, "unsupported binary operator '" + op + "'");
}

/// Whether comparison `op` holds for a three-way result `c`.
static bool holds(const std::string &op, int c) {
  return op == "<"    ? c < 0
         : op == "<=" ? c <= 0
         : op == ">"  ? c > 0
         : op == ">=" ? c >= 0
         : op == "==" ? c == 0
                      : c != 0;
}

Val Generator::compareOp(const std::string &op, Val a, Val b, SourceLoc l) {
  if (a.isConstexpr() && b.isConstexpr()) {
    if (a.isNumber() && b.isNumber()) {
      bool isFloat = a.kind == Val::Float || b.kind == Val::Float;
      double af = a.kind == Val::Float ? a.f : (double)a.i;
      double bf = b.kind == Val::Float ? b.f : (double)b.i;
      int c;
      if (isFloat) {
        if (std::isnan(af) || std::isnan(bf))
          return Val::boolean(op == "!=");
        c = af < bf ? -1 : af > bf ? 1 : 0;
      } else {
        c = a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
      }
      return Val::boolean(holds(op, c));
    }
    bool aText = a.kind == Val::Str || a.kind == Val::Version;
    bool bText = b.kind == Val::Str || b.kind == Val::Version;
    if (aText && bText) {
      // Strings compare as Python's do; versions (and a string compared
      // with a version) by their release numbers.
      return Val::boolean(holds(op, compareHostValues(a, b)));
    }
    if ((op == "==" || op == "!=") && a.kind == Val::Tuple &&
        b.kind == Val::Tuple) {
      bool eq = a.elems.size() == b.elems.size();
      for (size_t i = 0; eq && i < a.elems.size(); ++i)
        eq = compareOp("==", a.elems[i], b.elems[i], l).i != 0;
      return Val::boolean(eq == (op == "=="));
    }
    if (op == "==" || op == "!=") {
      bool eq = a.kind == b.kind &&
                ((a.kind == Val::None) ||
                 (a.kind == Val::Str && a.str == b.str) ||
                 (a.kind == Val::DTypeV && a.dtype == b.dtype));
      return Val::boolean(eq == (op == "=="));
    }
    error(l, "cannot compare " + a.describe() + " and " + b.describe() +
                 " with '" + op + "'");
  }
  if ((!a.isTensor() && !a.isNumber()) || (!b.isTensor() && !b.isNumber()))
    error(l, "cannot compare " + a.describe() + " and " + b.describe());
  // Comparisons convert Python scalars first: they take part in promotion.
  a = toTensor(a, l);
  b = toTensor(b, l);
  binaryOperands(a, b, l, false, false, true, false, op);
  TType t = a.type.withElem(Scalar::I1);
  mlir::Value r;
  if (a.type.elem.isFloat()) {
    CmpFPredicate p = op == "<"    ? CmpFPredicate::OLT
                      : op == "<=" ? CmpFPredicate::OLE
                      : op == ">"  ? CmpFPredicate::OGT
                      : op == ">=" ? CmpFPredicate::OGE
                      : op == "==" ? CmpFPredicate::OEQ
                                   : CmpFPredicate::UNE;
    r = mlir::arith::CmpFOp::create(b_, here(), p, a.value, b.value);
  } else {
    bool s = a.type.elem.isSigned() && !a.type.elem.isBool();
    CmpIPredicate p =
        op == "<"    ? (s ? CmpIPredicate::slt : CmpIPredicate::ult)
        : op == "<=" ? (s ? CmpIPredicate::sle : CmpIPredicate::ule)
        : op == ">"  ? (s ? CmpIPredicate::sgt : CmpIPredicate::ugt)
        : op == ">=" ? (s ? CmpIPredicate::sge : CmpIPredicate::uge)
        : op == "==" ? CmpIPredicate::eq
                     : CmpIPredicate::ne;
    r = mlir::arith::CmpIOp::create(b_, here(), p, a.value, b.value);
  }
  return Val::tensor(r, t);
}

Val Generator::unaryOp(const std::string &op, Val a, SourceLoc l) {
  if (a.isConstexpr()) {
    if (op == "not") {
      bool t = a.kind == Val::None    ? false
               : a.kind == Val::Float ? a.f != 0
               : a.kind == Val::Str   ? !a.str.empty()
               : a.kind == Val::Tuple ? !a.elems.empty()
               : a.isNumber()         ? a.i != 0
                                      : true;
      return Val::boolean(!t);
    }
    if (!a.isNumber())
      error(l, "bad operand for unary " + op + ": " + a.describe());
    if (op == "-")
      return a.kind == Val::Float ? Val::floating(-a.f) : Val::integer(-a.i);
    if (op == "+")
      return a.kind == Val::Bool ? Val::integer(a.i) : a;
    if (op == "~") {
      if (a.kind == Val::Float)
        error(l, "bad operand for unary ~: " + a.describe());
      return Val::integer(~a.i);
    }
  }
  if (!a.isTensor())
    error(l, "bad operand for unary " + op + ": " + a.describe());
  const DType &d = a.type.elem;
  if (op == "+")
    return a;
  if (op == "-") {
    if (d.isPtr())
      error(l, "wrong type argument to unary minus (" + d.str() + ")");
    Val zero = constantOf(0, 0, TType(d));
    return binaryOp("-", zero, a, l);
  }
  if (op == "~") {
    if (d.isPtr() || d.isFloat())
      error(l, "wrong type argument to unary invert (" + d.str() + ")");
    Val ones = constantOf(0, -1, a.type);
    return Val::tensor(
        mlir::arith::XOrIOp::create(b_, here(), a.value, ones.value), a.type);
  }
  if (op == "not") {
    if (!d.isBool())
      error(l, "'not' needs a boolean (int1) operand, got " + a.type.str() +
                   "; compare with 0 first");
    Val ones = constantOf(0, 1, a.type);
    return Val::tensor(
        mlir::arith::XOrIOp::create(b_, here(), a.value, ones.value), a.type);
  }
  error(l, "unsupported unary operator '" + op + "'");
}

static Val logical(Generator &g, bool isAnd, Val a, Val b, SourceLoc l) {
  for (Val *v : {&a, &b}) {
    *v = g.toTensor(*v, l);
    if (!v->type.elem.isBool())
      g.error(l, std::string("logical '") + (isAnd ? "and" : "or") +
                     "' needs boolean (int1) operands, got " + v->type.str() +
                     "; compare with 0 first");
  }
  g.broadcastPair(a, b, l);
  mlir::Value r =
      isAnd ? (mlir::Value)mlir::arith::AndIOp::create(g.builder(), g.here(),
                                                       a.value, b.value)
            : mlir::arith::OrIOp::create(g.builder(), g.here(), a.value,
                                         b.value);
  return Val::tensor(r, a.type);
}

Val Generator::logicalAnd(Val a, Val b, SourceLoc l) {
  if (a.isConstexpr() && b.isConstexpr())
    return Val::boolean(requireBool(a, l, "operand") &&
                        requireBool(b, l, "operand"));
  return logical(*this, true, a, b, l);
}

Val Generator::logicalOr(Val a, Val b, SourceLoc l) {
  if (a.isConstexpr() && b.isConstexpr())
    return Val::boolean(requireBool(a, l, "operand") ||
                        requireBool(b, l, "operand"));
  return logical(*this, false, a, b, l);
}

Val Generator::truthValue(const Val &v, SourceLoc l) {
  if (v.isConstexpr())
    return Val::boolean(requireBool(v, l, "the condition"));
  if (v.type.elem.isBool())
    return v;
  return cast(v, Scalar::I1, l);
}

Val Generator::where(Val cond, Val x, Val y, SourceLoc l) {
  cond = toTensor(cond, l);
  if (!cond.type.elem.isBool())
    cond = cast(cond, Scalar::I1, l);
  binaryOperands(x, y, l, true, true, true, false, "where");
  if (x.type.elem.isPtr() != y.type.elem.isPtr() ||
      (x.type.elem.isPtr() && x.type.elem != y.type.elem))
    error(l, "tl.where: incompatible operands " + x.type.str() + " and " +
                 y.type.str());
  broadcastPair(cond, x, l);
  broadcastPair(x, y, l);
  broadcastPair(cond, x, l);
  auto op = mlir::arith::SelectOp::create(b_, here(), cond.value, x.value,
                                          y.value);
  return Val::tensor(op, x.type);
}

Val Generator::minMax(bool isMax, Val a, Val b, const std::string &nan,
                      SourceLoc l) {
  a = toTensor(a, l);
  b = toTensor(b, l);
  for (Val *v : {&a, &b})
    if (v->type.elem.kind == Scalar::BF16)
      *v = cast(*v, Scalar::FP32, l);
  binaryOperands(a, b, l, false, false, true, false,
                 isMax ? "maximum" : "minimum");
  const DType &d = a.type.elem;
  mlir::Value r;
  if (d.isFloat()) {
    bool all = nan == "all";
    if (isMax)
      r = all ? (mlir::Value)mlir::arith::MaximumFOp::create(b_, here(),
                                                             a.value, b.value)
              : mlir::arith::MaxNumFOp::create(b_, here(), a.value, b.value);
    else
      r = all ? (mlir::Value)mlir::arith::MinimumFOp::create(b_, here(),
                                                             a.value, b.value)
              : mlir::arith::MinNumFOp::create(b_, here(), a.value, b.value);
  } else if (d.isSigned() && !d.isBool()) {
    r = isMax ? (mlir::Value)mlir::arith::MaxSIOp::create(b_, here(), a.value,
                                                          b.value)
              : mlir::arith::MinSIOp::create(b_, here(), a.value, b.value);
  } else if (d.isInt()) {
    r = isMax ? (mlir::Value)mlir::arith::MaxUIOp::create(b_, here(), a.value,
                                                          b.value)
              : mlir::arith::MinUIOp::create(b_, here(), a.value, b.value);
  } else {
    error(l, std::string(isMax ? "maximum" : "minimum") +
                 " is not supported for " + d.str());
  }
  return Val::tensor(r, a.type);
}

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

Val Generator::expandDims(const Val &v0, int64_t axis, SourceLoc l) {
  Val v = toTensor(v0, l);
  int64_t rank = v.type.shape.size();
  if (axis < -(rank + 1) || axis > rank)
    error(l, "invalid axis " + std::to_string(axis) + ". Expected " +
                 std::to_string(-(rank + 1)) + " <= axis < " +
                 std::to_string(rank + 1));
  if (axis < 0)
    axis += rank + 1;
  if (!v.type.isBlock())
    return splat(v, {1});
  std::vector<int64_t> shape = v.type.shape;
  shape.insert(shape.begin() + axis, 1);
  TType t(v.type.elem, shape);
  auto op = tt::ExpandDimsOp::create(b_, here(), t.toMLIR(&ctx_), v.value,
                                     (int32_t)axis);
  return Val::tensor(op, t);
}

Val Generator::reshape(const Val &v0, const std::vector<int64_t> &shape,
                       bool canReorder, SourceLoc l) {
  Val v = toTensor(v0, l);
  checkShape(*this, shape, l);
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  if (n != (v.type.isBlock() ? v.type.numel() : 1))
    error(l, "reshape() cannot change total number of elements in tensor (" +
                 v.type.str() + " to " + TType(v.type.elem, shape).str() + ")");
  if (!v.type.isBlock())
    return splat(v, shape);
  if (v.type.shape == shape)
    return v;
  TType t(v.type.elem, shape);
  auto op = tt::ReshapeOp::create(b_, here(), t.toMLIR(&ctx_), v.value,
                                  canReorder, false);
  return Val::tensor(op, t);
}

Val Generator::permute(const Val &v0, const std::vector<int32_t> &order,
                       SourceLoc l) {
  Val v = requireTensor(v0, l, "the operand of permute");
  size_t rank = v.type.shape.size();
  if (order.size() != rank)
    error(l, "permute dims must have the same length as input shape");
  std::vector<bool> seen(rank, false);
  for (int32_t d : order) {
    if (d < 0 || (size_t)d >= rank || seen[d]) {
      std::string s;
      for (int32_t x : order)
        s += (s.empty() ? "" : ", ") + std::to_string(x);
      error(l, "permute dims must be a permutation of 0, 1, ..., n-1, but "
               "were (" + s + ")");
    }
    seen[d] = true;
  }
  std::vector<int64_t> shape;
  for (int32_t d : order)
    shape.push_back(v.type.shape[d]);
  TType t(v.type.elem, shape);
  auto op = tt::TransOp::create(b_, here(), t.toMLIR(&ctx_), v.value,
                                llvm::ArrayRef<int32_t>(order));
  return Val::tensor(op, t);
}

Val Generator::makeRange(int64_t start, int64_t end, SourceLoc l) {
  // The values are int32 and so are tt.make_range's start and end: an end
  // of 2**31 passes Triton's own check (< 2**32) but not the verifier.
  constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
  if (start < 0 || start > kMax || end < 0 || end > kMax)
    error(l, "arange must fit in int32: start " + std::to_string(start) +
                 " and end " + std::to_string(end) +
                 " must be in [0, 2**31 - 1]");
  if (end <= start)
    error(l, "arange's end argument must be greater than the start argument");
  int64_t n = end - start;
  if (n & (n - 1))
    error(l, "arange's range must be a power of 2");
  checkShape(*this, {n}, l);
  TType t(Scalar::I32, {n});
  auto op = tt::MakeRangeOp::create(b_, here(), t.toMLIR(&ctx_),
                                    (uint32_t)start, (uint32_t)end);
  return Val::tensor(op, t);
}

Val Generator::zeros(const std::vector<int64_t> &shape, const DType &dtype) {
  checkShape(*this, shape, curLoc_);
  return constantOf(0, 0, TType(dtype, shape));
}

} // namespace trident::frontend
