//===- Elementwise.cpp - elementwise arithmetic builtins ------------------===//
//
// tl.abs, tl.sqrt_rn, tl.div_rn, tl.fdiv, tl.fma, tl.umulhi, tl.maximum,
// tl.minimum, tl.clamp, tl.where and tl.inline_asm_elementwise; and the
// vendor-specific elementwise builtins Trident refuses.
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Builtins/Builtins.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

namespace trident::frontend::builtins {

namespace tt = mlir::triton;

namespace {

Val abs(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"x"});
  Val x = g.requireTensor(a[0], l, "the argument");
  const DType &d = x.type.elem;
  if (d.isFP8()) {
    DType it = Scalar::I8;
    Val bits = g.bitcast(x, it, l);
    Val r = g.binaryOp("&", bits, Val::integer(0x7f), l);
    return g.bitcast(r, d, l);
  }
  if (d.isFloat())
    return Val::tensor(
        mlir::math::AbsFOp::create(g.builder(), g.here(), x.value), x.type);
  if (d.isSigned() && !d.isBool())
    return Val::tensor(
        mlir::math::AbsIOp::create(g.builder(), g.here(), x.value), x.type);
  if (d.isInt())
    return x;
  g.error(l, "tl.abs is not supported for " + d.str());
}

Val sqrtRn(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"x"});
  Val x = g.requireTensor(a[0], c.loc, "the argument");
  if (x.type.elem.kind != Scalar::FP32)
    g.error(c.loc, "Expected dtype ['fp32'] but got " + x.type.elem.str());
  return Val::tensor(tt::PreciseSqrtOp::create(g.builder(), g.here(), x.value),
                     x.type);
}

Val divRn(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"x", "y"});
  Val x = g.requireTensor(a[0], l, "x"), y = g.requireTensor(a[1], l, "y");
  if (x.type.elem.kind != Scalar::FP32 || y.type.elem.kind != Scalar::FP32)
    g.error(l, "Expected dtype ['fp32'] but got " + x.type.elem.str() +
                   " and " + y.type.elem.str());
  g.broadcastPair(x, y, l);
  return Val::tensor(
      tt::PreciseDivFOp::create(g.builder(), g.here(), x.value, y.value),
      x.type);
}

Val fdiv(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"x", "y", "ieee_rounding?"});
  Val x = g.requireTensor(a[0], l, "x"), y = g.requireTensor(a[1], l, "y");
  if (!x.type.elem.isFloat() || !y.type.elem.isFloat())
    g.error(l, "both operands of fdiv must have floating scalar type");
  if (x.type.elem != y.type.elem)
    g.error(l, "both operands of fdiv must have the same type, got " +
                   x.type.elem.str() + " and " + y.type.elem.str());
  g.broadcastPair(x, y, l);
  return Val::tensor(
      mlir::arith::DivFOp::create(g.builder(), g.here(), x.value, y.value),
      x.type);
}

Val fma(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"x", "y", "z"});
  Val x = a[0], y = a[1], z = a[2];
  g.binaryOperands(x, y, l, false, false, true, false, "fma");
  g.binaryOperands(z, x, l, false, false, true, false, "fma");
  g.binaryOperands(z, y, l, false, false, true, false, "fma");
  g.binaryOperands(x, y, l, false, false, true, false, "fma");
  if (!x.type.elem.isFloat())
    g.error(l, "tl.fma needs floating-point operands, got " + x.type.str());
  return Val::tensor(mlir::math::FmaOp::create(g.builder(), g.here(), x.value,
                                               y.value, z.value),
                     x.type);
}

Val umulhi(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"x", "y"});
  Val x = a[0], y = a[1];
  g.binaryOperands(x, y, l, false, false, true, false, "umulhi");
  Scalar k = x.type.elem.kind;
  if (k != Scalar::I32 && k != Scalar::I64 && k != Scalar::U32 &&
      k != Scalar::U64)
    g.error(l, "Expected dtype ['int32', 'int64', 'uint32', 'uint64'] but "
               "got " +
                   x.type.elem.str());
  return Val::tensor(
      tt::MulhiUIOp::create(g.builder(), g.here(), x.value, y.value), x.type);
}

Val maximumOrMinimum(Generator &g, Call &c, bool isMax) {
  BoundArgs a = bind(g, c, {"x", "y", "propagate_nan?"});
  std::string nan =
      a.given[2] ? g.requireStr(a[2], c.loc, "propagate_nan") : "none";
  return g.minMax(isMax, a[0], a[1], nan, c.loc);
}

Val maximum(Generator &g, Call &c) { return maximumOrMinimum(g, c, true); }
Val minimum(Generator &g, Call &c) { return maximumOrMinimum(g, c, false); }

Val clamp(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"x", "min", "max", "propagate_nan?"});
  std::string nan =
      a.given[3] ? g.requireStr(a[3], l, "propagate_nan") : "none";
  Val x = g.toTensor(a[0], l), lo = g.toTensor(a[1], l),
      hi = g.toTensor(a[2], l);
  for (Val *v : {&x, &lo, &hi})
    if (v->type.elem.kind == Scalar::BF16)
      *v = g.cast(*v, Scalar::FP32, l);
  if (!x.type.elem.isFloat())
    g.error(l, "Unexpected dtype " + x.type.elem.str() +
                   ". Only floating point clamp is supported");
  g.binaryOperands(x, lo, l, false, false, true, false, "clamp");
  g.binaryOperands(x, hi, l, false, false, true, false, "clamp");
  g.binaryOperands(lo, hi, l, false, false, true, false, "clamp");
  g.broadcastPair(x, lo, l);
  auto op = tt::ClampFOp::create(
      g.builder(), g.here(), x.value, lo.value, hi.value,
      nan == "all" ? tt::PropagateNan::ALL : tt::PropagateNan::NONE);
  return Val::tensor(op, x.type);
}

Val where(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"condition", "x", "y"});
  return g.where(a[0], a[1], a[2], c.loc);
}

/// tl.inline_asm_elementwise(asm, constraints, args, dtype, is_pure, pack):
/// tt.elementwise_inline_asm over the arguments broadcast to one shape, one
/// result per dtype (a tuple of results for a tuple of dtypes), as Triton
/// builds it. The text is the target's assembly (PTX for cuda): a backend
/// that cannot run it says so when it lowers the op.
Val inlineAsm(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"asm", "constraints", "args", "dtype", "is_pure",
                            "pack"});
  if (a[0].kind != Val::Str || a[1].kind != Val::Str)
    g.error(l, "tl.inline_asm_elementwise: asm and constraints must be "
               "compile-time strings");
  if (!a[4].isNumber() || !a[5].isNumber() || a[5].kind == Val::Float ||
      a[5].i < 1)
    g.error(l, "tl.inline_asm_elementwise: is_pure must be a compile-time "
               "bool and pack a positive compile-time int");
  std::vector<Val> args =
      a[2].kind == Val::Tuple ? a[2].elems : std::vector<Val>{a[2]};
  bool several = a[3].kind == Val::Tuple;
  std::vector<Val> dtypes = several ? a[3].elems : std::vector<Val>{a[3]};
  for (const Val &d : dtypes)
    if (d.kind != Val::DTypeV)
      g.error(l, "tl.inline_asm_elementwise: dtype must be a dtype or a "
                 "tuple of dtypes, got " + d.describe());
  for (Val &x : args)
    x = g.toTensor(x, l);
  // One shape for all: each argument broadcast against the first (which
  // grows to the common shape as it goes), then all to it.
  if (!args.empty()) {
    Val shape = args[0];
    for (Val &x : args) {
      Val y = x;
      g.broadcastPair(y, shape, l);
    }
    for (Val &x : args) {
      Val s = shape;
      g.broadcastPair(x, s, l);
    }
  }
  std::vector<int64_t> resultShape =
      args.empty() ? std::vector<int64_t>{} : args[0].type.shape;
  llvm::SmallVector<mlir::Type> resultTypes;
  std::vector<TType> types;
  for (const Val &d : dtypes) {
    types.push_back(TType(d.dtype, resultShape));
    resultTypes.push_back(types.back().toMLIR(g.ctx()));
  }
  llvm::SmallVector<mlir::Value> operands;
  for (const Val &x : args)
    operands.push_back(x.value);
  auto &b = g.builder();
  bool pure = a[4].kind == Val::Float ? a[4].f != 0 : a[4].i != 0;
  auto op = tt::ElementwiseInlineAsmOp::create(
      b, g.here(), resultTypes, b.getStringAttr(a[0].str),
      b.getStringAttr(a[1].str), b.getBoolAttr(pure),
      b.getI32IntegerAttr(static_cast<int32_t>(a[5].i)), operands);
  std::vector<Val> results;
  for (size_t i = 0; i < types.size(); ++i)
    results.push_back(Val::tensor(op->getResult(i), types[i]));
  return several ? Val::tuple(results) : results[0];
}

/// x.logical_and(y), x.logical_or(y): methods only (there is no
/// tl.logical_and), on boolean operands, as `and` / `or` between tensors
/// (TorchInductor's bucketize helper chains masks this way).
Val logicalAnd(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"input", "other"});
  return g.logicalAnd(a[0], a[1], c.loc);
}

Val logicalOr(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"input", "other"});
  return g.logicalOr(a[0], a[1], c.loc);
}

Val vendorSpecific(Generator &g, Call &c) {
  g.error(c.loc, "tl." + c.name +
                     " is not supported by Trident: it ties a "
                     "kernel to one vendor");
}

const Entry kEntries[] = {
    {"abs", abs, Language | TensorMethod},
    {"sqrt_rn", sqrtRn, Language | TensorMethod},
    {"div_rn", divRn, Language},
    {"fdiv", fdiv, Language},
    {"fma", fma, Language | TensorMethod},
    {"umulhi", umulhi, Language | TensorMethod},
    {"maximum", maximum, Language},
    {"minimum", minimum, Language},
    {"clamp", clamp, Language},
    {"where", where, Language},
    {"logical_and", logicalAnd, TensorMethod},
    {"logical_or", logicalOr, TensorMethod},
    {"inline_asm_elementwise", inlineAsm, Language},
    {"extern_elementwise", vendorSpecific, Language},
};

} // namespace

llvm::ArrayRef<Entry> elementwiseBuiltins() { return kEntries; }

} // namespace trident::frontend::builtins
