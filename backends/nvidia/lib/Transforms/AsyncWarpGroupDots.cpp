//===- AsyncWarpGroupDots.cpp - wgmma in flight across iterations ---------===//
//
// See the pass's description (Passes.td). The dot planner builds each
// ttng.warp_group_dot with a wait for none right after it, which is
// correct anywhere; here the pipelined K loop's dot keeps one group in
// flight, as Triton 3.6 does on sm_90: iteration i issues its wgmma, then
// waits until only it is pending, so iteration i - 1's has finished
// reading its buffers before the copies of this iteration refill them
// (the pipeliner gave such buffers one extra slot for that).
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Nvidia/Passes.h"

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace trident::nvidia {
#define GEN_PASS_DEF_NVIDIAASYNCWARPGROUPDOTS
#include "trident/Backends/Nvidia/Passes.h.inc"
} // namespace trident::nvidia

using namespace mlir;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace {

/// A buffer of a multi-buffered allocation made outside `loop`.
bool isLoopBuffer(Value v, scf::ForOp loop) {
  // Read transposed (tl.dot(a, b.T) of a descriptor's block): the view's
  // buffer.
  if (auto trans = v.getDefiningOp<MemDescTransOp>())
    v = trans.getSrc();
  auto index = v.getDefiningOp<MemDescIndexOp>();
  if (!index || index->getParentOp() != loop.getOperation())
    return false;
  Operation *alloc = index.getSrc().getDefiningOp();
  return alloc && isa<LocalAllocOp>(alloc) &&
         !loop->isAncestor(alloc);
}

/// A wait for every group after `loop`, which the uses of its result `j`
/// (an accumulator still in flight at the last iteration) then read.
void waitAfterLoop(scf::ForOp loop, unsigned j) {
  OpBuilder b(loop.getContext());
  b.setInsertionPointAfter(loop);
  Value out = loop.getResult(j);
  auto done = WarpGroupDotWaitOp::create(b, loop.getLoc(), ValueRange{out},
                                         /*pendings=*/0);
  out.replaceAllUsesExcept(done.getResult(0), done);
}

/// Makes `dot` asynchronous when the loop around it allows (see Passes.td).
void makeAsync(WarpGroupDotOp dot) {
  auto loop = dyn_cast<scf::ForOp>(dot->getParentOp());
  if (!loop || !dot->hasOneUse())
    return;
  auto wait = dyn_cast<WarpGroupDotWaitOp>(*dot->getUsers().begin());
  if (!wait || wait.getPendings() != 0 || wait.getInputs().size() != 1)
    return;
  auto acc = dyn_cast<BlockArgument>(dot.getC());
  if (!acc || acc.getOwner() != loop.getBody() || acc.getArgNumber() == 0 ||
      !acc.hasOneUse())
    return;
  unsigned j = acc.getArgNumber() - 1;
  Value result = wait.getResult(0);
  Operation *yield = loop.getBody()->getTerminator();
  if (!result.hasOneUse() || result.getUses().begin()->getOwner() != yield ||
      result.getUses().begin()->getOperandNumber() != j)
    return;
  if (!isLoopBuffer(dot.getA(), loop) || !isLoopBuffer(dot.getB(), loop))
    return;
  dot.setIsAsync(true);
  OpBuilder b(wait);
  auto inFlight = WarpGroupDotWaitOp::create(
      b, wait.getLoc(), ValueRange{dot.getD(), dot.getA(), dot.getB()},
      /*pendings=*/1);
  result.replaceAllUsesWith(inFlight.getResult(0));
  wait.erase();
  waitAfterLoop(loop, j);
}

/// The accumulator of a dot whose wait only feeds the loop's next
/// iteration (attention's P @ V: `acc` is rescaled at the top of the next
/// iteration, after that iteration's Q @ K^T has been waited for): the
/// dot is left in flight across the back edge and waited for by the
/// first wait of the next iteration, which precedes every use of the
/// carried accumulator, as Triton 3.6 does. Its B must be a buffer of the
/// pipeliner's (an extra slot covers the read until that wait), its A a
/// tensor or such a buffer.
void deferToNextWait(WarpGroupDotOp dot) {
  auto loop = dyn_cast<scf::ForOp>(dot->getParentOp());
  if (!loop || dot.getIsAsync() || !dot->hasOneUse())
    return;
  auto wait = dyn_cast<WarpGroupDotWaitOp>(*dot->getUsers().begin());
  if (!wait || wait.getPendings() != 0 || wait.getInputs().size() != 1)
    return;
  Value result = wait.getResult(0);
  Operation *yield = loop.getBody()->getTerminator();
  if (!result.hasOneUse() || result.getUses().begin()->getOwner() != yield)
    return;
  unsigned j = result.getUses().begin()->getOperandNumber();
  if (!isLoopBuffer(dot.getB(), loop) ||
      (isa<MemDescType>(dot.getA().getType()) &&
       !isLoopBuffer(dot.getA(), loop)))
    return;
  BlockArgument acc = loop.getRegionIterArg(j);
  // The first wait of the body, before the dot and before every use of
  // the carried accumulator.
  WarpGroupDotWaitOp first;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (&op == dot.getOperation())
      break;
    if (auto w = dyn_cast<WarpGroupDotWaitOp>(op); w && w.getPendings() == 0) {
      first = w;
      break;
    }
  }
  if (!first)
    return;
  for (OpOperand &use : acc.getUses()) {
    Operation *at = loop.getBody()->findAncestorOpInBlock(*use.getOwner());
    if (!at || !first->isBeforeInBlock(at))
      return;
  }
  dot.setIsAsync(true);
  result.replaceAllUsesWith(dot.getD());
  wait.erase();
  OpBuilder b(first);
  SmallVector<Value> inputs(first.getInputs());
  inputs.push_back(acc);
  auto merged =
      WarpGroupDotWaitOp::create(b, first.getLoc(), inputs, /*pendings=*/0);
  for (unsigned i = 0; i < first.getNumResults(); ++i)
    first.getResult(i).replaceAllUsesWith(merged.getResult(i));
  first.erase();
  acc.replaceUsesWithIf(merged.getResults().back(), [&](OpOperand &use) {
    return use.getOwner() != merged.getOperation();
  });
  waitAfterLoop(loop, j);
}

struct AsyncWarpGroupDots
    : public trident::nvidia::impl::NvidiaAsyncWarpGroupDotsBase<
          AsyncWarpGroupDots> {
  void runOnOperation() override {
    SmallVector<WarpGroupDotOp> dots;
    getOperation().walk([&](WarpGroupDotOp dot) { dots.push_back(dot); });
    for (WarpGroupDotOp dot : dots) {
      // Operands stored from registers: a fence between the stores and the
      // dot, once: before the dot, or after the store when that is outside
      // the dot's block (attention's Q, stored before the K loop).
      for (Value v : {Value(dot.getA()), Value(dot.getB())}) {
        auto alloc = v.getDefiningOp<LocalAllocOp>();
        if (!alloc || !alloc.getSrc())
          continue;
        bool sameBlock = alloc->getBlock() == dot->getBlock();
        Operation *neighbour =
            sameBlock ? dot->getPrevNode() : alloc->getNextNode();
        if (isa_and_nonnull<FenceAsyncSharedOp>(neighbour))
          continue;
        OpBuilder b(dot);
        if (!sameBlock)
          b.setInsertionPointAfter(alloc);
        FenceAsyncSharedOp::create(b, alloc.getLoc(), /*bCluster=*/false);
      }
      makeAsync(dot);
    }
    for (WarpGroupDotOp dot : dots)
      deferToNextWait(dot);
  }
};

} // namespace
