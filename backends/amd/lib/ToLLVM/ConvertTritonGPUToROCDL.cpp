//===- ConvertTritonGPUToROCDL.cpp - TTGIR to LLVM for AMD GPUs -----------===//

#include "trident/Backends/Amd/Passes.h"
#include "trident/Backends/Amd/TargetInfo.h"

#include "DotOpToMFMA.h"

#include "trident/Conversion/TritonGPUToLLVM/Lowering.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/MathToROCDL/MathToROCDL.h"
#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace trident::amd {
#define GEN_PASS_DEF_CONVERTTRITONGPUTOROCDL
#include "trident/Backends/Amd/Passes.h.inc"
} // namespace trident::amd

using namespace mlir;

namespace {

using trident::F32OpLowering;

/// fp32 exp as exp2 of x * log2(e), as Triton does on every GPU: the
/// hardware's v_exp_f32 (with LLVM's denormal scaling) instead of ocml's
/// more exact routine.
Value exp2OfScaled(RewriterBase &rw, Location loc, ValueRange operands) {
  Value scaled = LLVM::FMulOp::create(
      rw, loc, operands[0],
      LLVM::ConstantOp::create(rw, loc, rw.getF32Type(),
                               rw.getF32FloatAttr(1.4426950408889634f)));
  return LLVM::Exp2Op::create(rw, loc, rw.getF32Type(), scaled);
}

/// tl.sqrt on fp32 as Triton does it on AMD: v_sqrt_f32 (1 ulp, denormal
/// inputs flushed; tl.sqrt_rn, tt.precise_sqrt, is the IEEE one).
Value sqrtApprox(RewriterBase &rw, Location loc, ValueRange operands) {
  return LLVM::CallIntrinsicOp::create(rw, loc, rw.getF32Type(),
                                       rw.getStringAttr("llvm.amdgcn.sqrt"),
                                       operands)
      .getResult(0);
}

struct ConvertTritonGPUToROCDL
    : public trident::amd::impl::ConvertTritonGPUToROCDLBase<
          ConvertTritonGPUToROCDL> {
  using ConvertTritonGPUToROCDLBase::ConvertTritonGPUToROCDLBase;
  void runOnOperation() override {
    ModuleOp m = getOperation();
    FailureOr<amdgpu::Chipset> chipset = amdgpu::Chipset::parse(arch);
    if (failed(chipset)) {
      m.emitError("unknown AMD GPU '") << arch << "'";
      return signalPassFailure();
    }
    trident::amd::AmdTargetInfo target(arch, bufferOps);
    amdgpu::Chipset chip = *chipset;
    auto extra = [chip](trident::TritonGPUToLLVMTypeConverter &tc,
                        RewritePatternSet &p) {
      trident::amd::populateDotOpToMFMAPatterns(tc, p);
      p.add<F32OpLowering<math::ExpOp>>(tc, /*benefit=*/3, exp2OfScaled);
      p.add<F32OpLowering<math::SqrtOp>>(tc, /*benefit=*/4, sqrtApprox);
      // Float ops the AMDGPU backend has an instruction (or a short exact
      // sequence) for: the LLVM intrinsic, so that ocml is linked only for
      // what needs it.
      trident::populateDirectFloatOpPatterns(tc, p, /*benefit=*/3,
                                             /*withF16=*/true);
      p.add<trident::DirectFloatOp<math::Exp2Op, LLVM::Exp2Op>>(
          tc, /*benefit=*/3, /*withF16=*/true);
      // Everything else of math through ocml, before the generic
      // math-to-llvm intrinsics (added after, so tried later).
      populateMathToROCDLConversionPatterns(tc, p, chip);
    };
    if (failed(trident::lowerTritonGPUToLLVM(m, target, extra)))
      return signalPassFailure();
    if (wavesPerEu > 0) {
      MLIRContext *ctx = m.getContext();
      std::string waves = std::to_string(wavesPerEu);
      m.walk([&](LLVM::LLVMFuncOp f) {
        if (f.getCConv() != LLVM::cconv::CConv::AMDGPU_KERNEL)
          return;
        SmallVector<Attribute> attrs;
        if (ArrayAttr old = f.getPassthroughAttr())
          attrs.append(old.begin(), old.end());
        attrs.push_back(ArrayAttr::get(
            ctx, {StringAttr::get(ctx, "amdgpu-waves-per-eu"),
                  StringAttr::get(ctx, waves + "," + waves)}));
        f.setPassthroughAttr(ArrayAttr::get(ctx, attrs));
      });
    }
  }
};

} // namespace
