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
    if (toLinearLayout(idxType) != toLinearLayout(dstType))
      return op.emitError("tt.gather: the indices' layout differs from the "
                          "result's");
    SmallVector<Value> src = unpack(rw, loc, adaptor.getSrc());
    SmallVector<Value> idx = unpack(rw, loc, adaptor.getIndices());

    SharedImage img(rw, loc, lc, op, srcType.getNumElements(),
                    srcType.getElementType());
    img.write(srcType, src, SharedImage::rowMajor(srcType.getShape()));
    Type i32 = rw.getI32Type();
    SmallVector<int64_t> shape(srcType.getShape());
    SmallVector<Value> out = img.read(
        dstType, src.front().getType(),
        [&](OpBuilder &b, Location l, SmallVector<Value> c, int32_t r) {
          // Indices are signed; narrower ones extend, wider ones truncate
          // (an index that does not fit is out of range anyway).
          Value k = idx[r];
          unsigned kb = k.getType().getIntOrFloatBitWidth();
          if (kb < 32)
            k = LLVM::SExtOp::create(b, l, i32, k);
          else if (kb > 32)
            k = LLVM::TruncOp::create(b, l, i32, k);
          c[axis] = k;
          return linearIndex(b, l, c, shape);
        });
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
