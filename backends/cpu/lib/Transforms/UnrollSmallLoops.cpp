//===- UnrollSmallLoops.cpp - small innermost loops unrolled in MLIR ------===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Cpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

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
  using CpuUnrollSmallLoopsBase::CpuUnrollSmallLoopsBase;
  void runOnOperation() override {
    // Below minLoops loops in a function, LLVM's loop passes cost less than
    // the larger IR unrolling makes for the conversions after it.
    size_t minimum = minLoops;
    getOperation().walk([minimum](FunctionOpInterface fn) {
      size_t loops = 0;
      SmallVector<scf::ForOp> small;
      fn.walk([&](scf::ForOp loop) {
        ++loops;
        if (loop->getParentOfType<LoopLikeOpInterface>())
          return; // a loop nest (a dot's) is LLVM's to unroll or vectorize
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
          small.push_back(loop);
      });
      if (loops < minimum)
        return;
      for (scf::ForOp loop : small)
        (void)loopUnrollFull(loop); // one that cannot be unrolled stays
    });
  }
};
} // namespace
