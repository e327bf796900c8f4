//===- Passes.h - generic TTGIR passes --------------------------*- C++ -*-===//
//
// The passes every GPU backend reuses: TTIR to TTGIR with coalesced
// layouts (convert-triton-to-tritongpu), then, before the lowering, a
// check of what the lowering assumes (verify-tritongpu), the
// shared-memory allocation (allocate-shared-memory) and the barriers it
// calls for (insert-shared-barriers); and the two pass pipelines built
// from them that every GPU backend's ttgir and llir stages run.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
#define TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H

#include "trident/Analysis/Membar.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/Transforms/DescriptorCopier.h"
#include "trident/Dialect/TritonGPU/Transforms/DotPlan.h"

#include "mlir/Pass/Pass.h"

namespace mlir::triton::gpu {

#define GEN_PASS_DECL
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"

/// What verify-tritongpu checks of layouts (Passes.td; not the kernels'
/// signatures): errors at the ops, failure when the lowering cannot take
/// the module faithfully. Allocation and the lowering call it too, so no
/// entry point reads a layout unchecked.
LogicalResult verifyTritonGPUModule(ModuleOp module);

/// insert-shared-barriers with the target's asynchronous proxy, whose
/// fences it inserts too (trident/Analysis/Membar.h).
std::unique_ptr<Pass> createInsertSharedBarriers(trident::AsyncProxy proxy);

/// convert-triton-to-tritongpu with the target's dot planner (without
/// one, as from trident-opt, every dot is core's FMA dot).
std::unique_ptr<Pass>
createConvertTritonToTritonGPU(const ConvertTritonToTritonGPUOptions &options,
                               DotPlanner planner);

/// tritongpu-schedule-loops and tritongpu-pipeline with the target's
/// copier of descriptor blocks (null: descriptors were rewritten to
/// pointers, or stay loads).
std::unique_ptr<Pass>
createTritonGPUScheduleLoops(const TritonGPUScheduleLoopsOptions &options,
                             DescriptorCopierRef copier);
std::unique_ptr<Pass>
createTritonGPUPipeline(const TritonGPUPipelineOptions &options,
                        DescriptorCopierRef copier);

/// A GPU backend's ttgir stage: rewrite-tensor-pointer,
/// rewrite-tensor-descriptor-to-pointer (which leaves the descriptors
/// `copier` takes, when it is given), convert-triton-to-tritongpu with
/// `options` (warps, lanes per warp, CTAs, target) and `planner`,
/// canonicalize, cse.
void buildTritonToTritonGPUPipeline(
    OpPassManager &pm, const ConvertTritonToTritonGPUOptions &options,
    DotPlanner planner = {}, DescriptorCopierRef copier = nullptr);

/// Software pipelining of the loops whose loads feed dots:
/// tritongpu-schedule-loops (`numStages` where a loop does not say,
/// `strategy` "async-copy" or "registers"), tritongpu-pipeline,
/// canonicalize, cse (a loop's own tl.range(num_stages=) wins over
/// `numStages`; stages whose buffers would pass `sharedLimit` bytes are
/// dropped). Descriptor loads run ahead as `copier`'s copies.
void buildPipelineLoopsPipeline(OpPassManager &pm, int numStages,
                                const std::string &strategy,
                                int64_t sharedLimit = 0,
                                DescriptorCopierRef copier = nullptr);

/// A GPU backend's llir stage around its own `lowering` pass (TTGIR to the
/// LLVM dialect): allocate-shared-memory, insert-shared-barriers (with the
/// target's asynchronous `proxy`, if it has one), `lowering`, canonicalize,
/// cse.
void buildTritonGPUToLLVMPipeline(OpPassManager &pm,
                                  std::unique_ptr<Pass> lowering,
                                  trident::AsyncProxy proxy = {});

} // namespace mlir::triton::gpu

#endif // TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
