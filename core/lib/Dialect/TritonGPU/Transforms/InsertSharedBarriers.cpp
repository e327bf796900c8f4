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
  InsertSharedBarriersPass() = default;
  explicit InsertSharedBarriersPass(trident::AsyncProxy proxy)
      : proxy(std::move(proxy)) {}
  void runOnOperation() override {
    trident::insertSharedBarriers(getOperation(), proxy);
  }
  trident::AsyncProxy proxy;
};
} // namespace

std::unique_ptr<mlir::Pass>
mlir::triton::gpu::createInsertSharedBarriers(trident::AsyncProxy proxy) {
  return std::make_unique<InsertSharedBarriersPass>(std::move(proxy));
}
