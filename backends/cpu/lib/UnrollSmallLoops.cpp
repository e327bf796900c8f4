//===- UnrollSmallLoops.cpp - small innermost loops unrolled in MLIR ------===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Cpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"

namespace trident::cpu {
#define GEN_PASS_DEF_CPUUNROLLSMALLLOOPS
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;

namespace {
constexpr uint64_t kMaxTrips = 16;
constexpr int64_t kMaxBodyOps = 32;

struct UnrollSmallLoops
    : public trident::cpu::impl::CpuUnrollSmallLoopsBase<UnrollSmallLoops> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      std::optional<APInt> trips = loop.getStaticTripCount();
      if (!trips || trips->getZExtValue() > kMaxTrips)
        return;
      int64_t ops = 0;
      bool innermost = true;
      loop.getBody()->walk([&](Operation *op) {
        ++ops;
        if (isa<LoopLikeOpInterface>(op))
          innermost = false;
      });
      if (innermost && ops <= kMaxBodyOps)
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      (void)loopUnrollFull(loop); // one that cannot be unrolled stays a loop
  }
};
} // namespace
