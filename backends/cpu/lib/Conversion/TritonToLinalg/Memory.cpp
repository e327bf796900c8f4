//===- Memory.cpp - pointers, loads and stores ----------------------------===//
//
// Pointers are i64 addresses: tt.addptr is integer arithmetic, and
// int_to_ptr/ptr_to_int are no-ops. Loads are LLVM loads in linalg.generic
// bodies; stores LLVM stores in loop nests, whose effects must not be
// dropped. Contiguous accesses compute their addresses from the loop index,
// and masks the mask analysis proves all true are hoisted out.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonToLinalg/Common.h"
#include "Conversion/FloatConversions.h"
#include "Conversion/TritonToLinalg/MaskAnalysis.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace trident::cpu::tritontolinalg {

namespace {

/// Bytes of one element a pointer points to.
int64_t pointeeBytes(Type ptrLike) {
  Type elem = getElementTypeOrSelf(ptrLike);
  auto p = cast<tt::PointerType>(elem);
  Type t = p.getPointeeType();
  if (isa<tt::PointerType>(t))
    return 8;
  return std::max<int64_t>(1, t.getIntOrFloatBitWidth() / 8);
}

/// The type a load/store moves in memory for element type `t`.
Type memoryType(Type t) {
  if (isa<tt::PointerType>(t))
    return IntegerType::get(t.getContext(), 64);
  if (trident::cpu::isFp8(t))
    return IntegerType::get(t.getContext(), 8);
  return t;
}

Value toPtr(OpBuilder &b, Location loc, Value address) {
  if (isa<LLVM::LLVMPointerType>(address.getType()))
    return address;
  return LLVM::IntToPtrOp::create(b, loc,
                                  LLVM::LLVMPointerType::get(b.getContext()),
                                  address);
}

/// A load of `type` from `address` if `mask` (may be null), else `other`
/// (may be null: zero).
Value maskedLoad(OpBuilder &b, Location loc, Type type, Value address,
                 Value mask, Value other) {
  auto load = [&](OpBuilder &bb) -> Value {
    return LLVM::LoadOp::create(bb, loc, type, toPtr(bb, loc, address));
  };
  if (!mask)
    return load(b);
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{type}, mask, true);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(b, loc, load(b));
    b.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(b, loc, other ? other : zeroOf(b, loc, type));
  }
  return ifOp.getResult(0);
}

struct AddPtrPattern : public OpConversionPattern<tt::AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::AddPtrOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value off = a.getOffset();
    Type offElem = getElementTypeOrSelf(off.getType());
    Type i64 = rewriter.getI64Type();
    Type i64Like = i64;
    if (auto t = dyn_cast<RankedTensorType>(off.getType()))
      i64Like = RankedTensorType::get(t.getShape(), i64);
    if (offElem.getIntOrFloatBitWidth() < 64)
      off = arith::ExtSIOp::create(rewriter, loc, i64Like, off);
    int64_t size = pointeeBytes(op.getPtr().getType());
    Value scale;
    if (auto t = dyn_cast<RankedTensorType>(i64Like))
      scale = arith::ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(t, rewriter.getI64IntegerAttr(size)));
    else
      scale = arith::ConstantOp::create(rewriter, loc,
                                        rewriter.getI64IntegerAttr(size));
    Value bytes = arith::MulIOp::create(rewriter, loc, off, scale);
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, a.getPtr(), bytes);
    return success();
  }
};

/// A 1-D tensor of pointers `splat(base) + (splat(s) + make_range(a, b))`:
/// element i is at base + (s + a + i) * size. Loads and stores through it
/// then compute addresses from the loop index instead of reading a tensor
/// of addresses, which LLVM turns into contiguous (masked) vector accesses.
struct Contiguous {
  Value base;  ///< the converted base address (i64)
  Value start; ///< the converted s (i32), null when absent
  int64_t rangeStart = 0;
  int64_t size = 0;
};

std::optional<Contiguous> contiguous(Value ptr,
                                     ConversionPatternRewriter &rewriter) {
  auto t = dyn_cast<RankedTensorType>(ptr.getType());
  if (!t || t.getRank() != 1)
    return std::nullopt;
  auto add = ptr.getDefiningOp<tt::AddPtrOp>();
  if (!add)
    return std::nullopt;
  auto splat = add.getPtr().getDefiningOp<tt::SplatOp>();
  if (!splat)
    return std::nullopt;
  Value off = add.getOffset();
  if (!getElementTypeOrSelf(off.getType()).isInteger(32))
    return std::nullopt;
  Contiguous c;
  c.size = pointeeBytes(ptr.getType());
  auto fromRange = [&](Value v) -> bool {
    if (auto r = v.getDefiningOp<tt::MakeRangeOp>()) {
      c.rangeStart = r.getStart();
      return true;
    }
    return false;
  };
  if (!fromRange(off)) {
    auto sum = off.getDefiningOp<arith::AddIOp>();
    if (!sum)
      return std::nullopt;
    Value other;
    if (fromRange(sum.getLhs()))
      other = sum.getRhs();
    else if (fromRange(sum.getRhs()))
      other = sum.getLhs();
    else
      return std::nullopt;
    auto s = other.getDefiningOp<tt::SplatOp>();
    if (!s)
      return std::nullopt;
    c.start = rewriter.getRemappedValue(s.getSrc());
    if (!c.start)
      return std::nullopt;
  }
  c.base = rewriter.getRemappedValue(splat.getSrc());
  if (!c.base)
    return std::nullopt;
  return c;
}

/// The address of element `index` of a contiguous pointer tensor, as an
/// `llvm.ptr` offset from the base pointer with a GEP, so that LLVM's loop
/// analyses see one base and an affine offset (needed to vectorize with
/// runtime alias checks, which `inttoptr(base + offset)` defeats).
Value contiguousAddress(OpBuilder &b, Location loc, const Contiguous &c,
                        Value index) {
  // Every term fits easily in i64 (an index below 2^20, i32 offsets, an
  // element size of at most 8): the arithmetic cannot wrap, and the address
  // stays inside the object the kernel was given.
  auto nsw = arith::IntegerOverflowFlags::nsw;
  Value i = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  Value first = arith::ConstantOp::create(b, loc,
                                          b.getI64IntegerAttr(c.rangeStart));
  Value e = arith::AddIOp::create(b, loc, i, first, nsw);
  if (c.start)
    e = arith::AddIOp::create(
        b, loc, e, arith::ExtSIOp::create(b, loc, b.getI64Type(), c.start),
        nsw);
  Value size = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(c.size));
  Value bytes = arith::MulIOp::create(b, loc, e, size, nsw);
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  return LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(),
                             toPtr(b, loc, c.base), ValueRange{bytes},
                             LLVM::GEPNoWrapFlags::inbounds);
}

struct LoadPattern : public OpConversionPattern<tt::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::LoadOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (tt::isTensorPointerType(op.getPtr().getType()))
      return op.emitError("block pointers (tl.make_block_ptr) are not "
                          "supported by the cpu backend yet");
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type elem = memoryType(getElementTypeOrSelf(op.getType()));
    auto tensorType = dyn_cast<RankedTensorType>(resultType);
    if (!tensorType) {
      rewriter.replaceOp(op, maskedLoad(rewriter, loc, elem, a.getPtr(),
                                        a.getMask(), a.getOther()));
      return success();
    }
    std::optional<Contiguous> contig = contiguous(op.getPtr(), rewriter);
    SmallVector<Value> inputs;
    if (!contig)
      inputs.push_back(a.getPtr());
    if (a.getMask())
      inputs.push_back(a.getMask());
    if (a.getOther())
      inputs.push_back(a.getOther());
    int64_t rank = tensorType.getRank();
    AffineMap id = rewriter.getMultiDimIdentityMap(rank);
    SmallVector<AffineMap> maps(inputs.size() + 1, id);
    SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
    bool hasMask = bool(a.getMask()), hasOther = bool(a.getOther());
    Value allTrue;
    if (hasMask)
      allTrue = maskAllTrue(rewriter, loc, op.getMask());
    auto g = linalg::GenericOp::create(
        rewriter, loc, TypeRange{tensorType}, inputs,
        ValueRange{emptyLike(rewriter, loc, tensorType)}, maps, iters,
        [&](OpBuilder &b, Location l, ValueRange args) {
          unsigned k = 0;
          Value address =
              contig ? contiguousAddress(b, l, *contig,
                                         linalg::IndexOp::create(b, l, 0))
                     : args[k++];
          Value mask = effectiveMask(b, l, allTrue,
                                     hasMask ? args[k++] : Value());
          Value other = hasOther ? args[k++] : Value();
          Value v = maskedLoad(b, l, elem, address, mask, other);
          linalg::YieldOp::create(b, l, v);
        });
    rewriter.replaceOp(op, g.getResults());
    return success();
  }
};

struct StorePattern : public OpConversionPattern<tt::StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::StoreOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    if (tt::isTensorPointerType(op.getPtr().getType()))
      return op.emitError("block pointers (tl.make_block_ptr) are not "
                          "supported by the cpu backend yet");
    Location loc = op.getLoc();
    ArrayRef<int64_t> shape;
    if (auto t = dyn_cast<RankedTensorType>(a.getPtr().getType()))
      shape = t.getShape();
    Value ptr = a.getPtr(), val = a.getValue(), mask = a.getMask();
    std::optional<Contiguous> contig = contiguous(op.getPtr(), rewriter);
    Value allTrue;
    if (mask && !shape.empty())
      allTrue = maskAllTrue(rewriter, loc, op.getMask());
    forEachElement(rewriter, loc, shape, [&](OpBuilder &b, ValueRange idx) {
      Value p = contig ? contiguousAddress(b, loc, *contig, idx[0])
                       : elementAt(b, loc, ptr, idx);
      Value v = elementAt(b, loc, val, idx);
      Value m = effectiveMask(b, loc, allTrue, elementAt(b, loc, mask, idx));
      auto store = [&](OpBuilder &bb) {
        LLVM::StoreOp::create(bb, loc, v, toPtr(bb, loc, p));
      };
      if (!m) {
        store(b);
        return;
      }
      auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, m, false);
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      store(b);
    });
    rewriter.eraseOp(op);
    return success();
  }
};

template <typename Op>
struct IdentityCastPattern : public OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, a.getSrc());
    return success();
  }
};

} // namespace

void populateMemoryPatterns(const TypeConverter &converter,
                            RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<AddPtrPattern, LoadPattern, StorePattern,
               IdentityCastPattern<tt::IntToPtrOp>,
               IdentityCastPattern<tt::PtrToIntOp>>(converter, ctx);
  patterns.add<UnsupportedPattern<tt::MakeTensorPtrOp>>(
      converter, ctx, "tl.make_block_ptr");
  patterns.add<UnsupportedPattern<tt::AdvanceOp>>(converter, ctx,
                                                  "tl.advance");
}

} // namespace trident::cpu::tritontolinalg
