//===- AllocateGlobalScratch.cpp - the tritongpu-allocate-global-scratch pass -===//
//
// See the pass's description (Passes.td): one region per program, every
// ttg.global_scratch_alloc at its own aligned offset in it.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

#include <algorithm>

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_ALLOCATEGLOBALSCRATCH
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton::gpu;

namespace {
struct AllocateGlobalScratchPass
    : public mlir::triton::gpu::impl::AllocateGlobalScratchBase<
          AllocateGlobalScratchPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    Builder b(module.getContext());
    int64_t size = 0, alignment = 1;
    module.walk([&](GlobalScratchAllocOp op) {
      int64_t align = op.getAlignment();
      size = (size + align - 1) / align * align;
      op->setAttr(kGlobalScratchOffset, b.getI32IntegerAttr(int32_t(size)));
      size += op.getNbytes();
      alignment = std::max(alignment, align);
    });
    if (size == 0)
      return;
    size = (size + alignment - 1) / alignment * alignment;
    module->setAttr(kGlobalScratchSize, b.getI32IntegerAttr(int32_t(size)));
    module->setAttr(kGlobalScratchAlignment,
                    b.getI32IntegerAttr(int32_t(alignment)));
  }
};
} // namespace
