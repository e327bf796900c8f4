//===- Dialect.cpp - the ttng dialect: verifiers and effects --------------===//

#include "trident/Backends/Nvidia/Dialect/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

#include "trident/Backends/Nvidia/Dialect/Dialect.cpp.inc"

void NvidiaGPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "trident/Backends/Nvidia/Dialect/Ops.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "trident/Backends/Nvidia/Dialect/Ops.cpp.inc"

namespace trident::nvidia {

bool isNvidiaMma(Attribute enc, int major) {
  auto v = dyn_cast_or_null<VendorEncodingAttr>(enc);
  if (!v || v.getName().getValue() != "nvidia_mma")
    return false;
  auto m = dyn_cast_or_null<IntegerAttr>(v.getParams().get("versionMajor"));
  return m && m.getInt() == major;
}

} // namespace trident::nvidia

namespace {

bool isNvmmaShared(Attribute enc) {
  auto v = dyn_cast_or_null<VendorSharedEncodingAttr>(enc);
  return v && v.getName().getValue() == "nvmma_shared";
}

ArrayRef<int64_t> shapeOf(Type t) {
  if (auto m = dyn_cast<MemDescType>(t))
    return m.getShape();
  return cast<RankedTensorType>(t).getShape();
}

Type elementOf(Type t) {
  if (auto m = dyn_cast<MemDescType>(t))
    return m.getElementType();
  return cast<RankedTensorType>(t).getElementType();
}

} // namespace

LogicalResult WarpGroupDotOp::verify() {
  auto d = cast<RankedTensorType>(getD().getType());
  if (!trident::nvidia::isNvidiaMma(d.getEncoding(), 3))
    return emitOpError() << "the accumulator is a #ttg.nvidia_mma of "
                            "version 3 (wgmma), not "
                         << d.getEncoding();
  if (d.getRank() != 2)
    return emitOpError() << "wgmma multiplies matrices (rank 2), not rank "
                         << d.getRank();
  auto b = cast<MemDescType>(getB().getType());
  if (!isNvmmaShared(b.getEncoding()))
    return emitOpError() << "operand b is a buffer in #ttg.nvmma_shared";
  if (auto a = dyn_cast<MemDescType>(getA().getType())) {
    if (!isNvmmaShared(a.getEncoding()))
      return emitOpError() << "operand a in shared memory is in "
                              "#ttg.nvmma_shared";
  } else {
    auto at = cast<RankedTensorType>(getA().getType());
    auto op = dyn_cast_or_null<DotOperandEncodingAttr>(at.getEncoding());
    if (!op || op.getOpIdx() != 0 || op.getParent() != d.getEncoding())
      return emitOpError() << "operand a in registers is the accumulator's "
                              "#ttg.dot_op (opIdx 0)";
  }
  ArrayRef<int64_t> as = shapeOf(getA().getType()), bs = b.getShape();
  if (as.size() != 2 || bs.size() != 2 || as[1] != bs[0] ||
      as[0] != d.getShape()[0] || bs[1] != d.getShape()[1])
    return emitOpError() << "shapes do not multiply: a " << as[0] << "x"
                         << (as.size() > 1 ? as[1] : 0) << ", b " << bs[0]
                         << "x" << (bs.size() > 1 ? bs[1] : 0)
                         << ", accumulator " << d.getShape()[0] << "x"
                         << d.getShape()[1];
  if (elementOf(getA().getType()) != b.getElementType() &&
      !(isa<Float8E4M3FNType, Float8E5M2Type>(elementOf(getA().getType())) &&
        isa<Float8E4M3FNType, Float8E5M2Type>(b.getElementType())))
    return emitOpError() << "operands of one type (or two fp8 types)";
  return success();
}

void WarpGroupDotOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (isa<MemDescType>(getA().getType()))
    effects.emplace_back(MemoryEffects::Read::get(), &getAMutable(),
                         SharedMemory::get());
  effects.emplace_back(MemoryEffects::Read::get(), &getBMutable(),
                       SharedMemory::get());
}

LogicalResult WarpGroupDotWaitOp::verify() {
  if (getPendings() < 0)
    return emitOpError() << "pendings is a count (>= 0), not "
                         << getPendings();
  return success();
}

void WarpGroupDotWaitOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  for (OpOperand &o : getInputsMutable())
    if (isa<MemDescType>(o.get().getType()))
      effects.emplace_back(MemoryEffects::Read::get(), &o,
                           SharedMemory::get());
  // The wait itself is an effect: a wait whose results nobody reads (the
  // last one after a persistent kernel's loop) still retires the groups in
  // flight, so it is not dead code. Not on shared memory: no barrier.
  effects.emplace_back(MemoryEffects::Write::get(),
                       SideEffects::DefaultResource::get());
}

LogicalResult WarpGroupDotWaitOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  for (Value v : operands)
    inferredReturnTypes.push_back(v.getType());
  return success();
}

//===-- mbarriers and TMA --------------------------------------------------===//

namespace {

/// An mbarrier is one 64-bit word of shared memory.
LogicalResult verifyBarrier(Operation *op, Value alloc) {
  auto m = cast<MemDescType>(alloc.getType());
  if (!m.getElementType().isInteger(64) || m.getShape().size() != 1 ||
      m.getShape()[0] != 1)
    return op->emitOpError() << "the barrier is one i64 of shared memory "
                                "(!ttg.memdesc<1xi64, ...>), not "
                             << m;
  return success();
}

/// The block a descriptor moves against the buffer and coordinates.
LogicalResult verifyTmaBlock(Operation *op, Type descType, Type bufferType,
                             size_t numCoords) {
  auto block = cast<TensorDescType>(descType).getBlockType();
  auto buffer = cast<MemDescType>(bufferType);
  if (block.getShape() != buffer.getShape() ||
      block.getElementType() != buffer.getElementType())
    return op->emitOpError() << "the buffer " << buffer
                             << " is not the descriptor's block " << block;
  // The copies are cut from the buffer's layout, the hardware swizzles by
  // the descriptor's: they must be one.
  if (block.getEncoding() && block.getEncoding() != buffer.getEncoding())
    return op->emitOpError() << "the buffer's layout "
                             << buffer.getEncoding()
                             << " is not the descriptor's "
                             << block.getEncoding();
  if (numCoords != size_t(block.getRank()))
    return op->emitOpError() << "takes " << block.getRank()
                             << " coordinates (the block's rank), not "
                             << numCoords;
  // A whole buffer, or one slot of a ring (memdesc_index keeps the slot's
  // dimensions): the copies' addresses start at the view's base and step
  // by its rows. A sub-slice of a larger buffer (memdesc_subslice) would
  // need the parent's offsets and row pitch, which the lowering does not
  // take.
  ArrayRef<int64_t> alloc = buffer.getAllocShape(); // empty: its own shape
  if (!alloc.empty() &&
      (alloc.size() < buffer.getShape().size() ||
       alloc.take_back(buffer.getShape().size()) != buffer.getShape()))
    return op->emitOpError()
           << "the buffer " << buffer
           << " is a sub-slice of a larger allocation; TMA copies take a whole "
              "buffer or one slot of a multi-buffered one";
  return success();
}

} // namespace

LogicalResult InitBarrierOp::verify() {
  if (getCount() < 1)
    return emitOpError() << "count is at least 1, not " << getCount();
  return verifyBarrier(*this, getAlloc());
}
LogicalResult InvalBarrierOp::verify() {
  return verifyBarrier(*this, getAlloc());
}
LogicalResult BarrierExpectOp::verify() {
  if (getSize() < 0)
    return emitOpError() << "size is a byte count, not " << getSize();
  return verifyBarrier(*this, getAlloc());
}
LogicalResult ArriveBarrierOp::verify() {
  if (getCount() < 1)
    return emitOpError() << "count is at least 1, not " << getCount();
  return verifyBarrier(*this, getAlloc());
}
LogicalResult WaitBarrierOp::verify() {
  return verifyBarrier(*this, getAlloc());
}
void WaitBarrierOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getAllocMutable(),
                       SharedMemory::get());
  for (OpOperand &d : getDepsMutable())
    effects.emplace_back(MemoryEffects::Read::get(), &d, SharedMemory::get());
  // What the copies it waits for wrote becomes visible here: nothing may
  // move across it, and it is never dead (as Triton 3.6 declares it).
  effects.emplace_back(MemoryEffects::Write::get(),
                       SideEffects::DefaultResource::get());
}

uint64_t TensormapCreateOp::getSharedScratchBytes() { return 128; }
uint64_t TensormapCreateOp::getSharedScratchAlignment() { return 128; }

LogicalResult AsyncTMACopyGlobalToLocalOp::verify() {
  if (failed(verifyBarrier(*this, getBarrier())))
    return failure();
  return verifyTmaBlock(*this, getDesc().getType(), getResult().getType(),
                        getCoord().size());
}
void AsyncTMACopyGlobalToLocalOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), &getResultMutable(),
                       SharedMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), &getBarrierMutable(),
                       SharedMemory::get());
}

LogicalResult AsyncTMACopyLocalToGlobalOp::verify() {
  return verifyTmaBlock(*this, getDesc().getType(), getSrc().getType(),
                        getCoord().size());
}
void AsyncTMACopyLocalToGlobalOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getSrcMutable(),
                       SharedMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

LogicalResult AsyncTMAReduceOp::verify() {
  return verifyTmaBlock(*this, getDesc().getType(), getSrc().getType(),
                        getCoord().size());
}
void AsyncTMAReduceOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getSrcMutable(),
                       SharedMemory::get());
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

LogicalResult TensormapCreateOp::verify() {
  size_t rank = getBoxDim().size();
  if (rank < 1 || rank > 5)
    return emitOpError() << "describes 1 to 5 dimensions, not " << rank;
  if (getGlobalDim().size() != rank || getElementStride().size() != rank ||
      getGlobalStride().size() != rank - 1)
    return emitOpError() << "takes " << rank << " global dims and element "
                         << "strides and " << rank - 1
                         << " global strides (the box's rank " << rank
                         << "), not " << getGlobalDim().size() << ", "
                         << getElementStride().size() << " and "
                         << getGlobalStride().size();
  return success();
}
