//===- Debug.cpp - static and device printing and assertions --------------===//
//
// tl.static_assert and tl.static_print (at compile time), tl.device_print
// (tt.print) and tl.device_assert (tt.assert, in debug builds only).
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Builtins/Builtins.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "llvm/Support/raw_ostream.h"

namespace trident::frontend::builtins {

namespace tt = mlir::triton;

namespace {

Val staticAssert(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  if (c.args.empty() || c.args.size() > 2)
    g.error(l, "`static_assert` requires one or two positional arguments "
               "only");
  BoundArgs a = bind(g, c, {"cond", "msg?"});
  if (!a[0].isConstexpr())
    g.error(l, "Assertion condition could not be determined at compile-time. "
               "Make sure that it depends only on `constexpr` values");
  if (!g.requireBool(a[0], l, "the static_assert condition")) {
    std::string msg =
        a.given[1] ? (a[1].kind == Val::Str ? a[1].str : a[1].describe()) : "";
    g.error(l, "static_assert failed" + (msg.empty() ? "" : ": " + msg));
  }
  return Val::none();
}

Val staticPrint(Generator &g, Call &c) {
  std::string out;
  for (const Val &v : c.args)
    out += (out.empty() ? "" : " ") + (v.kind == Val::Str ? v.str
                                       : v.isNumber()     ? numberStr(v)
                                                          : v.describe());
  llvm::errs() << out << "\n";
  return Val::none();
}

Val devicePrint(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  mlir::OpBuilder &b = g.builder();
  BoundArgs a = bind(g, c, {"prefix", "*args", "hex?"});
  std::string prefix = g.requireStr(a[0], l, "the prefix of device_print");
  for (unsigned char ch : prefix)
    if (ch >= 0x80)
      g.error(l, prefix + " is not an ascii string");
  bool hex = a.given[2] && g.requireBool(a[2], l, "hex");
  llvm::SmallVector<mlir::Value> vals;
  llvm::SmallVector<int32_t> isSigned;
  for (const Val &v : a[1].elems) {
    Val t = g.requireTensor(v, l, "device_print arguments");
    vals.push_back(t.value);
    isSigned.push_back(t.type.elem.isSigned() && !t.type.elem.isBool());
  }
  if (!vals.empty()) {
    if (prefix.size() < 2 || prefix.substr(prefix.size() - 2) != ": ")
      prefix += (prefix.empty() || prefix.back() != ':') ? ": " : " ";
    if (prefix.size() > 2 && prefix[0] != ' ')
      prefix = " " + prefix;
  }
  tt::PrintOp::create(b, g.here(), b.getStringAttr(prefix), b.getBoolAttr(hex),
                      vals, b.getDenseI32ArrayAttr(isSigned));
  return Val::none();
}

Val deviceAssert(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"cond", "msg?", "mask?"});
  std::string msg = a.given[1] ? g.requireStr(a[1], l, "msg") : "";
  if (!g.spec().debug)
    return Val::none(); // as in Triton, asserts only exist in debug builds
  Val cond = g.toTensor(a[0], l);
  if (!cond.type.elem.isBool())
    cond = g.cast(cond, Scalar::I1, l);
  if (a[2].kind != Val::None)
    cond = g.logicalOr(
        cond, g.unaryOp("not", g.requireTensor(a[2], l, "mask"), l), l);
  tt::AssertOp::create(g.builder(), g.here(), cond.value,
                       g.builder().getStringAttr(msg));
  return Val::none();
}

const Entry kEntries[] = {
    {"static_assert", staticAssert, Language},
    {"static_print", staticPrint, Language},
    {"device_print", devicePrint, Language},
    {"device_assert", deviceAssert, Language},
};

} // namespace

llvm::ArrayRef<Entry> debugBuiltins() { return kEntries; }

} // namespace trident::frontend::builtins
