//===- DotOpToMMA.cpp - tt.dot on mma.sync ---------------------------------===//
//
// A tt.dot whose accumulator is `#ttg.nvidia_mma` version 2 and whose
// operands are its `#ttg.dot_op`s: one mma.sync per 16 x 8 accumulator tile
// of the thread's warp (in each matrix of a batched dot) and per
// instruction step of K (m16n8k16 for fp16 and
// bf16, m16n8k8 for tf32, m16n8k32 for int8 and fp8). The fragments are
// gathered by coordinates from the PTX ISA's tables (relative to the
// tile's origin, the thread's own part being the layouts'):
//   A: four 32-bit registers, rows {0, 8} x K halves {0, 1};
//   B: two 32-bit registers, K halves {0, 1};
//   C: (0, 0), (0, 1), (8, 0), (8, 1) (two f16x2 for an fp16 accumulator).
// A K half is n = 32 / bits consecutive elements. With the native kWidth
// (n) the halves are the ISA's: K {0, 4n} from the thread's origin. A wider
// kWidth W (Triton's, for fp8 upcast to fp16: W = 4, n = 2) gives each
// thread W consecutive K elements at {0, 4W}: its 2W elements are taken in
// order, n per half, 2n per instruction, and since A and B are taken
// alike the K order each instruction sees is a permutation of the same
// elements on both sides, which leaves the sum unchanged.
// The instruction is inline PTX: one text covers every type pair, fp8 and
// the fp16 accumulator included, where nvvm.mma.sync's type table is
// narrower.
//
//===----------------------------------------------------------------------===//

#include "DotOpToMMA.h"

#include "trident/Backends/Nvidia/Dialect/Dialect.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident::nvidia {
namespace {

using Coords = std::vector<int32_t>;

} // namespace

std::string ptxType(Type t, bool tf32) {
  if (t.isF16())
    return "f16";
  if (t.isBF16())
    return "bf16";
  if (t.isF32())
    return tf32 ? "tf32" : "f32";
  if (t.isInteger(8))
    return "s8";
  if (t.isInteger(32))
    return "s32";
  if (isa<Float8E4M3FNType>(t))
    return "e4m3";
  if (isa<Float8E5M2Type>(t))
    return "e5m2";
  return "";
}

namespace {

struct MmaDotOpConversion : public ConvertOpToLLVMPattern<DotOp> {
  MmaDotOpConversion(LLVMTypeConverter &tc)
      : ConvertOpToLLVMPattern<DotOp>(tc, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    auto dType = cast<RankedTensorType>(op.getD().getType());
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    if (!isNvidiaMma(dType.getEncoding(), 2))
      return failure();
    Location loc = op.getLoc();
    auto aEnc = dyn_cast<DotOperandEncodingAttr>(aType.getEncoding());
    auto bEnc = dyn_cast<DotOperandEncodingAttr>(bType.getEncoding());
    if (!aEnc || !bEnc || aEnc.getParent() != dType.getEncoding() ||
        bEnc.getParent() != dType.getEncoding() ||
        aEnc.getKWidth() != bEnc.getKWidth())
      return op.emitError("mma.sync needs operands in #ttg.dot_op "
                          "encodings of the accumulator's #ttg.nvidia_mma, "
                          "with one kWidth");
    // A batched dot's first dimension is the batch: its matrices are the
    // last two dimensions, one after another.
    unsigned off = unsigned(dType.getRank()) - 2, mD = off, nD = off + 1;
    Type aElem = aType.getElementType(), bElem = bType.getElementType(),
         cElem = dType.getElementType();
    unsigned bits = aElem.getIntOrFloatBitWidth();
    int32_t kWidth = int32_t(aEnc.getKWidth());
    bool tf32 = aElem.isF32();
    std::string at = ptxType(aElem, tf32), bt = ptxType(bElem, tf32),
                ct = ptxType(cElem, false);
    int32_t n = int32_t(32 / bits); // elements of one K half
    if (at.empty() || bt.empty() || ct.empty() || kWidth % n ||
        bElem.getIntOrFloatBitWidth() != bits)
      return op.emitError("mma.sync has no form for ")
             << aElem << " x " << bElem << " into " << cElem
             << " with kWidth " << kWidth;
    int32_t instrK = 8 * n;
    // The K elements of a thread in one tile of 8 kWidth: kWidth at the
    // origin, kWidth more at 4 kWidth (only the first kWidth when K is 4
    // kWidth: the layout has no second group then).
    int64_t K = aType.getShape()[off + 1];
    int64_t tileK = std::min<int64_t>(8 * kWidth, K);
    int32_t perThread = int32_t(tileK / 4);
    if (K % instrK || K % tileK || tileK < 4 * kWidth || perThread % (2 * n))
      return op.emitError("mma.sync steps K by ")
             << instrK << " over tiles of " << 8 * kWidth << "; K = " << K
             << " does not fit";
    auto kOf = [&](int32_t i) { return (i / kWidth) * 4 * kWidth + i % kWidth; };
    bool f16Acc = cElem.isF16();
    std::string text = "mma.sync.aligned.m16n8k" + std::to_string(instrK) +
                       ".row.col." + (cElem.isInteger(32) ? "satfinite." : "") +
                       ct + "." + at + "." + bt + "." + ct + " ";
    int nc = f16Acc ? 2 : 4;
    auto list = [](int first, int n) {
      std::string s = "{";
      for (int i = 0; i < n; ++i)
        s += (i ? ", $" : "$") + std::to_string(first + i);
      return s + "}";
    };
    text += list(0, nc) + ", " + list(nc, 4) + ", " + list(nc + 4, 2) + ", " +
            list(nc + 6, nc) + ";";
    std::string cons;
    for (int i = 0; i < nc; ++i)
      cons += std::string(i ? "," : "") + (cElem.isF32() ? "=f" : "=r");
    for (int i = 0; i < 6; ++i)
      cons += ",r";
    for (int i = 0; i < nc; ++i)
      cons += std::string(",") + std::to_string(i);

    LinearLayout lc = toLinearLayout(dType), la = toLinearLayout(aType),
                 lb = toLinearLayout(bType);
    auto cRegs = registersByCoords(lc), aRegs = registersByCoords(la),
         bRegs = registersByCoords(lb);
    SmallVector<Value> a = unpack(rw, loc, adaptor.getA()),
                       b = unpack(rw, loc, adaptor.getB()),
                       c = unpack(rw, loc, adaptor.getC());
    Type i32 = rw.getI32Type();
    Type aLL = getTypeConverter()->convertType(aElem),
         cLL = getTypeConverter()->convertType(cElem);
    // One K half of an operand, packed into an i32: the n elements of the
    // thread's K sequence from `first` on, in the tile at `at`.
    auto packed = [&](ArrayRef<Value> vals, const std::map<Coords,
                      SmallVector<int32_t>> &regs, Coords at, unsigned kDim,
                      int32_t first, Value &out) -> bool {
      SmallVector<Value> elems;
      for (int32_t e = 0; e < n; ++e) {
        Coords x = at;
        x[kDim] += kOf(first + e);
        auto it = regs.find(x);
        if (it == regs.end())
          return false;
        elems.push_back(vals[it->second.front()]);
      }
      if (n == 1) {
        out = LLVM::BitcastOp::create(rw, loc, i32, elems[0]);
        return true;
      }
      auto vt = VectorType::get({n}, aLL);
      Value v = LLVM::UndefOp::create(rw, loc, vt);
      for (int32_t e = 0; e < n; ++e)
        v = LLVM::InsertElementOp::create(rw, loc, v, elems[e],
                                          i32Const(rw, loc, e));
      out = LLVM::BitcastOp::create(rw, loc, i32, v);
      return true;
    };
    auto missing = [&](const char *what) {
      return op.emitError("mma.sync: the thread does not hold its ")
             << what << " fragment (the operand layouts are not the "
                "accumulator's #ttg.dot_op)";
    };
    SmallVector<Value> d(c.begin(), c.end());
    SmallVector<Type> outTypes(nc, f16Acc ? i32 : cLL);
    auto resultType =
        LLVM::LLVMStructType::getLiteral(rw.getContext(), outTypes);
    auto half2 = VectorType::get({2}, cLL);
    for (auto &entry : cRegs) {
      const Coords &origin = entry.first;
      if (origin[mD] % 16 || origin[nD] % 8)
        continue;
      // Coordinates in the batch of `origin`, row and column as given.
      auto at = [&](int32_t row, int32_t col) {
        Coords x = origin;
        x[mD] = row;
        x[nD] = col;
        return x;
      };
      // The accumulator fragment's registers.
      const Coords cAt[4] = {at(origin[mD], origin[nD]),
                             at(origin[mD], origin[nD] + 1),
                             at(origin[mD] + 8, origin[nD]),
                             at(origin[mD] + 8, origin[nD] + 1)};
      SmallVector<int32_t> cReg;
      for (const Coords &x : cAt) {
        auto it = cRegs.find(x);
        if (it == cRegs.end())
          return missing("accumulator");
        cReg.push_back(it->second.front());
      }
      SmallVector<Value> acc;
      if (f16Acc) {
        for (int p = 0; p < 2; ++p) {
          Value v = LLVM::UndefOp::create(rw, loc, half2);
          v = LLVM::InsertElementOp::create(rw, loc, v, d[cReg[2 * p]],
                                            i32Const(rw, loc, 0));
          v = LLVM::InsertElementOp::create(rw, loc, v, d[cReg[2 * p + 1]],
                                            i32Const(rw, loc, 1));
          acc.push_back(LLVM::BitcastOp::create(rw, loc, i32, v));
        }
      } else {
        for (int32_t r : cReg)
          acc.push_back(d[r]);
      }
      for (int64_t k0 = 0; k0 < K; k0 += tileK)
      for (int32_t first = 0; first < perThread; first += 2 * n) {
        SmallVector<Value> args;
        for (int g = 0; g < 4; ++g) {
          Value v;
          if (!packed(a, aRegs, at(origin[mD] + (g & 1) * 8, int32_t(k0)),
                      nD, first + (g >> 1) * n, v))
            return missing("A");
          args.push_back(v);
        }
        for (int g = 0; g < 2; ++g) {
          Value v;
          if (!packed(b, bRegs, at(int32_t(k0), origin[nD]), mD,
                      first + g * n, v))
            return missing("B");
          args.push_back(v);
        }
        args.append(acc.begin(), acc.end());
        Value res = LLVM::InlineAsmOp::create(
                        rw, loc, resultType, args, text, cons,
                        /*has_side_effects=*/false, /*is_align_stack=*/false,
                        LLVM::tailcallkind::TailCallKind::None,
                        LLVM::AsmDialectAttr(), ArrayAttr())
                        .getResult(0);
        for (int i = 0; i < nc; ++i)
          acc[i] = LLVM::ExtractValueOp::create(rw, loc, res, i);
      }
      // Back to the accumulator's registers, copies included.
      SmallVector<Value> out;
      if (f16Acc) {
        for (int p = 0; p < 2; ++p) {
          Value v = LLVM::BitcastOp::create(rw, loc, half2, acc[p]);
          for (int e = 0; e < 2; ++e)
            out.push_back(LLVM::ExtractElementOp::create(
                rw, loc, v, i32Const(rw, loc, e)));
        }
      } else {
        out = acc;
      }
      for (int i = 0; i < 4; ++i)
        for (int32_t r : cRegs[cAt[i]])
          d[r] = out[i];
    }
    rw.replaceOp(op, pack(rw, loc, getTypeConverter()->convertType(dType), d));
    return success();
  }
};

} // namespace

void populateDotOpToMMAPatterns(TritonGPUToLLVMTypeConverter &tc,
                                RewritePatternSet &patterns) {
  patterns.add<MmaDotOpConversion>(tc);
}

} // namespace trident::nvidia
