//===- LoopUnroll.cpp - tl.range(loop_unroll_factor=N) --------------------===//
//
// The `triton-loop-unroll` pass: the frontend writes `tt.loop_unroll_factor`
// on the `scf.for` of `tl.range(..., loop_unroll_factor=N)`; this unrolls
// it with MLIR's loopUnrollByFactor (a remainder loop where the trip count
// is not known to divide) and drops the attribute.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONLOOPUNROLL
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kUnroll = "tt.loop_unroll_factor";

struct LoopUnrollPass
    : public mlir::triton::impl::TritonLoopUnrollBase<LoopUnrollPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kUnroll))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      auto factor = loop->getAttrOfType<IntegerAttr>(kUnroll);
      loop->removeAttr(kUnroll);
      if (!factor || factor.getInt() <= 1)
        continue;
      if (failed(loopUnrollByFactor(loop, uint64_t(factor.getInt())))) {
        loop.emitError("tl.range(loop_unroll_factor=")
            << factor.getInt() << ") could not be applied to this loop";
        return signalPassFailure();
      }
    }
  }
};

} // namespace
