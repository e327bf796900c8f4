//===- Pipeline.cpp - the core TTIR pipeline ------------------------------===//

#include "trident/Compiler/Pipeline.h"

#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

void trident::buildCoreTTIRPipeline(mlir::OpPassManager &pm) {
  using namespace mlir;
  pm.addPass(createInlinerPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(triton::createTritonLoopUnroll());
  pm.addPass(triton::createTritonCombineOps());
  pm.addPass(triton::createTritonReorderBroadcast());
  pm.addPass(createCSEPass());
  pm.addPass(triton::createTritonLoopInvariantCodeMotion());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createCanonicalizerPass());
}

void trident::registerCorePipeline() {
  mlir::PassPipelineRegistration<>(
      "trident-core-pipeline",
      "The hardware-neutral TTIR pipeline every backend starts from: inline, "
      "canonicalize, triton-loop-unroll, triton-combine, triton-reorder-broadcast, cse, "
      "triton-licm, symbol-dce, canonicalize",
      [](mlir::OpPassManager &pm) { buildCoreTTIRPipeline(pm); });
}
