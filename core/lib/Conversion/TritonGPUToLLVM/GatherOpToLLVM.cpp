//===- GatherOpToLLVM.cpp - tt.gather through shared memory ---------------===//
//
// result[i...] = src[i... with idx[i...] along `axis`]. The source and the
// indices may have any two layouts (the indices share the result's), so
// the lowering goes through shared memory: every thread writes the source
// elements it holds at their row-major index, and after a barrier reads,
// for each element of the result it holds, the source element its index
// names. Indices out of range are undefined behaviour, as in Triton.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident {
namespace {

struct GatherOpConversion : public ConvertOpToLLVMPattern<GatherOp> {
  GatherOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}

  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto idxType = cast<RankedTensorType>(op.getIndices().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    LinearLayout from = toLinearLayout(srcType), to = toLinearLayout(dstType);
    if (toLinearLayout(idxType) != to)
      return op.emitError("tt.gather: the indices' layout differs from the "
                          "result's");
    SmallVector<Value> src = unpack(rw, loc, adaptor.getSrc());
    SmallVector<Value> idx = unpack(rw, loc, adaptor.getIndices());

    Type elem = src.front().getType();
    bool isPtr = isa<LLVM::LLVMPointerType>(elem);
    unsigned bits = isPtr ? 64 : elem.getIntOrFloatBitWidth();
    Type storeType = bits == 1 ? rw.getI8Type() : rw.getIntegerType(bits);
    uint64_t bytes = uint64_t(srcType.getNumElements()) *
                     std::max<unsigned>(1, bits / 8);
    lc.shared.bytes = std::max(lc.shared.bytes, bytes);
    ThreadIds ids = threadIds(rw, loc, lc.target);
    Value base = sharedBase(rw, loc, op, lc.target);
    auto ptrTy = base.getType();

    lc.target.barrier(rw, loc);
    for (int32_t r = 0; r < numRegisters(from); ++r) {
      Value i = linearIndex(rw, loc, elementCoords(rw, loc, from, r, ids),
                            srcType.getShape());
      Value p = LLVM::GEPOp::create(rw, loc, ptrTy, storeType, base, i);
      Value v = toInt(rw, loc, src[r]);
      if (bits == 1)
        v = LLVM::ZExtOp::create(rw, loc, storeType, v);
      LLVM::StoreOp::create(rw, loc, v, p);
    }
    lc.target.barrier(rw, loc);

    Type i32 = rw.getI32Type();
    SmallVector<Value> out;
    for (int32_t r = 0; r < numRegisters(to); ++r) {
      SmallVector<Value> c = elementCoords(rw, loc, to, r, ids);
      // Indices are signed; narrower ones extend, wider ones truncate (an
      // index that does not fit is out of range anyway).
      Value k = idx[r];
      unsigned kb = k.getType().getIntOrFloatBitWidth();
      if (kb < 32)
        k = LLVM::SExtOp::create(rw, loc, i32, k);
      else if (kb > 32)
        k = LLVM::TruncOp::create(rw, loc, i32, k);
      c[axis] = k;
      Value i = linearIndex(rw, loc, c, srcType.getShape());
      Value p = LLVM::GEPOp::create(rw, loc, ptrTy, storeType, base, i);
      Value v = LLVM::LoadOp::create(rw, loc, storeType, p);
      if (bits == 1)
        v = LLVM::TruncOp::create(rw, loc, rw.getI1Type(), v);
      out.push_back(fromInt(rw, loc, v, elem));
    }
    rw.replaceOp(op, pack(rw, loc, getTypeConverter()->convertType(dstType),
                          out));
    return success();
  }
  LoweringContext &lc;
};

} // namespace

void populateGatherOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                    RewritePatternSet &p, LoweringContext &lc) {
  p.add<GatherOpConversion>(tc, lc);
}

} // namespace trident
