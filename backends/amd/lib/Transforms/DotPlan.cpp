//===- DotPlan.cpp - MFMA or FMA for each tl.dot --------------------------===//

#include "trident/Backends/Amd/DotPlan.h"

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident::amd {
namespace {

std::string typeName(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

/// How MFMA takes one operand type: the elements one instruction takes
/// per lane (kBase) for the 32x32 instruction (the 16x16 one takes the
/// same per lane, four K groups of lanes instead of two), and the type
/// the operands are upcast to first (null: their own).
struct OperandForm {
  int kBase = 0;
  Type upcast;
};

FailureOr<OperandForm> operandForm(Type a, Type b, DotOp dot, int version,
                                   std::string &why) {
  MLIRContext *ctx = dot.getContext();
  auto fp8Native = [&](Type t) {
    return version == 3 ? isa<Float8E4M3FNUZType, Float8E5M2FNUZType>(t)
           : version == 4 ? isa<Float8E4M3FNType, Float8E5M2Type>(t)
                          : false;
  };
  auto fp8 = [](Type t) {
    return isa<Float8E4M3FNUZType, Float8E5M2FNUZType, Float8E4M3FNType,
               Float8E5M2Type>(t);
  };
  if (fp8(a) && fp8(b)) {
    if (fp8Native(a) && fp8Native(b))
      return OperandForm{8, Type()};
    // The other formats are fp16 values: upcast exactly, as Triton does.
    return OperandForm{version == 4 ? 8 : 4, Float16Type::get(ctx)};
  }
  if (a != b) {
    why = "MFMA multiplies operands of one type (" + typeName(a) + " x " +
          typeName(b) + ")";
    return failure();
  }
  if (a.isF16() || a.isBF16())
    return OperandForm{version == 4 ? 8 : 4, Type()};
  if (a.isF32()) {
    // xf32 (gfx942) for "tf32"; elsewhere, and for "tf32x3" and "ieee",
    // the fp32 instruction, whose products are exact.
    if (version == 3 && dot.getInputPrecision() == InputPrecision::TF32)
      return OperandForm{2, Type()};
    return OperandForm{1, Type()};
  }
  if (a.isInteger(8))
    return OperandForm{version == 2 ? 4 : version == 3 ? 8 : 16, Type()};
  why = "MFMA has no form for " + typeName(a) + " operands";
  return failure();
}

/// Triton 3.6's warps for an MFMA dot: along M while M has more
/// instruction tiles per warp (counting two per step) than N, else N; all
/// along M for a chained dot.
SmallVector<int64_t> warpsPerTile(ArrayRef<int64_t> shape, int64_t nonK,
                                  int numWarps, bool chained) {
  if (chained)
    return {numWarps, 1};
  SmallVector<int64_t> w = {1, 1};
  while (w[0] * w[1] < numWarps) {
    if (shape[0] / (2 * nonK) / w[0] >= shape[1] / nonK / w[1]) {
      if (w[0] < shape[0] / nonK)
        w[0] *= 2;
      else
        w[1] *= 2;
    } else {
      w[1] *= 2;
    }
  }
  if (w[1] * nonK > shape[1])
    std::swap(w[0], w[1]);
  return w;
}

} // namespace

int mfmaVersion(const std::string &arch) {
  if (arch == "gfx90a")
    return 2;
  if (arch == "gfx950")
    return 4;
  return 3; // gfx940, gfx941, gfx942
}

DotPlanner dotPlanner(const std::string &arch) {
  int version = mfmaVersion(arch);
  return [version, arch](DotOp dot, const DotPlanContext &context,
                         std::string &) -> FailureOr<DotPlan> {
    auto a = cast<RankedTensorType>(dot.getA().getType());
    auto b = cast<RankedTensorType>(dot.getB().getType());
    auto d = cast<RankedTensorType>(dot.getD().getType());
    auto fma = [](const std::string &why) {
      return fmaDotPlan("tl.dot on FMA, not MFMA: " + why);
    };
    if (d.getRank() != 2)
      return fma("batched (3-D) dots are not on MFMA yet");
    std::string why;
    FailureOr<OperandForm> form = operandForm(
        a.getElementType(), b.getElementType(), dot, version, why);
    if (failed(form))
      return fma(why);
    Type acc = d.getElementType();
    if (!acc.isF32() && !acc.isInteger(32))
      return fma("MFMA accumulates in fp32 or int32, not " + typeName(acc));
    int64_t M = d.getShape()[0], N = d.getShape()[1], K = a.getShape()[1];
    int64_t nonK = std::min(M, N) >= 32 ? 32 : 16;
    if (std::min(M, N) < 16)
      return fma("M = " + std::to_string(M) + ", N = " + std::to_string(N) +
                 ": MFMA's smallest tile is 16 x 16");
    // K of one instruction: kBase per lane, 64 / nonK lane groups.
    int64_t instrK = int64_t(form->kBase) * (64 / nonK);
    if (K % instrK)
      return fma("K = " + std::to_string(K) + " is not a multiple of the " +
                 std::to_string(nonK) + "x" + std::to_string(nonK) +
                 " MFMA's " + std::to_string(instrK));
    MLIRContext *ctx = dot.getContext();
    Builder bl(ctx);
    NamedAttrList fields;
    fields.append("version", bl.getI64IntegerAttr(version));
    fields.append("warpsPerCTA",
                  bl.getI64ArrayAttr(warpsPerTile(d.getShape(), nonK,
                                                  context.numWarps,
                                                  context.chained)));
    fields.append("instrShape", bl.getI64ArrayAttr({nonK, nonK, instrK}));
    fields.append("isTransposed", bl.getBoolAttr(true));
    DotPlan plan;
    plan.accEncoding = VendorEncodingAttr::get(
        ctx, StringAttr::get(ctx, "amd_mfma"), fields.getDictionary(ctx));
    plan.kWidth[0] = plan.kWidth[1] = unsigned(form->kBase);
    plan.operandElement = form->upcast;
    if (form->upcast)
      plan.remark = "fp8 operands upcast to fp16 for MFMA: " + arch +
                    " has no MFMA for " + typeName(a.getElementType()) +
                    " x " + typeName(b.getElementType());
    return plan;
  };
}

} // namespace trident::amd
