//===- Python.cpp - Python's builtins in kernels, and triton.* helpers ----===//
//
// min, max, abs, len, print, isinstance, getattr, hasattr, tuple, list (the
// names a kernel reaches without importing them: "py.<name>"), the range
// objects (only a `for` loop's iterable), and triton.jit /
// triton.next_power_of_2.
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Builtins/Builtins.h"

#include <cmath>

namespace trident::frontend::builtins {

namespace {

Val minOrMax(Generator &g, Call &c, bool isMax) {
  SourceLoc l = c.loc;
  if (!c.kwargs.empty())
    g.error(l, c.name.substr(3) + "() takes no keyword arguments in kernels");
  std::vector<Val> items = c.args;
  if (items.size() == 1 && items[0].kind == Val::Tuple)
    items = items[0].elems;
  if (items.empty())
    g.error(l, c.name.substr(3) + "() expects at least one argument");
  bool allConst = true;
  for (const Val &v : items)
    allConst &= v.isNumber();
  Val acc = items[0];
  for (size_t i = 1; i < items.size(); ++i) {
    if (allConst) {
      Val lt = g.compareOp("<", items[i], acc, l);
      if ((lt.i != 0) != isMax)
        acc = items[i];
      continue;
    }
    acc = g.minMax(isMax, acc, items[i], "none", l);
  }
  return acc;
}

Val pyMin(Generator &g, Call &c) { return minOrMax(g, c, false); }
Val pyMax(Generator &g, Call &c) { return minOrMax(g, c, true); }

Val pyAbs(Generator &g, Call &c) {
  if (c.args.size() != 1 || !c.kwargs.empty())
    g.error(c.loc, "abs() takes exactly one argument");
  const Val &x = c.args[0];
  if (x.kind == Val::Float)
    return Val::floating(std::fabs(x.f));
  if (x.isNumber())
    return Val::integer(x.i < 0 ? -x.i : x.i);
  return g.callBuiltin("abs", c.expr, c.args, c.kwargs, c.loc);
}

Val pyLen(Generator &g, Call &c) {
  if (c.args.size() != 1)
    g.error(c.loc, "len() takes exactly one argument");
  const Val &x = c.args[0];
  if (x.kind == Val::Tuple)
    return Val::integer(x.elems.size());
  if (x.isTensor() && x.type.isBlock())
    return Val::integer(x.type.shape[0]);
  if (x.kind == Val::Str)
    return Val::integer(x.str.size());
  g.error(c.loc, "len() of " + x.describe() + " is not defined");
}

Val pyPrint(Generator &g, Call &c) {
  return g.callBuiltin("device_print", c.expr, c.args, c.kwargs, c.loc);
}

/// range(), tl.range() and tl.static_range() outside a `for` statement
/// (Generator::execFor handles them there).
Val rangeObject(Generator &g, Call &c) {
  g.error(c.loc,
          "range objects can only be used as the iterable of a 'for' loop");
}

Val pyIsinstance(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  if (c.args.size() != 2)
    g.error(l, "isinstance() takes two arguments");
  std::vector<Val> types = c.args[1].kind == Val::Tuple
                               ? c.args[1].elems
                               : std::vector<Val>{c.args[1]};
  const Val &x = c.args[0];
  bool r = false;
  for (const Val &t : types) {
    if (t.kind != Val::TypeObj)
      g.error(l, "isinstance() needs a type as its second argument");
    r |= (t.str == "constexpr" && x.isConstexpr()) ||
         // A descriptor is no tl.tensor in Triton (both are base values).
         (t.str == "tensor" && x.isTensor() && !x.type.elem.isDesc()) ||
         ((t.str == "tensor_descriptor" ||
           t.str == "tensor_descriptor_base") &&
          x.isTensor() && x.type.elem.isDesc()) ||
         (t.str == "int" && (x.kind == Val::Int || x.kind == Val::Bool)) ||
         (t.str == "float" && x.kind == Val::Float) ||
         (t.str == "bool" && x.kind == Val::Bool) ||
         (t.str == "dtype" && x.kind == Val::DTypeV);
  }
  return Val::boolean(r);
}

/// The object and the attribute name of getattr() / hasattr().
void attributeArgs(Generator &g, Call &c) {
  if (c.args.size() < 2 || c.args[1].kind != Val::Str)
    g.error(c.loc,
            c.name.substr(3) + "() needs an object and a constexpr string");
}

Val pyGetattr(Generator &g, Call &c) {
  attributeArgs(g, c);
  return g.attribute(c.args[0], c.args[1].str, c.loc);
}

Val pyHasattr(Generator &g, Call &c) {
  attributeArgs(g, c);
  try {
    g.attribute(c.args[0], c.args[1].str, c.loc);
    return Val::boolean(true);
  } catch (CompileError &) {
    return Val::boolean(false);
  }
}

/// tuple(t) and list(t) of a tuple or list: the same sequence.
Val pySequence(Generator &g, Call &c) {
  if (c.args.size() != 1 || c.args[0].kind != Val::Tuple)
    g.error(c.loc, c.name.substr(3) + "() takes one tuple or list");
  return c.args[0];
}

Val jit(Generator &g, Call &c) {
  g.error(c.loc, "@jit cannot be applied inside a @jit function");
}

Val nextPowerOf2(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"n"});
  int64_t n = g.requireInt(a[0], c.loc, "next_power_of_2's argument");
  int64_t p = 1;
  while (p < n)
    p <<= 1;
  return Val::integer(p);
}

const Entry kEntries[] = {
    {"py.min", pyMin, NoFlags},
    {"py.max", pyMax, NoFlags},
    {"py.abs", pyAbs, NoFlags},
    {"py.len", pyLen, NoFlags},
    {"py.print", pyPrint, NoFlags},
    {"py.range", rangeObject, NoFlags},
    {"py.isinstance", pyIsinstance, NoFlags},
    {"py.getattr", pyGetattr, NoFlags},
    {"py.hasattr", pyHasattr, NoFlags},
    {"py.tuple", pySequence, NoFlags},
    {"py.list", pySequence, NoFlags},
    {"range", rangeObject, Language},
    {"static_range", rangeObject, Language},
    {"jit", jit, Triton},
    {"next_power_of_2", nextPowerOf2, Triton},
};

} // namespace

llvm::ArrayRef<Entry> pythonBuiltins() { return kEntries; }

} // namespace trident::frontend::builtins
