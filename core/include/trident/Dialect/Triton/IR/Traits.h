//===- Traits.h - op traits of the tt dialect -------------------*- C++ -*-===//
//
// Native traits the tt ops declare in ODS: tensor size limits and equal
// encodings across operands and results.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_TRITON_IR_TRAITS_H
#define TRIDENT_DIALECT_TRITON_IR_TRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::triton {

/// The largest number of elements a tensor may have (Triton's limit).
constexpr int64_t kMaxTensorNumElements = 1 << 20;

namespace OpTrait {
namespace impl {
LogicalResult verifyTensorSize(Operation *op);
LogicalResult verifySameOperandsAndResultEncoding(Operation *op);
} // namespace impl

/// Every tensor operand and result has a power-of-two number of elements, at
/// most kMaxTensorNumElements.
template <typename ConcreteType>
class TensorSizeTrait
    : public mlir::OpTrait::TraitBase<ConcreteType, TensorSizeTrait> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyTensorSize(op);
  }
};

/// All tensor operands and results carry the same encoding attribute.
template <typename ConcreteType>
class SameOperandsAndResultEncoding
    : public mlir::OpTrait::TraitBase<ConcreteType,
                                      SameOperandsAndResultEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameOperandsAndResultEncoding(op);
  }
};
} // namespace OpTrait
} // namespace mlir::triton

#endif // TRIDENT_DIALECT_TRITON_IR_TRAITS_H
