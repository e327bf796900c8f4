//===- Pipelines.cpp - the ttgir and llir pass pipelines of GPU backends ---===//

#include "trident/Dialect/Triton/Transforms/Passes.h"
#include "trident/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::triton::gpu {

void buildTritonToTritonGPUPipeline(
    OpPassManager &pm, const ConvertTritonToTritonGPUOptions &options,
    DotPlanner planner, DescriptorCopierRef copier) {
  pm.addPass(createTritonRewriteTensorPointer());
  if (copier)
    pm.addPass(createTritonRewriteTensorDescriptorToPointer(
        [copier](TensorDescType t) { return copier->takes(t); }));
  else
    pm.addPass(createTritonRewriteTensorDescriptorToPointer());
  pm.addPass(createConvertTritonToTritonGPU(options, std::move(planner)));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void buildPipelineLoopsPipeline(OpPassManager &pm, int numStages,
                                const std::string &strategy,
                                int64_t sharedLimit,
                                DescriptorCopierRef copier) {
  TritonGPUScheduleLoopsOptions schedule;
  schedule.numStages = numStages;
  schedule.sharedLimit = sharedLimit;
  schedule.strategy = strategy;
  pm.addPass(createTritonGPUScheduleLoops(schedule, copier));
  TritonGPUPipelineOptions pipeline;
  pipeline.strategy = strategy;
  pm.addPass(createTritonGPUPipeline(pipeline, copier));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void buildTritonGPUToLLVMPipeline(OpPassManager &pm,
                                  std::unique_ptr<Pass> lowering,
                                  trident::AsyncProxy proxy) {
  pm.addPass(createVerifyTritonGPU());
  pm.addPass(createAllocateGlobalScratch());
  pm.addPass(createAllocateSharedMemory());
  pm.addPass(createInsertSharedBarriers(std::move(proxy)));
  pm.addPass(std::move(lowering));
  // Block merging on the lowered function costs seconds on large kernels
  // (half the canonicalizer's time on a 2^20-element one); LLVM merges
  // what is left.
  GreedyRewriteConfig config;
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  pm.addPass(createCanonicalizerPass(config));
  pm.addPass(createCSEPass());
}

} // namespace mlir::triton::gpu
