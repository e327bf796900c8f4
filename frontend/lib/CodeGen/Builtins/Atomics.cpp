//===- Atomics.cpp - tl.atomic_* ------------------------------------------===//
//
// tl.atomic_add/max/min/and/or/xor/xchg (tt.atomic_rmw; float max/min as
// two integer atomics) and tl.atomic_cas (tt.atomic_cas).
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Builtins/Builtins.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

namespace trident::frontend::builtins {

namespace tt = mlir::triton;

namespace {

tt::MemSemantic parseSem(Generator &g, const Val &v, SourceLoc l) {
  std::string s = optStr(g, v, l, "sem");
  if (s.empty() || s == "acq_rel")
    return tt::MemSemantic::ACQUIRE_RELEASE;
  if (s == "acquire")
    return tt::MemSemantic::ACQUIRE;
  if (s == "release")
    return tt::MemSemantic::RELEASE;
  if (s == "relaxed")
    return tt::MemSemantic::RELAXED;
  g.error(l, "Memory semantic " + s +
                 " not supported (use 'acquire', "
                 "'release', 'acq_rel' or 'relaxed')");
}

tt::MemSyncScope parseScope(Generator &g, const Val &v, SourceLoc l) {
  std::string s = optStr(g, v, l, "scope");
  if (s.empty() || s == "gpu")
    return tt::MemSyncScope::GPU;
  if (s == "cta")
    return tt::MemSyncScope::CTA;
  if (s == "sys")
    return tt::MemSyncScope::SYSTEM;
  g.error(l, "Memory scope " + s +
                 " not supported (use 'gpu', 'cta' or "
                 "'sys')");
}

/// What every atomic checks first: the pointer, its element type, the
/// memory semantic and scope (arguments 3 and 4).
struct AtomicTarget {
  Val ptr;
  DType elem;
  tt::MemSemantic sem;
  tt::MemSyncScope scope;

  AtomicTarget(Generator &g, Call &c, const BoundArgs &a) : ptr(a[0]) {
    if (!ptr.isTensor() || !ptr.type.elem.isPtr() || ptr.type.elem.isBlockPtr())
      g.error(c.loc, "Pointer argument of " + c.name +
                         " must be a pointer, got " +
                         (ptr.isTensor() ? ptr.type.str() : ptr.describe()));
    elem = ptr.type.elem.element().elem;
    sem = parseSem(g, a[3], c.loc);
    scope = parseScope(g, a[4], c.loc);
  }

  /// An operand converted to the element type, in the pointer's shape.
  Val operand(Generator &g, Call &c, const Val &v) const {
    SourceLoc l = c.loc;
    Val t = v.isNumber() ? g.scalarConstant(v, elem, l)
                         : g.cast(g.requireTensor(v, l, "val"), elem, l);
    if (ptr.type.isBlock())
      t = g.broadcastTo(t, ptr.type.shape, l);
    else if (t.type.isBlock())
      g.error(l, "the value of " + c.name +
                     " cannot be a block when the "
                     "pointer is a scalar");
    return t;
  }
};

Val atomicCas(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"pointer", "cmp", "val", "sem?", "scope?"});
  AtomicTarget t(g, c, a);
  int w = t.elem.bitwidth();
  if (w != 16 && w != 32 && w != 64)
    g.error(c.loc, "atomic_cas only supports elements with width {16, 32, 64}");
  Val cmp = t.operand(g, c, a[1]), val = t.operand(g, c, a[2]);
  TType rt = t.ptr.type.withElem(t.elem);
  auto r = tt::AtomicCASOp::create(g.builder(), g.here(), rt.toMLIR(g.ctx()),
                                   t.ptr.value, cmp.value, val.value, t.sem,
                                   t.scope);
  return Val::tensor(r, rt);
}

/// atomic_<op>: the op is the name's suffix.
Val atomicRmw(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  const std::string &name = c.name;
  BoundArgs a = bind(g, c, {"pointer", "val", "mask?", "sem?", "scope?"});
  std::string op = name.substr(7);
  AtomicTarget t(g, c, a);
  const Val &ptr = t.ptr;
  const DType &elem = t.elem;
  if ((elem.kind == Scalar::FP16 || elem.kind == Scalar::BF16) && op != "add")
    g.error(l, name + " does not support " + elem.str());
  if (elem.bitwidth() < 16 || elem.kind == Scalar::I16 ||
      elem.kind == Scalar::U16 || elem.isFP8())
    g.error(l, name + " does not support " + elem.str());
  if ((op == "and" || op == "or" || op == "xor") && !elem.isInt())
    g.error(l, name + " does not support " + elem.str());
  Val val = t.operand(g, c, a[1]);
  Val mask = a[2];
  if (mask.kind == Val::None) {
    mask = g.constantOf(0, 1, ptr.type.withElem(Scalar::I1));
  } else {
    mask = g.requireTensor(mask, l, "mask");
    if (!mask.type.elem.isBool())
      g.error(l, "Mask must have boolean scalar type, got " + mask.type.str());
    if (ptr.type.isBlock())
      mask = g.broadcastTo(mask, ptr.type.shape, l);
  }
  auto rmw = [&](tt::RMWOp kind, const Val &p, const Val &v, const Val &m) {
    auto r = tt::AtomicRMWOp::create(g.builder(), g.here(),
                                     v.type.toMLIR(g.ctx()), kind, p.value,
                                     v.value, m.value, t.sem, t.scope);
    return Val::tensor(r, v.type);
  };
  if ((op == "max" || op == "min") && elem.isFloat()) {
    if (elem.kind != Scalar::FP32 && elem.kind != Scalar::FP64)
      g.error(l, name + " not supported for dtype " + elem.str());
    // Floats order like signed integers when non-negative and like
    // reversed unsigned integers when negative.
    bool is64 = elem.kind == Scalar::FP64;
    DType it = is64 ? Scalar::I64 : Scalar::I32;
    DType ut = is64 ? Scalar::U64 : Scalar::U32;
    Val iv = g.bitcast(val, it, l);
    Val uv = g.bitcast(val, ut, l);
    Val ip = g.cast(ptr, DType::pointerTo(TType(it)), l);
    Val up = g.cast(ptr, DType::pointerTo(TType(ut)), l);
    Val neg = g.compareOp("<", iv, Val::integer(0), l);
    Val pos = g.unaryOp("not", neg, l);
    bool isMax = op == "max";
    Val posRet = rmw(isMax ? tt::RMWOp::MAX : tt::RMWOp::MIN, ip, iv,
                     g.logicalAnd(mask, pos, l));
    Val negRet = rmw(isMax ? tt::RMWOp::UMIN : tt::RMWOp::UMAX, up, uv,
                     g.logicalAnd(mask, neg, l));
    Val merged = g.where(pos, posRet, g.bitcast(negRet, it, l), l);
    return g.bitcast(merged, elem, l);
  }
  tt::RMWOp kind;
  if (op == "add")
    kind = elem.isFloat() ? tt::RMWOp::FADD : tt::RMWOp::ADD;
  else if (op == "max")
    kind = elem.isUnsigned() ? tt::RMWOp::UMAX : tt::RMWOp::MAX;
  else if (op == "min")
    kind = elem.isUnsigned() ? tt::RMWOp::UMIN : tt::RMWOp::MIN;
  else if (op == "and")
    kind = tt::RMWOp::AND;
  else if (op == "or")
    kind = tt::RMWOp::OR;
  else if (op == "xor")
    kind = tt::RMWOp::XOR;
  else
    kind = tt::RMWOp::XCHG;
  return rmw(kind, ptr, val, mask);
}

const Entry kEntries[] = {
    {"atomic_add", atomicRmw, Language},
    {"atomic_max", atomicRmw, Language},
    {"atomic_min", atomicRmw, Language},
    {"atomic_and", atomicRmw, Language},
    {"atomic_or", atomicRmw, Language},
    {"atomic_xor", atomicRmw, Language},
    {"atomic_xchg", atomicRmw, Language},
    {"atomic_cas", atomicCas, Language},
};

} // namespace

llvm::ArrayRef<Entry> atomicBuiltins() { return kEntries; }

} // namespace trident::frontend::builtins
