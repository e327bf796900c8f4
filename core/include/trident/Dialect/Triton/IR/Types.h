//===- Types.h - types of the tt dialect and helpers over them --*- C++ -*-===//
//
// `!tt.ptr<T>` and the small type computations TTIR needs everywhere: the
// type a pointer (or tensor of pointers) points to, i1 masks of a shape, ...
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_TRITON_IR_TYPES_H
#define TRIDENT_DIALECT_TRITON_IR_TYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeSupport.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/Triton/IR/Types.h.inc"

namespace mlir::triton {

/// `!tt.ptr<T>` in global memory (address space 1).
PointerType getPointerType(Type pointee, int addressSpace = 1);

/// The type loaded through `ptrLike`: `T` for `!tt.ptr<T>`, `tensor<SxT>`
/// (same encoding) for `tensor<Sx!tt.ptr<T>>`, `tensor<...>` for a block
/// pointer. Returns a null type for anything else.
Type getPointeeType(Type ptrLike);

/// `i1` for a scalar, `tensor<Sxi1>` (same encoding) for a tensor.
Type getI1SameShape(Type type);

/// `!tt.ptr<T>` for a scalar T, `tensor<Sx!tt.ptr<T>>` for `tensor<SxT>`.
Type getPointerTypeSameShape(Type type);

/// True for `!tt.ptr<tensor<...>>`.
bool isTensorPointerType(Type type);

/// The element type of the block a block pointer points to.
Type getElementTypeOfTensorPointerType(Type type);

/// The address space of a pointer, a tensor of pointers or a block pointer.
int getAddressSpace(Type type);

/// Bit width of a scalar or of a tensor's elements; pointers are 64 bits.
unsigned getElementBitWidth(Type type);

} // namespace mlir::triton

#endif // TRIDENT_DIALECT_TRITON_IR_TYPES_H
