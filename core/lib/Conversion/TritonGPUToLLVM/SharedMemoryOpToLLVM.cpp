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
// ttg.async_copy_global_to_local starts a copy of each run of elements
// with the target's asynchronous copy (commit and wait are the target's
// too; tokens are dummies). Ordering against other ops is
// insert-shared-barriers' business (its
// ttg.barrier lowers with the other barriers, in FuncOpToLLVM.cpp).
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/SharedAccess.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident {
namespace {

/// Stores `values` into the buffer at `base` with a matrix store of the
/// target's where the buffer's layout suits one (stmatrix on sm_90: an
/// epilogue's tile into a TMA store's buffer), else element runs.
void storeBuffer(OpBuilder &b, Location loc, const BufferAccess &access,
                 Value base, ArrayRef<Value> values, LoweringContext &lc) {
  if (!access.tileOffset)
    for (const SharedMatrixPattern &p : lc.target.sharedMatrixWrites(
             int32_t(access.slotType.getIntOrFloatBitWidth() / 8)))
      if (lc.target.storeSharedMatrix(b, loc, p, access.toOffset, base, values,
                                      access.copies, nullptr))
        return;
  storeRegisters(b, loc, access, base, values, lc.target);
}

struct LocalAllocOpConversion : public ConvertOpToLLVMPattern<LocalAllocOp> {
  LocalAllocOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    if (!inSharedMemory(op.getType()))
      return rw.notifyMatchFailure(op, "a backend's memory space");
    Value base = scratchBase(rw, loc, op, lc, bufferBytes(op.getType()));
    if (Value src = op.getSrc()) {
      auto access = BufferAccess::get(op, cast<RankedTensorType>(src.getType()),
                                      op.getResult());
      if (failed(access))
        return failure();
      storeBuffer(rw, loc, *access, base, unpack(rw, loc, adaptor.getSrc()),
                  lc);
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
    if (!inSharedMemory(op.getDst().getType()))
      return rw.notifyMatchFailure(op, "a backend's memory space");
    auto access =
        BufferAccess::get(op, cast<RankedTensorType>(op.getSrc().getType()),
                          op.getDst());
    if (failed(access))
      return failure();
    storeBuffer(rw, op.getLoc(), *access, adaptor.getDst(),
                unpack(rw, op.getLoc(), adaptor.getSrc()), lc);
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
    if (!inSharedMemory(op.getSrc().getType()))
      return rw.notifyMatchFailure(op, "a backend's memory space");
    auto type = cast<RankedTensorType>(op.getType());
    auto access =
        BufferAccess::get(op, type, op.getSrc());
    if (failed(access))
      return failure();
    Type st = getTypeConverter()->convertType(type);
    auto body = cast<LLVM::LLVMStructType>(st).getBody();
    // A matrix load of the target's where the buffer's layout suits one.
    std::optional<SmallVector<Value>> values;
    if (!access->tileOffset)
      for (const SharedMatrixPattern &p : lc.target.sharedMatrixReads(
               int32_t(access->slotType.getIntOrFloatBitWidth() / 8))) {
        values = lc.target.loadSharedMatrix(
            rw, op.getLoc(), p, access->toOffset, adaptor.getSrc(),
            body.front(), int32_t(body.size()), access->copies, nullptr, {});
        if (values)
          break;
      }
    if (!values)
      values = loadRegisters(rw, op.getLoc(), *access, adaptor.getSrc(),
                             body.front(), int32_t(body.size()), lc.target);
    rw.replaceOp(op, pack(rw, op.getLoc(), st, *values));
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

/// The copy of each run of elements the pointers' contiguity, the
/// buffer's layout and the mask allow (4, 8 or 16 bytes) by the target's
/// asynchronous copy, zeros where the mask is off.
struct AsyncCopyGlobalToLocalOpConversion
    : public ConvertOpToLLVMPattern<AsyncCopyGlobalToLocalOp> {
  AsyncCopyGlobalToLocalOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(AsyncCopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    if (!lc.target.hasAsyncCopy())
      return op.emitError("asynchronous copies into shared memory are not "
                          "supported by this target");
    if (!inSharedMemory(op.getResult().getType()))
      return rw.notifyMatchFailure(op, "a backend's memory space");
    if (Value other = op.getOther()) {
      auto cst = other.getDefiningOp<arith::ConstantOp>();
      auto dense = cst ? dyn_cast<DenseElementsAttr>(cst.getValue()) : nullptr;
      bool zero = dense && dense.isSplat() &&
                  ((isa<FloatType>(dense.getElementType()) &&
                    dense.getSplatValue<APFloat>().isZero()) ||
                   (isa<IntegerType>(dense.getElementType()) &&
                    dense.getSplatValue<APInt>().isZero()));
      if (!zero)
        return op.emitError("an asynchronous copy fills masked-off elements "
                            "with zeros; 'other' must be 0");
    }
    auto ptrs = cast<RankedTensorType>(op.getSrc().getType());
    Type elem = op.getResult().getType().getElementType();
    auto values = RankedTensorType::get(ptrs.getShape(), elem,
                                        ptrs.getEncoding());
    auto access = BufferAccess::get(op, values, op.getResult());
    if (failed(access))
      return failure();
    unsigned elemBytes = sharedSlotBytes(elem);
    int64_t vec = std::min<int64_t>(
        access->vec, lc.axisInfo
                         .planVectorAccess(op.getSrc(), op.getMask(),
                                           elemBytes * 8)
                         .elements);
    vec = std::min<int64_t>(vec, std::max<int64_t>(op.getContiguity(), 1));
    while (vec > 1 && vec * elemBytes > 16)
      vec /= 2;
    if (vec * elemBytes < 4)
      return op.emitError("an asynchronous copy moves 4, 8 or 16 bytes; "
                          "these elements run ")
             << vec * elemBytes << " bytes at a time";
    SmallVector<Value> src = unpack(rw, loc, adaptor.getSrc());
    SmallVector<Value> mask;
    if (op.getMask())
      mask = unpack(rw, loc, adaptor.getMask());
    ThreadIds ids = threadIds(rw, loc, lc.target);
    Value laneWarp = laneWarpCoords(rw, loc, access->toOffset, ids)[0];
    for (int32_t r = 0; r < int32_t(src.size()); r += int32_t(vec)) {
      if (r & access->copies)
        continue;
      Value dst = access->address(rw, loc, adaptor.getResult(), laneWarp, r);
      lc.target.asyncCopy(rw, loc, dst, src[r], unsigned(vec * elemBytes),
                          mask.empty() ? Value() : mask[r], op.getCache());
    }
    rw.replaceOp(op, i32Const(rw, loc, 0));
    return success();
  }
  LoweringContext &lc;
};

struct AsyncCommitGroupOpConversion
    : public ConvertOpToLLVMPattern<AsyncCommitGroupOp> {
  AsyncCommitGroupOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(AsyncCommitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    lc.target.asyncCommitGroup(rw, op.getLoc());
    rw.replaceOp(op, i32Const(rw, op.getLoc(), 0));
    return success();
  }
  LoweringContext &lc;
};

struct AsyncWaitOpConversion : public ConvertOpToLLVMPattern<AsyncWaitOp> {
  AsyncWaitOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(AsyncWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    lc.target.asyncWait(rw, op.getLoc(), int(op.getNum()));
    rw.replaceOp(op, i32Const(rw, op.getLoc(), 0));
    return success();
  }
  LoweringContext &lc;
};

} // namespace

void populateSharedMemoryOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                          RewritePatternSet &p,
                                          LoweringContext &lc) {
  p.add<LocalAllocOpConversion, LocalStoreOpConversion, LocalLoadOpConversion,
        AsyncCopyGlobalToLocalOpConversion, AsyncCommitGroupOpConversion,
        AsyncWaitOpConversion>(tc, lc);
  p.add<LocalDeallocOpConversion, MemDescIndexOpConversion,
        SameBaseViewConversion<MemDescSubsliceOp>,
        SameBaseViewConversion<MemDescTransOp>,
        SameBaseViewConversion<MemDescReshapeOp>>(tc);
}

} // namespace trident
