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

/// What the parser asks about other modules while it reads module-level
/// code: which imports succeed (to choose the branch of a `try` that Python
/// would take) and which imported decorators make kernels. The frontend's
/// ModuleLoader (Imports.h) answers from the files it finds; without an
/// oracle only triton's modules, math, torch and numpy are known to import
/// and only decorators of the file itself are followed.
class ImportOracle {
public:
  virtual ~ImportOracle() = default;
  /// Whether `import M` succeeds for the importing file (`M` as written:
  /// `pkg.utils`, `.utils`, `..`).
  virtual bool moduleExists(const std::string &module) = 0;
  /// Whether `binding` (an import) followed by the attributes `rest`
  /// (`@utils.my_jit`: the import of `utils`, then `my_jit`) names a host
  /// function of another module that returns a jit of its argument.
  virtual bool isJitDecorator(const GlobalBinding &binding,
                              const std::vector<std::string> &rest) = 0;
  /// The names `from M import *` binds: M's `__all__` when it is a literal
  /// list or tuple of strings, else its names that do not start with `_`.
  virtual std::vector<std::string> publicNames(const std::string &module) = 0;
  /// Environment variable `name` as the module would read it at import
  /// time (`os.environ.get("NAME")`); false when it is not set.
  virtual bool environment(const std::string &name, std::string &value) = 0;
};

/// Whether `name` (a host function of `m`) returns a jit of its argument:
/// its body calls `jit(` (`return triton.jit(fn)`, or a factory returning
/// such a decorator).
bool isJitMakingFunction(const Module &m, const std::string &name);

/// Parses `file`, which must outlive the result (function texts point into
/// it). Syntax errors inside @jit functions are reported; the first error in
/// a function stops parsing of that function only.
ParseResult parseModule(const SourceFile &file, ImportOracle *oracle = nullptr);

/// Whether module `path` is one Trident models without reading a file:
/// triton's (and trident's) modules, math, torch and numpy.
bool isBuiltinModule(const std::string &path);

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
