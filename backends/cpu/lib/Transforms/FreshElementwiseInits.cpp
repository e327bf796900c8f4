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
    // In-place chains (acc = dot(a, b, acc), hundreds of times) put every
    // link in one alias set, which one-shot bufferization checks at every
    // write: a copy every kChain links keeps the sets bounded.
    constexpr int kChain = 32;
    llvm::DenseMap<Value, int> depth;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!op.hasPureTensorSemantics() || op->getNumResults() != 1 ||
          op.getNumDpsInits() != 1)
        return;
      OpOperand &init = *op.getDpsInitOperand(0);
      auto type = dyn_cast<RankedTensorType>(init.get().getType());
      if (!type || !type.hasStaticShape())
        return;
      int d = depth.lookup(init.get()) + 1;
      if (d > kChain && !isa<linalg::CopyOp>(op)) {
        OpBuilder b(op);
        Value empty = tensor::EmptyOp::create(b, op.getLoc(), type.getShape(),
                                              type.getElementType());
        auto copy = linalg::CopyOp::create(b, op.getLoc(), init.get(), empty);
        init.set(copy.getResult(0));
        d = 1;
      }
      depth[op->getResult(0)] = d;
    });
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
