//===- Types.cpp - !tt.ptr and type helpers -------------------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;

#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/Triton/IR/Types.cpp.inc"

void TritonDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "trident/Dialect/Triton/IR/Types.cpp.inc"
      >();
}

/// `!tt.ptr<T>` or `!tt.ptr<T, AS>`; address space 1 is the default.
Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  int addressSpace = 1;
  if (parser.parseLess() || parser.parseType(pointee))
    return Type();
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseInteger(addressSpace))
    return Type();
  if (parser.parseGreater())
    return Type();
  return parser.getChecked<PointerType>(parser.getContext(), pointee,
                                        addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  if (getAddressSpace() != 1)
    printer << ", " << getAddressSpace();
  printer << ">";
}

LogicalResult
PointerType::verify(function_ref<InFlightDiagnostic()> emitError, Type pointee,
                    int addressSpace) {
  if (!pointee)
    return emitError() << "pointer needs a pointee type";
  if (addressSpace < 0)
    return emitError() << "pointer address space must be non-negative, got "
                       << addressSpace;
  if (auto tensor = dyn_cast<RankedTensorType>(pointee))
    if (isa<PointerType>(tensor.getElementType()))
      return emitError()
             << "a block pointer cannot point to a tensor of pointers";
  return success();
}

Type TensorDescType::parse(AsmParser &parser) {
  // `SHAPExELEMENT[, ENCODING]`, inside `tensor<...>` or bare.
  auto block = [&](RankedTensorType &out) -> ParseResult {
    SmallVector<int64_t> shape;
    Type element;
    Attribute encoding;
    if (parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
        parser.parseType(element))
      return failure();
    if (succeeded(parser.parseOptionalComma()) &&
        parser.parseAttribute(encoding))
      return failure();
    out = RankedTensorType::get(shape, element, encoding);
    return success();
  };
  RankedTensorType type;
  if (parser.parseLess())
    return Type();
  if (succeeded(parser.parseOptionalKeyword("tensor"))) {
    if (parser.parseLess() || block(type) || parser.parseGreater())
      return Type();
  } else if (block(type)) {
    return Type();
  }
  if (parser.parseGreater())
    return Type();
  return parser.getChecked<TensorDescType>(parser.getContext(), type);
}

LogicalResult
TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                       RankedTensorType block) {
  if (!block || block.getRank() < 1 || block.getRank() > 5)
    return emitError() << "a tensor descriptor's block has rank 1 to 5, got "
                       << block;
  return success();
}

void TensorDescType::print(AsmPrinter &printer) const {
  printer << "<" << getBlockType() << ">";
}

namespace mlir::triton {

PointerType getPointerType(Type pointee, int addressSpace) {
  return PointerType::get(pointee, addressSpace);
}

Type getPointeeType(Type ptrLike) {
  if (auto tensor = dyn_cast<RankedTensorType>(ptrLike)) {
    auto ptr = dyn_cast<PointerType>(tensor.getElementType());
    if (!ptr)
      return Type();
    return RankedTensorType::get(tensor.getShape(), ptr.getPointeeType(),
                                 tensor.getEncoding());
  }
  if (auto ptr = dyn_cast<PointerType>(ptrLike))
    return ptr.getPointeeType();
  return Type();
}

Type getI1SameShape(Type type) {
  if (!type)
    return Type();
  auto i1 = IntegerType::get(type.getContext(), 1);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(), i1, tensor.getEncoding());
  return i1;
}

Type getPointerTypeSameShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(),
                                 getPointerType(tensor.getElementType()),
                                 tensor.getEncoding());
  return getPointerType(type);
}

bool isTensorPointerType(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  return ptr && isa<RankedTensorType>(ptr.getPointeeType());
}

Type getElementTypeOfTensorPointerType(Type type) {
  if (auto ptr = dyn_cast<PointerType>(type))
    if (auto tensor = dyn_cast<RankedTensorType>(ptr.getPointeeType()))
      return tensor.getElementType();
  return Type();
}

int getAddressSpace(Type type) {
  if (auto ptr = dyn_cast<PointerType>(getElementTypeOrSelf(type)))
    return ptr.getAddressSpace();
  return 1;
}

unsigned getElementBitWidth(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (isa<PointerType>(element))
    return 64;
  return element.getIntOrFloatBitWidth();
}

} // namespace mlir::triton
