//===- ArgType.h - a launch argument's type, as signatures spell it -*- C++ -*-===//
//
// The one reading of Triton's signature types, shared by everyone who
// meets them: the runtime (checking and packing launch arguments), the
// frontend (a --signature entry), the driver (a TTIR kernel's parameters),
// the conformance suite and the benchmarks. `*fp32` is a pointer to fp32
// (`*k` marks a const pointer and is ignored), `i32`, `u64`, `fp16`, `bf16`,
// `fp8e4nv`... a scalar; `f32` and `B` are Triton's other names for fp32 and
// i1. Part of the bundle library (no LLVM).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_ARGTYPE_H
#define TRIDENT_ARGTYPE_H

#include <string>
#include <string_view>

namespace trident::bundle {

struct ArgType {
  enum class Kind { Pointer, Int, Float };
  Kind kind = Kind::Int;
  /// The element's canonical name (for a pointer, the pointee's): i1, i8,
  /// i16, i32, i64, u1, u8 ... u64, fp8e4nv, fp8e5, fp8e4b8, fp8e5b16,
  /// fp16, bf16, fp32, fp64.
  std::string element;
  unsigned bits = 0;     ///< the element's (a pointer itself is 64)
  bool isSigned = false; ///< signed integers
  bool isFloat = false;  ///< the element is a float
  bool isBF16 = false;

  bool isPointer() const { return kind == Kind::Pointer; }
  /// Bytes an element takes in memory (i1 and u1: one).
  unsigned storageBytes() const { return bits < 8 ? 1 : bits / 8; }
  /// False when `text` is not a type Triton's signatures write.
  static bool parse(std::string_view text, ArgType &out);
  /// The canonical spelling: `*fp32`, `i32`.
  std::string str() const { return (isPointer() ? "*" : "") + element; }
};

} // namespace trident::bundle

#endif // TRIDENT_ARGTYPE_H
