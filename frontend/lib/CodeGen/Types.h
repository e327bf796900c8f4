//===- Types.h - Triton's dtypes as the frontend tracks them ----*- C++ -*-===//
//
// TTIR integers are signless, but Triton's language distinguishes int32 from
// uint32 (division, comparisons, shifts and promotion depend on it), so the
// frontend keeps its own type for every value: a scalar dtype or a block
// (tensor) of one, and maps it to an MLIR type when it emits IR.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_FRONTEND_CODEGEN_TYPES_H
#define TRIDENT_FRONTEND_CODEGEN_TYPES_H

#include "mlir/IR/Types.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
}

namespace trident::frontend {

enum class Scalar {
  Void,
  I1,
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  FP8E4NV,
  FP8E5,
  FP8E4B8,
  FP8E5B16,
  FP16,
  BF16,
  FP32,
  FP64,
  Ptr,
  Desc, ///< a tensor descriptor (pointee: its block type)
};

struct TType;

/// A Triton dtype: a scalar kind, a pointer to a type (a scalar dtype, or
/// a block for block pointers), or a tensor descriptor of a block type.
struct DType {
  Scalar kind = Scalar::Void;
  std::shared_ptr<const TType> pointee; ///< Ptr only
  int addressSpace = 1;

  DType() = default;
  DType(Scalar k) : kind(k) {}
  static DType pointerTo(const TType &pointee, int addressSpace = 1);
  /// A tensor descriptor whose blocks are `block`.
  static DType descriptorOf(const TType &block);

  bool operator==(const DType &o) const;
  bool operator!=(const DType &o) const { return !(*this == o); }

  bool isVoid() const { return kind == Scalar::Void; }
  bool isPtr() const { return kind == Scalar::Ptr; }
  bool isBlockPtr() const;
  bool isDesc() const { return kind == Scalar::Desc; }
  bool isBool() const { return kind == Scalar::I1; }
  bool isInt() const { return kind >= Scalar::I1 && kind <= Scalar::U64; }
  bool isSigned() const { return kind >= Scalar::I1 && kind <= Scalar::I64; }
  bool isUnsigned() const { return kind >= Scalar::U8 && kind <= Scalar::U64; }
  bool isFloat() const { return kind >= Scalar::FP8E4NV && kind <= Scalar::FP64; }
  bool isFP8() const { return kind >= Scalar::FP8E4NV && kind <= Scalar::FP8E5B16; }
  bool isStandardFloat() const { return kind >= Scalar::FP16 && kind <= Scalar::FP64; }
  /// Bits of a value of this type (pointers: 64).
  int bitwidth() const;
  /// Mantissa bits of a floating type.
  int mantissaWidth() const;
  /// Triton's kind order for scalar promotion: bool < uint < int < float.
  int kindRank() const;
  /// The element a pointer points to.
  const TType &element() const { return *pointee; }

  /// Triton's spelling: int32, uint8, fp32, bf16, fp8e4nv, pointer<fp32>,
  /// tensordesc<fp16[64, 64]>.
  std::string str() const;
  mlir::Type toMLIR(mlir::MLIRContext *ctx) const;
};

/// A scalar (empty shape) or a block of `elem`.
struct TType {
  DType elem;
  std::vector<int64_t> shape;

  TType() = default;
  TType(DType e) : elem(std::move(e)) {}
  TType(DType e, std::vector<int64_t> s) : elem(std::move(e)), shape(std::move(s)) {}

  bool isBlock() const { return !shape.empty(); }
  int64_t numel() const;
  bool operator==(const TType &o) const { return elem == o.elem && shape == o.shape; }
  bool operator!=(const TType &o) const { return !(*this == o); }
  /// Same shape, other element type.
  TType withElem(DType e) const { return TType(std::move(e), shape); }

  /// `fp32` for scalars, `<[64, 32], fp32>` for blocks (Triton's spelling).
  std::string str() const;
  mlir::Type toMLIR(mlir::MLIRContext *ctx) const;
};

/// Parses a dtype spelling as Triton's signatures write it: i1, i8..i64,
/// u8..u64, fp16, bf16, fp32, fp64, fp8e4nv, fp8e5, and `*T` for pointers.
bool parseSignatureType(std::string_view text, DType &out);

/// The dtype named `name` in triton.language (float32, int8, ...), if any.
bool dtypeForLanguageName(std::string_view name, DType &out);
/// The dtype whose name (`dtype.name` in Triton: `int32`, `uint8`, `fp16`,
/// `bf16`, `fp8e4nv`, ...) is `name`, as `tl.dtype(name)` makes it.
bool dtypeForTritonName(std::string_view name, DType &out);

} // namespace trident::frontend

#endif // TRIDENT_FRONTEND_CODEGEN_TYPES_H
