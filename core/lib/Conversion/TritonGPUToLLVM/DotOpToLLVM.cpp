//===- DotOpToLLVM.cpp - core's FMA dot ------------------------------------===//
//
// tt.dot with a blocked accumulator and operands in #ttg.dot_op encodings
// of it, all of the accumulator's element type (layout assignment upcasts
// the operands): each thread computes its own accumulator elements, one
// multiply-add per K step, from the rows of A and the columns of B its
// operand layouts give it. The registers are found by coordinates: an
// operand's lanes and warps hold what the accumulator's do along M (or N)
// and copies along K, so an element's register-part coordinates in C name
// the operand registers it needs. Every target can run it; a vendor's
// matrix-unit pattern (higher benefit) takes the dots planned for it.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident {
namespace {

using Coords = std::vector<int32_t>;

/// Whether the lanes and warps of `operand` hold what those of `acc` hold
/// along every dimension but `k`, where the operand has K and holds copies
/// (the accumulator has N there for A, M for B).
bool threadsLineUp(const LinearLayout &acc, const LinearLayout &operand,
                   unsigned k) {
  for (const char *in : {"lane", "warp"}) {
    int32_t bits = std::max(acc.inDimSizeLog2(in), operand.inDimSizeLog2(in));
    for (int32_t bit = 0; bit < bits; ++bit) {
      LinearLayout::Basis want = acc.basis(in, bit);
      LinearLayout::Basis have = operand.basis(in, bit);
      want[k] = 0;
      if (have != want)
        return false;
    }
  }
  return true;
}

struct FmaDotOpConversion : public ConvertOpToLLVMPattern<DotOp> {
  using ConvertOpToLLVMPattern<DotOp>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    auto dType = cast<RankedTensorType>(op.getD().getType());
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    if (!isa<BlockedEncodingAttr>(dType.getEncoding()))
      return failure();
    Type elem = dType.getElementType();
    if (aType.getElementType() != elem || bType.getElementType() != elem)
      return op.emitError("the FMA dot multiplies in the accumulator's type (")
             << elem << "), not " << aType.getElementType() << " by "
             << bType.getElementType()
             << ": layout assignment upcasts the operands";
    Location loc = op.getLoc();
    unsigned rank = dType.getRank();
    unsigned mDim = rank - 2, nDim = rank - 1;
    LinearLayout acc = toLinearLayout(dType), la = toLinearLayout(aType),
                 lb = toLinearLayout(bType);
    // A is [.., M, K]: K is its dimension nDim; B is [.., K, N]: K is mDim.
    if (!threadsLineUp(acc, la, nDim) || !threadsLineUp(acc, lb, mDim))
      return op.emitError("the FMA dot's operand layouts do not hold the "
                          "accumulator's rows and columns (operands must be "
                          "#ttg.dot_op of the accumulator's encoding)");
    auto aRegs = registersByCoords(la), bRegs = registersByCoords(lb);
    SmallVector<Value> a = unpack(rw, loc, adaptor.getA()),
                       b = unpack(rw, loc, adaptor.getB()),
                       c = unpack(rw, loc, adaptor.getC());
    int64_t K = aType.getShape()[nDim];
    bool isFloat = isa<FloatType>(elem);
    SmallVector<Value> d;
    d.reserve(c.size());
    for (int32_t r = 0; r < int32_t(c.size()); ++r) {
      Coords at = acc.apply({{"register", r}});
      Value sum = c[r];
      for (int32_t k = 0; k < K; ++k) {
        Coords ac = at, bc = at;
        ac[nDim] = k;
        bc[mDim] = k;
        auto ai = aRegs.find(ac), bi = bRegs.find(bc);
        if (ai == aRegs.end() || bi == bRegs.end())
          return op.emitError("the FMA dot's operands do not hold element ")
                 << (ai == aRegs.end() ? "of A" : "of B") << " at K = " << k
                 << " in the thread that holds its accumulator element";
        Value x = a[ai->second.front()], y = b[bi->second.front()];
        sum = isFloat ? LLVM::FMulAddOp::create(rw, loc, x, y, sum).getResult()
                      : LLVM::AddOp::create(
                            rw, loc, sum, LLVM::MulOp::create(rw, loc, x, y))
                            .getResult();
      }
      d.push_back(sum);
    }
    rw.replaceOp(op, pack(rw, loc, getTypeConverter()->convertType(dType), d));
    return success();
  }
};

} // namespace

void populateDotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                 RewritePatternSet &patterns,
                                 LoweringContext &) {
  patterns.add<FmaDotOpConversion>(converter);
}

} // namespace trident
