//===- Math.cpp - floating-point math functions and libdevice -------------===//
//
// tl.exp, tl.log, tl.sqrt, ... (fp32/fp64 only, as in Triton) and the
// vendor math libraries (triton.language.extra[.cuda|.hip].libdevice), whose
// functions map to portable math-dialect ops. tl.softmax and tl.sigmoid are
// prelude functions (lib/prelude/standard.py).
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Builtins/Builtins.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include <cmath>

namespace trident::frontend::builtins {

namespace tt = mlir::triton;
namespace math = mlir::math;
namespace arith = mlir::arith;

namespace {

/// Triton's math functions take fp32 and fp64 only; `shown` is the name
/// the message gives ("tl.exp", "libdevice.tanh").
void requireFP32OrFP64(Generator &g, const DType &d, const std::string &shown,
                       SourceLoc l) {
  if (d.kind != Scalar::FP32 && d.kind != Scalar::FP64)
    g.error(l, "Expected dtype ['fp32', 'fp64'] but got " + d.str() + " (in " +
                   shown + "; convert with .to(tl.float32))");
}

/// tl.<name>(x): one math-dialect op.
template <typename Op> Val mathUnary(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"x"});
  Val x = g.requireTensor(a[0], c.loc, "the argument");
  requireFP32OrFP64(g, x.type.elem, "tl." + c.name, c.loc);
  return Val::tensor(Op::create(g.builder(), g.here(), x.value), x.type);
}

/// libdevice.<name>(x).
template <typename Op> Val libdeviceUnary(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"x"});
  Val x = g.requireTensor(a[0], c.loc, "the argument");
  requireFP32OrFP64(g, x.type.elem, c.name, c.loc);
  return Val::tensor(Op::create(g.builder(), g.here(), x.value), x.type);
}

/// libdevice.<name>(x, y): the operands promoted and broadcast together.
template <typename Op> Val libdeviceBinary(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"x", "y"});
  Val x = a[0], y = a[1];
  g.binaryOperands(x, y, c.loc, false, false, true, false, c.name);
  requireFP32OrFP64(g, x.type.elem, c.name, c.loc);
  return Val::tensor(Op::create(g.builder(), g.here(), x.value, y.value),
                     x.type);
}

/// libdevice's classification functions, which return an int32 that is
/// nonzero when true (`__nv_isnanf`): isnan, isinf, signbit, built from
/// comparisons so every target has them.
Val libdeviceClassify(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"x"});
  Val x = g.requireTensor(a[0], l, "the argument");
  requireFP32OrFP64(g, x.type.elem, c.name, l);
  Val yes;
  if (c.name == "libdevice.isnan") {
    yes = g.compareOp("!=", x, x, l);
  } else if (c.name == "libdevice.isinf") {
    Val m = Val::tensor(math::AbsFOp::create(g.builder(), g.here(), x.value),
                        x.type);
    yes = g.compareOp("==", m, Val::floating(INFINITY), l);
  } else { // signbit: the sign bit, of -0.0 and NaNs too
    DType bits = x.type.elem.kind == Scalar::FP32 ? Scalar::I32 : Scalar::I64;
    yes = g.compareOp("<", g.bitcast(x, bits, l), Val::integer(0), l);
  }
  return g.cast(yes, DType(Scalar::I32), l);
}

const Entry kEntries[] = {
    {"exp", mathUnary<math::ExpOp>, Language | TensorMethod},
    {"exp2", mathUnary<math::Exp2Op>, Language | TensorMethod},
    {"log", mathUnary<math::LogOp>, Language | TensorMethod},
    {"log2", mathUnary<math::Log2Op>, Language | TensorMethod},
    {"sin", mathUnary<math::SinOp>, Language | TensorMethod},
    {"cos", mathUnary<math::CosOp>, Language | TensorMethod},
    {"sqrt", mathUnary<math::SqrtOp>, Language | TensorMethod},
    {"rsqrt", mathUnary<math::RsqrtOp>, Language | TensorMethod},
    {"erf", mathUnary<math::ErfOp>, Language | TensorMethod},
    {"floor", mathUnary<math::FloorOp>, Language | TensorMethod},
    {"ceil", mathUnary<math::CeilOp>, Language | TensorMethod},
    // libdevice, in the order the "it supports: ..." hint lists them.
    {"libdevice.tanh", libdeviceUnary<math::TanhOp>, NoFlags},
    {"libdevice.sinh", libdeviceUnary<math::SinhOp>, NoFlags},
    {"libdevice.cosh", libdeviceUnary<math::CoshOp>, NoFlags},
    {"libdevice.tan", libdeviceUnary<math::TanOp>, NoFlags},
    {"libdevice.asin", libdeviceUnary<math::AsinOp>, NoFlags},
    {"libdevice.acos", libdeviceUnary<math::AcosOp>, NoFlags},
    {"libdevice.atan", libdeviceUnary<math::AtanOp>, NoFlags},
    {"libdevice.asinh", libdeviceUnary<math::AsinhOp>, NoFlags},
    {"libdevice.acosh", libdeviceUnary<math::AcoshOp>, NoFlags},
    {"libdevice.atanh", libdeviceUnary<math::AtanhOp>, NoFlags},
    {"libdevice.exp", libdeviceUnary<math::ExpOp>, NoFlags},
    {"libdevice.exp2", libdeviceUnary<math::Exp2Op>, NoFlags},
    {"libdevice.expm1", libdeviceUnary<math::ExpM1Op>, NoFlags},
    {"libdevice.log", libdeviceUnary<math::LogOp>, NoFlags},
    {"libdevice.log2", libdeviceUnary<math::Log2Op>, NoFlags},
    {"libdevice.log10", libdeviceUnary<math::Log10Op>, NoFlags},
    {"libdevice.log1p", libdeviceUnary<math::Log1pOp>, NoFlags},
    // libdevice's sqrt is IEEE-rounded (__nv_sqrtf); tl.sqrt may be
    // approximate (sqrt.approx on NVIDIA, as in Triton).
    {"libdevice.sqrt", libdeviceUnary<tt::PreciseSqrtOp>, NoFlags},
    {"libdevice.rsqrt", libdeviceUnary<math::RsqrtOp>, NoFlags},
    {"libdevice.cbrt", libdeviceUnary<math::CbrtOp>, NoFlags},
    {"libdevice.erf", libdeviceUnary<math::ErfOp>, NoFlags},
    {"libdevice.erfc", libdeviceUnary<math::ErfcOp>, NoFlags},
    {"libdevice.floor", libdeviceUnary<math::FloorOp>, NoFlags},
    {"libdevice.ceil", libdeviceUnary<math::CeilOp>, NoFlags},
    {"libdevice.trunc", libdeviceUnary<math::TruncOp>, NoFlags},
    {"libdevice.round", libdeviceUnary<math::RoundOp>, NoFlags},
    {"libdevice.rint", libdeviceUnary<math::RoundEvenOp>, NoFlags},
    {"libdevice.nearbyint", libdeviceUnary<math::RoundEvenOp>, NoFlags},
    {"libdevice.fabs", libdeviceUnary<math::AbsFOp>, NoFlags},
    {"libdevice.isnan", libdeviceClassify, NoFlags},
    {"libdevice.isinf", libdeviceClassify, NoFlags},
    {"libdevice.signbit", libdeviceClassify, NoFlags},
    {"libdevice.pow", libdeviceBinary<math::PowFOp>, NoFlags},
    {"libdevice.atan2", libdeviceBinary<math::Atan2Op>, NoFlags},
    {"libdevice.fmod", libdeviceBinary<arith::RemFOp>, NoFlags},
    {"libdevice.fmin", libdeviceBinary<arith::MinNumFOp>, NoFlags},
    {"libdevice.fmax", libdeviceBinary<arith::MaxNumFOp>, NoFlags},
    {"libdevice.copysign", libdeviceBinary<math::CopySignOp>, NoFlags},
    {"libdevice.sin", libdeviceUnary<math::SinOp>, NoFlags},
    {"libdevice.cos", libdeviceUnary<math::CosOp>, NoFlags},
    // The fast (approximate) fp32 variants: the same ops, computed exactly.
    {"libdevice.fast_expf", libdeviceUnary<math::ExpOp>, NoFlags},
    {"libdevice.fast_logf", libdeviceUnary<math::LogOp>, NoFlags},
    {"libdevice.fast_log2f", libdeviceUnary<math::Log2Op>, NoFlags},
    {"libdevice.fast_log10f", libdeviceUnary<math::Log10Op>, NoFlags},
    {"libdevice.fast_powf", libdeviceBinary<math::PowFOp>, NoFlags},
    {"libdevice.fast_dividef", libdeviceBinary<arith::DivFOp>, NoFlags},
    {"libdevice.fast_sinf", libdeviceUnary<math::SinOp>, NoFlags},
    {"libdevice.fast_cosf", libdeviceUnary<math::CosOp>, NoFlags},
    {"libdevice.fast_tanf", libdeviceUnary<math::TanOp>, NoFlags},
};

} // namespace

llvm::ArrayRef<Entry> mathBuiltins() { return kEntries; }

} // namespace trident::frontend::builtins
