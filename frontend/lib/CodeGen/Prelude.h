//===- Prelude.h - the built-in part of triton.language ----------*- C++ -*-===//
//
// The functions of triton.language that are defined in the language itself
// (frontend/lib/prelude/standard.py: sum, max, argmax, cumsum, softmax, the
// Philox generator, ...), embedded in the library at build time.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_FRONTEND_CODEGEN_PRELUDE_H
#define TRIDENT_FRONTEND_CODEGEN_PRELUDE_H

namespace trident::frontend {
/// The path locations inside the prelude carry.
extern const char kPreludePath[];
/// The prelude's Python source.
extern const char kPreludeSource[];
} // namespace trident::frontend

#endif // TRIDENT_FRONTEND_CODEGEN_PRELUDE_H
