//===- InsertSharedBarriers.cpp - the insert-shared-barriers pass ---------===//
//
// A thin pass over the barrier analysis (trident/Analysis/Membar.h).
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/Transforms/Passes.h"

#include "trident/Analysis/Membar.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_INSERTSHAREDBARRIERS
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

namespace {
struct InsertSharedBarriersPass
    : public mlir::triton::gpu::impl::InsertSharedBarriersBase<
          InsertSharedBarriersPass> {
  void runOnOperation() override {
    trident::insertSharedBarriers(getOperation());
  }
};
} // namespace
