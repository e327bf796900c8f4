//===- Traits.cpp - verifiers of the tt dialect's native traits -----------===//

#include "trident/Dialect/Triton/IR/Traits.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

static LogicalResult verifyOneTensorSize(Operation *op, Type type,
                                         StringRef what) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return success();
  int64_t numElements = 1;
  for (int64_t dim : tensor.getShape()) {
    if (dim <= 0)
      return op->emitOpError() << what << " type " << type
                               << " has a dimension that is not positive";
    numElements *= dim;
    if (numElements > triton::kMaxTensorNumElements)
      return op->emitOpError()
             << what << " type " << type << " has more than "
             << triton::kMaxTensorNumElements << " elements";
  }
  if (!llvm::isPowerOf2_64(numElements))
    return op->emitOpError() << what << " type " << type << " has "
                             << numElements
                             << " elements, which is not a power of two";
  return success();
}

LogicalResult triton::OpTrait::impl::verifyTensorSize(Operation *op) {
  for (Type type : op->getOperandTypes())
    if (failed(verifyOneTensorSize(op, type, "operand")))
      return failure();
  for (Type type : op->getResultTypes())
    if (failed(verifyOneTensorSize(op, type, "result")))
      return failure();
  return success();
}

LogicalResult
triton::OpTrait::impl::verifySameOperandsAndResultEncoding(Operation *op) {
  std::optional<Attribute> first;
  auto check = [&](Type type) -> LogicalResult {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return success();
    if (!first) {
      first = tensor.getEncoding();
      return success();
    }
    if (*first != tensor.getEncoding())
      return op->emitOpError()
             << "requires the same encoding for all tensor operands and "
                "results";
    return success();
  };
  for (Type type : op->getOperandTypes())
    if (failed(check(type)))
      return failure();
  for (Type type : op->getResultTypes())
    if (failed(check(type)))
      return failure();
  return success();
}
