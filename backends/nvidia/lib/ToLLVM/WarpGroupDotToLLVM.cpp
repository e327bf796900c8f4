//===- WarpGroupDotToLLVM.cpp - ttng ops to wgmma and fences --------------===//
//
// ttng.warp_group_dot: one wgmma.mma_async.m64nNkK per 64-row tile of a
// warpgroup, N-column tile (the encoding's instrShape[1]) and K step
// (256 / element bits), between a wgmma.fence and a commit_group. Each
// operand in shared memory is a 64-bit matrix descriptor (PTX ISA,
// "Matrix Descriptor Format"): bits 0-13 the start address / 16, 16-29
// the leading-dimension byte offset / 16, 32-45 the stride-dimension byte
// offset / 16, 62-63 the swizzle (1: 128 bytes, 2: 64, 3: 32). A buffer
// in #ttg.nvmma_shared is made of panels as wide as the swizzle along the
// contiguous dimension, each holding every row (Encodings.cpp): element
// (row, col), col the contiguous coordinate, sits at
//   (col / epr) * rows * epr + row * epr + col % epr
// elements (epr: elements per swizzle width) before the swizzle, which
// the hardware applies from the address bits. A tile's descriptor is the
// buffer's with the start address of its first element; the stride
// offset is 8 rows (8 x swizzle bytes) and, for an operand whose
// contiguous dimension is M or N, the leading offset is one panel (rows x
// swizzle bytes); K-major operands do not use it (0, as Triton 3.6 writes
// it). The accumulator tile of wgmma (m64nN, f32) is the encoding's
// register tile (Encodings.cpp), so the instruction's N/2 registers are
// the tile's registers in order, at (N/2) x (n-repeat + n-repeats x
// m-repeat).
//
// The wait is wgmma.wait_group with the waited accumulators passed through
// the assembly (read and written), so nothing reads them before it.
//
//===----------------------------------------------------------------------===//

#include "WarpGroupDotToLLVM.h"
#include "DotOpToMMA.h"

#include "trident/Backends/Nvidia/Dialect/Dialect.h"
#include "trident/Conversion/TritonGPUToLLVM/TargetInfo.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/TritonGPU/IR/VendorEncodingHelpers.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace trident::nvidia {
namespace {

using namespace trident::encoding;

/// Side-effecting inline PTX with no results and no operands.
void ptxStatement(OpBuilder &b, Location loc, StringRef text) {
  LLVM::InlineAsmOp::create(b, loc, Type(), ValueRange{}, text, "",
                            /*has_side_effects=*/true, /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

/// PTX's name of a wgmma operand type ("" for none; fp32 is tf32).
std::string wgmmaType(Type t) {
  return t.isInteger(32) ? "" : ptxType(t, /*tf32=*/true);
}

/// One operand's buffer as descriptors are made from it.
struct Operand {
  Value base;          // the buffer's address (shared pointer)
  int64_t rows[2];     // the buffer's shape (tensor order)
  unsigned contiguous; // the dimension consecutive in memory
  int32_t swizzle;     // bytes
  int32_t elemBytes;

  int32_t perRow() const { return swizzle / elemBytes; }
  /// The element offset of (d0, d1) before the swizzle (runtime values).
  Value offset(OpBuilder &b, Location loc, Value d0, Value d1) const {
    Value col = contiguous == 1 ? d1 : d0, row = contiguous == 1 ? d0 : d1;
    int64_t rowsTotal = rows[1 - contiguous];
    Value epr = i32Const(b, loc, perRow());
    Value panel = LLVM::UDivOp::create(b, loc, col, epr);
    Value inRow = LLVM::URemOp::create(b, loc, col, epr);
    Value a = LLVM::MulOp::create(b, loc, panel,
                                  i32Const(b, loc, rowsTotal * perRow()));
    Value r = LLVM::MulOp::create(b, loc, row, epr);
    return LLVM::AddOp::create(b, loc,
                               LLVM::AddOp::create(b, loc, a, r), inRow);
  }
  /// The descriptor of the tile whose first element is (d0, d1); `kMajor`:
  /// the contiguous dimension is the operand's K.
  Value descriptor(OpBuilder &b, Location loc, Value d0, Value d1,
                   bool kMajor) const {
    uint64_t mode = swizzle == 128 ? 1 : swizzle == 64 ? 2 : 3;
    uint64_t sbo = uint64_t(swizzle) / 2; // 8 rows of `swizzle` bytes, / 16
    uint64_t lbo =
        kMajor ? 0 : uint64_t(swizzle) * uint64_t(rows[1 - contiguous]) / 16;
    uint64_t fixed = (mode << 62) | (sbo << 32) | ((lbo & 0x3fff) << 16);
    Value bytes = LLVM::MulOp::create(b, loc, offset(b, loc, d0, d1),
                                      i32Const(b, loc, elemBytes));
    Type i64 = b.getI64Type();
    Value addr = LLVM::PtrToIntOp::create(b, loc, i64, base);
    addr = LLVM::AddOp::create(b, loc, addr,
                               LLVM::ZExtOp::create(b, loc, i64, bytes));
    addr = LLVM::LShrOp::create(
        b, loc, addr,
        LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(4)));
    addr = LLVM::AndOp::create(
        b, loc, addr,
        LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(0x3fff)));
    return LLVM::OrOp::create(
        b, loc, addr,
        LLVM::ConstantOp::create(b, loc, i64,
                                 b.getI64IntegerAttr(int64_t(fixed))));
  }
};

FailureOr<Operand> operandOf(Operation *op, Value memdesc, Value converted) {
  auto type = cast<MemDescType>(memdesc.getType());
  auto enc = dyn_cast<VendorSharedEncodingAttr>(type.getEncoding());
  if (!enc || enc.getName().getValue() != "nvmma_shared")
    return op->emitError("wgmma reads buffers in #ttg.nvmma_shared");
  if (type.getAllocShape().size() > type.getShape().size() &&
      !llvm::equal(type.getAllocShape().take_back(2), type.getShape()))
    return op->emitError(
        "wgmma of a tile of a buffer (memdesc_subslice) is not supported yet");
  Operand o;
  o.base = converted;
  o.rows[0] = type.getShape()[0];
  o.rows[1] = type.getShape()[1];
  DictionaryAttr d = enc.getParams();
  o.contiguous = boolean(d, "transposed") ? 0 : 1;
  o.swizzle = int32_t(integer(d, "swizzlingByteWidth"));
  o.elemBytes = int32_t(integer(d, "elementBitWidth") / 8);
  if (o.swizzle == 0)
    return op->emitError("wgmma of an unswizzled buffer (swizzlingByteWidth "
                         "0) is not supported yet");
  if (o.rows[o.contiguous] * o.elemBytes < o.swizzle)
    return op->emitError("a buffer narrower than its swizzle (")
           << o.rows[o.contiguous] * o.elemBytes << " bytes < " << o.swizzle
           << ")";
  return o;
}

/// The PTX register constraint of a value of LLVM type `t`.
std::string constraintOf(Type t) {
  if (t.isF32())
    return "f";
  if (t.isF64())
    return "d";
  if (t.isInteger(64))
    return "l";
  if (t.isF16() || t.isBF16() || t.isInteger(16))
    return "h";
  return "r";
}

/// wgmma.wait_group `pendings` with `values` passed through it (read and
/// written by the assembly), so nothing reads them before the wait.
SmallVector<Value> waitFor(OpBuilder &b, Location loc, ArrayRef<Value> values,
                           int pendings) {
  std::string text =
      "wgmma.wait_group.sync.aligned " + std::to_string(pendings) + ";";
  if (values.empty()) {
    ptxStatement(b, loc, text);
    return {};
  }
  SmallVector<Type> types;
  std::string constraints;
  for (Value v : values) {
    types.push_back(v.getType());
    constraints += "=" + constraintOf(v.getType()) + ",";
  }
  for (size_t i = 0; i < values.size(); ++i)
    constraints += (i ? "," : "") + std::to_string(i);
  Type resultType =
      values.size() == 1
          ? types[0]
          : Type(LLVM::LLVMStructType::getLiteral(b.getContext(), types));
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, resultType, values, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
  SmallVector<Value> out;
  for (size_t i = 0; i < values.size(); ++i)
    out.push_back(values.size() == 1
                      ? asmOp.getResult(0)
                      : LLVM::ExtractValueOp::create(
                            b, loc, asmOp.getResult(0),
                            ArrayRef<int64_t>{int64_t(i)})
                            .getResult());
  return out;
}

struct WarpGroupDotConversion
    : public ConvertOpToLLVMPattern<WarpGroupDotOp> {
  WarpGroupDotConversion(LLVMTypeConverter &tc, const TargetInfo &target)
      : ConvertOpToLLVMPattern(tc), target(target) {}

  LogicalResult
  matchAndRewrite(WarpGroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    auto dType = cast<RankedTensorType>(op.getD().getType());
    auto enc = cast<VendorEncodingAttr>(dType.getEncoding());
    SmallVector<int64_t> instr = ints(enc.getParams(), "instrShape"),
                         warps = ints(enc.getParams(), "warpsPerCTA");
    bool aRegs = isa<RankedTensorType>(op.getA().getType());
    Type elem = aRegs
                    ? cast<RankedTensorType>(op.getA().getType()).getElementType()
                    : cast<MemDescType>(op.getA().getType()).getElementType();
    ArrayRef<int64_t> aShape =
        aRegs ? cast<RankedTensorType>(op.getA().getType()).getShape()
              : cast<MemDescType>(op.getA().getType()).getShape();
    std::string t = wgmmaType(elem);
    std::string tb = wgmmaType(op.getB().getType().getElementType());
    Type accElem = dType.getElementType();
    bool intAcc = accElem.isInteger(32);
    if (t.empty() || tb.empty() || !(accElem.isF32() || intAcc))
      return op.emitError("wgmma of these types is not supported yet (")
             << elem << " operands, " << accElem << " accumulator)";
    FailureOr<Operand> a =
        aRegs ? FailureOr<Operand>(Operand{}) : operandOf(op, op.getA(), adaptor.getA());
    FailureOr<Operand> b = operandOf(op, op.getB(), adaptor.getB());
    if (failed(a) || failed(b))
      return failure();
    bool aKMajor = aRegs || a->contiguous == 1, bKMajor = b->contiguous == 0;
    bool sixteen = t == "f16" || t == "bf16";
    if (!sixteen && (!aKMajor || !bKMajor))
      return op.emitError("wgmma takes ")
             << t << " operands only with K contiguous in shared memory";
    if (aRegs && !sixteen)
      return op.emitError("wgmma with A in registers takes fp16 or bf16 "
                          "operands here, not ")
             << t;
    int64_t M = dType.getShape()[0], N = dType.getShape()[1];
    int64_t K = aShape[1];
    int64_t n = instr[1];
    int64_t k = 256 / int64_t(elem.getIntOrFloatBitWidth());
    int64_t wM = warps[0], wN = warps[1];
    if (M % (16 * wM) || N % (n * wN) || K % k)
      return op.emitError("wgmma tiles do not cover the ")
             << M << "x" << N << "x" << K << " dot";
    int64_t repM = M / (16 * wM), repN = N / (n * wN), steps = K / k;
    int64_t perInstr = n / 2;

    // The warpgroup's place: its first warp's (made warp-uniform).
    ThreadIds ids = threadIds(rw, loc, target);
    Value warp = pureInlineAsm(rw, loc, rw.getI32Type(),
                               "shfl.sync.idx.b32 $0, $1, 0, 31, -1;", "=r,r",
                               ValueRange{ids.warp});
    Value first = LLVM::AndOp::create(rw, loc, warp, i32Const(rw, loc, ~3));
    Value rowBase = LLVM::MulOp::create(
        rw, loc, LLVM::URemOp::create(rw, loc, first, i32Const(rw, loc, wM)),
        i32Const(rw, loc, 16));
    Value colBase = LLVM::MulOp::create(
        rw, loc,
        LLVM::URemOp::create(
            rw, loc, LLVM::UDivOp::create(rw, loc, first, i32Const(rw, loc, wM)),
            i32Const(rw, loc, wN)),
        i32Const(rw, loc, n));

    // A in registers: each warp's 16 x 16 fragment of a K step, as four
    // 32-bit registers in mma.sync's A order (rows g and g + 8, K pairs
    // 2t and 2t + 8), found by coordinates in the operand's layout.
    SmallVector<Value> aValues;
    std::map<std::vector<int32_t>, SmallVector<int32_t>> aRegOf;
    if (aRegs) {
      aValues = unpack(rw, loc, adaptor.getA());
      aRegOf = registersByCoords(
          toLinearLayout(cast<RankedTensorType>(op.getA().getType())));
    }
    auto aFragment = [&](int64_t m, int64_t s,
                         SmallVector<Value> &out) -> LogicalResult {
      auto vecType = VectorType::get({2}, elem);
      for (int32_t slot = 0; slot < 4; ++slot) {
        Value vec = LLVM::UndefOp::create(rw, loc, vecType);
        for (int32_t half = 0; half < 2; ++half) {
          std::vector<int32_t> at = {
              int32_t(m * 16 * wM + (slot & 1) * 8),
              int32_t(s * k + (slot & 2 ? 8 : 0) + half)};
          auto it = aRegOf.find(at);
          if (it == aRegOf.end() || it->second.empty())
            return op.emitError("operand a's layout is not wgmma's A "
                                "fragment");
          vec = LLVM::InsertElementOp::create(
              rw, loc, vec, aValues[it->second.front()],
              i32Const(rw, loc, half));
        }
        out.push_back(LLVM::BitcastOp::create(rw, loc, rw.getI32Type(), vec));
      }
      return success();
    };

    SmallVector<Value> acc = unpack(rw, loc, adaptor.getC());
    // A zero accumulator (Q @ K^T's) is not read: the first K step of each
    // tile does not accumulate (scale-d false), and its inputs are undef,
    // not registers set to zero first.
    bool zeroAcc = false;
    {
      Attribute value;
      if (!op.getUseC() && matchPattern(op.getC(), m_Constant(&value)))
        if (auto dense = dyn_cast<SplatElementsAttr>(value))
          zeroAcc = isa<FloatType>(dense.getElementType())
                        ? dense.getSplatValue<APFloat>().isPosZero()
                        : dense.getSplatValue<APInt>().isZero();
      if (zeroAcc)
        for (Value &v : acc)
          v = LLVM::UndefOp::create(rw, loc, v.getType());
    }
    auto firstFlag = [&]() -> Value {
      if (zeroAcc)
        return i32Const(rw, loc, 0);
      return adaptor.getUseC()
                 ? LLVM::ZExtOp::create(rw, loc, rw.getI32Type(),
                                        adaptor.getUseC())
                       .getResult()
                 : i32Const(rw, loc, 1);
    };
    Value useC = firstFlag();

    // Operands after the accumulator's outputs: A (a descriptor, or four
    // registers), B's descriptor, the accumulate flag.
    int64_t aWords = aRegs ? 4 : 1;
    int64_t bAt = perInstr + aWords, flagAt = bAt + 1;
    std::string text;
    {
      llvm::raw_string_ostream os(text);
      os << "{\n.reg .pred p;\nsetp.ne.b32 p, $" << flagAt
         << ", 0;\nwgmma.mma_async.sync.aligned.m64n" << n << "k" << k << "."
         << (intAcc ? "s32" : "f32") << "." << t << "." << tb << " {";
      for (int64_t i = 0; i < perInstr; ++i)
        os << (i ? ", " : "") << "$" << i;
      os << "}, ";
      if (aRegs)
        os << "{$" << perInstr << ", $" << perInstr + 1 << ", $"
           << perInstr + 2 << ", $" << perInstr + 3 << "}";
      else
        os << "$" << perInstr;
      os << ", $" << bAt << ", p";
      if (!intAcc)
        os << ", 1, 1";
      if (sixteen && !aRegs)
        os << ", " << (aKMajor ? 0 : 1);
      if (sixteen)
        os << ", " << (bKMajor ? 0 : 1);
      os << ";\n}";
    }
    std::string constraints;
    for (int64_t i = 0; i < perInstr; ++i)
      constraints += intAcc ? "=r," : "=f,";
    constraints += aRegs ? "r,r,r,r,l,r" : "l,l,r";
    for (int64_t i = 0; i < perInstr; ++i)
      constraints += "," + std::to_string(i);
    Type regType = intAcc ? Type(rw.getI32Type()) : Type(rw.getF32Type());
    auto resultType = LLVM::LLVMStructType::getLiteral(
        rw.getContext(), SmallVector<Type>(perInstr, regType));

    bool fp8 = t == "e4m3" || t == "e5m2";
    int64_t bound = op.getMaxNumImpreciseAcc();
    int64_t chunk = fp8 && !intAcc && bound > 0 && bound < K
                        ? std::max<int64_t>(1, bound / k)
                        : 0;
    ptxStatement(rw, loc, "wgmma.fence.sync.aligned;");
    for (int64_t m = 0; m < repM; ++m)
      for (int64_t nn = 0; nn < repN; ++nn) {
        int64_t reg0 = perInstr * (nn + repN * m);
        Value row = LLVM::AddOp::create(rw, loc, rowBase,
                                        i32Const(rw, loc, m * 16 * wM));
        Value col = LLVM::AddOp::create(rw, loc, colBase,
                                        i32Const(rw, loc, nn * n * wN));
        // fp8 with max_num_imprecise_acc below K: every `chunk` steps go
        // to a fresh partial accumulator, waited for and added in fp32
        // (Triton's split accumulation; 0 means no bound).
        SmallVector<Value> sum;
        for (int64_t s = 0; s < steps; ++s) {
          if (chunk && s % chunk == 0) {
            if (s == 0) {
              sum.assign(acc.begin() + reg0, acc.begin() + reg0 + perInstr);
              // useC false at run time: the sum starts from zero.
              if (Value flag = adaptor.getUseC()) {
                Value zero = LLVM::ConstantOp::create(
                    rw, loc, regType, rw.getFloatAttr(regType, 0.0));
                for (Value &v : sum)
                  v = LLVM::SelectOp::create(rw, loc, flag, v, zero);
              }
            }
            for (int64_t i = 0; i < perInstr; ++i)
              acc[reg0 + i] = LLVM::UndefOp::create(rw, loc, regType);
            useC = i32Const(rw, loc, 0);
          }
          Value kk = i32Const(rw, loc, s * k);
          SmallVector<Value> operands;
          if (aRegs) {
            if (failed(aFragment(m, s, operands)))
              return failure();
          } else {
            operands.push_back(a->descriptor(rw, loc, row, kk, aKMajor));
          }
          operands.push_back(b->descriptor(rw, loc, kk, col, bKMajor));
          operands.push_back(useC);
          for (int64_t i = 0; i < perInstr; ++i)
            operands.push_back(acc[reg0 + i]);
          auto asmOp = LLVM::InlineAsmOp::create(
              rw, loc, resultType, operands, text, constraints,
              /*has_side_effects=*/true, /*is_align_stack=*/false,
              LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
              ArrayAttr());
          for (int64_t i = 0; i < perInstr; ++i)
            acc[reg0 + i] = LLVM::ExtractValueOp::create(
                rw, loc, asmOp.getResult(0), ArrayRef<int64_t>{i});
          // After the first step the accumulator is always read.
          useC = i32Const(rw, loc, 1);
          if (chunk && (s % chunk == chunk - 1 || s == steps - 1)) {
            ptxStatement(rw, loc, "wgmma.commit_group.sync.aligned;");
            SmallVector<Value> part(acc.begin() + reg0,
                                    acc.begin() + reg0 + perInstr);
            part = waitFor(rw, loc, part, 0);
            for (int64_t i = 0; i < perInstr; ++i) {
              sum[i] = zeroAcc && s < chunk
                           ? part[i]
                           : LLVM::FAddOp::create(rw, loc, sum[i], part[i])
                                 .getResult();
            }
            if (s == steps - 1)
              for (int64_t i = 0; i < perInstr; ++i)
                acc[reg0 + i] = sum[i];
          }
        }
        useC = firstFlag();
      }
    ptxStatement(rw, loc, "wgmma.commit_group.sync.aligned;");
    rw.replaceOp(op, pack(rw, loc, getTypeConverter()->convertType(dType),
                          acc));
    return success();
  }
  const TargetInfo &target;
};

struct WarpGroupDotWaitConversion
    : public ConvertOpToLLVMPattern<WarpGroupDotWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(WarpGroupDotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    // The tensors' registers go through one wait; buffers pass as they are.
    SmallVector<Value> values;
    SmallVector<size_t> counts;
    for (auto [orig, conv] : llvm::zip(op.getInputs(), adaptor.getInputs())) {
      size_t before = values.size();
      if (isa<RankedTensorType>(orig.getType()))
        llvm::append_range(values, unpack(rw, loc, conv));
      counts.push_back(values.size() - before);
    }
    SmallVector<Value> waited =
        waitFor(rw, loc, values, int(op.getPendings()));
    SmallVector<Value> results;
    size_t next = 0;
    for (auto [orig, conv, count] :
         llvm::zip(op.getInputs(), adaptor.getInputs(), counts)) {
      if (!isa<RankedTensorType>(orig.getType())) {
        results.push_back(conv);
        continue;
      }
      ArrayRef<Value> part = ArrayRef<Value>(waited).slice(next, count);
      next += count;
      results.push_back(
          count == 1 && !isa<LLVM::LLVMStructType>(conv.getType())
              ? part[0]
              : pack(rw, loc, conv.getType(), part));
    }
    rw.replaceOp(op, results);
    return success();
  }
};

struct FenceAsyncSharedConversion
    : public ConvertOpToLLVMPattern<FenceAsyncSharedOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(FenceAsyncSharedOp op, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    ptxStatement(rw, op.getLoc(),
                 op.getBCluster() ? "fence.proxy.async.shared::cluster;"
                                  : "fence.proxy.async.shared::cta;");
    rw.eraseOp(op);
    return success();
  }
};

} // namespace

void populateWarpGroupDotPatterns(TritonGPUToLLVMTypeConverter &tc,
                                  RewritePatternSet &patterns,
                                  const TargetInfo &target) {
  patterns.add<WarpGroupDotConversion>(tc, target);
  patterns.add<WarpGroupDotWaitConversion, FenceAsyncSharedConversion>(tc);
}

} // namespace trident::nvidia
