//===- Reductions.cpp - reductions, scans and histograms ------------------===//
//
// tl.reduce and tl.associative_scan (tt.reduce / tt.scan with the combine
// function as their region) and tl.histogram. tl.sum, tl.max, tl.argmax,
// tl.cumsum, ... are prelude functions built on them (lib/prelude/
// standard.py), tensor methods through their `_tensor_member_fn` decorator.
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Builtins/Builtins.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

namespace trident::frontend::builtins {

namespace tt = mlir::triton;

namespace {

Val reduceOrScan(Generator &g, Call &c, bool isScan) {
  SourceLoc l = c.loc;
  const std::string &name = c.name;
  mlir::OpBuilder &b = g.builder();
  BoundArgs a = isScan
                    ? bind(g, c, {"input", "axis", "combine_fn", "reverse?"})
                    : bind(g, c, {"input", "axis", "combine_fn", "keep_dims?"});
  bool tupleIn = a[0].kind == Val::Tuple;
  std::vector<Val> inputs = tupleIn ? a[0].elems : std::vector<Val>{a[0]};
  if (inputs.empty())
    g.error(l, "tl." + name + " needs at least one input");
  for (Val &v : inputs) {
    v = g.requireTensor(v, l, "the input");
    if (!v.type.isBlock())
      g.error(l, "tl." + name + " needs tensors, got " + v.describe());
  }
  int64_t axis;
  if (a[1].kind == Val::None) {
    if (isScan)
      g.error(l, "tl.associative_scan needs an axis");
    for (Val &v : inputs)
      v = g.reshape(v, {v.type.numel()}, true, l);
    axis = 0;
  } else {
    axis = g.requireInt(a[1], l, "axis");
  }
  int64_t rank = inputs[0].type.shape.size();
  checkAxis(g, axis, rank, l);
  for (const Val &v : inputs)
    if (v.type.shape != inputs[0].type.shape)
      g.error(l, "all inputs of tl." + name + " must have the same shape");
  const Val &fn = a[2];
  if (fn.kind != Val::Function && fn.kind != Val::Builtin)
    g.error(l, "the combine_fn of tl." + name +
                   " must be a @jit function, got " + fn.describe());
  llvm::SmallVector<mlir::Value> srcs;
  std::vector<DType> elems;
  for (const Val &v : inputs) {
    srcs.push_back(v.value);
    elems.push_back(v.type.elem);
  }
  std::vector<Val> results;
  if (isScan) {
    bool reverse = a.given[3] && g.requireBool(a[3], l, "reverse");
    auto op = tt::ScanOp::create(b, g.here(), srcs, (int)axis, reverse);
    g.buildCombineRegion(op.getCombineOp(), fn, elems, true, l);
    for (size_t i = 0; i < inputs.size(); ++i)
      results.push_back(Val::tensor(op->getResult(i), inputs[i].type));
  } else {
    bool keep = a.given[3] && g.requireBool(a[3], l, "keep_dims");
    std::vector<int64_t> shape = inputs[0].type.shape;
    shape.erase(shape.begin() + axis);
    llvm::SmallVector<mlir::Type> rtypes;
    for (const DType &d : elems)
      rtypes.push_back(TType(d, shape).toMLIR(g.ctx()));
    mlir::OperationState state(g.here(), tt::ReduceOp::getOperationName());
    state.addOperands(srcs);
    state.addAttribute("axis", b.getI32IntegerAttr((int32_t)axis));
    state.addTypes(rtypes);
    state.addRegion();
    mlir::Operation *op = b.create(state);
    g.buildCombineRegion(op->getRegion(0), fn, elems, false, l);
    for (size_t i = 0; i < inputs.size(); ++i) {
      Val r = Val::tensor(op->getResult(i), TType(elems[i], shape));
      if (keep)
        r = g.expandDims(r, axis, l);
      results.push_back(r);
    }
  }
  return tupleIn ? Val::tuple(results) : results[0];
}

Val reduce(Generator &g, Call &c) { return reduceOrScan(g, c, false); }
Val associativeScan(Generator &g, Call &c) { return reduceOrScan(g, c, true); }

Val histogram(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"input", "num_bins", "mask?"});
  Val x = g.requireTensor(a[0], l, "the input");
  if (x.type.shape.size() != 1)
    g.error(l, "histogram only supports 1D input");
  if (!x.type.elem.isInt())
    g.error(l, "histogram only supports integer input");
  int64_t bins = g.requireInt(a[1], l, "num_bins");
  TType rt(Scalar::I32, {bins});
  g.zeros({bins}, Scalar::I32);
  mlir::Value mask;
  if (a[2].kind != Val::None) {
    Val m = g.requireTensor(a[2], l, "mask");
    if (!m.type.elem.isBool())
      g.error(l, "Mask must have boolean scalar type, got " + m.type.str());
    mask = g.broadcastTo(m, x.type.shape, l).value;
  }
  auto op = tt::HistogramOp::create(g.builder(), g.here(), rt.toMLIR(g.ctx()),
                                    x.value, mask);
  return Val::tensor(op, rt);
}

const Entry kEntries[] = {
    {"reduce", reduce, Language | TensorMethod},
    {"associative_scan", associativeScan, Language | TensorMethod},
    {"histogram", histogram, Language | TensorMethod},
};

} // namespace

llvm::ArrayRef<Entry> reductionBuiltins() { return kEntries; }

} // namespace trident::frontend::builtins
