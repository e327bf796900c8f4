//===- RewriteTensorPointer.cpp - block pointers become tensors of pointers -===//
//
// A block pointer is (base, shape, strides, offsets) plus a static block
// shape. This pass follows each one from tl.make_block_ptr through
// tl.advance and scf.for iter_args, and rewrites loads and stores through
// it into loads and stores of a tensor of pointers
//   base + sum_d (offset_d + arange(B_d)) * stride_d
// masked by the boundary check (0 <= index_d < shape_d) with the padding
// value as `other`. Offsets are carried in 64 bits, as Triton does: the i32
// offsets of make_block_ptr and advance are sign-extended and added in i64,
// so an index past 2^31 is computed exactly, and LLVM can turn a loop's
// advance into a pointer increment (with i32 offsets and a loop bound it
// cannot see, it recomputed every address from the index each iteration).
// Each index term is scaled by its stride before it is broadcast to the
// block. Loop-carried block pointers carry their offsets only; base, shape
// and strides must be the loop's invariants (as they are when the loop only
// advances the pointer).
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"

#include <cmath>

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREWRITETENSORPOINTER
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
namespace tt = mlir::triton;

namespace {

struct Info {
  Value base;
  SmallVector<Value> shape, strides, offsets;
  SmallVector<int64_t> block;
};

struct Rewriter {
  DenseMap<Value, Info> infos;
  SmallVector<Operation *> dead;
  bool failed = false;

  void fail(Operation *op, const Twine &msg) {
    op->emitError(msg);
    failed = true;
  }

  /// The pointer tensor and the boundary mask of a block pointer.
  std::pair<Value, Value> addresses(OpBuilder &b, Location loc, const Info &in,
                                    ArrayRef<int32_t> boundary) {
    int64_t rank = in.block.size();
    auto i32 = b.getI32Type(), i64 = b.getI64Type();
    Type ptrType = in.base.getType();
    auto full = [&](Type e) { return RankedTensorType::get(in.block, e); };
    Value offset, mask;
    for (int64_t d = 0; d < rank; ++d) {
      // offset_d + arange(B_d), in i64, placed along dimension d.
      Value r = tt::MakeRangeOp::create(
          b, loc, RankedTensorType::get({in.block[d]}, i32), 0,
          uint32_t(in.block[d]));
      auto rowType = RankedTensorType::get({in.block[d]}, i64);
      Value idx = arith::AddIOp::create(
          b, loc, tt::SplatOp::create(b, loc, rowType, in.offsets[d]),
          arith::ExtSIOp::create(b, loc, rowType, r));
      for (int64_t e = 0; e < rank; ++e) {
        if (e == d)
          continue;
        auto t = cast<RankedTensorType>(idx.getType());
        SmallVector<int64_t> s(t.getShape());
        s.insert(s.begin() + e, 1);
        idx = tt::ExpandDimsOp::create(b, loc, RankedTensorType::get(s, i64),
                                       idx, int32_t(e));
      }
      Type placed = idx.getType();
      auto toBlock = [&](Value v, Type e) -> Value {
        return rank == 1 ? v : tt::BroadcastOp::create(b, loc, full(e), v);
      };
      Value stride = tt::SplatOp::create(b, loc, placed, in.strides[d]);
      Value term = toBlock(arith::MulIOp::create(b, loc, idx, stride), i64);
      offset = offset ? arith::AddIOp::create(b, loc, offset, term) : term;
      if (llvm::is_contained(boundary, int32_t(d))) {
        Value zero = arith::ConstantOp::create(
            b, loc,
            DenseElementsAttr::get(cast<ShapedType>(placed),
                                   b.getI64IntegerAttr(0)));
        Value limit = tt::SplatOp::create(b, loc, placed, in.shape[d]);
        Value ge = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                         idx, zero);
        Value lt = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                         idx, limit);
        Value both = toBlock(arith::AndIOp::create(b, loc, ge, lt),
                             b.getI1Type());
        mask = mask ? arith::AndIOp::create(b, loc, mask, both) : both;
      }
    }
    Value ptrs = tt::SplatOp::create(b, loc, full(ptrType), in.base);
    ptrs = tt::AddPtrOp::create(b, loc, full(ptrType), ptrs, offset);
    return {ptrs, mask};
  }

  /// `v` (an i32 offset) as the i64 a block pointer carries.
  static Value toI64(OpBuilder &b, Location loc, Value v) {
    if (v.getType().isInteger(64))
      return v;
    return arith::ExtSIOp::create(b, loc, b.getI64Type(), v);
  }

  void visit(Block &block) {
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (failed)
        return;
      if (auto mk = dyn_cast<tt::MakeTensorPtrOp>(op)) {
        Info in;
        in.base = mk.getBase();
        in.shape.assign(mk.getShape().begin(), mk.getShape().end());
        in.strides.assign(mk.getStrides().begin(), mk.getStrides().end());
        OpBuilder b(&op);
        for (Value o : mk.getOffsets())
          in.offsets.push_back(toI64(b, op.getLoc(), o));
        auto pt = cast<tt::PointerType>(mk.getType());
        auto bt = cast<RankedTensorType>(pt.getPointeeType());
        in.block.assign(bt.getShape().begin(), bt.getShape().end());
        infos[mk.getResult()] = in;
        dead.push_back(&op);
      } else if (auto adv = dyn_cast<tt::AdvanceOp>(op)) {
        auto it = infos.find(adv.getPtr());
        if (it == infos.end())
          return fail(&op, "cannot follow this block pointer");
        Info in = it->second;
        OpBuilder b(&op);
        for (auto [i, o] : llvm::enumerate(adv.getOffsets()))
          in.offsets[i] = arith::AddIOp::create(b, op.getLoc(), in.offsets[i],
                                                toI64(b, op.getLoc(), o));
        infos[adv.getResult()] = in;
        dead.push_back(&op);
      } else if (auto load = dyn_cast<tt::LoadOp>(op)) {
        if (!tt::isTensorPointerType(load.getPtr().getType()))
          continue;
        auto it = infos.find(load.getPtr());
        if (it == infos.end())
          return fail(&op, "cannot follow this block pointer");
        OpBuilder b(&op);
        auto [ptrs, mask] = addresses(b, op.getLoc(), it->second,
                                      load.getBoundaryCheck());
        Value other;
        if (mask) {
          auto t = cast<RankedTensorType>(load.getType());
          Type e = t.getElementType();
          bool nan = load.getPadding() &&
                     *load.getPadding() == tt::PaddingOption::PAD_NAN;
          TypedAttr v = isa<FloatType>(e)
                            ? TypedAttr(b.getFloatAttr(e, nan ? NAN : 0.0))
                            : TypedAttr(b.getIntegerAttr(e, 0));
          other = arith::ConstantOp::create(b, op.getLoc(),
                                            DenseElementsAttr::get(t, v));
        }
        auto nl = tt::LoadOp::create(b, op.getLoc(), ptrs, mask, other,
                                     load.getCache(), load.getEvict(),
                                     load.getIsVolatile());
        load.replaceAllUsesWith(nl.getResult());
        load.erase();
      } else if (auto store = dyn_cast<tt::StoreOp>(op)) {
        if (!tt::isTensorPointerType(store.getPtr().getType()))
          continue;
        auto it = infos.find(store.getPtr());
        if (it == infos.end())
          return fail(&op, "cannot follow this block pointer");
        OpBuilder b(&op);
        auto [ptrs, mask] = addresses(b, op.getLoc(), it->second,
                                      store.getBoundaryCheck());
        tt::StoreOp::create(b, op.getLoc(), ptrs, store.getValue(), mask,
                            b.getDenseI32ArrayAttr({}), store.getCacheAttr(),
                            store.getEvictAttr());
        store.erase();
      } else if (auto loop = dyn_cast<scf::ForOp>(op)) {
        rewriteFor(loop);
      } else {
        for (Region &r : op.getRegions())
          for (Block &blk : r)
            visit(blk);
        for (Value res : op.getResults())
          if (tt::isTensorPointerType(res.getType()))
            return fail(&op, "block pointers may flow through "
                             "scf.for only (not through this op)");
      }
    }
  }

  /// Replaces block-pointer iter_args by their offsets.
  void rewriteFor(scf::ForOp loop) {
    SmallVector<int> bp;
    for (auto [i, v] : llvm::enumerate(loop.getInitArgs()))
      if (tt::isTensorPointerType(v.getType()))
        bp.push_back(int(i));
    if (bp.empty()) {
      visit(*loop.getBody());
      return;
    }
    SmallVector<Value> inits;
    SmallVector<Info, 2> initInfo;
    for (auto [i, v] : llvm::enumerate(loop.getInitArgs())) {
      if (!llvm::is_contained(bp, int(i))) {
        inits.push_back(v);
        continue;
      }
      auto it = infos.find(v);
      if (it == infos.end())
        return fail(loop, "cannot follow this block pointer");
      initInfo.push_back(it->second);
      inits.append(it->second.offsets.begin(), it->second.offsets.end());
    }
    OpBuilder b(loop);
    auto nl = scf::ForOp::create(b, loop.getLoc(), loop.getLowerBound(),
                                 loop.getUpperBound(), loop.getStep(), inits);
    nl->setAttrs(loop->getAttrs());
    Block *body = nl.getBody();
    if (body->mightHaveTerminator())
      body->getTerminator()->erase();
    // Map the old block's arguments onto the new ones.
    loop.getInductionVar().replaceAllUsesWith(nl.getInductionVar());
    unsigned next = 0, k = 0;
    SmallVector<Value> newArgs(nl.getRegionIterArgs());
    for (auto [i, old] : llvm::enumerate(loop.getRegionIterArgs())) {
      if (!llvm::is_contained(bp, int(i))) {
        old.replaceAllUsesWith(newArgs[next++]);
        continue;
      }
      Info in = initInfo[k++];
      for (Value &o : in.offsets)
        o = newArgs[next++];
      infos[old] = in;
      // Uses of the old argument are block-pointer ops rewritten below.
    }
    // Move the body's operations, then rewrite them in place.
    body->getOperations().splice(body->end(),
                                 loop.getBody()->getOperations());
    // Old iter args still have users among the moved ops: keep the mapping
    // on the old Values (infos) and replace non-bp ones above.
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    visit(*body);
    if (failed)
      return;
    SmallVector<Value> yields;
    for (auto [i, v] : llvm::enumerate(yield.getOperands())) {
      if (!llvm::is_contained(bp, int(i))) {
        yields.push_back(v);
        continue;
      }
      auto it = infos.find(v);
      if (it == infos.end())
        return fail(yield, "cannot follow this block pointer");
      yields.append(it->second.offsets.begin(), it->second.offsets.end());
    }
    OpBuilder yb(yield);
    scf::YieldOp::create(yb, yield.getLoc(), yields);
    yield.erase();
    // Results: block-pointer results map to the final offsets.
    next = 0;
    k = 0;
    for (auto [i, res] : llvm::enumerate(loop.getResults())) {
      if (!llvm::is_contained(bp, int(i))) {
        res.replaceAllUsesWith(nl.getResult(next++));
        continue;
      }
      Info in = initInfo[k++];
      for (Value &o : in.offsets)
        o = nl.getResult(next++);
      infos[res] = in;
    }
    // The old loop is dead once its block-pointer results' users are gone.
    dead.push_back(loop);
  }
};

struct RewriteTensorPointer
    : public mlir::triton::impl::TritonRewriteTensorPointerBase<
          RewriteTensorPointer> {
  void runOnOperation() override {
    Rewriter r;
    for (auto func : getOperation().getOps<tt::FuncOp>())
      if (!func.isExternal())
        for (Block &b : func.getBody())
          r.visit(b);
    if (r.failed)
      return signalPassFailure();
    // Erase what became dead: their only remaining users are each other
    // (and old loops' block arguments), so drop every reference first.
    for (Operation *op : r.dead)
      op->dropAllReferences();
    for (Operation *op : llvm::reverse(r.dead))
      op->erase();
  }
};

} // namespace
