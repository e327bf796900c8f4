//===- FreshElementwiseInits.cpp - a tensor.empty per shared init ---------===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Cpu/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"

namespace trident::cpu {
#define GEN_PASS_DEF_CPUFRESHELEMENTWISEINITS
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;

namespace {
struct FreshElementwiseInits
    : public trident::cpu::impl::CpuFreshElementwiseInitsBase<
          FreshElementwiseInits> {
  void runOnOperation() override {
    getOperation().walk([](linalg::GenericOp op) {
      if (op.getNumParallelLoops() != op.getNumLoops())
        return;
      for (OpOperand &init : op.getDpsInitsMutable()) {
        auto type = dyn_cast<RankedTensorType>(init.get().getType());
        if (!type || !type.hasStaticShape() || init.get().hasOneUse() ||
            !op.getMatchingBlockArgument(&init).use_empty())
          continue;
        OpBuilder b(op);
        init.set(tensor::EmptyOp::create(b, op.getLoc(), type.getShape(),
                                         type.getElementType()));
      }
    });
  }
};
} // namespace
