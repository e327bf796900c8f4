//===- FuseElementwise.cpp - one loop per chain of elementwise ops --------===//
//
// The conversion to linalg gives every TTIR op its own linalg.generic (and
// every splat and make_range its own tensor op). Bufferized as is, each
// becomes a loop writing a temporary buffer. This pass fuses them while
// they are still tensors, taking care never to move a load past a write.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Cpu/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace trident::cpu {
#define GEN_PASS_DEF_CPUFUSEELEMENTWISE
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;

namespace {

/// A parallel linalg.generic producing `type` with no inputs, whose body is
/// built by `body(builder, loc, indices)`.
linalg::GenericOp
buildGenerator(PatternRewriter &rewriter, Location loc, RankedTensorType type,
               function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                       type.getElementType());
  SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(type.getRank())};
  SmallVector<utils::IteratorType> iters(type.getRank(),
                                         utils::IteratorType::parallel);
  return linalg::GenericOp::create(
      rewriter, loc, TypeRange{type}, ValueRange{}, ValueRange{init}, maps,
      iters, [&](OpBuilder &b, Location l, ValueRange) {
        SmallVector<Value> idx;
        for (int64_t d = 0; d < type.getRank(); ++d)
          idx.push_back(linalg::IndexOp::create(b, l, d));
        linalg::YieldOp::create(b, l, body(b, l, idx));
      });
}

struct SplatToGeneric : public OpRewritePattern<tensor::SplatOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::SplatOp op,
                                PatternRewriter &rewriter) const override {
    auto type = op.getType();
    if (!type.hasStaticShape() || type.getRank() == 0)
      return failure();
    Value scalar = op.getInput();
    rewriter.replaceOp(op, buildGenerator(rewriter, op.getLoc(), type,
                                          [&](OpBuilder &, Location,
                                              ValueRange) { return scalar; }));
    return success();
  }
};

struct GenerateToGeneric : public OpRewritePattern<tensor::GenerateOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::GenerateOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    if (!type.hasStaticShape() || type.getRank() == 0)
      return failure();
    Block &body = op.getBody().front();
    auto g = buildGenerator(
        rewriter, op.getLoc(), type,
        [&](OpBuilder &b, Location, ValueRange idx) -> Value {
          IRMapping map;
          map.map(body.getArguments(), idx);
          for (Operation &inner : body.without_terminator())
            b.clone(inner, map);
          return map.lookup(body.getTerminator()->getOperand(0));
        });
    rewriter.replaceOp(op, g);
    return success();
  }
};

/// Whether every op of the generic's body is free of memory effects.
bool bodyIsPure(linalg::GenericOp g) {
  bool pure = true;
  g.getRegion().walk([&](Operation *op) {
    if (!isMemoryEffectFree(op))
      pure = false;
  });
  return pure;
}

/// Cheap enough to compute again in every consumer: a few integer, index
/// and compare ops (ranges, offsets, masks), no division and no math.
bool bodyIsCheap(linalg::GenericOp g) {
  unsigned count = 0;
  for (Operation &op : g.getBody()->without_terminator()) {
    if (++count > 8)
      return false;
    if (isa<linalg::IndexOp, arith::ConstantOp, arith::AddIOp, arith::SubIOp,
            arith::MulIOp, arith::CmpIOp, arith::AndIOp, arith::OrIOp,
            arith::XOrIOp, arith::IndexCastOp, arith::ExtSIOp, arith::ExtUIOp,
            arith::TruncIOp, arith::SelectOp>(op))
      continue;
    return false;
  }
  return true;
}

/// Whether `g` may be computed again in each of its consumers (by fusion,
/// and in place of a tensor.extract of it): a pure, cheap generic that
/// reads no other such generic. Only the leaves (ranges, offsets, masks)
/// are recomputed: through a chain of cheap generics whose links each use
/// their input twice (an integer tl.sort: x and its partner), recomputing
/// would grow with the number of paths, exponential in the chain's length.
bool isRecomputable(linalg::GenericOp g) {
  auto cheap = [](linalg::GenericOp op) {
    return bodyIsCheap(op) && bodyIsPure(op); // the bounded check first
  };
  if (!cheap(g))
    return false;
  for (OpOperand *in : g.getDpsInputOperands())
    if (auto p = in->get().getDefiningOp<linalg::GenericOp>())
      if (cheap(p))
        return false;
  return true;
}

/// Whether `op` (or an op inside it) may write or free memory; reads are
/// harmless between a loading producer and its consumer. The walk is
/// needed because a linalg op's effects do not include its body's.
bool mayWriteMemory(Operation *op) {
  bool writes = false;
  op->walk([&](Operation *nested) {
    if (!nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
        mightHaveEffect<MemoryEffects::Write, MemoryEffects::Free>(nested))
      writes = true;
  });
  return writes;
}

/// How far past a loading producer the pass looks for a write before its
/// consumer; a consumer farther away is not fused (conservatively).
constexpr unsigned kMaxScanForWrites = 1024;

bool shouldFuse(OpOperand *use, unsigned maxBodyOps) {
  auto producer = use->get().getDefiningOp<linalg::GenericOp>();
  Operation *consumer = use->getOwner();
  if (!producer || producer->getBlock() != consumer->getBlock())
    return false;
  // Each fusion clones both bodies into a new op: a chain fused link by
  // link without a bound costs the square of its length (an unrolled
  // accumulation of W terms for each of W rows made this pass W^3).
  auto consumerGeneric = dyn_cast<linalg::GenericOp>(consumer);
  unsigned half = maxBodyOps / 2;
  if (llvm::hasNItemsOrMore(*producer.getBody(), half + 1) ||
      (consumerGeneric &&
       llvm::hasNItemsOrMore(*consumerGeneric.getBody(), half + 1)))
    return false;
  if (bodyIsPure(producer))
    return producer->hasOneUse() || isRecomputable(producer);
  if (!producer->hasOneUse())
    return false;
  unsigned scanned = 0;
  for (Operation *op = producer->getNextNode(); op && op != consumer;
       op = op->getNextNode())
    if (++scanned > kMaxScanForWrites || mayWriteMemory(op))
      return false;
  return true;
}

/// `tensor.extract %g[i...]` of a recomputable, parallel generic `%g`:
/// computes the element in place from the generic's inputs, so that a store
/// loop reading a mask computes it instead of reading a materialized
/// tensor of i1 (which LLVM cannot vectorize well).
struct ExtractOfCheapGeneric : public OpRewritePattern<tensor::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::ExtractOp op,
                                PatternRewriter &rewriter) const override {
    auto g = op.getTensor().getDefiningOp<linalg::GenericOp>();
    if (!g || g.getNumDpsInits() != 1 || g.getNumLoops() != op.getIndices().size() ||
        g.getNumParallelLoops() != g.getNumLoops() || !isRecomputable(g))
      return failure();
    OpOperand *init = g.getDpsInitOperand(0);
    if (!g.getMatchingIndexingMap(init).isIdentity() ||
        g.payloadUsesValueFromOperand(init))
      return failure();
    for (OpOperand *in : g.getDpsInputOperands())
      for (AffineExpr e : g.getMatchingIndexingMap(in).getResults())
        if (!isa<AffineDimExpr, AffineConstantExpr>(e))
          return failure();
    Location loc = op.getLoc();
    ValueRange idx = op.getIndices();
    IRMapping map;
    Block *body = g.getBody();
    for (OpOperand *in : g.getDpsInputOperands()) {
      Value arg = body->getArgument(in->getOperandNumber());
      if (!isa<RankedTensorType>(in->get().getType())) {
        map.map(arg, in->get());
        continue;
      }
      SmallVector<Value> at;
      for (AffineExpr e : g.getMatchingIndexingMap(in).getResults()) {
        if (auto d = dyn_cast<AffineDimExpr>(e))
          at.push_back(idx[d.getPosition()]);
        else
          at.push_back(arith::ConstantIndexOp::create(
              rewriter, loc, cast<AffineConstantExpr>(e).getValue()));
      }
      map.map(arg, tensor::ExtractOp::create(rewriter, loc, in->get(), at));
    }
    for (Operation &inner : body->without_terminator()) {
      if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
        map.map(index.getResult(), idx[index.getDim()]);
        continue;
      }
      rewriter.clone(inner, map);
    }
    rewriter.replaceOp(op, map.lookupOrDefault(body->getTerminator()->getOperand(0)));
    return success();
  }
};

struct FuseElementwise
    : public trident::cpu::impl::CpuFuseElementwiseBase<FuseElementwise> {
  using CpuFuseElementwiseBase::CpuFuseElementwiseBase;
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    patterns.add<SplatToGeneric, GenerateToGeneric, ExtractOfCheapGeneric>(ctx);
    unsigned maxBody = maxBodyOps;
    linalg::populateElementwiseOpsFusionPatterns(
        patterns, [maxBody](OpOperand *use) { return shouldFuse(use, maxBody); });
    // A chain fuses one link per sweep once only leaves are recomputed
    // (isRecomputable): as many sweeps as it takes. Each fusion removes
    // a use of a producer and no body grows past max-body-ops, so this
    // ends.
    GreedyRewriteConfig config;
    config.setMaxIterations(GreedyRewriteConfig::kNoLimit);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      return signalPassFailure();
  }
};

} // namespace
