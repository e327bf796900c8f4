//===- ArgType.cpp - the table of signature types --------------------------===//

#include "trident/ArgType.h"

namespace trident::bundle {

namespace {

struct Row {
  const char *name, *canonical;
  unsigned bits;
  bool isSigned, isFloat, isBF16;
};

const Row kRows[] = {
    {"i1", "i1", 1, false, false, false},
    {"B", "i1", 1, false, false, false},
    {"i8", "i8", 8, true, false, false},
    {"i16", "i16", 16, true, false, false},
    {"i32", "i32", 32, true, false, false},
    {"i64", "i64", 64, true, false, false},
    {"u1", "u1", 1, false, false, false},
    {"u8", "u8", 8, false, false, false},
    {"u16", "u16", 16, false, false, false},
    {"u32", "u32", 32, false, false, false},
    {"u64", "u64", 64, false, false, false},
    {"fp8e4nv", "fp8e4nv", 8, false, true, false},
    {"fp8e5", "fp8e5", 8, false, true, false},
    {"fp8e4b8", "fp8e4b8", 8, false, true, false},
    {"fp8e5b16", "fp8e5b16", 8, false, true, false},
    {"fp16", "fp16", 16, false, true, false},
    {"bf16", "bf16", 16, false, true, true},
    {"fp32", "fp32", 32, false, true, false},
    {"f32", "fp32", 32, false, true, false},
    {"fp64", "fp64", 64, false, true, false},
};

} // namespace

bool ArgType::parse(std::string_view text, ArgType &out) {
  bool pointer = !text.empty() && text[0] == '*';
  if (pointer) {
    text.remove_prefix(1);
    if (!text.empty() && text[0] == 'k') // `*k`: a const pointer
      text.remove_prefix(1);
  }
  for (const Row &r : kRows)
    if (text == r.name) {
      out = ArgType();
      out.kind = pointer     ? Kind::Pointer
                 : r.isFloat ? Kind::Float
                             : Kind::Int;
      out.element = r.canonical;
      out.bits = r.bits;
      out.isSigned = r.isSigned;
      out.isFloat = r.isFloat;
      out.isBF16 = r.isBF16;
      return true;
    }
  return false;
}

} // namespace trident::bundle
