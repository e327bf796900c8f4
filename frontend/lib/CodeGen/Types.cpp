//===- Types.cpp - Triton's dtypes ----------------------------------------===//

#include "CodeGen/Types.h"

#include "trident/ArgType.h"

#include "trident/Dialect/Triton/IR/Types.h"

#include "mlir/IR/BuiltinTypes.h"

namespace trident::frontend {

DType DType::pointerTo(const TType &pointee, int addressSpace) {
  DType d(Scalar::Ptr);
  d.pointee = std::make_shared<TType>(pointee);
  d.addressSpace = addressSpace;
  return d;
}

DType DType::descriptorOf(const TType &block) {
  DType d(Scalar::Desc);
  d.pointee = std::make_shared<TType>(block);
  return d;
}

bool DType::operator==(const DType &o) const {
  if (kind != o.kind)
    return false;
  if (kind == Scalar::Desc)
    return *pointee == *o.pointee;
  if (kind != Scalar::Ptr)
    return true;
  return addressSpace == o.addressSpace && *pointee == *o.pointee;
}

bool DType::isBlockPtr() const { return isPtr() && pointee->isBlock(); }

int DType::bitwidth() const {
  switch (kind) {
  case Scalar::Void: return 0;
  case Scalar::I1: return 1;
  case Scalar::I8: case Scalar::U8: return 8;
  case Scalar::I16: case Scalar::U16: return 16;
  case Scalar::I32: case Scalar::U32: return 32;
  case Scalar::I64: case Scalar::U64: return 64;
  case Scalar::FP8E4NV: case Scalar::FP8E5: case Scalar::FP8E4B8:
  case Scalar::FP8E5B16: return 8;
  case Scalar::FP16: case Scalar::BF16: return 16;
  case Scalar::FP32: return 32;
  case Scalar::FP64: return 64;
  case Scalar::Ptr: return 64;
  case Scalar::Desc: return 64;
  }
  return 0;
}

int DType::mantissaWidth() const {
  switch (kind) {
  case Scalar::FP8E4NV: case Scalar::FP8E4B8: return 3;
  case Scalar::FP8E5: case Scalar::FP8E5B16: return 2;
  case Scalar::FP16: return 10;
  case Scalar::BF16: return 7;
  case Scalar::FP32: return 23;
  case Scalar::FP64: return 52;
  default: return 0;
  }
}

int DType::kindRank() const {
  if (isBool())
    return 0;
  if (isUnsigned())
    return 1;
  if (isInt())
    return 2;
  if (isFloat())
    return 3;
  return 4;
}

std::string DType::str() const {
  switch (kind) {
  case Scalar::Void: return "void";
  case Scalar::I1: return "int1";
  case Scalar::I8: return "int8";
  case Scalar::I16: return "int16";
  case Scalar::I32: return "int32";
  case Scalar::I64: return "int64";
  case Scalar::U8: return "uint8";
  case Scalar::U16: return "uint16";
  case Scalar::U32: return "uint32";
  case Scalar::U64: return "uint64";
  case Scalar::FP8E4NV: return "fp8e4nv";
  case Scalar::FP8E5: return "fp8e5";
  case Scalar::FP8E4B8: return "fp8e4b8";
  case Scalar::FP8E5B16: return "fp8e5b16";
  case Scalar::FP16: return "fp16";
  case Scalar::BF16: return "bf16";
  case Scalar::FP32: return "fp32";
  case Scalar::FP64: return "fp64";
  case Scalar::Ptr: return "pointer<" + pointee->str() + ">";
  case Scalar::Desc: {
    std::string dims;
    for (int64_t d : pointee->shape)
      dims += (dims.empty() ? "" : ", ") + std::to_string(d);
    return "tensordesc<" + pointee->elem.str() + "[" + dims + "]>";
  }
  }
  return "?";
}

mlir::Type DType::toMLIR(mlir::MLIRContext *ctx) const {
  switch (kind) {
  case Scalar::Void: return mlir::NoneType::get(ctx);
  case Scalar::I1: return mlir::IntegerType::get(ctx, 1);
  case Scalar::I8: case Scalar::U8: return mlir::IntegerType::get(ctx, 8);
  case Scalar::I16: case Scalar::U16: return mlir::IntegerType::get(ctx, 16);
  case Scalar::I32: case Scalar::U32: return mlir::IntegerType::get(ctx, 32);
  case Scalar::I64: case Scalar::U64: return mlir::IntegerType::get(ctx, 64);
  case Scalar::FP8E4NV: return mlir::Float8E4M3FNType::get(ctx);
  case Scalar::FP8E5: return mlir::Float8E5M2Type::get(ctx);
  case Scalar::FP8E4B8: return mlir::Float8E4M3FNUZType::get(ctx);
  case Scalar::FP8E5B16: return mlir::Float8E5M2FNUZType::get(ctx);
  case Scalar::FP16: return mlir::Float16Type::get(ctx);
  case Scalar::BF16: return mlir::BFloat16Type::get(ctx);
  case Scalar::FP32: return mlir::Float32Type::get(ctx);
  case Scalar::FP64: return mlir::Float64Type::get(ctx);
  case Scalar::Ptr:
    return mlir::triton::PointerType::get(pointee->toMLIR(ctx), addressSpace);
  case Scalar::Desc:
    return mlir::triton::TensorDescType::get(
        ctx, mlir::cast<mlir::RankedTensorType>(pointee->toMLIR(ctx)));
  }
  return {};
}

int64_t TType::numel() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::string TType::str() const {
  if (!isBlock())
    return elem.str();
  std::string s = "<[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "], " + elem.str() + ">";
}

mlir::Type TType::toMLIR(mlir::MLIRContext *ctx) const {
  mlir::Type e = elem.toMLIR(ctx);
  if (!isBlock())
    return e;
  return mlir::RankedTensorType::get(shape, e);
}

namespace {
struct Named {
  const char *name;
  Scalar kind;
};
// Signature elements by ArgType's canonical names (trident/ArgType.h reads
// the spellings).
const Named kSignatureNames[] = {
    {"i1", Scalar::I1},       {"i8", Scalar::I8},       {"i16", Scalar::I16},
    {"i32", Scalar::I32},     {"i64", Scalar::I64},     {"u1", Scalar::I1},
    {"u8", Scalar::U8},       {"u16", Scalar::U16},     {"u32", Scalar::U32},
    {"u64", Scalar::U64},     {"fp8e4nv", Scalar::FP8E4NV},
    {"fp8e5", Scalar::FP8E5}, {"fp8e4b8", Scalar::FP8E4B8},
    {"fp8e5b16", Scalar::FP8E5B16}, {"fp16", Scalar::FP16},
    {"bf16", Scalar::BF16},   {"fp32", Scalar::FP32},   {"fp64", Scalar::FP64},
};
const Named kLanguageNames[] = {
    {"int1", Scalar::I1},         {"int8", Scalar::I8},
    {"int16", Scalar::I16},       {"int32", Scalar::I32},
    {"int64", Scalar::I64},       {"uint8", Scalar::U8},
    {"uint16", Scalar::U16},      {"uint32", Scalar::U32},
    {"uint64", Scalar::U64},      {"float8e4nv", Scalar::FP8E4NV},
    {"float8e5", Scalar::FP8E5},  {"float8e4b8", Scalar::FP8E4B8},
    {"float8e5b16", Scalar::FP8E5B16}, {"float16", Scalar::FP16},
    {"bfloat16", Scalar::BF16},   {"float32", Scalar::FP32},
    {"float64", Scalar::FP64},    {"void", Scalar::Void},
};
} // namespace

bool parseSignatureType(std::string_view text, DType &out) {
  trident::bundle::ArgType t;
  if (!trident::bundle::ArgType::parse(text, t))
    return false;
  for (const Named &n : kSignatureNames)
    if (t.element == n.name) {
      out = t.isPointer() ? DType::pointerTo(TType(DType(n.kind)))
                          : DType(n.kind);
      return true;
    }
  return false;
}

bool dtypeForTritonName(std::string_view name, DType &out) {
  for (const Named &n : kLanguageNames)
    if (DType(n.kind).str() == name) {
      out = DType(n.kind);
      return true;
    }
  return false;
}

bool dtypeForLanguageName(std::string_view name, DType &out) {
  for (const Named &n : kLanguageNames)
    if (name == n.name) {
      out = DType(n.kind);
      return true;
    }
  return false;
}

} // namespace trident::frontend
