//===- Casts.cpp - casts and dtype objects --------------------------------===//
//
// tl.cast and x.to(...), tl.pointer_type, and the prelude's helper
// tl._pick_sum_dtype.
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Builtins/Builtins.h"

namespace trident::frontend::builtins {

namespace {

Val cast(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a =
      bind(g, c, {"input", "dtype", "fp_downcast_rounding?", "bitcast?"});
  DType d = g.requireDType(a[1], l, "dtype");
  Val x = a[0];
  bool isBitcast = a.given[3] && g.requireBool(a[3], l, "bitcast");
  if (x.isNumber())
    x = g.toTensor(x, l);
  if (isBitcast)
    return g.bitcast(x, d, l);
  std::string rounding = optStr(g, a[2], l, "fp_downcast_rounding");
  return g.cast(g.requireTensor(x, l, "the input of .to()"), d, l, rounding);
}

/// x.to(dtype, ...) is tl.cast(x, dtype, ...), messages included.
Val to(Generator &g, Call &c) {
  return g.callBuiltin("cast", c.expr, c.args, c.kwargs, c.loc);
}

Val pointerType(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"element_ty", "address_space?"});
  DType d = g.requireDType(a[0], l, "element_ty");
  int as = a.given[1] ? (int)g.requireInt(a[1], l, "address_space") : 1;
  return Val::dtypeObj(DType::pointerTo(TType(d), as));
}

/// tl.sum's accumulator dtype: `dtype` if given, else int32/uint32 for
/// narrower integers, else None (the input's).
Val pickSumDtype(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"in_dtype", "dtype"});
  if (a[1].kind != Val::None)
    return a[1];
  DType d = g.requireDType(a[0], c.loc, "in_dtype");
  if (d.isInt() && d.bitwidth() < 32)
    return Val::dtypeObj((d.isSigned() && !d.isBool()) ? Scalar::I32
                                                       : Scalar::U32);
  return Val::none();
}

const Entry kEntries[] = {
    {"cast", cast, Language | TensorMethod},
    {"to", to, TensorMethod},
    {"pointer_type", pointerType, Language},
    {"_pick_sum_dtype", pickSumDtype, Language},
};

} // namespace

llvm::ArrayRef<Entry> castBuiltins() { return kEntries; }

} // namespace trident::frontend::builtins
