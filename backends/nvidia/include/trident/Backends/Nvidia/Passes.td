//===- Passes.td - the NVIDIA backend's passes -------------*- tablegen -*-===//
#ifndef TRIDENT_NVIDIA_PASSES
#define TRIDENT_NVIDIA_PASSES

include "mlir/Pass/PassBase.td"

def ConvertTritonGPUToNVVM
    : Pass<"nvidia-convert-tritongpu-to-llvm", "::mlir::ModuleOp"> {
  let summary = "TTGIR to the LLVM dialect with NVVM ops";
  let description = [{
    Runs core's shared TTGIR lowering over the NVIDIA TargetInfo (NVVM ids,
    shuffles and barriers, inline PTX for predicated global accesses), with
    NVIDIA's math: fp32 `math.exp` as `ex2.approx.f32` of `x * log2(e)` and
    `math.exp2` as `ex2.approx.f32` (as Triton does), every other math
    function as a call to libdevice's `__nv_*`, linked later; fp32 `/` as
    `div.full.f32` (Triton's division; tl.div_rn is the IEEE one). Expects the
    module after allocate-shared-memory and insert-shared-barriers: shared
    memory is where `allocation.offset` says, and `ttg.shared` (bytes)
    stays on the module.
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int", "90",
           "the SM version (80, 90, 100, ...)">,
    Option<"basedAccesses", "based-accesses", "bool", "false",
           "accesses at a scalar base plus bounded offsets through core's "
           "based-access path (AMD's buffer path's arithmetic, for testing)">
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

#endif // TRIDENT_NVIDIA_PASSES
