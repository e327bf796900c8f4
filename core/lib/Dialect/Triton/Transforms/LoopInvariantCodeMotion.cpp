//===- LoopInvariantCodeMotion.cpp - hoist invariant code and loads -------===//
//
// The `triton-licm` pass. Upstream LICM hoists pure operations; loads are not
// pure, so a loop-invariant `tt.load` is hoisted here, and only out of loops
// that write no memory. A loop may run zero times, and a load hoisted above
// such a loop must not touch memory the loop would never have read: the
// hoisted load is masked with `lb < ub`.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONLOOPINVARIANTCODEMOTION
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Whether anything nested in `loop` may write memory (or has effects we
/// cannot see).
bool mayWriteMemory(Operation *loop) {
  bool writes = false;
  loop->walk([&](Operation *op) {
    if (op == loop)
      return WalkResult::advance();
    auto memory = dyn_cast<MemoryEffectOpInterface>(op);
    if (!memory) {
      if (op->hasTrait<mlir::OpTrait::HasRecursiveMemoryEffects>())
        return WalkResult::advance();
      writes = true;
      return WalkResult::interrupt();
    }
    if (memory.hasEffect<MemoryEffects::Write>() ||
        memory.hasEffect<MemoryEffects::Free>()) {
      writes = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return writes;
}

/// Hoists the loop-invariant loads in the body of `forOp` above it; returns
/// whether it hoisted any.
bool hoistInvariantLoads(scf::ForOp forOp) {
  if (mayWriteMemory(forOp))
    return false;
  SmallVector<LoadOp> loads;
  for (Operation &op : forOp.getBody()->without_terminator())
    if (auto load = dyn_cast<LoadOp>(op))
      if (!load.getIsVolatile() &&
          llvm::all_of(load->getOperands(), [&](Value v) {
            return forOp.isDefinedOutsideOfLoop(v);
          }))
        loads.push_back(load);
  if (loads.empty())
    return false;

  OpBuilder builder(forOp);
  Location loc = forOp.getLoc();
  Value runs;
  bool hoisted = false;
  for (LoadOp load : loads) {
    // Block pointers take no mask: hoist them only out of loops known to run.
    if (isTensorPointerType(load.getPtr().getType())) {
      std::optional<int64_t> lb = getConstantIntValue(forOp.getLowerBound());
      std::optional<int64_t> ub = getConstantIntValue(forOp.getUpperBound());
      if (!lb || !ub || *lb >= *ub)
        continue;
      load->moveBefore(forOp);
      hoisted = true;
      continue;
    }
    if (!runs)
      runs = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                   forOp.getLowerBound(),
                                   forOp.getUpperBound());
    Value mask = runs;
    if (auto tensor = dyn_cast<RankedTensorType>(load.getType()))
      mask = SplatOp::create(builder, loc, getI1SameShape(tensor), runs);
    if (Value old = load.getMask())
      mask = arith::AndIOp::create(builder, loc, old, mask);
    load->moveBefore(forOp);
    load.getMaskMutable().assign(mask);
    hoisted = true;
  }
  return hoisted;
}

struct TritonLoopInvariantCodeMotionPass
    : public triton::impl::TritonLoopInvariantCodeMotionBase<
          TritonLoopInvariantCodeMotionPass> {
  void runOnOperation() override {
    // Innermost loops first, so that what leaves an inner loop can leave the
    // enclosing one too.
    getOperation()->walk([](LoopLikeOpInterface loop) {
      moveLoopInvariantCode(loop);
      // What used the hoisted loads may now be invariant too.
      if (auto forOp = dyn_cast<scf::ForOp>(loop.getOperation()))
        if (hoistInvariantLoads(forOp))
          moveLoopInvariantCode(loop);
    });
  }
};

} // namespace
