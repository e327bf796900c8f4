//===- HistogramOpToLLVM.cpp - tt.histogram with shared-memory atomics ----===//
//
// Bin i counts the source elements equal to i, for i in [0, bins); values
// outside the range and masked-out elements are not counted (as Triton
// 3.6). The counters are i32 in shared memory: zeroed, then each element
// is added once -- by the one thread and register of its copies whose
// free lane, warp and register bits are zero -- with an atomic add, then
// read back in the result's layout.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident {
namespace {

struct HistogramOpConversion : public ConvertOpToLLVMPattern<HistogramOp> {
  HistogramOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}

  LogicalResult
  matchAndRewrite(HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    LinearLayout in = toLinearLayout(srcType), out = toLinearLayout(dstType);
    SmallVector<Value> src = unpack(rw, loc, adaptor.getSrc());
    SmallVector<Value> mask;
    if (op.getMask()) {
      if (toLinearLayout(cast<RankedTensorType>(op.getMask().getType())) != in)
        return op.emitError("tt.histogram: the mask's layout differs from "
                            "the source's");
      mask = unpack(rw, loc, adaptor.getMask());
    }
    int64_t bins = dstType.getShape()[0];
    Type i32 = rw.getI32Type();
    ThreadIds ids = threadIds(rw, loc, lc.target);
    Value base = scratchBase(rw, loc, op, lc, uint64_t(bins) * 4);
    auto ptrTy = base.getType();
    auto counter = [&](Value bin) {
      return LLVM::GEPOp::create(rw, loc, ptrTy, i32, base, bin).getResult();
    };

    // Zero the counters: every thread its result elements (copies agree).
    for (int32_t r = 0; r < numRegisters(out); ++r)
      LLVM::StoreOp::create(rw, loc, i32Const(rw, loc, 0),
                            counter(elementCoords(rw, loc, out, r, ids)[0]));
    lc.target.barrier(rw, loc);

    // This thread counts only if it is the first of its copies.
    auto isFirst = [&](Value id, uint32_t free) -> Value {
      Value bits = LLVM::AndOp::create(rw, loc, id, i32Const(rw, loc, free));
      return LLVM::ICmpOp::create(rw, loc, LLVM::ICmpPredicate::eq, bits,
                                  i32Const(rw, loc, 0));
    };
    Value owner = LLVM::AndOp::create(
        rw, loc, isFirst(ids.lane, in.freeVariableMask("lane")),
        isFirst(ids.warp, in.freeVariableMask("warp")));
    uint32_t regCopies = in.freeVariableMask("register");
    for (int32_t r = 0; r < numRegisters(in); ++r) {
      if (r & regCopies)
        continue;
      Value v = src[r];
      Type t = v.getType();
      Value zero = LLVM::ConstantOp::create(rw, loc, t, rw.getIntegerAttr(t, 0));
      unsigned w = t.getIntOrFloatBitWidth();
      Value counted = owner;
      counted = LLVM::AndOp::create(
          rw, loc, counted,
          LLVM::ICmpOp::create(rw, loc, LLVM::ICmpPredicate::sge, v, zero));
      // A limit that does not fit the source type bounds nothing.
      if (w >= 64 || bins < (int64_t(1) << (w - 1))) {
        Value limit =
            LLVM::ConstantOp::create(rw, loc, t, rw.getIntegerAttr(t, bins));
        counted = LLVM::AndOp::create(
            rw, loc, counted,
            LLVM::ICmpOp::create(rw, loc, LLVM::ICmpPredicate::slt, v, limit));
      }
      if (!mask.empty())
        counted = LLVM::AndOp::create(rw, loc, counted, mask[r]);
      Value bin = v;
      if (w < 32)
        bin = LLVM::SExtOp::create(rw, loc, i32, v);
      else if (w > 32)
        bin = LLVM::TruncOp::create(rw, loc, i32, v);
      // Elements not counted add 0 to bin 0: no branch needed.
      bin = LLVM::SelectOp::create(rw, loc, counted, bin, i32Const(rw, loc, 0));
      Value one = LLVM::ZExtOp::create(rw, loc, i32, counted);
      LLVM::AtomicRMWOp::create(rw, loc, LLVM::AtomicBinOp::add, counter(bin),
                                one, LLVM::AtomicOrdering::monotonic);
    }
    lc.target.barrier(rw, loc);

    Type elem = dstType.getElementType();
    unsigned ew = elem.getIntOrFloatBitWidth();
    SmallVector<Value> values;
    for (int32_t r = 0; r < numRegisters(out); ++r) {
      Value c = LLVM::LoadOp::create(
          rw, loc, i32, counter(elementCoords(rw, loc, out, r, ids)[0]));
      if (ew > 32)
        c = LLVM::ZExtOp::create(rw, loc, elem, c);
      else if (ew < 32)
        c = LLVM::TruncOp::create(rw, loc, elem, c);
      values.push_back(c);
    }
    rw.replaceOp(op, pack(rw, loc, getTypeConverter()->convertType(dstType),
                          values));
    return success();
  }
  LoweringContext &lc;
};

} // namespace

void populateHistogramOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                       RewritePatternSet &p,
                                       LoweringContext &lc) {
  p.add<HistogramOpConversion>(tc, lc);
}

} // namespace trident
