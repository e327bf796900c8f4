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
#include "trident/Frontend/TritonVersion.h"

#include <functional>
#include <vector>

namespace trident::frontend {

/// The Triton release whose language and host-visible facts the frontend
/// implements: what `triton.__version__` and
/// `importlib.metadata.version("triton")` are in a kernel file's
/// module-level code, generated from the Python package's _version.py
/// (TritonVersion.h), so host code and kernels see one version.
constexpr const char *kTritonVersion = TRIDENT_TRITON_VERSION;

/// A module-level condition, decided without running Python or not.
enum class Truth { False, True, Unknown };

/// What a name is bound to at some point of a module being parsed (the
/// bindings made so far), or null.
using BindingLookup = std::function<const GlobalBinding *(const std::string &)>;

struct ParseResult {
  Module module;
  std::vector<Diagnostic> errors;
  bool ok() const { return errors.empty(); }
};

/// What the parser asks while it reads module-level code: which imports
/// succeed (to choose the branch of a `try` that Python would take), which
/// imported decorators make kernels, and whether a module-level `if`'s
/// condition holds. The frontend's
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
  /// Whether module-level condition `cond` holds, with `lookup` giving the
  /// names the module has bound so far. The loader answers with the code
  /// generator's evaluator of module-level values (CodeGen/
  /// ModuleConditions.cpp); without an oracle every condition is Unknown.
  virtual Truth moduleCondition(const Expr &cond,
                                const BindingLookup &lookup) = 0;
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
/// triton's (and trident's) modules, math, torch and numpy, and the host
/// modules of module-level conditions (os, typing, operator, packaging,
/// importlib, distutils, pkg_resources).
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
