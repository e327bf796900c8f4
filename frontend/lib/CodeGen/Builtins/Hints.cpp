//===- Hints.cpp - compiler hints -----------------------------------------===//
//
// tl.multiple_of, tl.max_contiguous, tl.max_constancy (attributes on the
// value's defining op), tl.assume (llvm.intr.assume) and tl.debug_barrier
// (gpu.barrier): Triton's "compiler hint ops".
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Builtins/Builtins.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <algorithm>

namespace trident::frontend::builtins {

namespace {

/// Sets `attr` (tt.divisibility, ...) on the input's defining op to the
/// values, one per dimension.
Val axisInfoHint(Generator &g, Call &c, const char *attr) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"input", "values"});
  Val x = g.requireTensor(a[0], l, "the input");
  std::vector<int32_t> vals;
  if (a[1].kind == Val::Tuple)
    for (const Val &v : a[1].elems)
      vals.push_back((int32_t)g.requireInt(v, l, "values"));
  else
    vals.push_back((int32_t)g.requireInt(a[1], l, "values"));
  size_t expect = std::max<size_t>(1, x.type.shape.size());
  if (vals.size() != expect)
    g.error(l, "Shape of input to " + c.name +
                   " does not match the length of values");
  if (mlir::Operation *def = x.value.getDefiningOp()) {
    auto ty = mlir::RankedTensorType::get({(int64_t)vals.size()},
                                          g.builder().getI32Type());
    def->setAttr(attr, mlir::DenseIntElementsAttr::get(
                           ty, llvm::ArrayRef<int32_t>(vals)));
  }
  return x;
}

Val multipleOf(Generator &g, Call &c) {
  return axisInfoHint(g, c, "tt.divisibility");
}
Val maxContiguous(Generator &g, Call &c) {
  return axisInfoHint(g, c, "tt.contiguity");
}
Val maxConstancy(Generator &g, Call &c) {
  return axisInfoHint(g, c, "tt.constancy");
}

Val assume(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"cond"});
  if (a[0].isConstexpr()) {
    if (!g.requireBool(a[0], l, "the condition of tl.assume"))
      g.error(l, "tl.assume of a condition that is false at compile time");
    return Val::none();
  }
  Val cond = g.requireTensor(a[0], l, "the condition of tl.assume");
  if (cond.type.isBlock() || !cond.type.elem.isBool())
    g.error(l, "tl.assume needs a scalar boolean condition, got " +
                   cond.describe());
  g.ctx()->getOrLoadDialect<mlir::LLVM::LLVMDialect>();
  mlir::LLVM::AssumeOp::create(g.builder(), g.here(), cond.value);
  return Val::none();
}

Val debugBarrier(Generator &g, Call &c) {
  bind(g, c, {});
  g.ctx()->getOrLoadDialect<mlir::gpu::GPUDialect>();
  mlir::gpu::BarrierOp::create(g.builder(), g.here());
  return Val::none();
}

const Entry kEntries[] = {
    {"multiple_of", multipleOf, Language},
    {"max_contiguous", maxContiguous, Language},
    {"max_constancy", maxConstancy, Language},
    {"assume", assume, Language},
    {"debug_barrier", debugBarrier, Language},
};

} // namespace

llvm::ArrayRef<Entry> hintBuiltins() { return kEntries; }

} // namespace trident::frontend::builtins
