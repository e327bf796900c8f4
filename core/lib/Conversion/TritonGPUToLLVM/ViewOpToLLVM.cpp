//===- ViewOpToLLVM.cpp - splat, make_range, broadcast, expand_dims, convert_layout -===//
//
// Ops that create or rearrange tensors without arithmetic. Which register
// of the source feeds which register of the result is decided at compile
// time from the two linear layouts; convert_layout between layouts that
// differ beyond registers goes through shared memory.
//
//===----------------------------------------------------------------------===//

#include "trident/Analysis/Allocation.h"
#include "trident/Conversion/TritonGPUToLLVM/SharedAccess.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Tools/SharedSwizzle.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident {
namespace {

struct SplatOpConversion : public ConvertOpToLLVMPattern<SplatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Type st = getTypeConverter()->convertType(op.getType());
    size_t n = cast<LLVM::LLVMStructType>(st).getBody().size();
    rw.replaceOp(op, pack(rw, op.getLoc(), st,
                          SmallVector<Value>(n, adaptor.getSrc())));
    return success();
  }
};

struct MakeRangeOpConversion : public ConvertOpToLLVMPattern<MakeRangeOp> {
  MakeRangeOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(MakeRangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    LinearLayout ll = toLinearLayout(op.getType());
    ThreadIds ids = threadIds(rw, loc, lc.target);
    Value lw = laneWarpCoords(rw, loc, ll, ids)[0];
    Value start = i32Const(rw, loc, op.getStart());
    SmallVector<Value> values;
    for (int32_t r = 0; r < numRegisters(ll); ++r) {
      int32_t c = ll.apply({{"register", r}})[0];
      Value index = withConstantPart(rw, loc, ll, 0, lw, c);
      values.push_back(LLVM::AddOp::create(rw, loc, index, start));
    }
    rw.replaceOp(op, pack(rw, loc, getTypeConverter()->convertType(op.getType()),
                          values));
    return success();
  }
  LoweringContext &lc;
};

/// For each register of `to`, the register of `from` holding the same
/// element once `dropped` (source dims of size 1, or an inserted dim) is
/// accounted for: `project` maps a `to` register coordinate to the `from`
/// coordinate it reads.
FailureOr<SmallVector<int32_t>> registerMap(
    const LinearLayout &from, const LinearLayout &to,
    const std::function<std::vector<int32_t>(std::vector<int32_t>)> &project) {
  std::map<std::vector<int32_t>, int32_t> index;
  for (int32_t r = 0; r < numRegisters(from); ++r)
    index.emplace(from.apply({{"register", r}}), r);
  SmallVector<int32_t> map;
  for (int32_t r = 0; r < numRegisters(to); ++r) {
    auto it = index.find(project(to.apply({{"register", r}})));
    if (it == index.end())
      return failure();
    map.push_back(it->second);
  }
  return map;
}

/// The struct of `structType` whose register i is register `map[i]` of
/// the converted tensor `src`.
Value pickRegisters(OpBuilder &b, Location loc, Value src,
                    ArrayRef<int32_t> map, Type structType) {
  SmallVector<Value> in = unpack(b, loc, src), out;
  for (int32_t r : map)
    out.push_back(in[r]);
  return pack(b, loc, structType, out);
}

struct BroadcastOpConversion : public ConvertOpToLLVMPattern<BroadcastOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    if (srcType.getEncoding() != dstType.getEncoding())
      return rw.notifyMatchFailure(op, "broadcast between encodings");
    ArrayRef<int64_t> shape = srcType.getShape();
    auto map = registerMap(
        toLinearLayout(srcType), toLinearLayout(dstType),
        [&](std::vector<int32_t> c) {
          for (size_t d = 0; d < c.size(); ++d)
            if (shape[d] == 1)
              c[d] = 0;
          return c;
        });
    if (failed(map))
      return rw.notifyMatchFailure(op, "registers do not line up");
    rw.replaceOp(op, pickRegisters(rw, op.getLoc(), adaptor.getSrc(), *map,
                                   getTypeConverter()->convertType(dstType)));
    return success();
  }
};

struct ExpandDimsOpConversion : public ConvertOpToLLVMPattern<ExpandDimsOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    auto slice = dyn_cast<SliceEncodingAttr>(srcType.getEncoding());
    if (!slice || slice.getDim() != op.getAxis() ||
        slice.getParent() != dstType.getEncoding())
      return rw.notifyMatchFailure(op, "operand is not a slice of the result");
    unsigned axis = op.getAxis();
    auto map = registerMap(toLinearLayout(srcType), toLinearLayout(dstType),
                           [&](std::vector<int32_t> c) {
                             c.erase(c.begin() + axis);
                             return c;
                           });
    if (failed(map))
      return rw.notifyMatchFailure(op, "registers do not line up");
    rw.replaceOp(op, pickRegisters(rw, op.getLoc(), adaptor.getSrc(), *map,
                                   getTypeConverter()->convertType(dstType)));
    return success();
  }
};

/// Whether every basis a read pattern names is in `ll` and moves to an
/// element of its own.
bool patternFits(const SharedMatrixPattern &p, const LinearLayout &ll) {
  for (const auto *list : {&p.row, &p.rows})
    for (const auto &[in, bit] : *list) {
      if (!ll.hasInDim(in) || bit >= ll.inDimSizeLog2(in))
        return false;
      LinearLayout::Basis basis = ll.basis(in, bit);
      if (std::all_of(basis.begin(), basis.end(),
                      [](int32_t v) { return v == 0; }))
        return false;
    }
  return true;
}

/// Within each thread when the lanes and warps hold the same elements in
/// both layouts (classifyConversion: a renumbering of registers); else
/// through shared memory: every thread writes the elements it holds, then
/// reads the ones it will hold, at the places conversionSharedLayout
/// derives from the two layouts (vectors both sides share, banks free of
/// conflicts); a row-major image where the rounds' bits are not whole
/// register bases.
struct ConvertLayoutOpConversion
    : public ConvertOpToLLVMPattern<ConvertLayoutOp> {
  ConvertLayoutOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = op.getType();
    Type dstStruct = getTypeConverter()->convertType(dstType);
    LinearLayout from = toLinearLayout(srcType), to = toLinearLayout(dstType);
    SmallVector<Value> src = unpack(rw, loc, adaptor.getSrc());
    LayoutConversion kind = classifyConversion(srcType, dstType);
    if (kind.kind == LayoutConversion::None) {
      rw.replaceOp(op, pack(rw, loc, dstStruct, src));
      return success();
    }
    if (kind.kind == LayoutConversion::Registers) {
      auto map = registerMap(from, to, [](std::vector<int32_t> c) { return c; });
      if (succeeded(map)) {
        rw.replaceOp(op, pickRegisters(rw, loc, adaptor.getSrc(), *map, dstStruct));
        return success();
      }
    }
    // A large image goes in rounds (conversionChunkBits): round c holds
    // the elements whose split top bits are c, which only registers set,
    // at their row-major index in the tensor without those bits.
    SmallVector<int32_t> split = conversionChunkBits(srcType, dstType);
    unsigned rank = unsigned(dstType.getRank());
    SmallVector<int64_t> part(dstType.getShape());
    int32_t roundBits = 0;
    for (unsigned d = 0; d < rank; ++d) {
      part[d] >>= split[d];
      roundBits += split[d];
    }
    // The round of a register: its split bits, the same in every thread.
    auto roundOf = [&](const LinearLayout &ll, int32_t r) {
      std::vector<int32_t> c = ll.apply({{"register", r}});
      int32_t round = 0;
      for (unsigned d = 0; d < rank; ++d)
        round = (round << split[d]) | int32_t(c[d] / part[d]);
      return round;
    };
    auto inRound = [&](const LinearLayout &ll, int32_t round) {
      return [&, ll, round](int32_t r) { return roundOf(ll, r) == round; };
    };
    // The layouts on one round's elements (coordinates without the split
    // bits), when the split bits are whole register bases; else the
    // plain row-major image below.
    bool whole = true;
    auto reduced = [&](const LinearLayout &ll) {
      std::vector<LinearLayout::InDim> ins = ll.ins();
      for (LinearLayout::InDim &in : ins)
        for (LinearLayout::Basis &basis : in.bases)
          for (unsigned d = 0; d < rank; ++d) {
            int32_t low = basis[d] & int32_t(part[d] - 1);
            if (low != basis[d] && low)
              whole = false;
            basis[d] = low;
          }
      std::vector<LinearLayout::OutDim> outs = ll.outs();
      for (unsigned d = 0; d < rank; ++d)
        outs[d].size = int32_t(part[d]);
      return LinearLayout(ins, outs);
    };
    LinearLayout fromPart = reduced(from), toPart = reduced(to);
    Type elemType = dstType.getElementType();
    if (whole) {
      // A placement derived from the two layouts: vectorized on both
      // sides and free of bank conflicts (SharedSwizzle.h).
      const int32_t slotBytes = int32_t(sharedSlotBytes(elemType));
      // Where the tensor goes: the generic placement, or one for a matrix
      // load of the target's for the reader, or a matrix store for the
      // writer, whichever moves it in the fewest accesses (each side's
      // accesses times the ways its banks serialize them; a matrix access
      // moves 8 registers of each thread, its rows conflict-free).
      auto sideCost = [&](const LinearLayout &full, const LinearLayout &part,
                          const LinearLayout &m,
                          const SharedMatrixPattern *p) -> int64_t {
        auto a = BufferAccess::forLayouts(op, part, m, elemType);
        if (failed(a))
          return -1;
        int64_t n = int64_t(numRegisters(full)) >>
                    llvm::popcount(full.freeVariableMask("register"));
        if (!p)
          return n / a->vec * bankConflictWays(part, m, slotBytes);
        if (!lc.target.sharedMatrixFits(*p, a->toOffset, numRegisters(full),
                                        full.freeVariableMask("register")))
          return -1;
        return std::max<int64_t>(n / 8, 1);
      };
      LinearLayout memory =
          conversionSharedLayout(fromPart, toPart, slotBytes);
      int64_t best = sideCost(from, fromPart, memory, nullptr) +
                     sideCost(to, toPart, memory, nullptr);
      std::optional<SharedMatrixPattern> matrix, matrixWrite;
      auto consider = [&](const SharedMatrixPattern &p, bool read) {
        if (!patternFits(p, read ? toPart : fromPart))
          return;
        LinearLayout m = conversionSharedLayout(
            fromPart, toPart, slotBytes, {}, read ? &p : nullptr,
            read ? nullptr : &p);
        int64_t w = sideCost(from, fromPart, m, read ? nullptr : &p);
        int64_t r = sideCost(to, toPart, m, read ? &p : nullptr);
        if (w < 0 || r < 0 || w + r >= best)
          return;
        best = w + r;
        memory = m;
        matrix = read ? std::optional(p) : std::nullopt;
        matrixWrite = read ? std::nullopt : std::optional(p);
      };
      for (const SharedMatrixPattern &p : lc.target.sharedMatrixReads(slotBytes))
        consider(p, true);
      for (const SharedMatrixPattern &p : lc.target.sharedMatrixWrites(slotBytes))
        consider(p, false);
      auto write = BufferAccess::forLayouts(op, fromPart, memory, elemType);
      auto read = BufferAccess::forLayouts(op, toPart, memory, elemType);
      if (failed(write) || failed(read))
        return failure();
      // The round bits are not copies: only true copies are skipped.
      write->copies = from.freeVariableMask("register");
      read->copies = to.freeVariableMask("register");
      Value base = scratchBase(rw, loc, op, lc,
                               uint64_t(dstType.getNumElements() >> roundBits) *
                                   sharedSlotBytes(elemType));
      SmallVector<Value> out;
      for (int32_t round = 0; round < (1 << roundBits); ++round) {
        if (round)
          lc.target.barrier(rw, loc); // every read of the last round is done
        if (!matrixWrite ||
            !lc.target.storeSharedMatrix(rw, loc, *matrixWrite,
                                         write->toOffset, base, src,
                                         write->copies, inRound(from, round)))
          storeRegisters(rw, loc, *write, base, src, lc.target,
                         inRound(from, round));
        lc.target.barrier(rw, loc); // every write is done
        std::optional<SmallVector<Value>> loaded;
        if (matrix)
          loaded = lc.target.loadSharedMatrix(
              rw, loc, *matrix, read->toOffset, base, src.front().getType(),
              int32_t(numRegisters(to)), read->copies, inRound(to, round), out);
        out = loaded ? *loaded
                     : loadRegisters(rw, loc, *read, base,
                                     src.front().getType(),
                                     int32_t(numRegisters(to)), lc.target,
                                     inRound(to, round), out);
      }
      rw.replaceOp(op, pack(rw, loc, dstStruct, out));
      return success();
    }
    SharedImage img(rw, loc, lc, op, dstType.getNumElements() >> roundBits,
                    elemType);
    SharedImage::IndexFn index =
        [part, rank](OpBuilder &b, Location loc, SmallVector<Value> c,
                     int32_t) {
          for (unsigned d = 0; d < rank; ++d)
            c[d] = LLVM::AndOp::create(b, loc, c[d],
                                       i32Const(b, loc, part[d] - 1));
          return linearIndex(b, loc, c, part);
        };
    if (!roundBits)
      index = SharedImage::rowMajor(dstType.getShape());
    SmallVector<Value> out;
    for (int32_t round = 0; round < (1 << roundBits); ++round) {
      if (round)
        img.nextRound();
      img.write(srcType, src, index, inRound(from, round));
      out = img.read(dstType, src.front().getType(), index, inRound(to, round),
                     out);
    }
    rw.replaceOp(op, pack(rw, loc, dstStruct, out));
    return success();
  }
  LoweringContext &lc;
};

} // namespace

void populateViewOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                  RewritePatternSet &p, LoweringContext &lc) {
  p.add<SplatOpConversion, BroadcastOpConversion, ExpandDimsOpConversion>(tc);
  p.add<MakeRangeOpConversion, ConvertLayoutOpConversion>(tc, lc);
}

} // namespace trident
