//===- Dot.cpp - tl.dot ---------------------------------------------------===//
//
// tl.dot: Triton's operand checks, input precision and accumulator type,
// then tt.dot.
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Builtins/Builtins.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include <optional>

namespace trident::frontend::builtins {

namespace tt = mlir::triton;

namespace {

Val dot(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  mlir::MLIRContext *ctx = g.ctx();
  BoundArgs a = bind(g, c,
                     {"input", "other", "acc?", "input_precision?",
                      "allow_tf32?", "max_num_imprecise_acc?", "out_dtype?"});
  Val x = g.requireTensor(a[0], l, "the first operand of tl.dot");
  Val y = g.requireTensor(a[1], l, "the second operand of tl.dot");
  size_t rank = x.type.shape.size();
  if ((rank != 2 && rank != 3) || y.type.shape.size() != rank)
    g.error(l, "Both inputs must be either 2D or 3D; (lhs: " + x.type.str() +
                   " vs rhs: " + y.type.str() + ")");
  int64_t M = x.type.shape[rank - 2], K = x.type.shape[rank - 1];
  int64_t K2 = y.type.shape[rank - 2], N = y.type.shape[rank - 1];
  if (K != K2)
    g.error(l, "First input shape (" + x.type.str() +
                   ") and second input shape " + y.type.str() +
                   " are not compatible for matmul (second index of first "
                   "shape (" +
                   std::to_string(K) +
                   ") must be equal to first index of second shape (" +
                   std::to_string(K2) + ")");
  if (rank == 3 && x.type.shape[0] != y.type.shape[0])
    g.error(l, "the batch dimensions of tl.dot's operands differ: " +
                   x.type.str() + " and " + y.type.str());
  if (M < 16 || N < 16 || K < 16)
    g.error(l, "Input shapes should have M >= 16, N >= 16 and K >= 16 (got "
               "M=" +
                   std::to_string(M) + ", N=" + std::to_string(N) +
                   ", K=" + std::to_string(K) + ")");
  const DType &xd = x.type.elem, &yd = y.type.elem;
  auto supported = [](const DType &d) {
    return d.kind == Scalar::I8 || d.kind == Scalar::U8 ||
           d.kind == Scalar::FP16 || d.kind == Scalar::BF16 ||
           d.kind == Scalar::FP32 || d.kind == Scalar::FP64;
  };
  if (!(xd.isFP8() && yd.isFP8())) {
    if (!supported(xd))
      g.error(l, "Unsupported lhs dtype " + xd.str());
    if (!supported(yd))
      g.error(l, "Unsupported rhs dtype " + yd.str());
    if (xd != yd)
      g.error(l, "Both operands must be same dtype. Got " + xd.str() + " and " +
                     yd.str());
  }
  std::string prec;
  if (a[3].kind != Val::None && a[4].kind != Val::None)
    g.error(l, "Only one of input_precision and allow_tf32 can be specified");
  if (a[3].kind != Val::None)
    prec = g.requireStr(a[3], l, "input_precision");
  else if (a[4].kind != Val::None)
    prec = g.requireBool(a[4], l, "allow_tf32") ? "tf32" : "ieee";
  else
    prec = "tf32";
  std::optional<tt::InputPrecision> ip = tt::symbolizeInputPrecision(prec);
  if (!ip)
    g.error(l, "input_precision must be one of tf32, tf32x3, ieee, bf16x3, "
               "bf16x6; got '" +
                   prec + "'");
  DType outD = a[6].kind == Val::None ? DType(Scalar::FP32)
                                      : g.requireDType(a[6], l, "out_dtype");
  if (outD.kind == Scalar::BF16)
    g.error(l, "out_dtype=bfloat16 is unsupported. Please use "
               "out_dtype=float32/float16 and cast with `.to(tl.bfloat16)`");
  DType ret;
  if (xd.isInt())
    ret = Scalar::I32;
  else if (xd.kind == Scalar::FP32 || xd.kind == Scalar::BF16)
    ret = Scalar::FP32;
  else if (xd.kind == Scalar::FP64)
    ret = Scalar::FP64;
  else
    ret = outD;
  std::vector<int64_t> shape = rank == 3
                                   ? std::vector<int64_t>{x.type.shape[0], M, N}
                                   : std::vector<int64_t>{M, N};
  TType rt(ret, shape);
  Val acc = a[2];
  if (acc.kind == Val::None) {
    acc = g.zeros(shape, ret);
  } else {
    acc = g.requireTensor(acc, l, "acc");
    if (acc.type != rt)
      g.error(l,
              "acc of tl.dot must be " + rt.str() + ", got " + acc.type.str());
  }
  int64_t imprecise = a[5].kind == Val::None
                          ? 0
                          : g.requireInt(a[5], l, "max_num_imprecise_acc");
  if (xd.isFP8() && imprecise > K)
    g.error(l, "max_num_imprecise_acc (" + std::to_string(imprecise) +
                   ") must be <= K (" + std::to_string(K) + ")");
  mlir::OpBuilder &b = g.builder();
  auto op = tt::DotOp::create(b, g.here(), rt.toMLIR(ctx), x.value, y.value,
                              acc.value, tt::InputPrecisionAttr::get(ctx, *ip),
                              b.getI32IntegerAttr((int32_t)imprecise));
  return Val::tensor(op, rt);
}

const Entry kEntries[] = {
    {"dot", dot, Language},
};

} // namespace

llvm::ArrayRef<Entry> dotBuiltins() { return kEntries; }

} // namespace trident::frontend::builtins
