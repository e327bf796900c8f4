//===- Parser.h - from tokens of a kernel file to its syntax tree -*- C++ -*-=//
//
// Reads a whole Python file. Module-level imports, simple assignments and
// function definitions are recorded; the bodies of @jit functions (decorated
// `@triton.jit`, `@trident.jit`, `@jit`, possibly under autotune/heuristics
// decorators) are parsed fully. Everything else -- classes, host functions,
// `if __name__ == "__main__":` blocks -- is skipped token by token, so host
// code in any Python syntax does not stop a kernel from compiling.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_FRONTEND_PARSER_H
#define TRIDENT_FRONTEND_PARSER_H

#include "trident/Frontend/AST.h"
#include "trident/Frontend/Source.h"

#include <vector>

namespace trident::frontend {

struct ParseResult {
  Module module;
  std::vector<Diagnostic> errors;
  bool ok() const { return errors.empty(); }
};

/// Parses `file`, which must outlive the result (function texts point into
/// it). Syntax errors inside @jit functions are reported; the first error in
/// a function stops parsing of that function only.
ParseResult parseModule(const SourceFile &file);

/// The module-level names `kernel` depends on: itself, the @jit functions
/// it can reach, and the globals and imports they mention.
std::vector<std::string> reachableGlobals(const Module &module,
                                          const std::string &kernel);

/// Decodes the body of a Python string literal token (prefixes, quotes,
/// escapes). Returns false with `error` set when the literal is malformed.
bool decodeStringLiteral(std::string_view token, std::string &out,
                         std::string &error);

} // namespace trident::frontend

#endif // TRIDENT_FRONTEND_PARSER_H
