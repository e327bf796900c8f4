//===- ConvertTritonGPUToNVVM.cpp - TTGIR to LLVM for NVIDIA GPUs ---------===//

#include "DotOpToMMA.h"
#include "FloatConversions.h"
#include "TMAToLLVM.h"
#include "WarpGroupDotToLLVM.h"

#include "trident/Backends/Nvidia/Dialect/Dialect.h"

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

using trident::F32OpLowering;

/// The f32 op as one PTX instruction `text` over its operands ("=f,f" or
/// "=f,f,f" by their number).
trident::BuildValue ptx(const char *text) {
  return [text](RewriterBase &rw, Location loc, ValueRange operands) {
    std::string constraints = "=f";
    for (size_t i = 0; i < operands.size(); ++i)
      constraints += ",f";
    return trident::pureInlineAsm(rw, loc, rw.getF32Type(), text, constraints,
                                  operands);
  };
}

/// ex2.approx.f32 of `x` times log2(e): Triton's fast exp.
Value exp2ApproxOfScaled(RewriterBase &rw, Location loc, ValueRange operands) {
  Value x = LLVM::FMulOp::create(
      rw, loc, operands[0],
      LLVM::ConstantOp::create(rw, loc, rw.getF32Type(),
                               rw.getF32FloatAttr(1.4426950408889634f)));
  return ptx("ex2.approx.f32 $0, $1;")(rw, loc, x);
}

struct ConvertTritonGPUToNVVM
    : public trident::nvidia::impl::ConvertTritonGPUToNVVMBase<
          ConvertTritonGPUToNVVM> {
  using ConvertTritonGPUToNVVMBase::ConvertTritonGPUToNVVMBase;
  void runOnOperation() override {
    ModuleOp m = getOperation();
    trident::nvidia::TensorMapParameters tensorMaps =
        trident::nvidia::findTensorMapParameters(m);
    trident::nvidia::NvidiaTargetInfo target(computeCapability, basedAccesses);
    int cc = computeCapability;
    auto extra = [cc, &target](trident::TritonGPUToLLVMTypeConverter &tc,
                               RewritePatternSet &p) {
      trident::nvidia::populateFloatConversionPatterns(tc, p, cc);
      trident::nvidia::populateDotOpToMMAPatterns(tc, p);
      trident::nvidia::populateWarpGroupDotPatterns(tc, p, target);
      trident::nvidia::populateTMAPatterns(tc, p, target);
      p.add<F32OpLowering<math::ExpOp>>(tc, /*benefit=*/3, exp2ApproxOfScaled);
      // fp32 exp2 as Triton's: libdevice's exp2f under nvvm-reflect-ftz,
      // which is ex2.approx.ftz.f32 (denormal results flushed). The
      // non-ftz form is MUFU.EX2 plus scaling around it in SASS, about a
      // tenth of attention's softmax time.
      p.add<F32OpLowering<math::Exp2Op>>(tc, /*benefit=*/3,
                                         ptx("ex2.approx.ftz.f32 $0, $1;"));
      // fp32 division as Triton does `/` on NVIDIA: div.full.f32 (2 ulp;
      // the IEEE-rounded division is tl.div_rn, tt.precise_divf).
      p.add<F32OpLowering<arith::DivFOp>>(tc, /*benefit=*/3,
                                          ptx("div.full.f32 $0, $1, $2;"));
      // tl.sqrt on fp32 as Triton does it on NVIDIA: sqrt.approx.ftz.f32
      // (the IEEE-rounded square root is tl.sqrt_rn, tt.precise_sqrt, and
      // libdevice.sqrt).
      p.add<F32OpLowering<math::SqrtOp>>(tc, /*benefit=*/4,
                                         ptx("sqrt.approx.ftz.f32 $0, $1;"));
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
    trident::nvidia::markTensorMapParameters(m, tensorMaps);
  }
};

} // namespace
