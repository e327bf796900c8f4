//===- ConvertTritonGPUToNVVM.cpp - TTGIR to LLVM for NVIDIA GPUs ---------===//

#include "FloatConversions.h"

#include "trident/Backends/Nvidia/Passes.h"
#include "trident/Backends/Nvidia/TargetInfo.h"

#include "trident/Conversion/TritonGPUToLLVM/Lowering.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace trident::nvidia {
#define GEN_PASS_DEF_CONVERTTRITONGPUTONVVM
#include "trident/Backends/Nvidia/Passes.h.inc"
} // namespace trident::nvidia

using namespace mlir;

namespace {

/// ex2.approx.f32 of `x` (times log2(e) for exp): Triton's fast exp.
template <typename Op>
struct Exp2Approx : public ConvertOpToLLVMPattern<Op> {
  Exp2Approx(LLVMTypeConverter &tc, bool natural)
      : ConvertOpToLLVMPattern<Op>(tc, /*benefit=*/3), natural(natural) {}
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    if (!op.getType().isF32())
      return failure();
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    if (natural)
      x = LLVM::FMulOp::create(
          rw, loc, x,
          LLVM::ConstantOp::create(rw, loc, rw.getF32Type(),
                                   rw.getF32FloatAttr(1.4426950408889634f)));
    auto asmOp = LLVM::InlineAsmOp::create(
        rw, loc, rw.getF32Type(), ValueRange{x}, "ex2.approx.f32 $0, $1;",
        "=f,f", /*has_side_effects=*/false, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
        ArrayAttr());
    rw.replaceOp(op, asmOp.getResult(0));
    return success();
  }
  bool natural;
};

/// tl.sqrt on fp32 as Triton does it on NVIDIA: sqrt.approx.ftz.f32 (the
/// IEEE-rounded square root is tl.sqrt_rn, tt.precise_sqrt, and
/// libdevice.sqrt).
struct SqrtApprox : public ConvertOpToLLVMPattern<math::SqrtOp> {
  SqrtApprox(LLVMTypeConverter &tc)
      : ConvertOpToLLVMPattern<math::SqrtOp>(tc, /*benefit=*/4) {}
  LogicalResult
  matchAndRewrite(math::SqrtOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    if (!op.getType().isF32())
      return failure();
    auto asmOp = LLVM::InlineAsmOp::create(
        rw, op.getLoc(), rw.getF32Type(), ValueRange{adaptor.getOperand()},
        "sqrt.approx.ftz.f32 $0, $1;", "=f,f", /*has_side_effects=*/false,
        /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr(), ArrayAttr());
    rw.replaceOp(op, asmOp.getResult(0));
    return success();
  }
};

/// fp32 division as Triton does `/` on NVIDIA: div.full.f32 (2 ulp; the
/// IEEE-rounded division is tl.div_rn, tt.precise_divf).
struct DivFFull : public ConvertOpToLLVMPattern<arith::DivFOp> {
  DivFFull(LLVMTypeConverter &tc)
      : ConvertOpToLLVMPattern<arith::DivFOp>(tc, /*benefit=*/3) {}
  LogicalResult
  matchAndRewrite(arith::DivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    if (!op.getType().isF32())
      return failure();
    auto asmOp = LLVM::InlineAsmOp::create(
        rw, op.getLoc(), rw.getF32Type(),
        ValueRange{adaptor.getLhs(), adaptor.getRhs()},
        "div.full.f32 $0, $1, $2;", "=f,f,f", /*has_side_effects=*/false,
        /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr(), ArrayAttr());
    rw.replaceOp(op, asmOp.getResult(0));
    return success();
  }
};

struct ConvertTritonGPUToNVVM
    : public trident::nvidia::impl::ConvertTritonGPUToNVVMBase<
          ConvertTritonGPUToNVVM> {
  using ConvertTritonGPUToNVVMBase::ConvertTritonGPUToNVVMBase;
  void runOnOperation() override {
    ModuleOp m = getOperation();
    trident::nvidia::NvidiaTargetInfo target(computeCapability, basedAccesses);
    int cc = computeCapability;
    auto extra = [cc](trident::TritonGPUToLLVMTypeConverter &tc,
                      RewritePatternSet &p) {
      trident::nvidia::populateFloatConversionPatterns(tc, p, cc);
      p.add<Exp2Approx<math::ExpOp>>(tc, true);
      p.add<Exp2Approx<math::Exp2Op>>(tc, false);
      p.add<DivFFull, SqrtApprox>(tc);
      // Float ops NVPTX has an instruction for: the LLVM intrinsic, not
      // libdevice's wrapper of the same instruction, so that a kernel that
      // calls nothing else never pays for reading libdevice (about 50 ms).
      trident::populateDirectFloatOpPatterns(tc, p, /*benefit=*/3,
                                             /*withF16=*/false);
      // Everything else of math through libdevice, before the generic
      // math-to-llvm intrinsics (NVPTX has no instruction for most).
      populateLibDeviceConversionPatterns(tc, p, /*benefit=*/2);
    };
    if (failed(trident::lowerTritonGPUToLLVM(m, target, extra)))
      return signalPassFailure();
  }
};

} // namespace
