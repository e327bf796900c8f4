//===- SharedAccess.cpp - registers to and from a shared-memory layout ----===//

#include "trident/Conversion/TritonGPUToLLVM/SharedAccess.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Tools/SharedSwizzle.h"

using namespace mlir;
using namespace mlir::triton::gpu;

namespace trident {

FailureOr<BufferAccess> BufferAccess::get(Operation *op,
                                          RankedTensorType tensor,
                                          Value memdesc) {
  auto type = cast<MemDescType>(memdesc.getType());
  MemDescType bufferType = type;
  ArrayRef<int32_t> tileAt;
  if (!type.getAllocShape().empty() && type.getAllocShape() != type.getShape()) {
    auto tile = memdesc.getDefiningOp<MemDescSubsliceOp>();
    MemDescType parent = tile ? tile.getSrc().getType() : MemDescType();
    if (!tile || (!parent.getAllocShape().empty() &&
                  parent.getAllocShape() != parent.getShape()))
      return op->emitError("this view into a larger shared-memory "
                           "allocation is not lowered yet (a "
                           "memdesc_subslice of a whole buffer is)");
    bufferType = parent;
    tileAt = tile.getOffsets();
  }
  LinearLayout regs = toLinearLayout(tensor);
  LinearLayout buffer = toLinearLayout(bufferType);
  int32_t tileOffset = 0;
  if (!tileAt.empty()) {
    // The tile's coordinates as the buffer's (same bases, the buffer's
    // sizes), and where the tile starts.
    regs = LinearLayout(regs.ins(), buffer.outs());
    LinearLayout inverse;
    std::string why;
    if (!buffer.invert(inverse, why))
      return op->emitError("the buffer's layout is not invertible: ") << why;
    std::vector<std::pair<std::string, int32_t>> at;
    for (size_t d = 0; d < tileAt.size(); ++d)
      at.push_back({"dim" + std::to_string(d), tileAt[d]});
    tileOffset = inverse.apply(at)[0];
  }
  return forLayouts(op, regs, buffer, tensor.getElementType(), tileOffset);
}

FailureOr<BufferAccess> BufferAccess::forLayouts(Operation *op,
                                                 const LinearLayout &regs,
                                                 const LinearLayout &memory,
                                                 Type elemType,
                                                 int32_t tileOffset) {
  BufferAccess a;
  a.tileOffset = tileOffset;
  std::string why;
  if (!regs.invertAndCompose(memory, a.toOffset, why))
    return op->emitError("the shared-memory layout misses elements: ") << why;
  a.copies = regs.freeVariableMask("register");
  unsigned bytes = sharedSlotBytes(elemType);
  a.slotType = IntegerType::get(op->getContext(), bytes * 8);
  int32_t vec = sharedVectorWidth(a.toOffset, int32_t(bytes));
  while (vec > 1 && (tileOffset & (vec - 1)))
    vec /= 2;
  a.vec = vec;
  return a;
}

Value BufferAccess::address(OpBuilder &b, Location loc, Value base,
                            Value laneWarp, int32_t r) const {
  Value offset =
      withConstantPart(b, loc, toOffset, 0, laneWarp,
                       toOffset.apply({{"register", r}})[0] ^ tileOffset);
  return LLVM::GEPOp::create(b, loc, base.getType(), slotType, base, offset);
}

void storeRegisters(OpBuilder &b, Location loc, const BufferAccess &a,
                    Value base, ArrayRef<Value> values, const TargetInfo &t,
                    const RegisterFilter &only) {
  ThreadIds ids = threadIds(b, loc, t);
  Value laneWarp = laneWarpCoords(b, loc, a.toOffset, ids)[0];
  auto vecTy = VectorType::get({a.vec}, a.slotType);
  unsigned bytes = a.slotType.getIntOrFloatBitWidth() / 8;
  for (int32_t r = 0; r < int32_t(values.size()); r += a.vec) {
    if ((r & a.copies) || (only && !only(r)))
      continue;
    Value ptr = a.address(b, loc, base, laneWarp, r);
    auto slot = [&](Value v) {
      Value i = toInt(b, loc, v);
      return v.getType().isInteger(1)
                 ? LLVM::ZExtOp::create(b, loc, a.slotType, i).getResult()
                 : i;
    };
    if (a.vec == 1) {
      LLVM::StoreOp::create(b, loc, slot(values[r]), ptr, bytes);
      continue;
    }
    Value v = LLVM::UndefOp::create(b, loc, vecTy);
    for (int32_t k = 0; k < a.vec; ++k)
      v = LLVM::InsertElementOp::create(b, loc, v, slot(values[r + k]),
                                        i32Const(b, loc, k));
    LLVM::StoreOp::create(b, loc, v, ptr, bytes * unsigned(a.vec));
  }
}

SmallVector<Value> loadRegisters(OpBuilder &b, Location loc,
                                 const BufferAccess &a, Value base, Type elem,
                                 int32_t n, const TargetInfo &t,
                                 const RegisterFilter &only,
                                 ArrayRef<Value> have) {
  ThreadIds ids = threadIds(b, loc, t);
  Value laneWarp = laneWarpCoords(b, loc, a.toOffset, ids)[0];
  auto vecTy = VectorType::get({a.vec}, a.slotType);
  unsigned bytes = a.slotType.getIntOrFloatBitWidth() / 8;
  SmallVector<Value> out(have.begin(), have.end());
  out.resize(n);
  auto value = [&](Value i) {
    return elem.isInteger(1) ? LLVM::TruncOp::create(b, loc, elem, i).getResult()
                             : fromInt(b, loc, i, elem);
  };
  for (int32_t r = 0; r < n; r += a.vec) {
    if (only && !only(r))
      continue;
    if (r & a.copies) {
      for (int32_t k = 0; k < a.vec; ++k)
        out[r + k] = out[(r + k) & ~int32_t(a.copies)];
      continue;
    }
    Value ptr = a.address(b, loc, base, laneWarp, r);
    if (a.vec == 1) {
      out[r] = value(LLVM::LoadOp::create(b, loc, a.slotType, ptr, bytes));
      continue;
    }
    Value v = LLVM::LoadOp::create(b, loc, vecTy, ptr, bytes * unsigned(a.vec));
    for (int32_t k = 0; k < a.vec; ++k)
      out[r + k] = value(
          LLVM::ExtractElementOp::create(b, loc, v, i32Const(b, loc, k)));
  }
  return out;
}

} // namespace trident
