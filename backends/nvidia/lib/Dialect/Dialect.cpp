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
}

LogicalResult WarpGroupDotWaitOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  for (Value v : operands)
    inferredReturnTypes.push_back(v.getType());
  return success();
}
