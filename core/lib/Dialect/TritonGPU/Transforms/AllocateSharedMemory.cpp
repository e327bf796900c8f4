//===- AllocateSharedMemory.cpp - the allocate-shared-memory pass ---------===//
//
// A thin pass over the allocation analysis (trident/Analysis/Allocation.h),
// which writes its result into the IR.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/Transforms/Passes.h"

#include "trident/Analysis/Allocation.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_ALLOCATESHAREDMEMORY
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

namespace {
struct AllocateSharedMemoryPass
    : public mlir::triton::gpu::impl::AllocateSharedMemoryBase<
          AllocateSharedMemoryPass> {
  void runOnOperation() override {
    if (mlir::failed(
            mlir::triton::gpu::verifyTritonGPUModule(getOperation())) ||
        mlir::failed(trident::allocateSharedMemory(getOperation())))
      signalPassFailure();
  }
};
} // namespace
