//===- Memory.cpp - loads, stores and block pointers ----------------------===//
//
// tl.load and tl.store, through tensors of pointers or block pointers, and
// tl.make_block_ptr / tl.advance.
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Builtins/Builtins.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include <algorithm>
#include <climits>
#include <optional>

namespace trident::frontend::builtins {

namespace tt = mlir::triton;

namespace {

void checkPointer(Generator &g, const Val &ptr, SourceLoc l,
                  const char *builtin) {
  if (!ptr.isTensor() || !ptr.type.elem.isPtr())
    g.error(l, "Unsupported ptr type " +
                   (ptr.isTensor() ? ptr.type.str() : ptr.describe()) +
                   " in `" + builtin + "`");
}

/// boundary_check: one dimension or a tuple of them; none when not given.
std::vector<int32_t> boundaryCheck(Generator &g, const BoundArgs &a,
                                   size_t index, SourceLoc l) {
  std::vector<int32_t> boundary;
  if (a.given[index] && a[index].kind != Val::None) {
    const Val &bc = a[index];
    std::vector<Val> items =
        bc.kind == Val::Tuple ? bc.elems : std::vector<Val>{bc};
    for (const Val &d : items)
      boundary.push_back((int32_t)g.requireInt(d, l, "boundary_check"));
  }
  return boundary;
}

void checkBoundaryRank(Generator &g, const std::vector<int32_t> &boundary,
                       const TType &block, SourceLoc l) {
  for (int32_t d : boundary)
    if (d < 0 || d >= (int32_t)block.shape.size())
      g.error(l, "boundary_check dimension " + std::to_string(d) +
                     " is out of range for a block of rank " +
                     std::to_string(block.shape.size()));
}

Val load(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  mlir::OpBuilder &b = g.builder();
  BoundArgs a =
      bind(g, c,
           {"pointer", "mask?", "other?", "boundary_check?", "padding_option?",
            "cache_modifier?", "eviction_policy?", "volatile?"});
  Val ptr = a[0];
  checkPointer(g, ptr, l, "tl.load");
  std::string cache = optStr(g, a[5], l, "cache_modifier");
  std::string evict = optStr(g, a[6], l, "eviction_policy");
  tt::CacheModifier cm = loadCacheModifier(g, cache, l);
  tt::EvictionPolicy ev = evictionPolicy(g, evict, l);
  bool isVolatile = a.given[7] && g.requireBool(a[7], l, "volatile");
  std::string padding = optStr(g, a[4], l, "padding_option");
  std::vector<int32_t> boundary = boundaryCheck(g, a, 3, l);
  if (ptr.type.elem.isBlockPtr()) {
    const TType &block = ptr.type.elem.element();
    if (a[1].kind != Val::None || a[2].kind != Val::None)
      g.error(l, "`mask` and `other` arguments cannot be specified for "
                 "loading block pointers");
    checkBoundaryRank(g, boundary, block, l);
    std::sort(boundary.begin(), boundary.end());
    if (std::adjacent_find(boundary.begin(), boundary.end()) != boundary.end())
      g.error(l, "Duplicate dimension in `boundary_check`");
    std::optional<tt::PaddingOption> pad;
    if (padding == "zero")
      pad = tt::PaddingOption::PAD_ZERO;
    else if (padding == "nan") {
      if (block.elem.isInt())
        g.error(l, "Padding option `nan` is not supported for integer block "
                   "pointers");
      pad = tt::PaddingOption::PAD_NAN;
    } else if (!padding.empty())
      g.error(l, "Padding option " + padding + " not supported");
    auto op = tt::LoadOp::create(b, g.here(), ptr.value, boundary, pad, cm, ev,
                                 isVolatile);
    return Val::tensor(op, block);
  }
  if (!boundary.empty() || !padding.empty())
    g.error(l, "`padding_option` or `boundary_check` argument is not "
               "supported for loading a tensor of pointers or loading a "
               "scalar; use block pointers (tl.make_block_ptr) instead");
  if (a[2].kind != Val::None && a[1].kind == Val::None)
    g.error(l, "`other` cannot be provided without `mask`");
  Val mask = a[1], other = a[2];
  if (mask.kind != Val::None) {
    mask = g.requireTensor(mask, l, "mask");
    if (!ptr.type.isBlock() && mask.type.isBlock())
      g.error(l, "Mask argument cannot be block type if pointer argument is "
                 "not a block");
    if (!mask.type.elem.isBool())
      g.error(l, "Mask must have boolean scalar type, got " + mask.type.str());
    if (ptr.type.isBlock())
      mask = g.broadcastTo(mask, ptr.type.shape, l);
  }
  DType elem = ptr.type.elem.element().elem;
  bool isBoolElem = elem.isBool();
  if (isBoolElem) {
    elem = Scalar::I8;
    ptr = g.cast(ptr, DType::pointerTo(TType(elem), ptr.type.elem.addressSpace),
                 l);
  }
  if (other.kind != Val::None) {
    if (!ptr.type.isBlock() && other.isTensor() && other.type.isBlock())
      g.error(l, "Other argument cannot be block type if pointer argument is "
                 "not a block");
    other = other.isNumber()
                ? g.scalarConstant(other, elem, l)
                : g.cast(g.requireTensor(other, l, "other"), elem, l);
    if (ptr.type.isBlock())
      other = g.broadcastTo(other, ptr.type.shape, l);
  }
  auto op = tt::LoadOp::create(
      b, g.here(), ptr.value, mask.isTensor() ? mask.value : mlir::Value(),
      other.isTensor() ? other.value : mlir::Value(), cm, ev, isVolatile);
  Val r = Val::tensor(op, ptr.type.withElem(elem));
  if (isBoolElem)
    r = g.cast(r, Scalar::I1, l);
  return r;
}

Val store(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  mlir::OpBuilder &b = g.builder();
  BoundArgs a = bind(g, c,
                     {"pointer", "value", "mask?", "boundary_check?",
                      "cache_modifier?", "eviction_policy?"});
  Val ptr = a[0];
  checkPointer(g, ptr, l, "tl.store");
  std::string cache = optStr(g, a[4], l, "cache_modifier");
  std::string evict = optStr(g, a[5], l, "eviction_policy");
  tt::CacheModifier cm = tt::CacheModifier::NONE;
  if (cache == ".wb")
    cm = tt::CacheModifier::WB;
  else if (cache == ".cg")
    cm = tt::CacheModifier::CG;
  else if (cache == ".cs")
    cm = tt::CacheModifier::CS;
  else if (cache == ".wt")
    cm = tt::CacheModifier::WT;
  else if (!cache.empty())
    g.error(l, "Cache modifier " + cache + " not supported");
  tt::EvictionPolicy ev = evictionPolicy(g, evict, l);
  std::vector<int32_t> boundary = boundaryCheck(g, a, 3, l);
  Val value = a[1];
  if (!value.isTensor() && !value.isNumber())
    g.error(l, "tl.store's value must be a tensor or a number, got " +
                   value.describe());
  auto cmAttr = tt::CacheModifierAttr::get(g.ctx(), cm);
  auto evAttr = tt::EvictionPolicyAttr::get(g.ctx(), ev);
  if (ptr.type.elem.isBlockPtr()) {
    const TType &block = ptr.type.elem.element();
    if (a[2].kind != Val::None)
      g.error(l, "`mask` cannot be specified for storing through block "
                 "pointers (use boundary_check)");
    std::sort(boundary.begin(), boundary.end());
    checkBoundaryRank(g, boundary, block, l);
    value = value.isNumber() ? g.scalarConstant(value, block.elem, l)
                             : g.cast(value, block.elem, l);
    value = g.broadcastTo(value, block.shape, l);
    tt::StoreOp::create(b, g.here(), ptr.value, value.value, mlir::Value(),
                        b.getDenseI32ArrayAttr(boundary), cmAttr, evAttr);
    return Val::none();
  }
  if (!boundary.empty())
    g.error(l, "`boundary_check` argument is not supported for storing a "
               "tensor of pointers or storing a scalar; use block pointers "
               "(tl.make_block_ptr) instead");
  DType elem = ptr.type.elem.element().elem;
  if (elem.isBool()) {
    elem = Scalar::I8;
    ptr = g.cast(ptr, DType::pointerTo(TType(elem), ptr.type.elem.addressSpace),
                 l);
  }
  if (value.isTensor() && value.type.isBlock() && !ptr.type.isBlock())
    g.error(l, "Value argument cannot be block type if pointer argument is "
               "not a block");
  value = value.isNumber() ? g.scalarConstant(value, elem, l)
                           : g.cast(value, elem, l);
  if (ptr.type.isBlock())
    value = g.broadcastTo(value, ptr.type.shape, l);
  Val mask = a[2];
  if (mask.kind != Val::None) {
    mask = g.requireTensor(mask, l, "mask");
    if (!mask.type.elem.isBool())
      g.error(l, "Mask must have boolean scalar type, got " + mask.type.str());
    if (!ptr.type.isBlock() && mask.type.isBlock())
      g.error(l, "Mask argument cannot be block type if pointer argument is "
                 "not a block");
    if (ptr.type.isBlock())
      mask = g.broadcastTo(mask, ptr.type.shape, l);
  }
  tt::StoreOp::create(b, g.here(), ptr.value, value.value,
                      mask.isTensor() ? mask.value : mlir::Value(),
                      b.getDenseI32ArrayAttr({}), cmAttr, evAttr);
  return Val::none();
}

Val makeBlockPtr(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(
      g, c, {"base", "shape", "strides", "offsets", "block_shape", "order"});
  Val base = a[0];
  if (!base.isTensor() || base.type.isBlock() || !base.type.elem.isPtr() ||
      base.type.elem.isBlockPtr())
    g.error(l, "Expected `base` to be a pointer type (but not a block "
               "pointer type or others), got " +
                   base.describe());
  auto list = [&](const Val &v, const char *what) {
    if (v.kind != Val::Tuple)
      g.error(l, std::string("`") + what +
                     "` of tl.make_block_ptr must be a "
                     "tuple, got " +
                     v.describe());
    return v.elems;
  };
  std::vector<Val> shape = list(a[1], "shape"), strides = list(a[2], "strides"),
                   offsets = list(a[3], "offsets");
  std::vector<int64_t> block;
  for (const Val &v : list(a[4], "block_shape")) {
    if (!v.isNumber() || v.i < 0 || v.i > INT32_MAX)
      g.error(l, "Expected a list of constant integers (`int32_t` range) in "
                 "`block_shape`");
    block.push_back((int64_t)v.i);
  }
  std::vector<int32_t> order;
  for (const Val &v : list(a[5], "order"))
    order.push_back((int32_t)g.requireInt(v, l, "order"));
  std::vector<int32_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  for (size_t i = 0; i < sorted.size(); ++i)
    if (sorted[i] != (int32_t)i)
      g.error(l, "Expected a permutation of (0, 1, ..., len(order)-1) in "
                 "order");
  size_t n = block.size();
  if (shape.size() != n || strides.size() != n || offsets.size() != n ||
      order.size() != n)
    g.error(l, "Expected shape/strides/offsets/block_shape to have the same "
               "length");
  g.zeros(block, Scalar::I32); // validates the block shape
  auto ints = [&](const std::vector<Val> &vs, DType d, const char *what) {
    llvm::SmallVector<mlir::Value> out;
    for (const Val &v : vs) {
      Val t = g.toTensor(v, l);
      if (t.type.isBlock() || !t.type.elem.isInt())
        g.error(l, std::string("`") + what +
                       "` of tl.make_block_ptr must "
                       "hold integer scalars, got " +
                       t.describe());
      if (d.kind == Scalar::I32 && t.type.elem.bitwidth() > 32)
        g.error(l, "Block pointers only support 32 bit `offsets/block_shape`, "
                   "add a `.to(tl.int32)` or use regular indexing for 64 bit "
                   "support");
      out.push_back(g.cast(t, d, l).value);
    }
    return out;
  };
  auto sh = ints(shape, Scalar::I64, "shape");
  auto st = ints(strides, Scalar::I64, "strides");
  auto of = ints(offsets, Scalar::I32, "offsets");
  DType elem = base.type.elem.element().elem;
  if (elem.isBool()) {
    elem = Scalar::I8;
    base = g.cast(base, DType::pointerTo(TType(elem)), l);
  }
  auto op = tt::MakeTensorPtrOp::create(g.builder(), g.here(), base.value, sh,
                                        st, of, block, order);
  DType pt = DType::pointerTo(TType(elem, block), base.type.elem.addressSpace);
  return Val::tensor(op, TType(pt));
}

Val advance(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"base", "offsets"});
  Val base = a[0];
  if (!base.isTensor() || !base.type.elem.isBlockPtr())
    g.error(l, "tl.advance needs a block pointer, got " + base.describe());
  if (a[1].kind != Val::Tuple)
    g.error(l, "the offsets of tl.advance must be a tuple");
  size_t rank = base.type.elem.element().shape.size();
  if (a[1].elems.size() != rank)
    g.error(l, "tl.advance needs " + std::to_string(rank) + " offsets, got " +
                   std::to_string(a[1].elems.size()));
  llvm::SmallVector<mlir::Value> offs;
  for (const Val &v : a[1].elems) {
    Val t = g.toTensor(v, l);
    if (t.type.isBlock() || !t.type.elem.isInt())
      g.error(l, "the offsets of tl.advance must be integer scalars");
    offs.push_back(g.cast(t, Scalar::I32, l).value);
  }
  auto op = tt::AdvanceOp::create(g.builder(), g.here(),
                                  base.type.toMLIR(g.ctx()), base.value, offs);
  return Val::tensor(op, base.type);
}

const Entry kEntries[] = {
    {"load", load, Language},
    {"store", store, Language},
    {"make_block_ptr", makeBlockPtr, Language},
    {"advance", advance, Language | TensorMethod},
};

} // namespace

llvm::ArrayRef<Entry> memoryBuiltins() { return kEntries; }

} // namespace trident::frontend::builtins
