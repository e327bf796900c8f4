//===- Membar.cpp - barriers between conflicting shared-memory accesses ---===//

#include "trident/Analysis/Membar.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <set>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident {
namespace {

using Range = std::pair<uint64_t, uint64_t>;

/// The ranges read and written since the last barrier, and the ranges
/// asynchronous writes (AsyncWriteTrait) may still be landing in: a
/// barrier does not order those; a wait (MemWaitOpTrait) makes them
/// ordinary writes, which the next barrier orders. `generic`: the ranges
/// ordinary loads and stores touched since the last proxy fence (only a
/// fence clears them).
struct Pending {
  std::set<Range> reads, writes, inFlight, generic;
  bool operator==(const Pending &o) const {
    return reads == o.reads && writes == o.writes && inFlight == o.inFlight &&
           generic == o.generic;
  }
  void clear() { reads.clear(), writes.clear(); }
  void merge(const Pending &o) {
    reads.insert(o.reads.begin(), o.reads.end());
    writes.insert(o.writes.begin(), o.writes.end());
    inFlight.insert(o.inFlight.begin(), o.inFlight.end());
    generic.insert(o.generic.begin(), o.generic.end());
  }
  void landInFlight() {
    writes.insert(inFlight.begin(), inFlight.end());
    inFlight.clear();
  }
  static bool overlaps(const std::set<Range> &set, const SharedAccess &a) {
    for (const Range &r : set)
      if (a.begin < r.second && r.first < a.end)
        return true;
    return false;
  }
  static bool overlapsAny(const std::set<Range> &set,
                          ArrayRef<SharedAccess> accesses) {
    return llvm::any_of(accesses,
                        [&](const SharedAccess &a) { return overlaps(set, a); });
  }
  bool conflicts(ArrayRef<SharedAccess> accesses) const {
    for (const SharedAccess &a : accesses)
      if ((a.read && overlaps(writes, a)) ||
          (a.write && (overlaps(writes, a) || overlaps(reads, a))))
        return true;
    return false;
  }
  void add(ArrayRef<SharedAccess> accesses, bool async) {
    for (const SharedAccess &a : accesses) {
      if (a.read)
        reads.insert({a.begin, a.end});
      if (a.write)
        (async ? inFlight : writes).insert({a.begin, a.end});
    }
  }
};

class BarrierInserter {
public:
  explicit BarrierInserter(const AsyncProxy &proxy) : proxy(proxy) {}
  unsigned inserted = 0;

  Pending visitRegion(Region &region, Pending state) {
    if (region.empty())
      return state;
    if (region.hasOneBlock())
      return visitBlock(region.front(), state);
    // Unstructured control flow: every block but the entry may be reached
    // with anything pending.
    Pending all = everything();
    Pending out = visitBlock(region.front(), state);
    for (Block &b : llvm::drop_begin(region.getBlocks()))
      out.merge(visitBlock(b, all));
    return out;
  }

private:
  const AsyncProxy &proxy;

  static Pending everything() {
    Pending p;
    SharedAccess a;
    a.end = UINT64_MAX;
    a.read = a.write = true;
    p.add(a, /*async=*/false);
    p.generic.insert({0, UINT64_MAX});
    return p;
  }

  /// Before `op`, which accesses `viaProxy` through the asynchronous
  /// proxy: the target's fence and a barrier where ordinary accesses of
  /// those bytes came since the last fence. True when it inserted them.
  bool fenceBefore(Operation *op, ArrayRef<SharedAccess> viaProxy,
                   Pending &state) {
    if (viaProxy.empty() || !Pending::overlapsAny(state.generic, viaProxy))
      return false;
    OpBuilder b(op);
    proxy.createFence(b, op->getLoc());
    state.generic.clear();
    barrierBefore(op, state);
    return true;
  }

  void barrierBefore(Operation *op, Pending &state) {
    OpBuilder b(op);
    BarrierOp::create(b, op->getLoc(), BarrierOp::kLocal);
    ++inserted;
    state.clear();
  }

  /// A loop: its regions run in turn with the state before the loop or
  /// after a previous iteration, until that no longer grows. The loop may
  /// be left after any region (scf.while's condition) or not entered.
  Pending visitLoop(Operation *loop, const Pending &before) {
    Pending in = before, after = before;
    for (int iter = 0;; ++iter) {
      Pending out = in;
      for (Region &r : loop->getRegions()) {
        out = visitRegion(r, out);
        after.merge(out);
      }
      Pending next = before;
      next.merge(out);
      if (next == in)
        break;
      if (iter == 16) {
        // Not settled (cannot happen with finitely many ranges; be safe):
        // a barrier at the top of the body orders everything.
        for (Region &r : loop->getRegions())
          if (!r.empty() && !r.front().empty())
            barrierBefore(&r.front().front(), in);
        break;
      }
      in = next;
    }
    return after;
  }

  /// Any other op with regions (scf.execute_region, scf.index_switch, ...):
  /// its regions may run in any order, any number of times.
  Pending visitAnyOrder(Operation *op, const Pending &before) {
    Pending in = before;
    for (int iter = 0; iter < 16; ++iter) {
      Pending next = in;
      for (Region &r : op->getRegions())
        next.merge(visitRegion(r, in));
      if (next == in)
        return next;
      in = next;
    }
    return everything(); // not settled: assume the worst after it
  }

  static bool touchesShared(Operation *op) {
    bool found = false;
    op->walk([&](Operation *inner) {
      if (inner != op && (isa<BarrierOp>(inner) || !sharedAccesses(inner).empty()))
        found = true;
    });
    return found;
  }

  Pending visitBlock(Block &block, Pending state) {
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (isa<BarrierOp>(op)) {
        state.clear();
        continue;
      }
      if (proxy && proxy.isFence(&op)) {
        state.generic.clear();
        continue;
      }
      if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        Pending a = visitRegion(ifOp.getThenRegion(), state);
        Pending b = visitRegion(ifOp.getElseRegion(), state);
        a.merge(b);
        state = a;
        continue;
      }
      if (isa<scf::ForOp, scf::WhileOp>(op)) {
        state = visitLoop(&op, state);
        continue;
      }
      if (op.getNumRegions() && touchesShared(&op))
        state = visitAnyOrder(&op, state);
      if (op.hasTrait<MemWaitOpTrait>())
        state.landInFlight();
      SmallVector<SharedAccess> accesses = sharedAccesses(&op);
      if (accesses.empty())
        continue;
      SmallVector<SharedAccess> viaProxy;
      if (proxy)
        for (Value v : proxy.buffers(&op))
          viaProxy.push_back(bufferAccess(v));
      if (!fenceBefore(&op, viaProxy, state) && state.conflicts(accesses))
        barrierBefore(&op, state);
      bool asyncWrite = op.hasTrait<AsyncWriteTrait>();
      state.add(accesses, asyncWrite);
      // What the op touches with ordinary loads and stores: all but the
      // proxy's buffers, and nothing of the ops the proxy ignores.
      // Asynchronous copies' writes (cp.async) are left out, as Triton 3.6
      // leaves them out (its pipelined sm_90 matmul has no proxy fence
      // between cp.async and wgmma).
      if (proxy && !asyncWrite && !proxy.ignores(&op))
        for (const SharedAccess &a : accesses)
          if (llvm::none_of(viaProxy, [&](const SharedAccess &p) {
                return p.begin == a.begin && p.end == a.end;
              }))
            state.generic.insert({a.begin, a.end});
    }
    return state;
  }
};

} // namespace

unsigned insertSharedBarriers(ModuleOp module, const AsyncProxy &proxy) {
  BarrierInserter inserter(proxy);
  for (FuncOp f : module.getOps<FuncOp>())
    inserter.visitRegion(f.getBody(), Pending());
  return inserter.inserted;
}

} // namespace trident
