//===- DotPlan.cpp - mma.sync or FMA for each tl.dot ----------------------===//

#include "trident/Backends/Nvidia/DotPlan.h"

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident::nvidia {
namespace {

/// Triton's warpsPerTileV2: warps along M while M has more 16-row tiles
/// per warp than N has 16-column pairs, else along N; all along M for a
/// chained dot (so the next dot's A stays in registers).
SmallVector<int64_t> warpsPerTile(ArrayRef<int64_t> shape, int numWarps,
                                  bool chained) {
  if (chained)
    return {numWarps, 1};
  SmallVector<int64_t> ret = {1, 1};
  while (ret[0] * ret[1] < numWarps) {
    if (shape[0] / 16 / ret[0] >= shape[1] / 16 / ret[1]) {
      if (ret[0] < shape[0] / 16)
        ret[0] *= 2;
      else
        ret[1] *= 2;
    } else {
      ret[1] *= 2;
    }
  }
  return ret;
}

/// Bits of one operand element mma.sync takes `elem` as, or 0 when it
/// takes none (with `why`).
unsigned mmaBits(Type elem, DotOp dot, int cc, std::string &why) {
  if (elem.isF16() || elem.isBF16())
    return 16;
  if (elem.isF32()) {
    if (dot.getInputPrecision() == InputPrecision::TF32)
      return 32;
    why = "fp32 with input_precision \"" +
          stringifyInputPrecision(dot.getInputPrecision()).str() +
          "\" is exact fp32 products, which tensor cores do not make";
    return 0;
  }
  if (elem.isInteger(8))
    return 8;
  // Below sm_89 fp8 is upcast to fp16 (exact: both fp8 formats are
  // fp16 values) and multiplied by the fp16 mma.sync.
  if (isa<Float8E4M3FNType, Float8E5M2Type>(elem))
    return cc >= 89 ? 8 : 16;
  why = "mma.sync has no form for " +
        [&] {
          std::string s;
          llvm::raw_string_ostream os(s);
          os << elem;
          return s;
        }() +
        " operands";
  return 0;
}

} // namespace

DotPlanner dotPlanner(int cc) {
  return [cc](DotOp dot, const DotPlanContext &context,
              std::string &) -> FailureOr<DotPlan> {
    auto a = cast<RankedTensorType>(dot.getA().getType());
    auto b = cast<RankedTensorType>(dot.getB().getType());
    auto d = cast<RankedTensorType>(dot.getD().getType());
    auto fma = [](const std::string &why) {
      return fmaDotPlan("tl.dot on FMA, not tensor cores: " + why);
    };
    if (cc < 80)
      return fma("sm_" + std::to_string(cc) + " is below sm_80");
    std::string why;
    unsigned bits = mmaBits(a.getElementType(), dot, cc, why);
    unsigned bBits = mmaBits(b.getElementType(), dot, cc, why);
    if (!bits || !bBits)
      return fma(why);
    auto isFp8 = [](Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); };
    bool fp8 = isFp8(a.getElementType()) && isFp8(b.getElementType());
    bool fp8AsF16 = fp8 && bits == 16;
    if (bits != bBits || (a.getElementType() != b.getElementType() && !fp8))
      return fma("mma.sync multiplies operands of one type");
    Type acc = d.getElementType();
    bool accOk = acc.isF32() || acc.isInteger(32) ||
                 (acc.isF16() && (a.getElementType().isF16() || fp8AsF16));
    if (!accOk)
      return fma("mma.sync has no " +
                 std::string(acc.isF16() ? "fp16" : "such") +
                 " accumulator for these operands");
    unsigned kWidth = 32 / bits;
    unsigned rank = unsigned(d.getRank()), off = rank - 2;
    int64_t K = a.getShape()[off + 1], instrK = 8 * int64_t(kWidth);
    if (K % instrK)
      return fma("K = " + std::to_string(K) +
                 " is not a multiple of mma.sync's " + std::to_string(instrK));
    MLIRContext *ctx = dot.getContext();
    Builder bl(ctx);
    // A batched dot: warps over the batch first (as many as it has), the
    // rest over the matrices.
    int64_t batchWarps =
        rank == 3 ? std::min<int64_t>(context.numWarps, d.getShape()[0]) : 1;
    SmallVector<int64_t> warps =
        warpsPerTile(d.getShape().drop_front(off),
                     int(context.numWarps / batchWarps), context.chained);
    if (rank == 3)
      warps.insert(warps.begin(), batchWarps);
    NamedAttrList fields;
    fields.append("versionMajor", bl.getI64IntegerAttr(2));
    fields.append("versionMinor", bl.getI64IntegerAttr(0));
    fields.append("warpsPerCTA", bl.getI64ArrayAttr(warps));
    fields.append("instrShape", rank == 3 ? bl.getI64ArrayAttr({1, 16, 8})
                                          : bl.getI64ArrayAttr({16, 8}));
    DotPlan plan;
    plan.accEncoding = VendorEncodingAttr::get(
        ctx, StringAttr::get(ctx, "nvidia_mma"), fields.getDictionary(ctx));
    plan.kWidth[0] = plan.kWidth[1] = kWidth;
    if (fp8AsF16) {
      plan.operandElement = Float16Type::get(ctx);
      plan.remark = "fp8 operands upcast to fp16 for mma.sync: sm_" +
                    std::to_string(cc) + " has no fp8 mma.sync (sm_89 has)";
    }
    return plan;
  };
}

} // namespace trident::nvidia
