//===- Creation.cpp - program ids, ranges and constant tensors ------------===//
//
// tl.program_id, tl.num_programs, tl.arange, tl.zeros, tl.full and
// tl.to_tensor.
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Builtins/Builtins.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

namespace trident::frontend::builtins {

namespace tt = mlir::triton;

namespace {

/// The axis of program_id / num_programs: 0, 1 or 2.
int axisArg(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"axis"});
  int64_t axis = g.requireInt(a[0], c.loc, "axis");
  if (axis < 0 || axis > 2)
    g.error(c.loc, c.name + " axis must be 0, 1, or 2 but got " +
                       std::to_string(axis));
  return (int)axis;
}

Val programId(Generator &g, Call &c) {
  int axis = axisArg(g, c);
  return Val::tensor(tt::GetProgramIdOp::create(g.builder(), g.here(), axis),
                     TType(Scalar::I32));
}

Val numPrograms(Generator &g, Call &c) {
  int axis = axisArg(g, c);
  return Val::tensor(tt::GetNumProgramsOp::create(g.builder(), g.here(), axis),
                     TType(Scalar::I32));
}

Val arange(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"start", "end"});
  if (!a[0].isNumber() || !a[1].isNumber())
    g.error(l, "arange's arguments must be of type tl.constexpr");
  return g.makeRange(g.requireInt(a[0], l, "start"),
                     g.requireInt(a[1], l, "end"), l);
}

/// The shape of zeros / full: () for a scalar.
std::vector<int64_t> shapeOf(Generator &g, const Val &v, SourceLoc l) {
  return v.kind == Val::Tuple && v.elems.empty()
             ? std::vector<int64_t>{}
             : g.requireShape(v, l, "shape");
}

Val zeros(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"shape", "dtype"});
  std::vector<int64_t> shape = shapeOf(g, a[0], l);
  DType d = g.requireDType(a[1], l, "dtype");
  return shape.empty() ? g.constantOf(0, 0, TType(d)) : g.zeros(shape, d);
}

Val full(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"shape", "value", "dtype"});
  std::vector<int64_t> shape = shapeOf(g, a[0], l);
  DType d = g.requireDType(a[2], l, "dtype");
  Val value = a[1];
  Val s;
  if (value.isTensor()) {
    if (value.type.isBlock())
      g.error(l, "tl.full's value must be a scalar");
    s = g.cast(value, d, l);
  } else if (value.isNumber()) {
    s = g.scalarConstant(value, d, l);
  } else {
    g.error(l, "tl.full's value must be a number or a scalar, got " +
                   value.describe());
  }
  if (shape.empty())
    return s;
  g.zeros(shape, d); // validates the shape
  return g.splat(s, shape);
}

Val toTensor(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"x"});
  return g.toTensor(a[0], c.loc);
}

const Entry kEntries[] = {
    {"program_id", programId, Language},
    {"num_programs", numPrograms, Language},
    {"arange", arange, Language},
    {"zeros", zeros, Language},
    {"full", full, Language},
    {"to_tensor", toTensor, Language},
};

} // namespace

llvm::ArrayRef<Entry> creationBuiltins() { return kEntries; }

} // namespace trident::frontend::builtins
