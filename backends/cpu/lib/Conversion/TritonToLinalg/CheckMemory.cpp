//===- CheckMemory.cpp - the checked mode's access checks -----------------===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonToLinalg/Common.h"

namespace trident::cpu {
#define GEN_PASS_DEF_CPUCHECKMEMORYACCESSES
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;
namespace tt = mlir::triton;
using namespace trident::cpu::tritontolinalg;

namespace {

/// What the hook is told an access is (trident_cpu_check_fn's `kind`).
enum AccessKind { kLoad = 0, kStore = 1, kAtomic = 2 };

/// Bytes one lane of `ptr` (a pointer or a tensor of them) accesses.
int64_t accessBytes(Value ptr) {
  Type t = ptr.getType();
  if (auto tensor = dyn_cast<RankedTensorType>(t))
    t = tensor.getElementType();
  Type pointee = cast<tt::PointerType>(t).getPointeeType();
  return std::max<int64_t>(1, (pointee.getIntOrFloatBitWidth() + 7) / 8);
}

/// Checks each lane of `op`'s access whose mask is on, before `op`.
void checkAccess(Operation *op, Value ptr, Value mask, AccessKind kind) {
  if (!isa<tt::PointerType>(getElementTypeOrSelf(ptr.getType())))
    return; // a block pointer: rewritten before this pass
  SmallVector<Value> pids = programIds(op);
  if (pids.empty())
    return;
  auto module = op->getParentOfType<ModuleOp>();
  Location loc = op->getLoc();
  OpBuilder b(op);
  MLIRContext *ctx = op->getContext();
  auto ptrT = LLVM::LLVMPointerType::get(ctx);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  LLVM::GlobalOp hook =
      runtimeHook(b, module, loc, "trident_cpu_check_hook"); // null: unchecked
  Value position = stringConstant(b, module, loc, sourcePosition(loc));
  Value bytes = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(
                                                      accessBytes(ptr)));
  Value kindValue =
      arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(kind));
  Type intType = i64;
  ArrayRef<int64_t> shape;
  if (auto t = dyn_cast<RankedTensorType>(ptr.getType())) {
    intType = RankedTensorType::get(t.getShape(), i64);
    shape = t.getShape();
  }
  Value addresses = tt::PtrToIntOp::create(b, loc, intType, ptr);
  Value hookAddr = LLVM::AddressOfOp::create(b, loc, hook);
  Value hookFn = LLVM::LoadOp::create(b, loc, ptrT, hookAddr);
  Value null = LLVM::ZeroOp::create(b, loc, ptrT);
  Value set =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, hookFn, null);
  auto ifSet = scf::IfOp::create(b, loc, TypeRange{}, set, false);
  b.setInsertionPoint(ifSet.thenBlock()->getTerminator());
  auto hookType = LLVM::LLVMFunctionType::get(
      LLVM::LLVMVoidType::get(ctx), {i64, i64, ptrT, i32, i32, i32, i32});
  forEachElement(b, loc, shape, [&](OpBuilder &bb, ValueRange idx) {
    Value address = elementAt(bb, loc, addresses, idx);
    auto call = [&](OpBuilder &cb) {
      LLVM::CallOp::create(cb, loc, hookType,
                           ValueRange{hookFn, address, bytes, position,
                                      kindValue, pids[0], pids[1], pids[2]});
    };
    if (!mask) {
      call(bb);
      return;
    }
    Value on = elementAt(bb, loc, mask, idx);
    auto ifOn = scf::IfOp::create(bb, loc, TypeRange{}, on, false);
    OpBuilder::InsertionGuard g(bb);
    bb.setInsertionPoint(ifOn.thenBlock()->getTerminator());
    call(bb);
  });
}

struct CheckMemoryAccessesPass
    : public trident::cpu::impl::CpuCheckMemoryAccessesBase<
          CheckMemoryAccessesPass> {
  void runOnOperation() override {
    SmallVector<Operation *> accesses;
    getOperation().walk([&](Operation *op) {
      if (isa<tt::LoadOp, tt::StoreOp, tt::AtomicRMWOp, tt::AtomicCASOp>(op))
        accesses.push_back(op);
    });
    for (Operation *op : accesses) {
      if (auto load = dyn_cast<tt::LoadOp>(op))
        checkAccess(op, load.getPtr(), load.getMask(), kLoad);
      else if (auto store = dyn_cast<tt::StoreOp>(op))
        checkAccess(op, store.getPtr(), store.getMask(), kStore);
      else if (auto rmw = dyn_cast<tt::AtomicRMWOp>(op))
        checkAccess(op, rmw.getPtr(), rmw.getMask(), kAtomic);
      else if (auto cas = dyn_cast<tt::AtomicCASOp>(op))
        checkAccess(op, cas.getPtr(), Value(), kAtomic);
    }
  }
};

} // namespace
