//===- SharedMemoryOpToLLVM.cpp - local_alloc/load/store, barriers --------===//
//
// A buffer in shared memory is its base address: the kernel's shared
// memory plus the `allocation.offset` the allocation gave its local_alloc.
// Where a register of a distributed tensor goes in the buffer is read off
// the two linear layouts: the tensor's (register, lane, warp -> element)
// composed with the inverse of the buffer's (offset -> element) gives
// register, lane, warp -> offset, a linear map whose lane and warp part is
// computed once and whose register part is a constant. Runs of registers
// at consecutive offsets, aligned, move as one vector (up to 16 bytes).
// Views (memdesc_index: a buffer of a multi-buffered allocation, at
// index x its size; memdesc_subslice, _trans, _reshape: the same base, a
// tile's place xor-ed into the offsets by the accesses) are addresses too.
// Ordering against other ops is insert-shared-barriers' business (its
// ttg.barrier lowers with the other barriers, in FuncOpToLLVM.cpp).
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident {
namespace {

/// How the registers of a tensor of `tensor` type sit in a buffer of
/// `memdesc` type.
struct BufferAccess {
  LinearLayout toOffset; ///< register, lane, warp -> "offset"
  int32_t vec = 1;       ///< registers per vector access
  uint32_t copies = 0;   ///< register bits that repeat an element
  Type slotType;         ///< the integer each element is stored as
  /// A tile's (memdesc_subslice's) first element's offset in its buffer,
  /// xor-ed into every offset: the tile's offsets are multiples of its
  /// sizes, so its elements' coordinates in the buffer are the tile's own
  /// or-ed with them, and the buffer's layout is linear.
  int32_t tileOffset = 0;

  /// How the registers of a tensor of `tensor` type sit in the buffer
  /// `memdesc` (its type's layout; for a tile, the buffer's).
  static FailureOr<BufferAccess> get(Operation *op, RankedTensorType tensor,
                                     Value memdesc) {
    auto type = cast<MemDescType>(memdesc.getType());
    MemDescType bufferType = type;
    ArrayRef<int32_t> tileAt;
    if (!type.getAllocShape().empty() &&
        type.getAllocShape() != type.getShape()) {
      auto tile = memdesc.getDefiningOp<MemDescSubsliceOp>();
      MemDescType parent =
          tile ? tile.getSrc().getType() : MemDescType();
      if (!tile || (!parent.getAllocShape().empty() &&
                    parent.getAllocShape() != parent.getShape()))
        return op->emitError("this view into a larger shared-memory "
                             "allocation is not lowered yet (a "
                             "memdesc_subslice of a whole buffer is)");
      bufferType = parent;
      tileAt = tile.getOffsets();
    }
    BufferAccess a;
    LinearLayout regs = toLinearLayout(tensor);
    LinearLayout buffer = toLinearLayout(bufferType);
    if (!tileAt.empty()) {
      // The tile's coordinates as the buffer's (same bases, the buffer's
      // sizes), and where the tile starts.
      std::vector<LinearLayout::OutDim> outs = buffer.outs();
      regs = LinearLayout(regs.ins(), outs);
      LinearLayout inverse;
      std::string why;
      if (!buffer.invert(inverse, why))
        return op->emitError("the buffer's layout is not invertible: ") << why;
      std::vector<std::pair<std::string, int32_t>> at;
      for (size_t d = 0; d < tileAt.size(); ++d)
        at.push_back({"dim" + std::to_string(d), tileAt[d]});
      a.tileOffset = inverse.apply(at)[0];
    }
    std::string why;
    if (!regs.invertAndCompose(buffer, a.toOffset, why))
      return op->emitError("the buffer's layout misses elements: ") << why;
    a.copies = regs.freeVariableMask("register");
    unsigned bits = sharedSlotBytes(tensor.getElementType()) * 8;
    a.slotType = IntegerType::get(op->getContext(), bits);
    // The widest run of registers at consecutive offsets whose start is a
    // multiple of the run: no other basis may touch its low bits.
    int32_t vec = std::min(a.toOffset.numConsecutive("register", 0),
                           int32_t(128 / bits));
    vec = std::max(vec, 1);
    auto touchesLowBits = [&](int32_t v) {
      for (const char *in : {"register", "lane", "warp"})
        for (int32_t bit = 0; bit < a.toOffset.inDimSizeLog2(in); ++bit) {
          if (std::string(in) == "register" && (int32_t(1) << bit) < v)
            continue;
          if (a.toOffset.basis(in, bit)[0] & (v - 1))
            return true;
        }
      return false;
    };
    while (vec > 1 && (touchesLowBits(vec) || (a.tileOffset & (vec - 1))))
      vec /= 2;
    a.vec = vec;
    return a;
  }

  /// The address of register `r`'s element (its run's first, for vectors)
  /// in the buffer at `base`; `laneWarp` is the thread's part of the offset.
  Value address(OpBuilder &b, Location loc, Value base, Value laneWarp,
                int32_t r) const {
    Value offset =
        withConstantPart(b, loc, toOffset, 0, laneWarp,
                         toOffset.apply({{"register", r}})[0] ^ tileOffset);
    return LLVM::GEPOp::create(b, loc, base.getType(), slotType, base, offset);
  }
};

/// Writes the registers `values` of a tensor into the buffer at `base`.
void storeRegisters(OpBuilder &b, Location loc, const BufferAccess &a,
                    Value base, ArrayRef<Value> values, const TargetInfo &t) {
  ThreadIds ids = threadIds(b, loc, t);
  Value laneWarp = laneWarpCoords(b, loc, a.toOffset, ids)[0];
  auto vecTy = VectorType::get({a.vec}, a.slotType);
  unsigned bytes = a.slotType.getIntOrFloatBitWidth() / 8;
  for (int32_t r = 0; r < int32_t(values.size()); r += a.vec) {
    if (r & a.copies)
      continue;
    Value ptr = a.address(b, loc, base, laneWarp, r);
    auto slot = [&](Value v) {
      Value i = toInt(b, loc, v);
      return v.getType().isInteger(1)
                 ? LLVM::ZExtOp::create(b, loc, a.slotType, i).getResult()
                 : i;
    };
    if (a.vec == 1) {
      LLVM::StoreOp::create(b, loc, slot(values[r]), ptr, bytes);
      continue;
    }
    Value v = LLVM::UndefOp::create(b, loc, vecTy);
    for (int32_t k = 0; k < a.vec; ++k)
      v = LLVM::InsertElementOp::create(b, loc, v, slot(values[r + k]),
                                        i32Const(b, loc, k));
    LLVM::StoreOp::create(b, loc, v, ptr, bytes * unsigned(a.vec));
  }
}

/// Reads the registers of a tensor (LLVM element type `elem`, `n` of
/// them) from the buffer at `base`.
SmallVector<Value> loadRegisters(OpBuilder &b, Location loc,
                                 const BufferAccess &a, Value base, Type elem,
                                 int32_t n, const TargetInfo &t) {
  ThreadIds ids = threadIds(b, loc, t);
  Value laneWarp = laneWarpCoords(b, loc, a.toOffset, ids)[0];
  auto vecTy = VectorType::get({a.vec}, a.slotType);
  unsigned bytes = a.slotType.getIntOrFloatBitWidth() / 8;
  SmallVector<Value> out(n);
  auto value = [&](Value i) {
    return elem.isInteger(1) ? LLVM::TruncOp::create(b, loc, elem, i).getResult()
                             : fromInt(b, loc, i, elem);
  };
  for (int32_t r = 0; r < n; r += a.vec) {
    if (r & a.copies) {
      for (int32_t k = 0; k < a.vec; ++k)
        out[r + k] = out[(r + k) & ~int32_t(a.copies)];
      continue;
    }
    Value ptr = a.address(b, loc, base, laneWarp, r);
    if (a.vec == 1) {
      out[r] = value(LLVM::LoadOp::create(b, loc, a.slotType, ptr, bytes));
      continue;
    }
    Value v = LLVM::LoadOp::create(b, loc, vecTy, ptr, bytes * unsigned(a.vec));
    for (int32_t k = 0; k < a.vec; ++k)
      out[r + k] = value(
          LLVM::ExtractElementOp::create(b, loc, v, i32Const(b, loc, k)));
  }
  return out;
}

struct LocalAllocOpConversion : public ConvertOpToLLVMPattern<LocalAllocOp> {
  LocalAllocOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    Value base = scratchBase(rw, loc, op, lc, bufferBytes(op.getType()));
    if (Value src = op.getSrc()) {
      auto access = BufferAccess::get(op, cast<RankedTensorType>(src.getType()),
                                      op.getResult());
      if (failed(access))
        return failure();
      storeRegisters(rw, loc, *access, base, unpack(rw, loc, adaptor.getSrc()),
                     lc.target);
    }
    rw.replaceOp(op, base);
    return success();
  }
  LoweringContext &lc;
};

struct LocalStoreOpConversion : public ConvertOpToLLVMPattern<LocalStoreOp> {
  LocalStoreOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    auto access =
        BufferAccess::get(op, cast<RankedTensorType>(op.getSrc().getType()),
                          op.getDst());
    if (failed(access))
      return failure();
    storeRegisters(rw, op.getLoc(), *access, adaptor.getDst(),
                   unpack(rw, op.getLoc(), adaptor.getSrc()), lc.target);
    rw.eraseOp(op);
    return success();
  }
  LoweringContext &lc;
};

struct LocalLoadOpConversion : public ConvertOpToLLVMPattern<LocalLoadOp> {
  LocalLoadOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto access =
        BufferAccess::get(op, type, op.getSrc());
    if (failed(access))
      return failure();
    Type st = getTypeConverter()->convertType(type);
    auto body = cast<LLVM::LLVMStructType>(st).getBody();
    SmallVector<Value> values =
        loadRegisters(rw, op.getLoc(), *access, adaptor.getSrc(), body.front(),
                      int32_t(body.size()), lc.target);
    rw.replaceOp(op, pack(rw, op.getLoc(), st, values));
    return success();
  }
  LoweringContext &lc;
};

/// memdesc_index: buffer `index` of the leading dimension, the buffers
/// one after another.
struct MemDescIndexOpConversion
    : public ConvertOpToLLVMPattern<MemDescIndexOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(MemDescIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    MemDescType dst = op.getType();
    int64_t elems = ShapedType::getNumElements(dst.getShape());
    Location loc = op.getLoc();
    Type slot = rw.getIntegerType(sharedSlotBytes(dst.getElementType()) * 8);
    Value offset = LLVM::MulOp::create(rw, loc, adaptor.getIndex(),
                                       i32Const(rw, loc, elems));
    Value base = adaptor.getSrc();
    rw.replaceOp(op, LLVM::GEPOp::create(rw, loc, base.getType(), slot, base,
                                         offset)
                         .getResult());
    return success();
  }
};

/// Views that keep the base address: a tile (its place is the accesses'
/// business, BufferAccess), a transpose, a reshape (their result types'
/// encodings describe the same bytes).
template <typename View>
struct SameBaseViewConversion : public ConvertOpToLLVMPattern<View> {
  using ConvertOpToLLVMPattern<View>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(View op, typename View::Adaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    rw.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

struct LocalDeallocOpConversion
    : public ConvertOpToLLVMPattern<LocalDeallocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(LocalDeallocOp op, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    rw.eraseOp(op); // the allocation already ended the buffer's life here
    return success();
  }
};

} // namespace

void populateSharedMemoryOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                          RewritePatternSet &p,
                                          LoweringContext &lc) {
  p.add<LocalAllocOpConversion, LocalStoreOpConversion, LocalLoadOpConversion>(
      tc, lc);
  p.add<LocalDeallocOpConversion, MemDescIndexOpConversion,
        SameBaseViewConversion<MemDescSubsliceOp>,
        SameBaseViewConversion<MemDescTransOp>,
        SameBaseViewConversion<MemDescReshapeOp>>(tc);
}

} // namespace trident
