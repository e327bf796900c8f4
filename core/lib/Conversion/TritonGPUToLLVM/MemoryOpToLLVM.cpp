//===- MemoryOpToLLVM.cpp - loads and stores, vectorized and predicated ---===//
//
// A thread's registers are accessed in runs of consecutive elements: as
// many as the layout keeps consecutive in registers, AxisInfo proves
// contiguous and aligned in memory (and the mask constant over), and one
// 128-bit access holds. Each run is one predicated access of up to four
// words, issued through the target (inline PTX on NVIDIA).
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

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
    if (adaptor.getOther())
      others = unpack(rw, loc, adaptor.getOther());
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
      SmallVector<Value> words = lc.target.loadGlobal(
          rw, loc, ptrs[g], a.wordBits, a.words, pred, other);
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
    for (size_t g = 0; g < ptrs.size(); g += size_t(a.vec)) {
      Value pred = masks.empty() ? trueConst(rw, loc) : masks[g];
      if (owner)
        pred = LLVM::AndOp::create(rw, loc, pred, owner);
      SmallVector<Value> words =
          toWords(rw, loc, ArrayRef<Value>(values).slice(g, a.vec), a);
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
