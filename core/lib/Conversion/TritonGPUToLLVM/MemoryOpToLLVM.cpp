//===- MemoryOpToLLVM.cpp - loads and stores, vectorized and predicated ---===//
//
// A thread's registers are accessed in runs of consecutive elements: as
// many as the layout keeps consecutive in registers, AxisInfo proves
// contiguous and aligned in memory (and the mask constant over), and one
// 128-bit access holds. Each run is one predicated access of up to four
// words, issued through the target (inline PTX on NVIDIA). Where the
// target has based accesses (AMD's buffer instructions) and the pointers
// are a scalar base plus offsets whose range is known, the access goes as
// that base and a 32-bit byte offset per run.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <optional>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident {
namespace {

struct Access {
  int64_t vec = 1;        ///< elements per access
  unsigned bits = 32;     ///< element bits in memory (i1 is a byte)
  unsigned wordBits = 32; ///< bits per word of the access
  unsigned words = 1;
};

Access planAccess(Value ptr, Value mask, Type pointee,
                  const AxisInfoAnalysis &axis) {
  Access a;
  a.bits = memoryElementBits(pointee);
  if (isa<RankedTensorType>(ptr.getType()))
    a.vec = axis.planVectorAccess(ptr, mask, a.bits).elements;
  unsigned total = unsigned(a.vec) * a.bits;
  a.wordBits = a.bits >= 32 ? a.bits : std::min(32u, total);
  a.words = total / a.wordBits;
  return a;
}

/// `values` (vec elements) as `words` integers of `wordBits`, and back.
SmallVector<Value> toWords(OpBuilder &b, Location loc, ArrayRef<Value> values,
                           const Access &a) {
  Type elemInt = b.getIntegerType(a.bits);
  auto vecTy = VectorType::get({int64_t(values.size())}, elemInt);
  Value v = LLVM::UndefOp::create(b, loc, vecTy);
  for (auto [i, x] : llvm::enumerate(values)) {
    Value xi = toInt(b, loc, x);
    if (xi.getType().getIntOrFloatBitWidth() < a.bits)
      xi = LLVM::ZExtOp::create(b, loc, elemInt, xi);
    v = LLVM::InsertElementOp::create(b, loc, v, xi, i32Const(b, loc, i));
  }
  auto wordsTy = VectorType::get({int64_t(a.words)}, b.getIntegerType(a.wordBits));
  Value w = LLVM::BitcastOp::create(b, loc, wordsTy, v);
  SmallVector<Value> out;
  for (unsigned i = 0; i < a.words; ++i)
    out.push_back(LLVM::ExtractElementOp::create(b, loc, w, i32Const(b, loc, i)));
  return out;
}

SmallVector<Value> fromWords(OpBuilder &b, Location loc, ArrayRef<Value> words,
                             const Access &a, Type elem) {
  auto wordsTy = VectorType::get({int64_t(a.words)}, b.getIntegerType(a.wordBits));
  Value w = LLVM::UndefOp::create(b, loc, wordsTy);
  for (auto [i, x] : llvm::enumerate(words))
    w = LLVM::InsertElementOp::create(b, loc, w, x, i32Const(b, loc, i));
  Type elemInt = b.getIntegerType(a.bits);
  auto vecTy = VectorType::get({a.vec}, elemInt);
  Value v = LLVM::BitcastOp::create(b, loc, vecTy, w);
  SmallVector<Value> out;
  for (int64_t i = 0; i < a.vec; ++i) {
    Value x = LLVM::ExtractElementOp::create(b, loc, v, i32Const(b, loc, i));
    if (elem.isInteger(1))
      x = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, x,
                               LLVM::ConstantOp::create(b, loc, elemInt,
                                                        b.getIntegerAttr(elemInt, 0)));
    else
      x = fromInt(b, loc, x, elem);
    out.push_back(x);
  }
  return out;
}

/// [lo, hi] (inclusive) of every element of the i32 tensor `v`, for the
/// tensors whose elements differ by the thread and register but not by
/// the program: make_range, constants, and sums, non-negative multiples and
/// reshapings (expand_dims, broadcast, convert_layout) of them -- and only
/// where no step wraps: every intermediate range lies within i32, so the
/// values are the exact integers (nullopt otherwise).
using Range = std::pair<int64_t, int64_t>;
std::optional<Range> withinI32(std::optional<int64_t> lo,
                               std::optional<int64_t> hi) {
  if (!lo || !hi || *lo < INT32_MIN || *hi > INT32_MAX || *lo > *hi)
    return std::nullopt;
  return Range{*lo, *hi};
}
std::optional<Range> laneRange(Value v) {
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c)))
    return withinI32(c.getSExtValue(), c.getSExtValue());
  Operation *d = v.getDefiningOp();
  if (!d)
    return std::nullopt;
  if (auto r = dyn_cast<MakeRangeOp>(d))
    return withinI32(int64_t(r.getStart()), int64_t(r.getEnd()) - 1);
  if (auto s = dyn_cast<SplatOp>(d))
    if (matchPattern(s.getSrc(), m_ConstantInt(&c)))
      return withinI32(c.getSExtValue(), c.getSExtValue());
  if (isa<ExpandDimsOp, BroadcastOp, ConvertLayoutOp>(d))
    return laneRange(d->getOperand(0));
  if (isa<arith::AddIOp>(d)) {
    auto a = laneRange(d->getOperand(0)), b = laneRange(d->getOperand(1));
    if (!a || !b)
      return std::nullopt;
    return withinI32(llvm::checkedAdd(a->first, b->first),
                     llvm::checkedAdd(a->second, b->second));
  }
  if (isa<arith::MulIOp>(d)) {
    for (int k = 0; k < 2; ++k) {
      APInt m;
      if (!matchPattern(d->getOperand(k), m_ConstantInt(&m)) ||
          m.isNegative())
        continue;
      auto r = laneRange(d->getOperand(1 - k));
      if (!r)
        return std::nullopt;
      int64_t f = m.getSExtValue();
      return withinI32(llvm::checkedMul(r->first, f),
                       llvm::checkedMul(r->second, f));
    }
  }
  return std::nullopt;
}

/// A tensor of pointers as a pointer every thread of the program agrees
/// on and, per element, a byte offset whose access ends at or below
/// 2^31 - 1: `base` (a scalar
/// pointer) advanced by the sum of the tensors `lanes` (elements; the
/// pointer tensor's type).
struct BasedPointer {
  Value base;
  SmallVector<Value> lanes;
};

/// `ptr` as a based pointer: a chain of tt.addptr on a tt.splat of a
/// scalar pointer, every offset an i32 tensor of known range whose bytes
/// (plus one access of `accessBytes`) end at or below 2^31 - 1. An offset with a
/// scalar part (`pid * BLOCK + arange`) is not taken: its base would be
/// computed per access in scalar registers, which costs more than the
/// 64-bit address it saves (Triton's choice too).
std::optional<BasedPointer> basedPointer(Value ptr, unsigned elemBytes,
                                         unsigned accessBytes) {
  if (!isa<RankedTensorType>(ptr.getType()))
    return std::nullopt;
  BasedPointer bp;
  Value p = ptr;
  while (auto add = p.getDefiningOp<AddPtrOp>()) {
    bp.lanes.push_back(add.getOffset());
    p = add.getPtr();
  }
  auto splat = p.getDefiningOp<SplatOp>();
  if (!splat)
    return std::nullopt;
  bp.base = splat.getSrc();
  // Each offset is exact (laneRange), so their sum is too; it and its
  // last access must lie in [0, 2^31 - 1].
  int64_t lo = 0, hi = 0;
  for (Value l : bp.lanes) {
    if (!getElementTypeOrSelf(l.getType()).isInteger(32))
      return std::nullopt;
    auto r = laneRange(l);
    if (!r)
      return std::nullopt;
    lo += r->first;
    hi += r->second;
  }
  if (lo < 0 || hi * int64_t(elemBytes) + accessBytes > INT32_MAX)
    return std::nullopt;
  return bp;
}

/// The based form of `op`'s pointer, converted: the base pointer and each
/// run's byte offset (at the run's first register; null at the others).
struct BasedAccess {
  Value base;
  SmallVector<Value> byteOffsets;
};
std::optional<BasedAccess> basedAccess(ConversionPatternRewriter &rw,
                                       Location loc, Value ptr,
                                       const Access &a, LoweringContext &lc) {
  if (!lc.target.hasBasedAccesses())
    return std::nullopt;
  unsigned elemBytes = a.bits / 8;
  std::optional<BasedPointer> bp =
      basedPointer(ptr, elemBytes, unsigned(a.vec) * elemBytes);
  if (!bp)
    return std::nullopt;
  BasedAccess out;
  out.base = rw.getRemappedValue(bp->base);
  if (!out.base)
    return std::nullopt;
  auto type = cast<RankedTensorType>(ptr.getType());
  int32_t regs = numRegisters(toLinearLayout(type));
  SmallVector<SmallVector<Value>> parts;
  for (Value l : bp->lanes) {
    Value cl = rw.getRemappedValue(l);
    if (!cl)
      return std::nullopt;
    parts.push_back(unpack(rw, loc, cl));
  }
  // Only each run's first register is accessed at.
  out.byteOffsets.assign(regs, Value());
  for (int32_t r = 0; r < regs; r += int32_t(a.vec)) {
    Value sum;
    for (const SmallVector<Value> &p : parts)
      sum = sum ? LLVM::AddOp::create(rw, loc, sum, p[r]).getResult() : p[r];
    out.byteOffsets[r] =
        sum ? LLVM::MulOp::create(rw, loc, sum, i32Const(rw, loc, elemBytes))
                  .getResult()
            : i32Const(rw, loc, 0);
  }
  return out;
}

/// A pointer to a tensor (tl.make_block_ptr), which
/// triton-rewrite-tensor-pointer removes before the lowering.
bool isBlockPointer(Type t) {
  auto p = dyn_cast<PointerType>(t);
  return p && isa<RankedTensorType>(p.getPointeeType());
}

Value trueConst(OpBuilder &b, Location loc) {
  return LLVM::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true));
}

struct LoadOpConversion : public ConvertOpToLLVMPattern<LoadOp> {
  LoadOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    if (isBlockPointer(op.getPtr().getType()))
      return rw.notifyMatchFailure(op, "block pointers");
    Location loc = op.getLoc();
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type elem = resultType;
    if (auto st = dyn_cast<LLVM::LLVMStructType>(resultType))
      elem = st.getBody().front();
    Type pointee = cast<PointerType>(getElementTypeOrSelf(op.getPtr().getType()))
                       .getPointeeType();
    Access a = planAccess(op.getPtr(), op.getMask(), pointee, lc.axisInfo);
    SmallVector<Value> ptrs = unpack(rw, loc, adaptor.getPtr());
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpack(rw, loc, adaptor.getMask());
    // `other` = 0 (bitwise) is what no `other` gives.
    Value otherV = op.getOther();
    bool zeroOther = otherV && (matchPattern(otherV, m_Zero()) ||
                                matchPattern(otherV, m_PosZeroFloat()));
    if (adaptor.getOther() && !zeroOther)
      others = unpack(rw, loc, adaptor.getOther());
    std::optional<BasedAccess> based =
        basedAccess(rw, loc, op.getPtr(), a, lc);
    SmallVector<Value> out;
    for (size_t g = 0; g < ptrs.size(); g += size_t(a.vec)) {
      Value pred = masks.empty() ? trueConst(rw, loc) : masks[g];
      SmallVector<Value> other;
      if (!others.empty()) {
        other = toWords(rw, loc, ArrayRef<Value>(others).slice(g, a.vec), a);
      } else {
        Type w = rw.getIntegerType(a.wordBits);
        for (unsigned i = 0; i < a.words; ++i)
          other.push_back(
              LLVM::ConstantOp::create(rw, loc, w, rw.getIntegerAttr(w, 0)));
      }
      SmallVector<Value> words =
          based ? lc.target.loadGlobalBased(rw, loc, based->base,
                                            based->byteOffsets[g], a.wordBits,
                                            a.words, pred, other)
                : lc.target.loadGlobal(rw, loc, ptrs[g], a.wordBits, a.words,
                                       pred, other);
      for (Value v : fromWords(rw, loc, words, a, elem))
        out.push_back(v);
    }
    rw.replaceOp(op, pack(rw, loc, resultType, out));
    return success();
  }
  LoweringContext &lc;
};

struct StoreOpConversion : public ConvertOpToLLVMPattern<StoreOp> {
  StoreOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    if (isBlockPointer(op.getPtr().getType()))
      return rw.notifyMatchFailure(op, "block pointers");
    Location loc = op.getLoc();
    Type pointee = cast<PointerType>(getElementTypeOrSelf(op.getPtr().getType()))
                       .getPointeeType();
    Access a = planAccess(op.getPtr(), op.getMask(), pointee, lc.axisInfo);
    SmallVector<Value> ptrs = unpack(rw, loc, adaptor.getPtr());
    SmallVector<Value> values = unpack(rw, loc, adaptor.getValue());
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpack(rw, loc, adaptor.getMask());
    // Elements several threads hold are stored by one of them only (a
    // scalar by thread 0).
    Value owner;
    if (!isa<RankedTensorType>(op.getPtr().getType()))
      owner = LLVM::ICmpOp::create(rw, loc, LLVM::ICmpPredicate::eq,
                                   lc.target.threadId(rw, loc),
                                   i32Const(rw, loc, 0));
    if (auto type = dyn_cast<RankedTensorType>(op.getPtr().getType())) {
      LinearLayout ll = toLinearLayout(type);
      uint32_t laneFree = ll.freeVariableMask("lane");
      uint32_t warpFree = ll.freeVariableMask("warp");
      if (laneFree || warpFree) {
        ThreadIds ids = threadIds(rw, loc, lc.target);
        Value lanes = LLVM::AndOp::create(rw, loc, ids.lane,
                                          i32Const(rw, loc, laneFree));
        Value warps = LLVM::AndOp::create(rw, loc, ids.warp,
                                          i32Const(rw, loc, warpFree));
        Value any = LLVM::OrOp::create(rw, loc, lanes, warps);
        owner = LLVM::ICmpOp::create(rw, loc, LLVM::ICmpPredicate::eq, any,
                                     i32Const(rw, loc, 0));
      }
    }
    std::optional<BasedAccess> based =
        basedAccess(rw, loc, op.getPtr(), a, lc);
    for (size_t g = 0; g < ptrs.size(); g += size_t(a.vec)) {
      Value pred = masks.empty() ? trueConst(rw, loc) : masks[g];
      if (owner)
        pred = LLVM::AndOp::create(rw, loc, pred, owner);
      SmallVector<Value> words =
          toWords(rw, loc, ArrayRef<Value>(values).slice(g, a.vec), a);
      if (based)
        lc.target.storeGlobalBased(rw, loc, based->base, based->byteOffsets[g],
                                   a.wordBits, words, pred);
      else
        lc.target.storeGlobal(rw, loc, ptrs[g], a.wordBits, words, pred);
    }
    rw.eraseOp(op);
    return success();
  }
  LoweringContext &lc;
};

} // namespace

void populateMemoryOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                    RewritePatternSet &p, LoweringContext &lc) {
  p.add<LoadOpConversion, StoreOpConversion>(tc, lc);
}

} // namespace trident
