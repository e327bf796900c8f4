//===- DotPlan.cpp - mma.sync or FMA for each tl.dot ----------------------===//

#include "trident/Backends/Nvidia/DotPlan.h"

#include "trident/Backends/Nvidia/Dialect/Dialect.h"
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

/// The dimension a tensor of `t`'s layout keeps consecutive in a
/// thread's registers (the one its load reads contiguously), else its
/// lanes, else the last.
unsigned contiguousDim(RankedTensorType t) {
  trident::LinearLayout l = toLinearLayout(t);
  for (const char *in : {"register", "lane"})
    if (l.hasInDim(in))
      for (int32_t bit = 0; bit < l.inDimSizeLog2(in); ++bit) {
        auto basis = l.basis(in, bit);
        for (unsigned d = 0; d < basis.size(); ++d)
          if (basis[d] != 0)
            return d;
      }
  return unsigned(t.getRank()) - 1;
}

/// The #ttg.nvmma_shared buffer wgmma reads operand `opIdx` in from a
/// tensor of `t`'s layout: its contiguous dimension the layout's (so the
/// copies into it are wide), swizzled as wide as one instruction's extent
/// of that dimension allows (128 bytes at most); null below 32 bytes.
/// `kMajor`: the buffer's contiguous dimension is K whatever the layout's
/// (wgmma transposes only 16-bit operands in shared memory); the store
/// from registers then transposes.
Attribute wgmmaBuffer(RankedTensorType t, unsigned opIdx, int64_t instrN,
                      bool kMajor) {
  unsigned cd = kMajor ? (opIdx == 0 ? 1u : 0u) : contiguousDim(t);
  int64_t bytes = int64_t(t.getElementTypeBitWidth()) / 8;
  int64_t extent = t.getShape()[cd] * bytes;
  // M- or N-major: one instruction spans 64 rows of A, instrN columns of B.
  if (opIdx == 0 && cd == 0)
    extent = std::min<int64_t>(extent, 64 * bytes);
  if (opIdx == 1 && cd == 1)
    extent = std::min<int64_t>(extent, instrN * bytes);
  int64_t swizzle = 128;
  while (swizzle > extent)
    swizzle /= 2;
  if (swizzle < 32)
    return {};
  MLIRContext *ctx = t.getContext();
  Builder b(ctx);
  NamedAttrList fields;
  fields.append("swizzlingByteWidth", b.getI64IntegerAttr(swizzle));
  fields.append("transposed", b.getBoolAttr(cd == 0));
  fields.append("elementBitWidth",
                b.getI64IntegerAttr(int64_t(t.getElementTypeBitWidth())));
  return VendorSharedEncodingAttr::get(
      ctx, StringAttr::get(ctx, "nvmma_shared"), fields.getDictionary(ctx));
}

/// wgmma (a #ttg.nvidia_mma version 3 accumulator, ttng.warp_group_dot
/// with B, and A where it is a loaded tile, in shared memory) for a dot it
/// takes, or nothing (with `why`): fp16 and bf16 into fp32, fp8 (e4m3,
/// e5m2, mixed) into fp32 and int8 into int32, rank 2, whole warpgroups,
/// M a multiple of 64, N at least 16, K a multiple of the instruction's
/// (256 / element bits). fp8 and int8 buffers are K-major (wgmma does
/// not transpose them): a tile loaded K-contiguous (Triton's fp8 tutorial
/// passes B transposed) is copied as it is, another is stored transposed
/// from registers.
std::optional<DotPlan> wgmmaPlan(DotOp dot, const DotPlanContext &context,
                                 std::string &why) {
  auto a = cast<RankedTensorType>(dot.getA().getType());
  auto b = cast<RankedTensorType>(dot.getB().getType());
  auto d = cast<RankedTensorType>(dot.getD().getType());
  Type ae = a.getElementType(), be = b.getElementType();
  auto isFp8 = [](Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); };
  bool sixteen = (ae.isF16() || ae.isBF16()) && be == ae;
  bool fp8 = isFp8(ae) && isFp8(be);
  bool int8 = ae.isInteger(8) && be.isInteger(8);
  Type acc = d.getElementType();
  if (!((sixteen || fp8) && acc.isF32()) && !(int8 && acc.isInteger(32))) {
    why = "wgmma is taken for fp16, bf16 and fp8 operands into fp32 and "
          "int8 into int32 (others run on mma.sync)";
    return std::nullopt;
  }
  if (d.getRank() != 2) {
    why = "a batched dot runs on mma.sync";
    return std::nullopt;
  }
  int64_t M = d.getShape()[0], N = d.getShape()[1], K = a.getShape()[1];
  int64_t instrK = 256 / int64_t(a.getElementTypeBitWidth());
  if (context.numWarps % 4 || M % 64 || K % instrK || N < 16) {
    why = "wgmma needs num_warps a multiple of 4, M a multiple of 64, K of " +
          std::to_string(instrK) +
          " and N at least 16 (M = " + std::to_string(M) +
          ", N = " + std::to_string(N) + ", K = " + std::to_string(K) +
          ", num_warps = " + std::to_string(context.numWarps) + ")";
    return std::nullopt;
  }
  int64_t wM = 4, wN = 1;
  while (wM * wN < context.numWarps) {
    if (M > 16 * wM)
      wM *= 2;
    else
      wN *= 2;
  }
  int64_t n = 256;
  while (n >= 8 && (N / wN) % n)
    n /= 2;
  if (n < 8 || M % (16 * wM)) {
    why = "the warps do not tile the " + std::to_string(M) + "x" +
          std::to_string(N) + " accumulator in wgmma tiles";
    return std::nullopt;
  }
  MLIRContext *ctx = dot.getContext();
  Builder bl(ctx);
  NamedAttrList fields;
  fields.append("versionMajor", bl.getI64IntegerAttr(3));
  fields.append("versionMinor", bl.getI64IntegerAttr(0));
  fields.append("warpsPerCTA", bl.getI64ArrayAttr({wM, wN}));
  fields.append("instrShape", bl.getI64ArrayAttr({16, n, instrK}));
  DotPlan plan;
  plan.accEncoding = VendorEncodingAttr::get(
      ctx, StringAttr::get(ctx, "nvidia_mma"), fields.getDictionary(ctx));
  plan.build = [n, sixteen](OpBuilder &bld, DotOp dot, Value av, Value bv,
                            Value c, std::string &error) -> FailureOr<Value> {
    Location loc = dot.getLoc();
    MLIRContext *ctx = dot.getContext();
    SmallVector<Value> buffers;
    for (auto [i, v] : llvm::enumerate(SmallVector<Value>{av, bv})) {
      // The buffer is written from the operand's own layout, not one a
      // conversion made for the dot.
      if (auto cvt = v.getDefiningOp<ConvertLayoutOp>())
        v = cvt.getSrc();
      auto t = cast<RankedTensorType>(v.getType());
      // A that is not a loaded tile (attention's P; a tile loaded through
      // a pointer or a descriptor is one) stays in registers, as
      // the accumulator's #ttg.dot_op (kWidth 2: the A fragment of each
      // warp is mma.sync's): no store, fence and barrier a K step.
      if (i == 0 && sixteen && !v.getDefiningOp<LoadOp>() &&
          !v.getDefiningOp<DescriptorLoadOp>()) {
        auto reg = RankedTensorType::get(
            t.getShape(), t.getElementType(),
            DotOperandEncodingAttr::get(
                ctx, 0, cast<RankedTensorType>(c.getType()).getEncoding(), 2));
        buffers.push_back(
            t == reg ? v
                     : ConvertLayoutOp::create(bld, loc, reg, v).getResult());
        continue;
      }
      Attribute enc = wgmmaBuffer(t, unsigned(i), n, /*kMajor=*/!sixteen);
      if (!enc) {
        error = "operand " + std::string(i ? "b" : "a") +
                " is too narrow for a wgmma buffer (32 bytes)";
        return failure();
      }
      auto type = MemDescType::get(ctx, t.getShape(), t.getElementType(), enc,
                                   SharedMemorySpaceAttr::get(ctx),
                                   /*mutable=*/false, {});
      // One buffer per operand value and encoding: two dots of one Q (the
      // causal attention's two loops) read the same.
      LocalAllocOp existing;
      for (Operation *user : v.getUsers())
        if (auto alloc = dyn_cast<LocalAllocOp>(user);
            alloc && alloc.getType() == type)
          existing = alloc;
      if (existing) {
        buffers.push_back(existing.getResult());
        continue;
      }
      // Stored where the operand is made, not at the dot: an operand from
      // outside the K loop (attention's Q) is stored once.
      OpBuilder::InsertionGuard guard(bld);
      if (Operation *def = v.getDefiningOp())
        bld.setInsertionPointAfter(def);
      else
        bld.setInsertionPointToStart(cast<BlockArgument>(v).getOwner());
      buffers.push_back(LocalAllocOp::create(bld, loc, type, v).getResult());
    }
    auto mma = nvidia_gpu::WarpGroupDotOp::create(
        bld, loc, c.getType(), buffers[0], buffers[1], c, /*useC=*/Value(),
        int32_t(dot.getInputPrecision()), dot.getMaxNumImpreciseAcc(),
        /*isAsync=*/false);
    if (Attribute remark = dot->getAttr(kDotPlanRemark))
      mma->setAttr(kDotPlanRemark, remark);
    auto wait = nvidia_gpu::WarpGroupDotWaitOp::create(
        bld, loc, ValueRange{mma.getD()}, /*pendings=*/0);
    return wait.getResult(0);
  };
  plan.remark = "wgmma m64n" + std::to_string(n) + "k" +
                std::to_string(instrK) + ", warps " +
                std::to_string(wM) + "x" + std::to_string(wN) +
                ", B in shared memory, A too where it is a load";
  return plan;
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
    // wgmma is sm_90a's (Blackwell's tensor cores are tcgen05).
    std::string whyNotWgmma;
    if (cc >= 90 && cc < 100)
      if (std::optional<DotPlan> plan = wgmmaPlan(dot, context, whyNotWgmma))
        return *plan;
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
    if (!whyNotWgmma.empty())
      plan.remark = "mma.sync: " + whyNotWgmma;
    if (fp8AsF16) {
      plan.operandElement = Float16Type::get(ctx);
      plan.remark = "fp8 operands upcast to fp16 for mma.sync: sm_" +
                    std::to_string(cc) + " has no fp8 mma.sync (sm_89 has)";
    }
    return plan;
  };
}

} // namespace trident::nvidia
