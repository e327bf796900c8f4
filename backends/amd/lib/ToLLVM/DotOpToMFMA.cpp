//===- DotOpToMFMA.cpp - tt.dot on MFMA -----------------------------------===//
//
// A tt.dot whose accumulator is `#ttg.amd_mfma` and whose operands are its
// `#ttg.dot_op`s: one MFMA per nonK x nonK accumulator tile of the wave
// and per instruction step of K, an LLVM AMDGPU intrinsic
// (llvm.amdgcn.mfma.*; the ROCDL ops' operand form changes after MLIR 22,
// the intrinsics' does not). Fragments are gathered by coordinates
// relative to the tile's origin (the lane's own part is the layouts'):
//   result element v: 32x32: 8 (v / 4) + v % 4, 16x16: v, along N when
//     transposed (the instruction then takes B first and A second, and
//     computes D^T), along M when not;
//   operands: kBase consecutive K elements per instruction. A lane holds
//     kWidth consecutive K elements per K tile; a kWidth that is a
//     multiple of kBase is kWidth / kBase instructions, each taking the
//     next kBase of A and of B alike (the same permutation of K on both
//     sides, which leaves the sum unchanged).
// The accumulator stays in whatever registers LLVM's allocator gives it
// (AGPRs or VGPRs: LLVM decides per kernel by register pressure).
//
//===----------------------------------------------------------------------===//

#include "DotOpToMFMA.h"

#include "trident/Backends/Amd/DotPlan.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident::amd {
namespace {

using Coords = std::vector<int32_t>;

/// One MFMA instruction: its intrinsic and how it takes operands.
struct Instr {
  std::string intrinsic;
  int kBase = 0;      ///< operand elements per lane
  Type operandType;   ///< what kBase elements are packed into
  Type resultType;    ///< vector<16|4 x f32|i32>
};

/// `elem` is A's element type; `src0` and `src1` the types of the
/// instruction's two sources (B and A when transposed), which name fp8's.
FailureOr<Instr> selectInstr(int version, int nonK, int instrK, Type elem,
                             Type src0, Type src1, MLIRContext *ctx) {
  Builder bl(ctx);
  bool big = nonK == 32;
  std::string shape = big ? "32x32x" : "16x16x";
  Instr in;
  int elems = big ? 16 : 4;
  in.resultType = VectorType::get({elems}, elem.isInteger(8)
                                               ? Type(bl.getI32Type())
                                               : Type(bl.getF32Type()));
  in.kBase = instrK / (64 / nonK);
  std::string k = std::to_string(instrK);
  auto vec = [&](Type t) { return VectorType::get({in.kBase}, t); };
  if (elem.isF16()) {
    in.intrinsic = shape + k + (version == 4 ? ".f16" : "f16");
    in.operandType = vec(bl.getF16Type());
  } else if (elem.isBF16()) {
    if (version == 4) {
      in.intrinsic = shape + k + ".bf16";
      in.operandType = vec(bl.getBF16Type());
    } else {
      in.intrinsic = shape + k + "bf16.1k";
      in.operandType = vec(bl.getI16Type());
    }
  } else if (elem.isF32()) {
    in.intrinsic = shape + k + (in.kBase == 2 ? ".xf32" : "f32");
    in.operandType =
        in.kBase == 1 ? Type(bl.getF32Type()) : Type(vec(bl.getF32Type()));
  } else if (elem.isInteger(8)) {
    in.intrinsic = shape + k + (version == 2 ? "i8" : ".i8");
    in.operandType = version == 2   ? Type(bl.getI32Type())
                     : version == 3 ? Type(bl.getI64Type())
                                    : Type(VectorType::get({4}, bl.getI32Type()));
  } else if (isa<Float8E4M3FNUZType, Float8E5M2FNUZType, Float8E4M3FNType,
                 Float8E5M2Type>(elem)) {
    auto name = [](Type t) {
      return isa<Float8E4M3FNUZType, Float8E4M3FNType>(t) ? "fp8" : "bf8";
    };
    in.intrinsic = shape + k + "." + name(src0) + "." + name(src1);
    in.operandType = bl.getI64Type();
  } else {
    return failure();
  }
  in.intrinsic = std::string("llvm.amdgcn.mfma.") +
                 (elem.isInteger(8) ? "i32." : "f32.") + in.intrinsic;
  return in;
}

struct MfmaDotOpConversion : public ConvertOpToLLVMPattern<DotOp> {
  MfmaDotOpConversion(LLVMTypeConverter &tc)
      : ConvertOpToLLVMPattern<DotOp>(tc, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    auto dType = cast<RankedTensorType>(op.getD().getType());
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto mfma = dyn_cast_or_null<VendorEncodingAttr>(dType.getEncoding());
    if (!mfma || mfma.getName().getValue() != "amd_mfma")
      return failure();
    Location loc = op.getLoc();
    auto aEnc = dyn_cast<DotOperandEncodingAttr>(aType.getEncoding());
    auto bEnc = dyn_cast<DotOperandEncodingAttr>(bType.getEncoding());
    if (!aEnc || !bEnc || aEnc.getParent() != mfma ||
        bEnc.getParent() != mfma || aEnc.getKWidth() != bEnc.getKWidth() ||
        dType.getRank() != 2)
      return op.emitError("MFMA needs 2-D operands in #ttg.dot_op encodings "
                          "of the accumulator's #ttg.amd_mfma, with one "
                          "kWidth");
    DictionaryAttr p = mfma.getParams();
    int version = int(cast<IntegerAttr>(p.get("version")).getInt());
    auto instr = cast<ArrayAttr>(p.get("instrShape"));
    int nonK = int(cast<IntegerAttr>(instr[0]).getInt());
    int instrK = int(cast<IntegerAttr>(instr[2]).getInt());
    bool transposed = cast<BoolAttr>(p.get("isTransposed")).getValue();
    Type aElem = aType.getElementType(), bElem = bType.getElementType();
    FailureOr<Instr> in = selectInstr(version, nonK, instrK, aElem,
                                      transposed ? bElem : aElem,
                                      transposed ? aElem : bElem,
                                      op.getContext());
    int32_t kWidth = int32_t(aEnc.getKWidth());
    if (failed(in) || in->kBase < 1 || kWidth % in->kBase ||
        (aElem != bElem && !isa<IntegerType>(in->operandType)))
      return op.emitError("MFMA version ")
             << version << " has no " << nonK << "x" << nonK << "x" << instrK
             << " form for " << aElem << " x " << bElem << " with kWidth "
             << kWidth;
    // The K tile: kWidth per lane, 64 / nonK lane groups.
    int64_t K = aType.getShape()[1], tileK = int64_t(kWidth) * (64 / nonK);
    if (K % tileK)
      return op.emitError("MFMA steps K by ")
             << tileK << "; K = " << K << " is not a multiple";

    LinearLayout lc = toLinearLayout(dType), la = toLinearLayout(aType),
                 lb = toLinearLayout(bType);
    auto cRegs = registersByCoords(lc), aRegs = registersByCoords(la),
         bRegs = registersByCoords(lb);
    SmallVector<Value> a = unpack(rw, loc, adaptor.getA()),
                       b = unpack(rw, loc, adaptor.getB()),
                       c = unpack(rw, loc, adaptor.getC());
    Type elemLL = getTypeConverter()->convertType(aElem);
    auto resultVec = cast<VectorType>(in->resultType);
    int32_t elems = int32_t(resultVec.getNumElements());
    // kBase elements of an operand from `regs`, K from `at[kDim]` on.
    auto gather = [&](ArrayRef<Value> vals,
                      const std::map<Coords, SmallVector<int32_t>> &regs,
                      Coords at, unsigned kDim, Value &out) -> bool {
      auto vt = VectorType::get({in->kBase}, elemLL);
      Value v = LLVM::UndefOp::create(rw, loc, vt);
      for (int32_t e = 0; e < in->kBase; ++e) {
        Coords x = at;
        x[kDim] += e;
        auto it = regs.find(x);
        if (it == regs.end())
          return false;
        v = LLVM::InsertElementOp::create(rw, loc, v, vals[it->second.front()],
                                          i32Const(rw, loc, e));
      }
      out = in->operandType == vt
                ? v
                : LLVM::BitcastOp::create(rw, loc, in->operandType, v)
                      .getResult();
      return true;
    };
    auto missing = [&](const char *what) {
      return op.emitError("MFMA: the lane does not hold its ")
             << what << " fragment (the operand layouts are not the "
                "accumulator's #ttg.dot_op)";
    };
    Value zero = i32Const(rw, loc, 0);
    SmallVector<Value> d(c.begin(), c.end());
    // One accumulator vector per instruction tile of the result.
    struct Tile {
      Coords origin;
      SmallVector<Coords> at; // the result vector's elements, by coordinates
      Value acc;
    };
    SmallVector<Tile> tiles;
    for (auto &[origin, regs] : cRegs) {
      if (origin[0] % nonK || origin[1] % nonK)
        continue;
      Tile t{origin, {}, LLVM::UndefOp::create(rw, loc, resultVec)};
      for (int32_t v = 0; v < elems; ++v) {
        int32_t off = nonK == 32 ? 8 * (v / 4) + v % 4 : v;
        t.at.push_back(transposed ? Coords{origin[0], origin[1] + off}
                                  : Coords{origin[0] + off, origin[1]});
        auto it = cRegs.find(t.at.back());
        if (it == cRegs.end())
          return missing("accumulator");
        t.acc = LLVM::InsertElementOp::create(rw, loc, t.acc,
                                              d[it->second.front()],
                                              i32Const(rw, loc, v));
      }
      tiles.push_back(std::move(t));
    }
    // K outermost: one K step's operand fragments are dead once every tile
    // has used them (the whole operand is not live across the chain, which
    // made the 256x256x64 tile on 8 warps spill), and consecutive
    // instructions go to different accumulators, so none waits for the one
    // before. Each tile still sums over K in order: the result is the same.
    for (int64_t k0 = 0; k0 < K; k0 += tileK)
      for (int32_t first = 0; first < kWidth; first += in->kBase)
        for (Tile &t : tiles) {
          Value av, bv;
          if (!gather(a, aRegs, {t.origin[0], int32_t(k0) + first}, 1, av))
            return missing("A");
          if (!gather(b, bRegs, {int32_t(k0) + first, t.origin[1]}, 0, bv))
            return missing("B");
          SmallVector<Value> args = {transposed ? bv : av,
                                     transposed ? av : bv, t.acc, zero, zero,
                                     zero};
          t.acc = LLVM::CallIntrinsicOp::create(
                      rw, loc, resultVec, rw.getStringAttr(in->intrinsic), args)
                      .getResult(0);
        }
    for (Tile &t : tiles)
      for (int32_t v = 0; v < elems; ++v) {
        Value e = LLVM::ExtractElementOp::create(rw, loc, t.acc,
                                                 i32Const(rw, loc, v));
        for (int32_t r : cRegs[t.at[v]])
          d[r] = e;
      }
    rw.replaceOp(op, pack(rw, loc, getTypeConverter()->convertType(dType), d));
    return success();
  }
};

} // namespace

void populateDotOpToMFMAPatterns(TritonGPUToLLVMTypeConverter &tc,
                                 RewritePatternSet &patterns) {
  patterns.add<MfmaDotOpConversion>(tc);
}

} // namespace trident::amd
