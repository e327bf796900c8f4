//===- Shapes.cpp - shape manipulation and gathers ------------------------===//
//
// tl.broadcast, tl.broadcast_to, tl.expand_dims, tl.reshape / tl.view,
// tl.trans / tl.permute, tl.join, tl.split, tl.cat and tl.gather. tl.ravel,
// tl.flip and tl.interleave are prelude functions (lib/prelude/standard.py).
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Builtins/Builtins.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include <algorithm>

namespace trident::frontend::builtins {

namespace tt = mlir::triton;

namespace {

Val broadcast(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"input", "other"});
  Val x = a[0], y = a[1];
  g.broadcastPair(x, y, c.loc);
  return Val::tuple({x, y});
}

Val broadcastTo(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"input", "*shape"});
  return g.broadcastTo(a[0], g.requireShape(shapeArg(a[1]), c.loc, "shape"),
                       c.loc);
}

Val expandDims(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"input", "axis"});
  Val x = g.requireTensor(a[0], l, "the input");
  std::vector<int64_t> axes;
  if (a[1].kind == Val::Tuple)
    for (const Val &v : a[1].elems)
      axes.push_back(g.requireInt(v, l, "axis"));
  else
    axes.push_back(g.requireInt(a[1], l, "axis"));
  int64_t newRank = x.type.shape.size() + axes.size();
  for (int64_t &ax : axes)
    checkAxis(g, ax, newRank, l);
  std::sort(axes.begin(), axes.end());
  if (std::adjacent_find(axes.begin(), axes.end()) != axes.end())
    g.error(l, "expand_dims received duplicate axes");
  for (int64_t ax : axes)
    x = g.expandDims(x, ax, l);
  return x;
}

/// tl.reshape, or tl.view (which may reorder elements).
Val reshapeOrView(Generator &g, Call &c, bool isView) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"input", "*shape", "can_reorder?"});
  bool reorder =
      isView || (a.given[2] && g.requireBool(a[2], l, "can_reorder"));
  return g.reshape(g.requireTensor(a[0], l, "the input"),
                   g.requireShape(shapeArg(a[1]), l, "shape"), reorder, l);
}

Val reshape(Generator &g, Call &c) { return reshapeOrView(g, c, false); }
Val view(Generator &g, Call &c) { return reshapeOrView(g, c, true); }

/// tl.permute, or tl.trans (whose dims may be left out for a 2-D tensor).
Val transOrPermute(Generator &g, Call &c, bool isPermute) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"input", "*dims"});
  Val x = g.requireTensor(a[0], l, "the input");
  Val dims = shapeArg(a[1]);
  std::vector<int32_t> order;
  for (const Val &d : dims.elems)
    order.push_back((int32_t)g.requireInt(d, l, "dims"));
  if (order.empty()) {
    if (isPermute)
      g.error(l, "permute needs dims");
    if (x.type.shape.size() != 2)
      g.error(l,
              "tl.trans without dims needs a 2-D tensor, got " + x.type.str());
    order = {1, 0};
  }
  return g.permute(x, order, l);
}

Val trans(Generator &g, Call &c) { return transOrPermute(g, c, false); }
Val permute(Generator &g, Call &c) { return transOrPermute(g, c, true); }

Val join(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  mlir::OpBuilder &b = g.builder();
  BoundArgs a = bind(g, c, {"a", "b"});
  Val x = g.toTensor(a[0], l), y = g.toTensor(a[1], l);
  if (x.type.elem != y.type.elem)
    g.error(l, "tl.join needs operands of one dtype, got " + x.type.elem.str() +
                   " and " + y.type.elem.str());
  g.broadcastPair(x, y, l);
  if (!x.type.isBlock()) {
    x = g.splat(x, {1});
    y = g.splat(y, {1});
    std::vector<int64_t> shape{1, 2};
    TType t(x.type.elem, shape);
    auto op = tt::JoinOp::create(b, g.here(), x.value, y.value);
    return g.reshape(Val::tensor(op, t), {2}, false, l);
  }
  std::vector<int64_t> shape = x.type.shape;
  shape.push_back(2);
  auto op = tt::JoinOp::create(b, g.here(), x.value, y.value);
  return Val::tensor(op, TType(x.type.elem, shape));
}

Val split(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  mlir::OpBuilder &b = g.builder();
  BoundArgs a = bind(g, c, {"a"});
  Val x = g.requireTensor(a[0], l, "the input");
  if (!x.type.isBlock() || x.type.shape.back() != 2)
    g.error(l, "split() requires that the last dimension have size 2, got " +
                   x.type.str());
  bool scalarOut = x.type.shape.size() == 1;
  if (scalarOut)
    x = g.reshape(x, {1, 2}, false, l);
  std::vector<int64_t> shape = x.type.shape;
  shape.pop_back();
  TType t(x.type.elem, shape);
  auto op = tt::SplitOp::create(b, g.here(), x.value);
  Val lhs = Val::tensor(op.getOutLHS(), t),
      rhs = Val::tensor(op.getOutRHS(), t);
  if (scalarOut) {
    TType st(x.type.elem);
    mlir::Type stTy = st.toMLIR(g.ctx());
    lhs = Val::tensor(tt::UnsplatOp::create(b, g.here(), stTy, lhs.value), st);
    rhs = Val::tensor(tt::UnsplatOp::create(b, g.here(), stTy, rhs.value), st);
  }
  return Val::tuple({lhs, rhs});
}

Val cat(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"input", "other", "can_reorder?"});
  Val x = g.requireTensor(a[0], l, "input"),
      y = g.requireTensor(a[1], l, "other");
  if (!(a.given[2] && g.requireBool(a[2], l, "can_reorder")))
    g.error(l, "current implementation of `cat` always may reorder elements; "
               "pass can_reorder=True");
  if (x.type.elem != y.type.elem || x.type.shape.size() != 1 ||
      y.type.shape.size() != 1)
    g.error(l, "tl.cat needs two 1-D tensors of one dtype, got " +
                   x.type.str() + " and " + y.type.str());
  std::vector<int64_t> shape{x.type.shape[0] + y.type.shape[0]};
  TType t(x.type.elem, shape);
  // Validates the shape.
  g.zeros(shape, x.type.elem.isPtr() ? DType(Scalar::I32) : x.type.elem);
  auto op = tt::CatOp::create(g.builder(), g.here(), t.toMLIR(g.ctx()), x.value,
                              y.value);
  return Val::tensor(op, t);
}

/// Triton's semantic.gather: out[i] = src[i with i[axis] = index[i]].
Val gather(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"src", "index", "axis"});
  Val src = g.requireTensor(a[0], l, "the source");
  Val index = g.requireTensor(a[1], l, "the index");
  if (!index.type.elem.isInt())
    g.error(l, "index must be an integer tensor");
  int64_t rank = int64_t(src.type.shape.size());
  if (int64_t(index.type.shape.size()) != rank)
    g.error(l, "source and index tensors must have the same rank");
  int64_t axis = g.requireInt(a[2], l, "axis");
  if (axis < -rank || axis >= rank)
    g.error(l, "gather axis " + std::to_string(axis) +
                   " must be < source rank (" + std::to_string(rank) + ")");
  if (axis < 0)
    axis += rank;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis && index.type.shape[d] != src.type.shape[d])
      g.error(l, "index dim " + std::to_string(axis) +
                     " must match the corresponding source dim");
  mlir::OpBuilder &b = g.builder();
  TType rt(src.type.elem, index.type.shape);
  auto op = tt::GatherOp::create(b, g.here(), rt.toMLIR(g.ctx()), src.value,
                                 index.value, b.getI32IntegerAttr(axis),
                                 mlir::UnitAttr());
  return Val::tensor(op, rt);
}

const Entry kEntries[] = {
    {"broadcast", broadcast, Language},
    {"broadcast_to", broadcastTo, Language | TensorMethod},
    {"expand_dims", expandDims, Language | TensorMethod},
    {"reshape", reshape, Language | TensorMethod},
    {"view", view, Language | TensorMethod},
    {"trans", trans, Language | TensorMethod},
    {"permute", permute, Language | TensorMethod},
    {"join", join, Language},
    {"split", split, Language | TensorMethod},
    {"cat", cat, Language},
    {"gather", gather, Language | TensorMethod},
};

} // namespace

llvm::ArrayRef<Entry> shapeBuiltins() { return kEntries; }

} // namespace trident::frontend::builtins
