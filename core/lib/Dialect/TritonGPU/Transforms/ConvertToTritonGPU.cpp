//===- ConvertToTritonGPU.cpp - TTIR to TTGIR, layouts by constraint ------===//
//
// Every tensor value gets an encoding. Values that must share one (the
// operands and results of elementwise ops, loads, stores and broadcasts;
// loop-carried values; branch arguments) are joined into classes; a
// reduction's result class is a slice of its operand's, an expand_dims
// operand's class a slice of its result's. Classes that are no slice get a
// blocked encoding coalesced for their loads and stores (AxisInfo).
//
// A tt.dot is planned by the target first (DotPlan.h): its plan's
// accumulator encoding anchors the class of the dot's result. A store's
// value and a load's result are tied to their pointers only softly: the
// tie is kept unless it would pull a pointer class into an anchored
// class's encoding, and a broken tie becomes a ttg.convert_layout (the
// store writes from a coalesced layout, as Triton's does).
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/Transforms/Passes.h"

#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/Transforms/DotPlan.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_CONVERTTRITONTOTRITONGPU
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Whether `v` is computed by at most 8 ops, each a range, a splat, a
/// constant or a pure elementwise op on such values and scalars: what is
/// cheaper to compute again in another encoding than to convert. `chain`
/// gets the ops, definitions first.
bool rematerializable(Value v, SmallVectorImpl<Operation *> &chain) {
  Operation *def = v.getDefiningOp();
  if (!def || def->getNumResults() != 1 || def->getNumRegions() != 0)
    return false;
  if (llvm::is_contained(chain, def))
    return true;
  if (chain.size() >= 8)
    return false;
  if (isa<MakeRangeOp, SplatOp, arith::ConstantOp>(def)) {
    chain.push_back(def);
    return true;
  }
  if (!def->hasTrait<mlir::OpTrait::Elementwise>() || !isPure(def) ||
      !isa_and_nonnull<arith::ArithDialect>(def->getDialect()))
    return false;
  for (Value operand : def->getOperands())
    if (isa<RankedTensorType>(operand.getType()) &&
        !rematerializable(operand, chain))
      return false;
  chain.push_back(def);
  return chain.size() <= 8; // operands may have filled it to 8
}

bool isTensor(Value v) { return isa<RankedTensorType>(v.getType()); }

/// A value and the pointer its load or store ties it to (softly).
struct SoftEdge {
  Value value, ptr;
  Operation *op;
};

struct PlannedDot {
  DotOp dot;
  DotPlan plan;
};

struct SliceEdge {
  Value child, parent;
  unsigned axis;
  Operation *op; ///< the reduce (child = its result) or expand_dims
};

class LayoutAssignment {
public:
  LayoutAssignment(ModuleOp m, int numWarps, int threadsPerWarp,
                   std::string target, const DotPlanner &planner)
      : module_(m), numWarps_(numWarps), threadsPerWarp_(threadsPerWarp),
        target_(std::move(target)), planner_(planner), axis_(m) {}

  LogicalResult run();

private:
  void join(Value a, Value b) {
    if (isTensor(a) && isTensor(b))
      classes_.unionSets(a.getAsOpaquePointer(), b.getAsOpaquePointer());
  }
  void add(Value v) {
    if (isTensor(v)) {
      classes_.insert(v.getAsOpaquePointer());
      values_.push_back(v);
    }
  }
  const void *leader(Value v) {
    return classes_.getLeaderValue(v.getAsOpaquePointer());
  }
  LogicalResult collect(Operation *op);
  LogicalResult planDots();
  /// The plan of the first dot whose result is in `cls` and whose plan
  /// fixes the accumulator's encoding (a matrix unit's), if any.
  const PlannedDot *anchorOf(const void *cls);
  Attribute encodingOf(const void *cls, int depth = 0);
  Attribute rootEncoding(const void *cls);
  LogicalResult placeDots(OpBuilder &b);
  void placeSoftEdges(OpBuilder &b);

  ModuleOp module_;
  int numWarps_, threadsPerWarp_;
  std::string target_;
  const DotPlanner &planner_;
  std::vector<PlannedDot> dots_;
  std::vector<SoftEdge> soft_;
  AxisInfoAnalysis axis_;
  llvm::EquivalenceClasses<const void *> classes_;
  std::vector<Value> values_;
  std::vector<SliceEdge> edges_;
  std::vector<Operation *> memoryOps_;
  /// Blocks of kept tensor descriptors, read or written through shared
  /// memory: their classes want wide contiguous rows.
  std::vector<Value> descriptorBlocks_;
  llvm::DenseMap<const void *, Attribute> assigned_;
  llvm::DenseMap<const void *, const SliceEdge *> derivation_;
};

LogicalResult LayoutAssignment::collect(Operation *op) {
  for (Value r : op->getResults())
    add(r);
  for (Region &region : op->getRegions())
    for (Block &b : region)
      for (BlockArgument a : b.getArguments())
        add(a);

  auto joinAll = [&](ValueRange vs) {
    Value first;
    for (Value v : vs)
      if (isTensor(v)) {
        if (first)
          join(first, v);
        else
          first = v;
      }
  };
  // Ops that move elements to other positions: their results are classes
  // of their own (lowered through shared memory, whatever the layouts).
  // tt.join and tt.cat take operands of one type: one class.
  if (isa<JoinOp, CatOp>(op)) {
    joinAll(op->getOperands());
    return success();
  }
  if (isa<TransOp, ReshapeOp, SplitOp>(op))
    return success();
  // Tensor descriptors kept for the target's copy engine: a block arrives
  // through shared memory (a class of its own), and leaves through it.
  if (auto l = dyn_cast<DescriptorLoadOp>(op)) {
    descriptorBlocks_.push_back(l.getResult());
    return success();
  }
  if (auto s = dyn_cast<DescriptorStoreOp>(op)) {
    descriptorBlocks_.push_back(s.getSrc());
    return success();
  }
  // Block pointers are rewritten before (triton-rewrite-tensor-pointer).
  if (isa<MakeTensorPtrOp, AdvanceOp>(op))
    return op->emitError("'")
           << op->getName() << "' is not supported by the GPU backends yet";
  // The operands arrive converted to dot_op encodings; the accumulator is
  // the result's class (anchored by the plan).
  if (auto d = dyn_cast<DotOp>(op)) {
    join(d.getC(), d.getD());
    return success();
  }
  if (auto r = dyn_cast<ReduceOp>(op)) {
    joinAll(r.getOperands());
    if (r->getNumResults() && isTensor(r->getResult(0))) {
      joinAll(r->getResults());
      edges_.push_back({r->getResult(0), r.getOperands()[0], r.getAxis(), op});
    }
    return success();
  }
  // A scan keeps its layout; a gather reads its source (a class of its
  // own) through shared memory in the indices' layout; a histogram's bins
  // are a class of their own, its mask goes with its source.
  if (auto s = dyn_cast<ScanOp>(op)) {
    SmallVector<Value> all(s.getSrcs());
    all.append(s->result_begin(), s->result_end());
    joinAll(all);
    return success();
  }
  if (auto g = dyn_cast<GatherOp>(op)) {
    join(g.getIndices(), g.getResult());
    return success();
  }
  if (auto h = dyn_cast<HistogramOp>(op)) {
    if (h.getMask())
      join(h.getSrc(), h.getMask());
    return success();
  }
  if (auto e = dyn_cast<ExpandDimsOp>(op)) {
    if (isTensor(e.getSrc()))
      edges_.push_back({e.getSrc(), e.getResult(), e.getAxis(), op});
    return success();
  }
  if (isa<SplatOp, MakeRangeOp>(op))
    return success();
  if (auto l = dyn_cast<LoadOp>(op)) {
    memoryOps_.push_back(op);
    joinAll(op->getOperands());
    soft_.push_back({l.getResult(), l.getPtr(), op});
    return success();
  }
  if (auto s = dyn_cast<StoreOp>(op)) {
    memoryOps_.push_back(op);
    if (s.getMask())
      join(s.getPtr(), s.getMask());
    soft_.push_back({s.getValue(), s.getPtr(), op});
    return success();
  }
  if (isa<AtomicRMWOp, AtomicCASOp>(op)) {
    memoryOps_.push_back(op);
    SmallVector<Value> all(op->getOperands());
    all.append(op->result_begin(), op->result_end());
    joinAll(all);
    return success();
  }
  if (auto f = dyn_cast<scf::ForOp>(op)) {
    for (auto [init, arg, res] : llvm::zip(f.getInitArgs(),
                                           f.getRegionIterArgs(),
                                           f.getResults())) {
      join(init, arg);
      join(arg, res);
    }
    auto y = cast<scf::YieldOp>(f.getBody()->getTerminator());
    for (auto [v, arg] : llvm::zip(y.getOperands(), f.getRegionIterArgs()))
      join(v, arg);
    return success();
  }
  if (auto i = dyn_cast<scf::IfOp>(op)) {
    for (Region *r : {&i.getThenRegion(), &i.getElseRegion()})
      if (!r->empty())
        for (auto [v, res] :
             llvm::zip(r->front().getTerminator()->getOperands(),
                       i.getResults()))
          join(v, res);
    return success();
  }
  if (auto w = dyn_cast<scf::WhileOp>(op)) {
    for (auto [init, arg] : llvm::zip(w.getInits(), w.getBeforeArguments()))
      join(init, arg);
    auto cond = w.getConditionOp();
    for (auto [v, arg, res] : llvm::zip(cond.getArgs(), w.getAfterArguments(),
                                        w.getResults())) {
      join(v, arg);
      join(arg, res);
    }
    for (auto [v, arg] : llvm::zip(w.getYieldOp().getOperands(),
                                   w.getBeforeArguments()))
      join(v, arg);
    return success();
  }
  if (auto br = dyn_cast<BranchOpInterface>(op)) {
    for (unsigned s = 0; s < op->getNumSuccessors(); ++s) {
      SuccessorOperands so = br.getSuccessorOperands(s);
      Block *dest = op->getSuccessor(s);
      for (unsigned k = 0; k < so.size(); ++k)
        join(so[k], dest->getArgument(k + so.getProducedOperandCount()));
    }
    return success();
  }
  // Elementwise ops (arith, math, tt's elementwise ops, select): one class.
  if (op->hasTrait<mlir::OpTrait::Elementwise>() || isa<BroadcastOp>(op)) {
    SmallVector<Value> all(op->getOperands());
    all.append(op->result_begin(), op->result_end());
    joinAll(all);
    return success();
  }
  for (Value v : op->getOperands())
    if (isTensor(v) && !isa<scf::YieldOp, scf::ConditionOp, ReduceReturnOp,
                            ScanReturnOp, arith::ConstantOp, PrintOp,
                            AssertOp>(op))
      return op->emitError("'") << op->getName()
                                << "' on tensors is not supported by the GPU "
                                   "backends yet";
  return success();
}

Attribute LayoutAssignment::rootEncoding(const void *cls) {
  // The widest coalesced access among the class's loads and stores.
  BlockedEncodingAttr best;
  int64_t bestVec = 0;
  int64_t threads = int64_t(numWarps_) * threadsPerWarp_;
  for (Operation *op : memoryOps_) {
    Value ptr = op->getOperand(0);
    if (!isTensor(ptr) || leader(ptr) != cls)
      continue;
    auto type = cast<RankedTensorType>(ptr.getType());
    AxisInfo info = axis_.get(ptr);
    unsigned rank = type.getRank();
    // Dimensions by decreasing contiguity, the last one first among equals.
    SmallVector<unsigned> order;
    for (int d = int(rank) - 1; d >= 0; --d)
      order.push_back(unsigned(d));
    for (size_t i = 1; i < order.size(); ++i) // stable insertion sort
      for (size_t j = i; j > 0 && info.contiguity[order[j]] >
                                      info.contiguity[order[j - 1]];
           --j)
        std::swap(order[j], order[j - 1]);
    Type pointee = cast<PointerType>(type.getElementType()).getPointeeType();
    int64_t bits = pointee.isIntOrFloat() ? pointee.getIntOrFloatBitWidth() : 32;
    int64_t bytes = std::max<int64_t>(1, bits / 8);
    Value mask = isa<LoadOp>(op)    ? cast<LoadOp>(op).getMask()
                 : isa<StoreOp>(op) ? cast<StoreOp>(op).getMask()
                                    : Value();
    int64_t vec = axis_.vectorElements(ptr, mask, order[0], bytes);
    vec = std::min<int64_t>(vec, std::max<int64_t>(1, 128 / std::max<int64_t>(bits, 8)));
    vec = std::min<int64_t>(vec,
                            std::max<int64_t>(1, type.getNumElements() / threads));
    if (vec > bestVec) {
      bestVec = vec;
      best = blockedEncodingFor(module_.getContext(), type.getShape(), order,
                                unsigned(vec), numWarps_, threadsPerWarp_);
    }
  }
  if (best)
    return best;
  // A descriptor's block: moved through shared memory, 16 bytes a thread
  // along its contiguous (last) dimension.
  for (Value v : descriptorBlocks_) {
    if (leader(v) != cls)
      continue;
    auto type = cast<RankedTensorType>(v.getType());
    unsigned rank = type.getRank();
    SmallVector<unsigned> order;
    for (int d = int(rank) - 1; d >= 0; --d)
      order.push_back(unsigned(d));
    int64_t bits = std::max<int64_t>(8, type.getElementTypeBitWidth());
    int64_t vec = std::min<int64_t>(128 / bits, type.getShape().back());
    vec = std::min<int64_t>(
        vec, std::max<int64_t>(1, type.getNumElements() / threads));
    return blockedEncodingFor(module_.getContext(), type.getShape(), order,
                              unsigned(std::max<int64_t>(vec, 1)), numWarps_,
                              threadsPerWarp_);
  }
  // No access in the class: the default for its largest shape.
  RankedTensorType largest;
  for (Value v : values_)
    if (leader(v) == cls) {
      auto t = cast<RankedTensorType>(v.getType());
      if (!largest || t.getNumElements() > largest.getNumElements())
        largest = t;
    }
  return defaultBlockedEncoding(module_.getContext(), largest.getShape(),
                                numWarps_, threadsPerWarp_);
}

Attribute LayoutAssignment::encodingOf(const void *cls, int depth) {
  auto it = assigned_.find(cls);
  if (it != assigned_.end())
    return it->second;
  Attribute enc;
  auto d = derivation_.find(cls);
  const PlannedDot *anchor = anchorOf(cls);
  if (anchor) {
    enc = anchor->plan.accEncoding;
  } else if (d != derivation_.end() && depth < 16) {
    const SliceEdge &e = *d->second;
    enc = SliceEncodingAttr::get(module_.getContext(), e.axis,
                                 encodingOf(leader(e.parent), depth + 1));
  } else {
    enc = rootEncoding(cls);
  }
  assigned_[cls] = enc;
  return enc;
}

/// Whether another dot of `dot`'s region is reachable from it through
/// uses, or reaches it through operands (Triton's test for chained dots).
static bool isChained(DotOp dot) {
  Region *region = dot->getParentRegion();
  llvm::SmallPtrSet<Operation *, 32> seen;
  SmallVector<Operation *> work;
  auto visit = [&](Operation *op) {
    if (op && op->getParentRegion() == region && seen.insert(op).second)
      work.push_back(op);
  };
  // Forward through uses: a dot that takes the value as an operand; one
  // that takes it as its accumulator (a dot split in three, a sum of
  // dots) passes it on.
  SmallVector<Value> values(dot->getResults());
  while (!values.empty()) {
    Value v = values.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *u = use.getOwner();
      if (u->getParentRegion() != region || !seen.insert(u).second)
        continue;
      if (isa<DotOp>(u) && use.getOperandNumber() != 2)
        return true;
      for (Value r : u->getResults())
        values.push_back(r);
    }
  }
  // Backward through the operands.
  seen.clear();
  for (Value v : {dot.getA(), dot.getB()})
    visit(v.getDefiningOp());
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    if (isa<DotOp>(op))
      return true;
    for (Value v : op->getOperands())
      visit(v.getDefiningOp());
  }
  return false;
}

/// `v` as a tensor of `elem`, by the cast the dot's plan asks for (always
/// a widening: tl.dot's typing keeps operands no wider than the
/// accumulator, a matrix unit's operand type is no narrower).
static Value upcast(OpBuilder &b, Location loc, Value v, Type elem) {
  auto t = cast<RankedTensorType>(v.getType());
  Type from = t.getElementType();
  if (from == elem)
    return v;
  auto to = RankedTensorType::get(t.getShape(), elem, t.getEncoding());
  if (isa<IntegerType>(from))
    return arith::ExtSIOp::create(b, loc, to, v);
  if (from.getIntOrFloatBitWidth() == 8)
    return FpToFpOp::create(b, loc, to, v, RoundingModeAttr());
  return arith::ExtFOp::create(b, loc, to, v);
}

/// The accumulator of core's FMA dot: lanes and warps spread over M and N
/// so that each thread's rows and columns are about as many (what it
/// holds of A is rows x K, of B K x columns), the batch of a 3-D dot taking
/// warps first. One element per thread in the encoding; the rest repeat
/// in registers.
static BlockedEncodingAttr fmaAccEncoding(MLIRContext *ctx,
                                          ArrayRef<int64_t> shape,
                                          int numWarps, int threadsPerWarp) {
  unsigned rank = shape.size(), m = rank - 2, n = rank - 1;
  SmallVector<unsigned> spt(rank, 1), tpw(rank, 1), wpc(rank, 1), order;
  for (int d = int(rank) - 1; d >= 0; --d)
    order.push_back(unsigned(d));
  SmallVector<int64_t> left(shape);
  auto place = [&](SmallVectorImpl<unsigned> &into, int count, bool batch) {
    for (; count > 1; count /= 2) {
      unsigned d = left[n] >= left[m] ? n : m;
      if (batch && rank == 3 && left[0] > 1)
        d = 0;
      into[d] *= 2;
      left[d] = std::max<int64_t>(1, left[d] / 2);
    }
  };
  place(tpw, threadsPerWarp, false);
  place(wpc, numWarps, true);
  return BlockedEncodingAttr::get(ctx, spt, tpw, wpc, order);
}

LogicalResult LayoutAssignment::planDots() {
  SmallVector<DotOp> found, dots;
  module_.walk([&](DotOp d) { found.push_back(d); });
  // tf32x3 / bf16x3 as three narrow dots where the target's matrix unit
  // takes the narrow dot but not the precise one (AMD's fp32 MFMA takes
  // the precise one whole: its products are exact).
  auto onUnit = [&](DotOp d, bool chained) {
    if (!planner_)
      return false;
    std::string error;
    FailureOr<DotPlan> plan =
        planner_(d, {numWarps_, threadsPerWarp_, target_, chained}, error);
    return succeeded(plan) && plan->accEncoding;
  };
  for (DotOp dot : found) {
    bool chained = isChained(dot);
    SmallVector<DotOp> parts;
    if (!onUnit(dot, chained))
      parts = splitPreciseDot(
          dot, [&](DotOp narrow) { return onUnit(narrow, chained); });
    if (parts.empty())
      dots.push_back(dot);
    else
      dots.append(parts.begin(), parts.end());
  }
  for (DotOp dot : dots) {
    DotPlanContext context{numWarps_, threadsPerWarp_, target_,
                           isChained(dot)};
    std::string error;
    FailureOr<DotPlan> plan =
        planner_ ? planner_(dot, context, error) : fmaDotPlan();
    if (failed(plan))
      return dot.emitError() << error;
    if (!plan->accEncoding) {
      plan->fma = true;
      plan->operandElement =
          cast<RankedTensorType>(dot.getD().getType()).getElementType();
      plan->accEncoding = fmaAccEncoding(
          module_.getContext(),
          cast<RankedTensorType>(dot.getD().getType()).getShape(), numWarps_,
          threadsPerWarp_);
    }
    if (!plan->remark.empty())
      dot->setAttr(kDotPlanRemark,
                   StringAttr::get(module_.getContext(), plan->remark));
    dots_.push_back({dot, *plan});
  }
  return success();
}

const PlannedDot *LayoutAssignment::anchorOf(const void *cls) {
  for (const PlannedDot &p : dots_)
    if (leader(const_cast<DotOp &>(p.dot).getD()) == cls)
      return &p;
  return nullptr;
}

LogicalResult LayoutAssignment::run() {
  if (failed(planDots()))
    return failure();
  // A splat constant shared by several users (CSE merges the `other` of
  // two loads of one shape and type, an fp8 matmul's A and B) would tie
  // their classes together, and one load would take the other's layout
  // (a K-contiguous B read along N). Constants cost nothing to repeat:
  // each user gets its own, and the canonicalizer after this pass merges
  // those that end up in one layout.
  module_.walk([](arith::ConstantOp c) {
    auto dense = dyn_cast<SplatElementsAttr>(c.getValue());
    // (A dead one, which a rewrite before this pass may leave, has none.)
    if (!dense || !isa<RankedTensorType>(c.getType()) || c->hasOneUse() ||
        c->use_empty())
      return;
    SmallVector<OpOperand *> uses;
    for (OpOperand &u : c->getUses())
      uses.push_back(&u);
    OpBuilder b(c);
    for (OpOperand *u : llvm::drop_begin(uses)) {
      b.setInsertionPoint(u->getOwner());
      u->set(b.clone(*c)->getResult(0));
    }
  });
  bool failed = false;
  module_.walk([&](Operation *op) {
    if (!failed && ::mlir::failed(collect(op)))
      failed = true;
  });
  if (failed)
    return failure();
  // A soft tie holds unless one side is anchored by a matrix unit's dot
  // (whose accumulator layout no access should follow). Core's FMA dot
  // anchors a blocked layout, which loads and stores may share: no trip
  // through shared memory for the accumulator (128 KB for a 128 x 256
  // fp32 tile, more than many GPUs have).
  auto hard = [&](Value v) {
    const PlannedDot *p = anchorOf(leader(v));
    return p && !p->plan.fma;
  };
  for (const SoftEdge &e : soft_)
    if (isTensor(e.value) && isTensor(e.ptr) && !hard(e.value) &&
        !hard(e.ptr))
      join(e.value, e.ptr);
  for (const SliceEdge &e : edges_)
    derivation_.try_emplace(leader(e.child), &e);

  // Types, then the edges whose slice disagrees with the child's class.
  llvm::DenseMap<Value, Type> newTypes;
  for (Value v : values_) {
    auto t = cast<RankedTensorType>(v.getType());
    newTypes[v] = RankedTensorType::get(t.getShape(), t.getElementType(),
                                        encodingOf(leader(v)));
  }
  for (auto &[v, t] : newTypes)
    v.setType(t);
  OpBuilder b(module_.getContext());
  for (const SliceEdge &e : edges_) {
    auto parentType = cast<RankedTensorType>(e.parent.getType());
    // An expand_dims's operand as it is now: an earlier edge may have put
    // a conversion in front of it (a reduce whose result yields the slice
    // while its class takes another encoding, `tmp[:, None]` of a `tmp`
    // also stored).
    Value child = isa<ReduceOp>(e.op) ? e.child : e.op->getOperand(0);
    auto childType = cast<RankedTensorType>(child.getType());
    Attribute want = SliceEncodingAttr::get(module_.getContext(), e.axis,
                                            parentType.getEncoding());
    if (childType.getEncoding() == want)
      continue;
    auto wantType = RankedTensorType::get(childType.getShape(),
                                          childType.getElementType(), want);
    if (auto cvt = child.getDefiningOp<ConvertLayoutOp>();
        cvt && !isa<ReduceOp>(e.op) && cvt.getSrc().getType() == wantType) {
      e.op->setOperand(0, cvt.getSrc()); // the value before that conversion
      continue;
    }
    if (auto r = dyn_cast<ReduceOp>(e.op)) {
      // The reduce yields the slice; its users get the class's encoding.
      b.setInsertionPointAfter(r);
      for (Value res : r->getResults()) {
        Type classType = res.getType();
        auto resType = cast<RankedTensorType>(classType);
        res.setType(RankedTensorType::get(resType.getShape(),
                                          resType.getElementType(), want));
        auto cvt = ConvertLayoutOp::create(b, r.getLoc(), classType, res);
        res.replaceAllUsesExcept(cvt.getResult(), cvt);
      }
    } else if (SmallVector<Operation *> chain;
               rematerializable(child, chain)) {
      // Ranges, splats, constants and a few elementwise ops on them
      // (`pid * BLOCK + tl.arange(0, BLOCK)`) are cheaper made again in
      // the encoding wanted than moved there through shared memory (`r[:,
      // None]` and `r[None, :]` of one r; a tile's row offsets used again
      // by its epilogue, whose conversion would keep them alive across the
      // K loop).
      b.setInsertionPoint(e.op);
      IRMapping copies;
      for (Operation *def : chain) {
        Operation *copy = b.clone(*def, copies);
        auto t = cast<RankedTensorType>(copy->getResult(0).getType());
        copy->getResult(0).setType(RankedTensorType::get(
            t.getShape(), t.getElementType(), want));
      }
      e.op->setOperand(0, copies.lookup(child));
    } else {
      b.setInsertionPoint(e.op);
      auto cvt = ConvertLayoutOp::create(b, e.op->getLoc(), wantType, child);
      e.op->setOperand(0, cvt.getResult());
    }
  }
  placeSoftEdges(b);
  if (::mlir::failed(placeDots(b)))
    return failure();
  // Constants carry their type in their value too.
  module_.walk([&](arith::ConstantOp c) {
    if (auto dense = dyn_cast<DenseElementsAttr>(c.getValue()))
      if (dense.getType() != c.getType())
        c.setValueAttr(dense.reshape(cast<ShapedType>(c.getType())));
  });
  return success();
}

void LayoutAssignment::placeSoftEdges(OpBuilder &b) {
  for (const SoftEdge &e : soft_) {
    if (!isTensor(e.value) || !isTensor(e.ptr))
      continue;
    auto valueType = cast<RankedTensorType>(e.value.getType());
    Attribute want = cast<RankedTensorType>(e.ptr.getType()).getEncoding();
    if (valueType.getEncoding() == want)
      continue;
    auto wantType = RankedTensorType::get(valueType.getShape(),
                                          valueType.getElementType(), want);
    if (isa<StoreOp>(e.op)) {
      b.setInsertionPoint(e.op);
      auto cvt = ConvertLayoutOp::create(b, e.op->getLoc(), wantType, e.value);
      cast<StoreOp>(e.op).getValueMutable().assign(cvt.getResult());
    } else {
      // The load yields its pointers' layout; its users get the class's.
      b.setInsertionPointAfter(e.op);
      Value result = e.value;
      result.setType(wantType);
      auto cvt = ConvertLayoutOp::create(b, e.op->getLoc(), valueType, result);
      result.replaceAllUsesExcept(cvt.getResult(), cvt);
    }
  }
}

LogicalResult LayoutAssignment::placeDots(OpBuilder &b) {
  MLIRContext *ctx = module_.getContext();
  for (PlannedDot &p : dots_) {
    DotOp dot = p.dot;
    auto dType = cast<RankedTensorType>(dot.getD().getType());
    Attribute have = dType.getEncoding(), acc = p.plan.accEncoding;
    if (acc != have) {
      // The class took another dot's anchor: convert around this one.
      auto accType = RankedTensorType::get(dType.getShape(),
                                           dType.getElementType(), acc);
      b.setInsertionPoint(dot);
      auto c = ConvertLayoutOp::create(b, dot.getLoc(), accType, dot.getC());
      dot.getCMutable().assign(c.getResult());
      b.setInsertionPointAfter(dot);
      dot.getD().setType(accType);
      auto back = ConvertLayoutOp::create(b, dot.getLoc(), dType, dot.getD());
      dot.getD().replaceAllUsesExcept(back.getResult(), back);
    }
    b.setInsertionPoint(dot);
    if (p.plan.build) {
      // The vendor's op takes the operands where they are.
      std::string error;
      FailureOr<Value> d = p.plan.build(b, dot, dot.getA(), dot.getB(),
                                        dot.getC(), error);
      if (failed(d))
        return dot.emitError() << error;
      dot.getD().replaceAllUsesWith(*d);
      dot.erase();
      continue;
    }
    for (unsigned i = 0; i < 2; ++i) {
      Value v = dot->getOperand(i);
      auto t = cast<RankedTensorType>(v.getType());
      auto want = RankedTensorType::get(
          t.getShape(), t.getElementType(),
          DotOperandEncodingAttr::get(ctx, i, acc, p.plan.kWidth[i]));
      if (t != want)
        v = ConvertLayoutOp::create(b, dot.getLoc(), want, v).getResult();
      // Core's FMA dot multiplies in the accumulator's type, a matrix unit
      // may want a wider one: the operands are upcast once they are in
      // place (moving the narrow type).
      if (p.plan.operandElement)
        v = upcast(b, dot.getLoc(), v, p.plan.operandElement);
      dot->setOperand(i, v);
    }
  }
  return success();
}

struct ConvertTritonToTritonGPU
    : public mlir::triton::gpu::impl::ConvertTritonToTritonGPUBase<
          ConvertTritonToTritonGPU> {
  using ConvertTritonToTritonGPUBase::ConvertTritonToTritonGPUBase;
  DotPlanner planner;
  void runOnOperation() override {
    ModuleOp m = getOperation();
    MLIRContext *ctx = m.getContext();
    Builder b(ctx);
    // Layouts divide the tensor by warps and lanes: powers of two only.
    for (auto [name, v] : {std::pair{"num-warps", int64_t(numWarps)},
                           std::pair{"threads-per-warp",
                                     int64_t(threadsPerWarp)}})
      if (v < 1 || v > 1024 || !llvm::isPowerOf2_64(uint64_t(v))) {
        m.emitError() << "convert-triton-to-tritongpu: " << name << " = " << v
                      << ": it must be a power of two from 1 to 1024";
        return signalPassFailure();
      }
    m->setAttr(TritonGPUDialect::kNumWarps, b.getI32IntegerAttr(numWarps));
    m->setAttr(TritonGPUDialect::kThreadsPerWarp,
               b.getI32IntegerAttr(threadsPerWarp));
    m->setAttr(TritonGPUDialect::kNumCtas, b.getI32IntegerAttr(numCtas));
    if (!target.empty())
      m->setAttr(TritonGPUDialect::kTarget, b.getStringAttr(target));
    if (numCtas != 1) {
      m.emitError("num_ctas > 1 is not supported by the GPU backends yet");
      return signalPassFailure();
    }
    LayoutAssignment assign(m, numWarps, threadsPerWarp, target, planner);
    if (failed(assign.run()))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> mlir::triton::gpu::createConvertTritonToTritonGPU(
    const ConvertTritonToTritonGPUOptions &options, DotPlanner planner) {
  auto pass = std::make_unique<ConvertTritonToTritonGPU>(options);
  pass->planner = std::move(planner);
  return pass;
}
