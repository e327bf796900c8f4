//===- Pipeline.cpp - software pipelining of loops that feed dots ---------===//
//
// Two passes, as Triton 3.6 splits the work, so that a schedule can be read
// and compared (and Triton's own scheduled TTGIR fed to the second):
//
// tritongpu-schedule-loops gives every op of an `scf.for` whose loads feed
// `tt.dot` operands a stage and a cluster (`loop.stage`, `loop.cluster`,
// Triton's attribute names; `tt.scheduled_max_stage` on the loop). The
// loads and everything their addresses are computed from run at stage 0,
// num_stages - 1 iterations ahead; the rest at the last stage. The
// cluster orders one iteration of the pipelined body: with asynchronous
// copies the reads of this iteration come first and the copies for a later
// one after them (so num_stages - 1 buffers suffice); with loads staged in
// registers the loads come first, so they are in flight while the dots of
// the current iteration run.
//
// tritongpu-pipeline carries a schedule out. With asynchronous copies, a
// load whose users (layout conversions to dot operands) run `d` stages
// later becomes a `ttg.async_copy_global_to_local` into one of the buffers
// of a `ttg.local_alloc` of `d` buffers (`ttg.memdesc_index` by iteration),
// one `ttg.async_commit_group` an iteration, and its conversions become
// `ttg.async_wait` + `ttg.local_load`. The buffers' `#ttg.swizzled_shared`
// is chosen by cost (Tools/SharedSwizzle.h): the fewest accesses times
// bank-conflict ways for the copy's writes and the dot operand's reads.
// Loads that cannot be copied asynchronously (a nonzero `other`, accesses
// narrower than 4 bytes) stay loads and are staged in registers. Then
// MLIR's loop pipeliner expands the loop: a prologue of the first
// iterations' early stages, and a kernel whose early stages are
// predicated off (their loads and copies masked) in the last iterations,
// so no access falls outside what the loop would touch, and trip counts
// that are unknown, zero or below the stage count are right.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/Transforms/Passes.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/Transforms/DescriptorCopier.h"
#include "trident/Tools/SharedSwizzle.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

#include "llvm/ADT/SetVector.h"

#include <functional>
#include <map>
#include <set>

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUSCHEDULELOOPS
#define GEN_PASS_DEF_TRITONGPUPIPELINE
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

constexpr llvm::StringLiteral kStage = "loop.stage";
constexpr llvm::StringLiteral kCluster = "loop.cluster";
constexpr llvm::StringLiteral kMaxStage = "tt.scheduled_max_stage";
constexpr llvm::StringLiteral kNumStages = "tt.num_stages";
/// Why a loop was pipelined as it was, for --remarks=layouts.
constexpr llvm::StringLiteral kPipelineRemark = "ttg.pipeline_remark";

bool isDotOperandConvert(Operation *op) {
  auto cvt = dyn_cast<ConvertLayoutOp>(op);
  if (!cvt)
    return false;
  auto type = cast<RankedTensorType>(cvt.getType());
  return isa_and_nonnull<DotOperandEncodingAttr>(type.getEncoding());
}

/// A buffer a matrix unit reads its operand from (wgmma's): a
/// ttg.local_alloc of a loaded tensor in shared memory. Pipelined, the
/// copies land in a buffer of its encoding, and the buffer replaces it.
bool isOperandBuffer(Operation *op) {
  auto alloc = dyn_cast<LocalAllocOp>(op);
  return alloc && alloc.getSrc() && inSharedMemory(alloc.getType());
}

/// A 2-D tt.trans whose every user is a buffer a matrix unit reads, in
/// one encoding (`tl.dot(a, b.T)` of a loaded b).
bool isTransposedOperand(Operation *op) {
  auto trans = dyn_cast<TransOp>(op);
  if (!trans || trans->use_empty() ||
      cast<RankedTensorType>(trans.getType()).getRank() != 2)
    return false;
  Attribute encoding;
  for (Operation *user : trans->getUsers()) {
    if (!isOperandBuffer(user))
      return false;
    Attribute e = cast<LocalAllocOp>(user).getType().getEncoding();
    if (encoding && e != encoding)
      return false;
    encoding = e;
  }
  return true;
}

/// A load of a tensor (through a tensor of pointers, or a descriptor's
/// block) whose every use turns it into a dot operand: a conversion to a
/// #ttg.dot_op (read from the buffer into registers) or a buffer in the
/// one shared encoding a matrix unit reads.
bool feedsDotsOnly(Operation *load) {
  if (!isa<LoadOp, DescriptorLoadOp>(load))
    return false;
  auto type = dyn_cast<RankedTensorType>(load->getResult(0).getType());
  if (!type || type.getRank() < 2)
    return false;
  if (auto l = dyn_cast<LoadOp>(load);
      l && !isa<RankedTensorType>(l.getPtr().getType()))
    return false;
  if (load->use_empty())
    return false;
  Attribute bufferEncoding;
  for (Operation *user : load->getUsers()) {
    if (isDotOperandConvert(user))
      continue;
    // A descriptor's block read transposed from its buffer (the copier's
    // encoding decides whether that can be).
    if (isa<DescriptorLoadOp>(load) && isTransposedOperand(user))
      continue;
    if (!isOperandBuffer(user))
      return false;
    Attribute enc = cast<LocalAllocOp>(user).getType().getEncoding();
    if (bufferEncoding && enc != bufferEncoding)
      return false;
    bufferEncoding = enc;
  }
  return true;
}

/// The shared encoding a matrix unit reads `load` in (its local_alloc
/// users'), or null when only conversions to registers read it.
Attribute operandBufferEncoding(Operation *load) {
  for (Operation *user : load->getUsers())
    if (isOperandBuffer(user))
      return cast<LocalAllocOp>(user).getType().getEncoding();
  return {};
}

/// Whether a matrix unit reads `load`'s buffer itself (asynchronously, so
/// a ring needs one more buffer), directly or transposed.
bool readByMatrixUnit(Operation *load) {
  return operandBufferEncoding(load) ||
         llvm::any_of(load->getUsers(), isTransposedOperand);
}

/// The elements one asynchronous copy of `load` may move (4, 8 or 16
/// bytes), or 0 when it cannot be one: its `other` is not 0 (copies fill
/// zeros) or its accesses are narrower than 4 bytes.
int32_t asyncCopyElements(LoadOp load, const AxisInfoAnalysis &axis) {
  if (Value other = load.getOther()) {
    Attribute value;
    if (!matchPattern(other, m_Constant(&value)))
      return 0;
    auto dense = dyn_cast<SplatElementsAttr>(value);
    if (!dense ||
        !(isa<FloatType>(dense.getElementType())
              ? dense.getSplatValue<APFloat>().isZero()
              : dense.getSplatValue<APInt>().isZero()))
      return 0;
  }
  auto type = cast<RankedTensorType>(load.getType());
  unsigned bits =
      std::max<unsigned>(memoryElementBits(type.getElementType()), 8);
  int64_t vec =
      axis.planVectorAccess(load.getPtr(), load.getMask(), bits).elements;
  while (vec > 1 && vec * bits > 128)
    vec /= 2;
  return vec * bits < 32 ? 0 : int32_t(vec);
}

/// The encoding of the buffers the target's copier writes `load`'s block
/// in, when it copies it and a matrix unit reading it takes that
/// encoding; null otherwise (the load is not run ahead).
Attribute descriptorCopyEncoding(DescriptorLoadOp load,
                                 const DescriptorCopier *copier) {
  if (!copier || !feedsDotsOnly(load))
    return {};
  auto descType = cast<TensorDescType>(load.getDesc().getType());
  if (!copier->takes(descType))
    return {};
  Attribute encoding = copier->bufferEncoding(descType);
  if (!encoding)
    return {};
  for (Operation *user : load->getUsers()) {
    if (isOperandBuffer(user) &&
        cast<LocalAllocOp>(user).getType().getEncoding() != encoding)
      return {};
    if (isTransposedOperand(user)) {
      auto trans = cast<TransOp>(user);
      Attribute read =
          cast<LocalAllocOp>(*trans->getUsers().begin()).getType().getEncoding();
      if (trans.getOrder() != ArrayRef<int32_t>{1, 0} ||
          read != copier->transposedEncoding(encoding))
        return {};
    }
  }
  return encoding;
}

/// The buffers a ring of copies running `distance` stages ahead needs:
/// one more when the copies for a later iteration come before this
/// iteration's reads in the body (the buffer read now is the one the copy
/// refills), and one more again when a matrix unit reads the buffer itself
/// asynchronously (until its wait, which comes after the next iteration's
/// reads: the previous iteration's buffer is still being read).
int ringSize(int distance, bool copiesFirst, bool unitReads) {
  return distance + (copiesFirst ? 1 : 0) + (unitReads ? 1 : 0);
}

void setSchedule(Operation *op, int stage, int cluster) {
  Builder b(op->getContext());
  op->setAttr(kStage, b.getI32IntegerAttr(stage));
  op->setAttr(kCluster, b.getI32IntegerAttr(cluster));
}

int attrOr(Operation *op, StringRef name, int fallback) {
  if (auto a = op->getAttrOfType<IntegerAttr>(name))
    return int(a.getInt());
  return fallback;
}

bool isPipelineStrategy(StringRef s) {
  return s == "async-copy" || s == "registers";
}

//===----------------------------------------------------------------------===//
// Scheduling
//===----------------------------------------------------------------------===//

/// Stages and clusters for `loop`'s body, or false (and nothing written)
/// when nothing in it can run ahead. With asynchronous copies, the stages
/// are as many as `sharedLimit` bytes of buffers allow (0: no limit).
bool scheduleLoop(scf::ForOp loop, int numStages, bool asyncCopies,
                  int64_t sharedLimit, const AxisInfoAnalysis &axis,
                  const DescriptorCopier *copier) {
  Block *body = loop.getBody();
  // With asynchronous copies, only loads that can be copies run ahead (as
  // Triton's): the others would hold a tile in registers per stage. A
  // descriptor's block runs ahead as the target's bulk copies.
  SmallVector<Operation *> loads;
  for (Operation &op : body->without_terminator()) {
    if (auto load = dyn_cast<LoadOp>(op);
        load && feedsDotsOnly(load) &&
        (!asyncCopies || asyncCopyElements(load, axis) > 0))
      loads.push_back(load);
    if (auto load = dyn_cast<DescriptorLoadOp>(op);
        load && asyncCopies && descriptorCopyEncoding(load, copier))
      loads.push_back(load);
  }
  if (loads.empty())
    return false;
  // Everything the loads' operands come from, inside the body, and what
  // computes the next iteration's values of the loop-carried ones they
  // read (a pointer advanced each iteration runs ahead with the load).
  llvm::SetVector<Operation *> early;
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  SmallVector<Operation *> work(loads.begin(), loads.end());
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    if (!early.insert(op))
      continue;
    for (Value v : op->getOperands()) {
      if (auto arg = dyn_cast<BlockArgument>(v);
          arg && arg.getOwner() == body && arg.getArgNumber() > 0) {
        v = yield.getOperand(arg.getArgNumber() - 1);
      }
      Operation *def = v.getDefiningOp();
      if (def && def->getBlock() == body)
        work.push_back(def);
    }
  }
  // They must be free to run early: loads, or ops without effects or
  // regions (an address from a dot's result, a store, a nested loop: no).
  for (Operation *op : early) {
    if (isa<LoadOp>(op) && op->getNumRegions() == 0)
      continue;
    if (isa<DescriptorLoadOp>(op) && llvm::is_contained(loads, op))
      continue;
    if (op->getNumRegions() != 0 || !isMemoryEffectFree(op))
      return false;
  }
  // Each stage past the first holds a buffer of every copied tile; a
  // tile a matrix unit reads from its buffer (asynchronously, until the
  // vendor's wait) holds one more.
  if (asyncCopies && sharedLimit > 0) {
    int64_t perStage = 0, fixed = 0;
    for (Operation *load : loads) {
      auto t = cast<RankedTensorType>(load->getResult(0).getType());
      int64_t bytes = t.getNumElements() *
                      int64_t(std::max<unsigned>(
                                  memoryElementBits(t.getElementType()), 8) /
                              8);
      perStage += bytes;
      if (readByMatrixUnit(load))
        fixed += bytes;
    }
    // Buffers the function holds besides the copies' (operands a matrix
    // unit reads from shared memory, stored from registers: attention's Q)
    // take from the same budget; those of loaded tiles are pipeline
    // buffers, this loop's (counted above) or another loop's (not live
    // with these).
    auto func = loop->getParentOfType<FunctionOpInterface>();
    if (func)
      func->walk([&](LocalAllocOp alloc) {
        Value src = alloc.getSrc();
        Operation *load = src ? src.getDefiningOp() : nullptr;
        if (load && feedsDotsOnly(load))
          return;
        if (inSharedMemory(alloc.getType()))
          fixed += int64_t(trident::bufferBytes(alloc.getType()));
      });
    int fit = perStage > 0 && sharedLimit > fixed
                  ? int(1 + (sharedLimit - fixed) / perStage)
                  : (perStage > 0 ? 1 : numStages);
    if (fit < numStages) {
      loop->setAttr(kPipelineRemark,
                    StringAttr::get(loop.getContext(),
                                    "num_stages " + std::to_string(numStages) +
                                        " lowered to " + std::to_string(fit) +
                                        ": its buffers would need " +
                                        std::to_string(perStage *
                                                           (numStages - 1) +
                                                       fixed) +
                                        " bytes of shared memory, more than "
                                        "the " +
                                        std::to_string(sharedLimit) +
                                        " there are"));
      numStages = fit;
    }
    if (numStages < 2)
      return false;
  }
  const int last = numStages - 1;
  // Asynchronous copies: this iteration's reads (cluster 0), then the
  // copies for a later iteration (cluster 1). Registers: the loads for a
  // later iteration first (cluster 0), in flight during the dots.
  const int earlyCluster = asyncCopies ? 1 : 0;
  const int lateCluster = asyncCopies ? 0 : 1;
  for (Operation &op : body->without_terminator()) {
    if (early.contains(&op))
      setSchedule(&op, 0, earlyCluster);
    else
      setSchedule(&op, last, lateCluster);
  }
  loop->setAttr(kMaxStage,
                Builder(loop.getContext()).getI32IntegerAttr(last));
  return true;
}

struct ScheduleLoopsPass
    : public mlir::triton::gpu::impl::TritonGPUScheduleLoopsBase<
          ScheduleLoopsPass> {
  using TritonGPUScheduleLoopsBase::TritonGPUScheduleLoopsBase;
  DescriptorCopierRef copier;
  void runOnOperation() override {
    if (!isPipelineStrategy(strategy)) {
      getOperation().emitError("tritongpu-schedule-loops: strategy '")
          << strategy << "' is none of async-copy, registers";
      return signalPassFailure();
    }
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      // Innermost loops only, not yet scheduled.
      bool inner = true;
      loop.getBody()->walk([&](scf::ForOp) { inner = false; });
      if (inner && !loop->hasAttr(kMaxStage))
        loops.push_back(loop);
    });
    // Loop-invariant code out of the loops that feed dots first, so that
    // it is neither carried from stage to stage nor recomputed (and the
    // facts below are about the loops as scheduled).
    for (scf::ForOp loop : loops) {
      bool feedsDots = false;
      for (Operation &op : loop.getBody()->without_terminator())
        feedsDots |= feedsDotsOnly(&op);
      if (feedsDots)
        moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
    }
    AxisInfoAnalysis axis(getOperation());
    for (scf::ForOp loop : loops) {
      int stages = attrOr(loop, kNumStages, numStages);
      // Staged in registers, a tile per stage would stay live: Triton's
      // AMD default (2) is the depth that pays.
      if (strategy == "registers")
        stages = std::min(stages, 2);
      if (stages < 2)
        continue;
      scheduleLoop(loop, stages, strategy == "async-copy", sharedLimit, axis,
                   copier.get());
    }
  }
};

//===----------------------------------------------------------------------===//
// Asynchronous copies into multi-buffered shared memory
//===----------------------------------------------------------------------===//

/// The dimension along which `layout` keeps consecutive elements in a
/// thread's registers (the load's contiguous dimension), then the others
/// from the last.
SmallVector<unsigned> registerOrder(const trident::LinearLayout &layout,
                                    unsigned rank) {
  unsigned minor = rank - 1;
  if (layout.hasInDim("register") && layout.inDimSizeLog2("register") > 0) {
    auto basis = layout.basis("register", 0);
    for (unsigned d = 0; d < rank; ++d)
      if (basis[d] != 0) {
        minor = d;
        break;
      }
  }
  SmallVector<unsigned> order = {minor};
  for (int d = int(rank) - 1; d >= 0; --d)
    if (unsigned(d) != minor)
      order.push_back(unsigned(d));
  return order;
}

/// The swizzled_shared encoding of a buffer that `load`'s layout writes
/// (vectors of at least `minVec` elements) and `reads`' layouts read, with
/// the fewest accesses times bank-conflict ways on both sides; null if
/// none keeps the write's vectors.
SwizzledSharedEncodingAttr chooseBufferEncoding(RankedTensorType load,
                                                ArrayRef<RankedTensorType> reads,
                                                int32_t minVec) {
  ArrayRef<int64_t> shape = load.getShape();
  unsigned rank = shape.size();
  int32_t elemBytes =
      int32_t(std::max<unsigned>(memoryElementBits(load.getElementType()), 8) /
              8);
  trident::LinearLayout writer = toLinearLayout(load);
  SmallVector<trident::LinearLayout> readers;
  for (RankedTensorType t : reads)
    readers.push_back(toLinearLayout(t));
  SmallVector<unsigned> order = registerOrder(writer, rank);
  int64_t cols = shape[order[0]];
  int64_t rows = rank > 1 ? shape[order[1]] : 1;
  SwizzledSharedEncodingAttr best;
  int64_t bestCost = 0;
  MLIRContext *ctx = load.getContext();
  for (int64_t vec = 1; vec <= cols; vec *= 2)
    for (int64_t perPhase = 1; perPhase <= std::max<int64_t>(rows, 1);
         perPhase *= 2)
      for (int64_t maxPhase = 1; maxPhase * vec <= cols; maxPhase *= 2) {
        if (maxPhase == 1 && (vec != 1 || perPhase != 1))
          continue; // no swizzle: one spelling of it
        auto enc = SwizzledSharedEncodingAttr::get(
            ctx, unsigned(vec), unsigned(perPhase), unsigned(maxPhase),
            order);
        trident::LinearLayout memory = enc.toLinearLayout(shape);
        trident::LinearLayout toOffset;
        std::string why;
        if (!writer.invertAndCompose(memory, toOffset, why) ||
            trident::sharedVectorWidth(toOffset, elemBytes) < minVec)
          continue;
        int64_t cost = trident::sharedAccessCost(writer, memory, elemBytes);
        for (const trident::LinearLayout &r : readers)
          cost += trident::sharedAccessCost(r, memory, elemBytes);
        if (!best || cost < bestCost) {
          best = enc;
          bestCost = cost;
        }
      }
  return best;
}

/// What one load becomes.
struct AsyncLoad {
  LoadOp load;
  Attribute encoding; // the buffers' shared encoding
  int32_t vec = 1;
  int distance = 1;   // stages between the copy and its reads
  int numBuffers = 1; // the buffers the copies cycle through
  /// The copies for a later iteration come before this iteration's reads
  /// in the body (so one more group is committed after the one waited for).
  bool copiesFirst = false;
};

/// The widest copy (in elements, at most `vec`) that `load`'s layout can
/// make into a buffer of `encoding`, or 0 below 4 bytes.
int32_t copyWidthInto(RankedTensorType load, Attribute encoding, int32_t vec) {
  auto memType = MemDescType::get(load.getContext(), load.getShape(),
                                  load.getElementType(), encoding,
                                  SharedMemorySpaceAttr::get(load.getContext()),
                                  /*mutable=*/true, {});
  trident::LinearLayout toOffset;
  std::string why;
  if (!toLinearLayout(load).invertAndCompose(toLinearLayout(memType), toOffset,
                                             why))
    return 0;
  int32_t elemBytes = int32_t(
      std::max<unsigned>(memoryElementBits(load.getElementType()), 8) / 8);
  int32_t width = std::min<int32_t>(
      vec, int32_t(trident::sharedVectorWidth(toOffset, elemBytes)));
  return width * elemBytes < 4 ? 0 : width;
}

/// The buffer indices of a loop's copies and reads: one i32 counter per
/// buffer count and stage, carried by the loop (0, 1, .., n-1, 0, ..),
/// stepped at the end of the body in its stage. The iteration's index
/// would be `(iv - lb) / step % n`; carried, it costs an add and a select
/// where the remainder costs a division (ten instructions an iteration for
/// n = 3), as Triton's insert and extract indices do. A counter may carry
/// its phase too: the parity of the passes over the buffers so far (0 on
/// the first, flipped each time the counter wraps), which a wait on a
/// completion signal of the buffer compares with.
class BufferCounters {
public:
  /// Asks for the counter of `n` buffers read or written in `stage`,
  /// `cluster` (the earliest of its users'), with its phase if `phase`.
  void need(int n, int stage, int cluster, bool phase = false) {
    auto [it, inserted] = clusters_.try_emplace({n, stage}, cluster);
    if (!inserted)
      it->second = std::min(it->second, cluster);
    if (phase)
      phased_.insert({n, stage});
  }
  /// Adds the counters to `loop` (replaced by a loop with more iteration
  /// arguments, its attributes kept).
  void create(scf::ForOp &loop) {
    if (clusters_.empty())
      return;
    SmallVector<std::pair<int, int>> keys;
    for (auto &[key, cluster] : clusters_)
      keys.push_back(key);
    llvm::sort(keys);
    SmallVector<std::pair<int, int>> phased;
    for (auto &key : keys)
      if (phased_.count(key))
        phased.push_back(key);
    OpBuilder outside(loop);
    Value zero = arith::ConstantOp::create(outside, loop.getLoc(),
                                          outside.getI32IntegerAttr(0));
    SmallVector<Value> inits(keys.size() + phased.size(), zero);
    SmallVector<NamedAttribute> attrs(loop->getDiscardableAttrs());
    IRRewriter rw(loop.getContext());
    FailureOr<LoopLikeOpInterface> grown = loop.replaceWithAdditionalYields(
        rw, inits, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &b, Location loc, ArrayRef<BlockArgument> args) {
          SmallVector<Value> next, nextPhases;
          size_t p = keys.size();
          for (auto [key, arg] : llvm::zip(keys, args.take_front(keys.size()))) {
            auto [n, stage] = key;
            int cluster = clusters_[key];
            Value one = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(1));
            Value count =
                arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(n));
            auto plus = arith::AddIOp::create(b, loc, arg, one);
            auto wrap = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                              plus, count);
            auto sel = arith::SelectOp::create(b, loc, wrap, zero, plus);
            SmallVector<Operation *> ops = {one.getDefiningOp(),
                                            count.getDefiningOp(),
                                            plus.getOperation(),
                                            wrap.getOperation(),
                                            sel.getOperation()};
            next.push_back(sel);
            counters_[key] = arg;
            if (phased_.count(key)) {
              BlockArgument phase = args[p++];
              auto flip = arith::XOrIOp::create(b, loc, phase, one);
              auto nextPhase =
                  arith::SelectOp::create(b, loc, wrap, flip, phase);
              ops.push_back(flip);
              ops.push_back(nextPhase);
              nextPhases.push_back(nextPhase);
              phases_[key] = phase;
            }
            for (Operation *op : ops)
              setSchedule(op, stage, cluster);
          }
          next.append(nextPhases.begin(), nextPhases.end());
          return next;
        });
    loop = cast<scf::ForOp>(grown->getOperation());
    for (NamedAttribute a : attrs)
      loop->setAttr(a.getName(), a.getValue());
  }
  Value index(int n, int stage) const { return counters_.lookup({n, stage}); }
  Value phase(int n, int stage) const { return phases_.lookup({n, stage}); }

private:
  std::map<std::pair<int, int>, int> clusters_;
  std::set<std::pair<int, int>> phased_;
  llvm::DenseMap<std::pair<int, int>, Value> counters_, phases_;
};

/// Turns the loads of `loop` that `plan` lists into asynchronous copies.
/// Returns the buffers it allocated.
SmallVector<Value> lowerToAsyncCopies(scf::ForOp &loop,
                                      MutableArrayRef<AsyncLoad> plan) {
  // The counters first: adding them replaces the loop.
  BufferCounters counters;
  for (AsyncLoad &p : plan) {
    counters.need(p.numBuffers, attrOr(p.load, kStage, 0),
                  attrOr(p.load, kCluster, 0));
    for (Operation *user : p.load->getUsers())
      counters.need(p.numBuffers, attrOr(user, kStage, 0),
                    attrOr(user, kCluster, 0));
  }
  counters.create(loop);
  MLIRContext *ctx = loop.getContext();
  Location loc = loop.getLoc();
  OpBuilder outside(loop);
  Attribute smem = SharedMemorySpaceAttr::get(ctx);
  Type tokenType = AsyncTokenType::get(ctx);
  // Loads of one stage commit as one group, after the last of them.
  llvm::DenseMap<int, SmallVector<Value>> tokensOfStage;
  llvm::DenseMap<int, Operation *> lastCopyOfStage;
  struct Made {
    AsyncLoad *plan;
    Value buffers;
    int stage, cluster;
  };
  SmallVector<Made> made;
  for (AsyncLoad &p : plan) {
    LoadOp load = p.load;
    auto type = cast<RankedTensorType>(load.getType());
    SmallVector<int64_t> shape = {p.numBuffers};
    shape.append(type.getShape().begin(), type.getShape().end());
    auto bufType = MemDescType::get(ctx, shape, type.getElementType(),
                                    p.encoding, smem, /*mutable=*/true, {});
    Value buffers = LocalAllocOp::create(outside, load.getLoc(), bufType,
                                         Value())
                        .getResult();
    int stage = attrOr(load, kStage, 0), cluster = attrOr(load, kCluster, 0);
    OpBuilder b(load);
    SmallVector<Operation *> ops;
    Value index = counters.index(p.numBuffers, stage);
    auto viewType = MemDescType::get(ctx, type.getShape(),
                                     type.getElementType(), p.encoding, smem,
                                     /*mutable=*/true, {});
    auto view = MemDescIndexOp::create(b, load.getLoc(), viewType, buffers,
                                       index);
    ops.push_back(view);
    auto copy = AsyncCopyGlobalToLocalOp::create(
        b, load.getLoc(), tokenType, load.getPtr(), view.getResult(), load.getMask(),
        load.getOther(), load.getCache(), load.getEvict(),
        load.getIsVolatile(), p.vec);
    ops.push_back(copy);
    for (Operation *op : ops)
      setSchedule(op, stage, cluster);
    tokensOfStage[stage].push_back(copy.getToken());
    Operation *&lastCopy = lastCopyOfStage[stage];
    if (!lastCopy || lastCopy->isBeforeInBlock(copy))
      lastCopy = copy;
    made.push_back({&p, buffers, stage, cluster});
  }
  llvm::DenseMap<int, Value> commitOfStage;
  for (auto &[stage, tokens] : tokensOfStage) {
    Operation *lastCopy = lastCopyOfStage[stage];
    OpBuilder b(lastCopy->getContext());
    b.setInsertionPointAfter(lastCopy);
    auto commit = AsyncCommitGroupOp::create(b, loc, tokenType, tokens);
    setSchedule(commit, stage, attrOr(lastCopy, kCluster, 0));
    commitOfStage[stage] = commit.getResult();
  }
  // The reads: one wait per stage of copies, before the first read. A
  // conversion to a dot operand becomes a local_load of this iteration's
  // buffer; a matrix unit's buffer (local_alloc) becomes the buffer.
  llvm::DenseMap<int, Value> waitOfStage;
  SmallVector<std::pair<Operation *, const Made *>> reads;
  for (const Made &m : made)
    for (Operation *user : m.plan->load->getUsers())
      reads.push_back({user, &m});
  llvm::sort(reads, [](auto &x, auto &y) {
    return x.first->isBeforeInBlock(y.first);
  });
  for (auto &[user, m] : reads) {
    int stage = attrOr(user, kStage, 0), cluster = attrOr(user, kCluster, 0);
    Location at = user->getLoc();
    OpBuilder b(user);
    Value &wait = waitOfStage[m->stage];
    if (!wait) {
      // Groups committed after this iteration's: those of the iterations
      // in flight behind it, and this one's own copies for a later
      // iteration when they come first in the body.
      int pending = m->plan->distance - 1 + (m->plan->copiesFirst ? 1 : 0);
      auto w = AsyncWaitOp::create(b, at, tokenType,
                                   ValueRange{commitOfStage[m->stage]},
                                   pending);
      setSchedule(w, stage, cluster);
      wait = w.getResult();
    }
    SmallVector<Operation *> ops;
    Value index = counters.index(m->plan->numBuffers, stage);
    auto type = cast<RankedTensorType>(m->plan->load.getType());
    auto viewType = MemDescType::get(ctx, type.getShape(),
                                     type.getElementType(), m->plan->encoding,
                                     smem, /*mutable=*/true, {});
    auto view = MemDescIndexOp::create(b, at, viewType, m->buffers, index);
    ops.push_back(view);
    Value replacement = view.getResult();
    if (!isOperandBuffer(user)) {
      auto read = LocalLoadOp::create(b, at, user->getResult(0).getType(),
                                      view.getResult(), wait);
      ops.push_back(read);
      replacement = read.getResult();
    }
    for (Operation *op : ops)
      setSchedule(op, stage, cluster);
    user->getResult(0).replaceAllUsesWith(replacement);
    user->erase();
  }
  for (AsyncLoad &p : plan)
    p.load.erase();
  SmallVector<Value> buffers;
  for (const Made &m : made)
    buffers.push_back(m.buffers);
  return buffers;
}

//===----------------------------------------------------------------------===//
// A target's bulk copies of descriptor blocks (DescriptorCopier.h)
//===----------------------------------------------------------------------===//

/// What one descriptor load becomes.
struct DescriptorCopy {
  DescriptorLoadOp load;
  Attribute encoding; // the copier's, for the descriptor's block
  int distance = 1;
  int numBuffers = 1;
};

/// What to do after a loop once it is expanded (free buffers, signals).
using AfterLoop = std::function<void(OpBuilder &, Location)>;

/// Turns the descriptor loads of `loop` that `plan` lists into the
/// copier's copies: the loads of one stage and buffer count share a ring
/// of buffers' signals and are issued together where the last of them
/// was; their reads wait for the slot's phase first.
void lowerToDescriptorCopies(scf::ForOp &loop,
                             MutableArrayRef<DescriptorCopy> plan,
                             const DescriptorCopier &copier,
                             SmallVectorImpl<AfterLoop> &after) {
  BufferCounters counters;
  for (DescriptorCopy &p : plan) {
    counters.need(p.numBuffers, attrOr(p.load, kStage, 0),
                  attrOr(p.load, kCluster, 0));
    for (Operation *user : p.load->getUsers())
      counters.need(p.numBuffers, attrOr(user, kStage, 0),
                    attrOr(user, kCluster, 0), /*phase=*/true);
  }
  counters.create(loop);
  MLIRContext *ctx = loop.getContext();
  Attribute smem = SharedMemorySpaceAttr::get(ctx);
  OpBuilder outside(loop);
  std::map<std::pair<int, int>, SmallVector<DescriptorCopy *>> groups;
  for (DescriptorCopy &p : plan)
    groups[{attrOr(p.load, kStage, 0), p.numBuffers}].push_back(&p);
  struct Group {
    Value signals;
    int numBuffers;
  };
  llvm::DenseMap<Operation *, Group> groupOf;   // by load
  llvm::DenseMap<Operation *, Value> buffersOf; // by load
  for (auto &[key, copies] : groups) {
    auto [stage, n] = key;
    Value signals = copier.createSignals(outside, loop.getLoc(), n);
    DescriptorLoadOp last = copies.front()->load;
    SmallVector<Value> allBuffers;
    for (DescriptorCopy *p : copies) {
      auto type = cast<RankedTensorType>(p->load.getType());
      SmallVector<int64_t> shape = {n};
      shape.append(type.getShape().begin(), type.getShape().end());
      auto bufType = MemDescType::get(ctx, shape, type.getElementType(),
                                      p->encoding, smem, /*mutable=*/true, {});
      Value buffers =
          LocalAllocOp::create(outside, p->load.getLoc(), bufType, Value())
              .getResult();
      buffersOf[p->load] = buffers;
      groupOf[p->load] = {signals, n};
      allBuffers.push_back(buffers);
      if (last->isBeforeInBlock(p->load))
        last = p->load;
    }
    int cluster = attrOr(last, kCluster, 0);
    OpBuilder b(last);
    Location loc = last.getLoc();
    Value index = counters.index(n, stage);
    SmallVector<Operation *> ops;
    SmallVector<DescriptorLoadOp> loads;
    SmallVector<Value> views;
    for (DescriptorCopy *p : copies) {
      auto type = cast<RankedTensorType>(p->load.getType());
      auto viewType = MemDescType::get(ctx, type.getShape(),
                                       type.getElementType(), p->encoding,
                                       smem, /*mutable=*/true, {});
      auto view = MemDescIndexOp::create(b, loc, viewType,
                                         buffersOf[p->load], index);
      ops.push_back(view);
      loads.push_back(p->load);
      views.push_back(view.getResult());
    }
    auto pred = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    ops.push_back(pred);
    llvm::append_range(ops, copier.issue(b, loc, signals, index, loads, views,
                                         pred.getResult()));
    for (Operation *op : ops)
      setSchedule(op, stage, cluster);
    after.push_back([&copier, signals, n, allBuffers](OpBuilder &ab,
                                                      Location at) {
      copier.destroySignals(ab, at, signals, n);
      for (Value buffer : allBuffers)
        LocalDeallocOp::create(ab, at, buffer);
    });
  }
  // The reads, in body order: a wait for the slot before the first read
  // of each signal ring in each stage, then the buffer itself (a matrix
  // unit's operand) or a local_load of it.
  SmallVector<std::pair<Operation *, DescriptorLoadOp>> reads;
  for (DescriptorCopy &p : plan)
    for (Operation *user : p.load->getUsers())
      reads.push_back({user, p.load});
  llvm::sort(reads, [](auto &x, auto &y) {
    return x.first->isBeforeInBlock(y.first);
  });
  std::set<std::pair<Operation *, int>> waited; // (signals, stage)
  for (auto &[user, load] : reads) {
    int stage = attrOr(user, kStage, 0), cluster = attrOr(user, kCluster, 0);
    Location at = user->getLoc();
    OpBuilder b(user);
    const Group &g = groupOf[load];
    Value index = counters.index(g.numBuffers, stage);
    SmallVector<Operation *> ops;
    if (waited.insert({g.signals.getDefiningOp(), stage}).second)
      llvm::append_range(ops, copier.wait(b, at, g.signals, index,
                                          counters.phase(g.numBuffers, stage)));
    auto type = cast<RankedTensorType>(load.getType());
    Attribute encoding =
        cast<MemDescType>(buffersOf[load].getType()).getEncoding();
    auto viewType = MemDescType::get(ctx, type.getShape(),
                                     type.getElementType(), encoding, smem,
                                     /*mutable=*/true, {});
    auto view = MemDescIndexOp::create(b, at, viewType, buffersOf[load], index);
    ops.push_back(view);
    if (isTransposedOperand(user)) {
      // The matrix unit's buffers of the transposed block become views of
      // this one.
      auto trans = cast<TransOp>(user);
      for (Operation *alloc : llvm::make_early_inc_range(trans->getUsers())) {
        auto allocType = cast<LocalAllocOp>(alloc).getType();
        auto readType = MemDescType::get(
            ctx, allocType.getShape(), allocType.getElementType(),
            allocType.getEncoding(), smem, /*mutable=*/true, {});
        OpBuilder ab(alloc);
        auto t = MemDescTransOp::create(ab, alloc->getLoc(), readType,
                                        view.getResult(), trans.getOrder());
        setSchedule(t, attrOr(alloc, kStage, stage),
                    attrOr(alloc, kCluster, cluster));
        alloc->getResult(0).replaceAllUsesWith(t.getResult());
        alloc->erase();
      }
      for (Operation *op : ops)
        setSchedule(op, stage, cluster);
      trans->erase();
      continue;
    }
    Value replacement = view.getResult();
    if (!isOperandBuffer(user)) {
      auto read = LocalLoadOp::create(b, at, user->getResult(0).getType(),
                                      view.getResult(), Value());
      ops.push_back(read);
      replacement = read.getResult();
    }
    for (Operation *op : ops)
      setSchedule(op, stage, cluster);
    user->getResult(0).replaceAllUsesWith(replacement);
    user->erase();
  }
  for (DescriptorCopy &p : plan)
    p.load.erase();
}

//===----------------------------------------------------------------------===//
// Expansion
//===----------------------------------------------------------------------===//

/// A load through a tensor of pointers or one pointer (not a block
/// pointer: rewrite-tensor-pointer ran before).
bool maskableLoad(LoadOp load) {
  Type t = load.getPtr().getType();
  if (isa<RankedTensorType>(t))
    return true;
  auto p = dyn_cast<PointerType>(t);
  return p && !isa<RankedTensorType>(p.getPointeeType());
}

/// `mask && pred` (a splat of the i1 `pred` over `ptr`'s shape).
Value andPredicate(RewriterBase &rw, Location loc, Value ptr, Value mask,
                   Value pred) {
  auto ptrType = dyn_cast<RankedTensorType>(ptr.getType());
  if (!ptrType)
    return mask ? arith::AndIOp::create(rw, loc, mask, pred).getResult()
                : pred;
  auto maskType = RankedTensorType::get(ptrType.getShape(), rw.getI1Type(),
                                        ptrType.getEncoding());
  Value splat = SplatOp::create(rw, loc, maskType, pred);
  return mask ? arith::AndIOp::create(rw, loc, mask, splat).getResult()
              : splat;
}

/// An op of an early stage for an iteration that may not exist: loads and
/// copies masked by `pred`, the rest as it is (no effects, or a commit,
/// whose group is then empty). Null for anything else.
Operation *predicate(RewriterBase &rw, Operation *op, Value pred) {
  if (auto load = dyn_cast<LoadOp>(op)) {
    if (!maskableLoad(load))
      return nullptr;
    rw.setInsertionPoint(load);
    Value mask =
        andPredicate(rw, load.getLoc(), load.getPtr(), load.getMask(), pred);
    rw.modifyOpInPlace(load, [&] { load.getMaskMutable().assign(mask); });
    return load;
  }
  if (auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op)) {
    rw.setInsertionPoint(copy);
    Value mask =
        andPredicate(rw, copy.getLoc(), copy.getSrc(), copy.getMask(), pred);
    rw.modifyOpInPlace(copy, [&] { copy.getMaskMutable().assign(mask); });
    return copy;
  }
  if (isa<AsyncCommitGroupOp, AsyncWaitOp>(op) || isMemoryEffectFree(op))
    return op;
  return nullptr;
}

bool predicable(Operation *op) {
  if (auto load = dyn_cast<LoadOp>(op))
    return maskableLoad(load);
  return isa<AsyncCopyGlobalToLocalOp, AsyncCommitGroupOp, AsyncWaitOp>(op) ||
         (op->getNumRegions() == 0 && isMemoryEffectFree(op));
}

/// Expands `loop`; then waits for every copy still in flight (the last
/// iterations' masked-off copies still write their zeros) and frees
/// `buffers`, so that nothing after the loop shares their memory while
/// copies land in it.
LogicalResult expandLoop(scf::ForOp loop, ArrayRef<Value> buffers,
                         ArrayRef<AfterLoop> after,
                         const DescriptorCopier *copier) {
  int maxStage = attrOr(loop, kMaxStage, 0);
  Block *body = loop.getBody();
  // Every op needs a stage; ops without one (hand-written or partial
  // schedules) go with the op before them, the first to the last stage.
  int stage = maxStage, cluster = 0;
  for (Operation &op : body->without_terminator()) {
    stage = attrOr(&op, kStage, stage);
    cluster = attrOr(&op, kCluster, cluster);
    setSchedule(&op, stage, cluster);
    if (stage < 0 || stage > maxStage)
      return op.emitError("loop.stage ") << stage << " is outside 0.."
                                         << maxStage;
    if (stage < maxStage && !predicable(&op) &&
        !(copier && copier->predicable(&op)))
      return op.emitError("an op of an early pipeline stage must be a load, "
                          "an asynchronous copy or free of side effects");
  }
  if (maxStage == 0)
    return success();
  scf::PipeliningOption options;
  options.getScheduleFn =
      [](scf::ForOp forOp,
         std::vector<std::pair<Operation *, unsigned>> &schedule) {
        SmallVector<Operation *> ops;
        for (Operation &op : forOp.getBody()->without_terminator())
          ops.push_back(&op);
        llvm::stable_sort(ops, [](Operation *a, Operation *b) {
          return attrOr(a, kCluster, 0) < attrOr(b, kCluster, 0);
        });
        for (Operation *op : ops)
          schedule.push_back({op, unsigned(attrOr(op, kStage, 0))});
      };
  options.peelEpilogue = false;
  options.supportDynamicLoops = true;
  options.predicateFn = [copier](RewriterBase &rw, Operation *op,
                                 Value pred) -> Operation * {
    if (copier)
      if (Operation *done = copier->predicate(rw, op, pred))
        return done;
    return predicate(rw, op, pred);
  };
  IRRewriter rw(loop.getContext());
  rw.setInsertionPoint(loop); // the prologue goes before the loop
  Attribute remark = loop->getAttr(kPipelineRemark);
  FailureOr<scf::ForOp> result = scf::pipelineForLoop(rw, loop, options);
  if (failed(result))
    return loop.emitError("the loop could not be pipelined");
  if (remark)
    (*result)->setAttr(kPipelineRemark, remark);
  bool copies = !buffers.empty();
  result->getBody()->walk([&](AsyncCopyGlobalToLocalOp) { copies = true; });
  OpBuilder b(loop.getContext());
  b.setInsertionPointAfter(*result);
  if (copies) {
    AsyncWaitOp::create(b, result->getLoc(), AsyncTokenType::get(b.getContext()),
                        ValueRange{}, 0);
    for (Value buffer : buffers)
      LocalDeallocOp::create(b, result->getLoc(), buffer);
  }
  // Every copy of the copier's was waited for in the loop (those of
  // iterations that do not exist were not issued).
  for (const AfterLoop &f : after)
    f(b, result->getLoc());
  return success();
}

struct PipelinePass
    : public mlir::triton::gpu::impl::TritonGPUPipelineBase<PipelinePass> {
  using TritonGPUPipelineBase::TritonGPUPipelineBase;
  DescriptorCopierRef copier;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!isPipelineStrategy(strategy)) {
      module.emitError("tritongpu-pipeline: strategy '")
          << strategy << "' is none of async-copy, registers";
      return signalPassFailure();
    }
    SmallVector<scf::ForOp> loops;
    module.walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kMaxStage))
        loops.push_back(loop);
    });
    if (loops.empty())
      return;
    AxisInfoAnalysis axis(module);
    for (scf::ForOp loop : loops) {
      SmallVector<Value> buffers;
      SmallVector<AfterLoop> after;
      if (strategy == "async-copy") {
        SmallVector<DescriptorCopy> descriptorPlan;
        for (Operation &op : loop.getBody()->without_terminator()) {
          auto load = dyn_cast<DescriptorLoadOp>(op);
          if (!load)
            continue;
          DescriptorCopy p;
          p.load = load;
          p.encoding = descriptorCopyEncoding(load, copier.get());
          if (!p.encoding)
            continue;
          int readStage = INT_MAX, readCluster = INT_MAX;
          for (Operation *user : load->getUsers()) {
            readStage = std::min(readStage, attrOr(user, kStage, 0));
            readCluster = std::min(readCluster, attrOr(user, kCluster, 0));
          }
          p.distance = readStage - attrOr(load, kStage, 0);
          if (p.distance < 1)
            continue;
          // As for asynchronous copies below.
          p.numBuffers = ringSize(p.distance,
                                  readCluster >= attrOr(load, kCluster, 0),
                                  readByMatrixUnit(load));
          descriptorPlan.push_back(p);
        }
        if (!descriptorPlan.empty())
          lowerToDescriptorCopies(loop, descriptorPlan, *copier, after);
        SmallVector<AsyncLoad> plan;
        for (Operation &op : loop.getBody()->without_terminator()) {
          auto load = dyn_cast<LoadOp>(op);
          if (!load || !feedsDotsOnly(load))
            continue;
          AsyncLoad p;
          p.load = load;
          int stage = attrOr(load, kStage, 0);
          int readStage = INT_MAX, readCluster = INT_MAX;
          SmallVector<RankedTensorType> reads;
          for (Operation *user : load->getUsers()) {
            readStage = std::min(readStage, attrOr(user, kStage, 0));
            readCluster = std::min(readCluster, attrOr(user, kCluster, 0));
            if (!isOperandBuffer(user))
              reads.push_back(
                  cast<RankedTensorType>(user->getResult(0).getType()));
          }
          p.distance = readStage - stage;
          if (p.distance < 1)
            continue;
          // The reads come before the copies in the body: the buffer read
          // this iteration is the one the copy refills. A matrix unit
          // reading the buffer itself may still read it when the copies
          // start (until the vendor's wait, after them): one more buffer.
          p.copiesFirst = readCluster >= attrOr(load, kCluster, 0);
          Attribute unitEncoding = operandBufferEncoding(load);
          p.numBuffers = ringSize(p.distance, p.copiesFirst,
                                  static_cast<bool>(unitEncoding));
          p.vec = asyncCopyElements(load, axis);
          if (p.vec == 0)
            continue;
          auto type = cast<RankedTensorType>(load.getType());
          if (unitEncoding) {
            p.encoding = unitEncoding;
            p.vec = copyWidthInto(type, unitEncoding, p.vec);
            if (p.vec == 0)
              continue;
          } else {
            p.encoding = chooseBufferEncoding(type, reads, p.vec);
          }
          if (!p.encoding)
            continue;
          plan.push_back(p);
        }
        if (!plan.empty())
          buffers = lowerToAsyncCopies(loop, plan);
      }
      if (failed(expandLoop(loop, buffers, after, copier.get())))
        return signalPassFailure();
    }
    // The schedule is carried out; its attributes go.
    module.walk([](Operation *op) {
      op->removeAttr(kStage);
      op->removeAttr(kCluster);
      op->removeAttr(kMaxStage);
    });
  }
};

} // namespace

std::unique_ptr<Pass> mlir::triton::gpu::createTritonGPUScheduleLoops(
    const TritonGPUScheduleLoopsOptions &options, DescriptorCopierRef copier) {
  auto pass = std::make_unique<ScheduleLoopsPass>(options);
  pass->copier = std::move(copier);
  return pass;
}

std::unique_ptr<Pass> mlir::triton::gpu::createTritonGPUPipeline(
    const TritonGPUPipelineOptions &options, DescriptorCopierRef copier) {
  auto pass = std::make_unique<PipelinePass>(options);
  pass->copier = std::move(copier);
  return pass;
}
