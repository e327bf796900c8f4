//===- AtomicOpToLLVM.cpp - tt.atomic_rmw and tt.atomic_cas ---------------===//
//
// One atomic per distinct element a thread holds, issued through the target
// (inline PTX on NVIDIA), by the thread that owns the element only: an
// element several threads (or several registers of one thread) hold is
// updated once, as Triton does. The old values then reach every thread
// that holds the element: through shared memory when the owner is not the
// only holder (a scalar atomic is done by thread 0 and broadcast, as in
// Triton), by copying for registers that repeat an element.
//
// Scalar release (acquire) atomics are preceded (followed) by a CTA
// barrier, as in Triton: the one thread that performs the atomic then
// orders the writes (reads) of the whole program, which is what Triton's
// memory model promises for a program.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/Allocation.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident {
namespace {

using IssueFn = llvm::function_ref<FailureOr<Value>(size_t reg, Value pred)>;

/// The shared part of both atomics: `ptrType` is the pointer operand's
/// type, `masks` its mask elements (empty: none). `issue` performs the
/// atomic of register `reg` under `pred` and returns the old value (null
/// when `wantOld` is false).
LogicalResult lowerAtomic(Operation *op, Type ptrType, ArrayRef<Value> masks,
                          size_t numRegs, MemSemantic sem, bool wantOld,
                          Type resultType, ConversionPatternRewriter &rw,
                          LoweringContext &lc, IssueFn issue) {
  Location loc = op->getLoc();
  auto tensor = dyn_cast<RankedTensorType>(ptrType);
  bool releases =
      sem == MemSemantic::RELEASE || sem == MemSemantic::ACQUIRE_RELEASE;
  bool acquires =
      sem == MemSemantic::ACQUIRE || sem == MemSemantic::ACQUIRE_RELEASE;
  Value owner = ownerPredicate(rw, loc, ptrType, lc.target);
  bool broadcast = wantOld && owner;
  // Earlier accesses are done before a scalar release. (The broadcast
  // slots are ordered against earlier readers by insert-shared-barriers.)
  if (!tensor && releases)
    lc.target.barrier(rw, loc);

  uint32_t regFree = 0;
  LinearLayout ll;
  if (tensor) {
    ll = toLinearLayout(tensor);
    regFree = ll.freeVariableMask("register");
  }
  Value always =
      LLVM::ConstantOp::create(rw, loc, rw.getI1Type(), rw.getBoolAttr(true));
  SmallVector<Value> old(numRegs);
  for (size_t r = 0; r < numRegs; ++r) {
    if (r & regFree)
      continue; // a copy of register r & ~regFree
    Value pred = masks.empty() ? owner : masks[r];
    if (!masks.empty() && owner)
      pred = LLVM::AndOp::create(rw, loc, pred, owner);
    FailureOr<Value> v = issue(r, pred ? pred : always);
    if (failed(v))
      return failure();
    old[r] = *v;
  }
  if (!wantOld) {
    if (!tensor && acquires)
      lc.target.barrier(rw, loc);
    rw.eraseOp(op);
    return success();
  }

  Type elem = resultType;
  if (auto st = dyn_cast<LLVM::LLVMStructType>(resultType))
    elem = st.getBody().front();
  if (broadcast) {
    int64_t bytes = sharedSlotBytes(elem);
    int64_t elems = tensor ? tensor.getNumElements() : 1;
    Value base = scratchBase(rw, loc, op, lc, uint64_t(elems * bytes));
    SmallVector<Value> slots(numRegs);
    ThreadIds ids;
    if (tensor)
      ids = threadIds(rw, loc, lc.target);
    for (size_t r = 0; r < numRegs; ++r) {
      if (r & regFree)
        continue;
      Value idx = tensor ? linearIndex(rw, loc,
                                       elementCoords(rw, loc, ll, int32_t(r), ids),
                                       tensor.getShape())
                         : i32Const(rw, loc, 0);
      slots[r] = LLVM::GEPOp::create(rw, loc, base.getType(), elem, base, idx);
    }
    Block *rest = beginConditional(rw, loc, owner);
    for (size_t r = 0; r < numRegs; ++r)
      if (!(r & regFree))
        LLVM::StoreOp::create(rw, loc, old[r], slots[r]);
    endConditional(rw, loc, rest);
    lc.target.barrier(rw, loc);
    for (size_t r = 0; r < numRegs; ++r)
      if (!(r & regFree))
        old[r] = LLVM::LoadOp::create(rw, loc, elem, slots[r]);
  } else if (!tensor && acquires) {
    lc.target.barrier(rw, loc);
  }
  for (size_t r = 0; r < numRegs; ++r)
    if (r & regFree)
      old[r] = old[r & ~size_t(regFree)];
  rw.replaceOp(op, pack(rw, loc, resultType, old));
  return success();
}

struct AtomicRMWOpConversion : public ConvertOpToLLVMPattern<AtomicRMWOp> {
  AtomicRMWOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return rw.notifyMatchFailure(op, "result type");
    Type elem = resultType;
    if (auto st = dyn_cast<LLVM::LLVMStructType>(resultType))
      elem = st.getBody().front();
    SmallVector<Value> ptrs = unpack(rw, loc, adaptor.getPtr());
    SmallVector<Value> vals = unpack(rw, loc, adaptor.getVal());
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpack(rw, loc, adaptor.getMask());
    bool wantOld = !op.getResult().use_empty();
    auto issue = [&](size_t r, Value pred) {
      return lc.target.atomicRMW(rw, loc, op.getAtomicRmwOp(), elem, ptrs[r],
                                 vals[r], pred, op.getSem(), op.getScope(),
                                 wantOld);
    };
    return lowerAtomic(op, op.getPtr().getType(), masks, ptrs.size(),
                       op.getSem(), wantOld, resultType, rw, lc, issue);
  }
  LoweringContext &lc;
};

struct AtomicCASOpConversion : public ConvertOpToLLVMPattern<AtomicCASOp> {
  AtomicCASOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return rw.notifyMatchFailure(op, "result type");
    Type elem = resultType;
    if (auto st = dyn_cast<LLVM::LLVMStructType>(resultType))
      elem = st.getBody().front();
    SmallVector<Value> ptrs = unpack(rw, loc, adaptor.getPtr());
    SmallVector<Value> cmps = unpack(rw, loc, adaptor.getCmp());
    SmallVector<Value> vals = unpack(rw, loc, adaptor.getVal());
    bool wantOld = !op.getResult().use_empty();
    auto issue = [&](size_t r, Value pred) -> FailureOr<Value> {
      FailureOr<Value> v =
          lc.target.atomicCAS(rw, loc, elem, ptrs[r], cmps[r], vals[r], pred,
                              op.getSem(), op.getScope());
      if (failed(v) || wantOld)
        return v;
      return Value();
    };
    return lowerAtomic(op, op.getPtr().getType(), {}, ptrs.size(), op.getSem(),
                       wantOld, resultType, rw, lc, issue);
  }
  LoweringContext &lc;
};

} // namespace

void populateAtomicOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                    RewritePatternSet &p, LoweringContext &lc) {
  p.add<AtomicRMWOpConversion, AtomicCASOpConversion>(tc, lc);
}

} // namespace trident
