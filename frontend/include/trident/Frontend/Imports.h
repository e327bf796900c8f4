//===- Imports.h - the modules a kernel file imports, found and read -*- C++ -*-===//
//
// Static import resolution, without running Python. A kernel file's package
// is found from the `__init__.py` files above it; absolute imports
// (`pkg.utils`) are looked up on a search path, relative ones (`.utils`,
// `..ops.exp`) from the importing file's package, as Python does. Modules
// found are read and parsed like the kernel file (host code skipped): their
// @jit functions, constants and aliases become usable under the names the
// importer binds. triton's modules (and math, torch, numpy) are never read:
// the code generator models them.
//
// The search path: the directories given by the caller (`tridentc -I`,
// the Python package's sys.path), the directory above the file's outermost
// package, the file's own directory, then TRIDENT_PYTHON_PATH and
// PYTHONPATH. Every lookup and every file read is recorded, so that cache
// keys cover the whole import graph.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_FRONTEND_IMPORTS_H
#define TRIDENT_FRONTEND_IMPORTS_H

#include "trident/Frontend/Parser.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace trident::frontend {

class ModuleConditionEvaluator;

/// A module of the kernel's package (or of the search path), read and
/// parsed; or the kernel file itself.
struct LoadedModule {
  /// The module's file (`.../utils.py`, `.../pkg/__init__.py`); empty for a
  /// namespace package (a directory without `__init__.py`).
  std::string path;
  /// For packages: the directory that holds the submodules.
  std::string packageDir;
  /// Its dotted name, as Python's `__name__` (`pkg.utils`): the file's
  /// stem under every package directory above it.
  std::string name;
  /// The parsed text (shared: diagnostics keep the file alive). Null for a
  /// namespace package.
  std::shared_ptr<const SourceFile> file;
  ParseResult parsed;
  bool isMain = false;
  /// Whether its file has been read and parsed (a module is only found
  /// until its names are needed).
  bool read = false;
  /// Set while its file is being parsed (an import cycle reaching it then
  /// sees only what is bound so far).
  bool parsing = false;

  /// Where it is, for messages and lookups: its file, or a namespace
  /// package's directory.
  const std::string &location() const {
    return path.empty() ? packageDir : path;
  }
};

class ModuleLoader {
public:
  /// `main` is the kernel file; it must outlive the loader. `searchPath`
  /// comes first on the search path (see above).
  ///
  /// `facts` are the interpreter's (KernelSpec::facts): `NAME=module:DOTTED`
  /// binds NAME to that module, `NAME=value:LITERAL` to that int, float,
  /// bool or string, where the module's own binding could not be read or
  /// evaluated statically (a call, an unparsed statement); names it binds
  /// by import or def, or to a value it evaluates, keep their meaning. A
  /// plain NAME is the kernel file's; one qualified by a module
  /// (`pkg.flags.IS_NVIDIA`) is applied to that module when it is read.
  /// `defines` (-D) qualified by a module bind there whatever the module
  /// says (applyGlobalDefines binds the kernel file's). Both count in
  /// module-level conditions as the files are parsed.
  ModuleLoader(const SourceFile &main, std::vector<std::string> searchPath,
               const std::vector<std::pair<std::string, std::string>> &facts = {},
               const std::vector<std::pair<std::string, std::string>> &defines = {});
  ~ModuleLoader();
  ModuleLoader(const ModuleLoader &) = delete;
  ModuleLoader &operator=(const ModuleLoader &) = delete;

  /// The kernel file, parsed with this loader answering its imports.
  LoadedModule &main() { return *main_; }

  /// Applies `-D NAME=VALUE` where NAME is a module-level name of the
  /// kernel file and no parameter of `kernel`: NAME is bound to VALUE (a
  /// Python int, float, True, False or string literal), whatever the file binds it to.
  /// Returns the defines it did not apply (kernel parameters, or names the
  /// file does not bind), for the kernel's own checks; a VALUE that is no
  /// such literal is reported in `errors` (the define's text).
  std::vector<std::pair<std::string, std::string>>
  applyGlobalDefines(const std::string &kernel,
                     const std::vector<std::pair<std::string, std::string>> &defines,
                     std::vector<std::string> &errors);

  /// Module `spec` (`pkg.utils`, `.utils`, `..`) as `importer` imports it,
  /// read and parsed unless `parse` is false (then only found). Null when
  /// it is not found or cannot be read, with `why` saying which files were
  /// looked for where.
  LoadedModule *import(const LoadedModule &importer, const std::string &spec,
                       std::string &why, bool parse = true);
  /// Submodule `name` of package `pkg` (`pkg/name.py`, `pkg/name/`), or null.
  LoadedModule *submodule(const LoadedModule &pkg, const std::string &name,
                          bool parse = true);

  /// The search path, in order (for messages).
  const std::vector<std::string> &searchPath() const { return roots_; }
  /// Every module read, in the order read (the kernel file first).
  const std::vector<const LoadedModule *> &modules() const { return order_; }
  /// Every lookup and its outcome, in order: "importer-dir|spec=path" or
  /// "...=-" when nothing was found; "env:NAME=value" (or "env:NAME-")
  /// for each environment variable a module-level condition read.
  const std::vector<std::string> &lookups() const { return lookups_; }

  /// Environment variable `name`, recorded among the lookups.
  bool environment(const std::string &name, std::string &value);

  /// Whether module-level condition `cond` of `module` (being parsed, with
  /// `lookup` giving what it has bound so far) holds, evaluated as the code
  /// generator evaluates module-level values (ImportOracle::moduleCondition).
  Truth moduleCondition(LoadedModule &module, const Expr &cond,
                        const BindingLookup &lookup);

private:
  class Oracle;
  void noteFactsAndDefines(
      const std::vector<std::pair<std::string, std::string>> &facts,
      const std::vector<std::pair<std::string, std::string>> &defines);
  /// What -D (and, with `withFacts`, the interpreter) binds NAME of
  /// `module` to, for its module-level conditions; null when nothing.
  const GlobalBinding *conditionBinding(const LoadedModule &module,
                                        const std::string &name,
                                        bool withFacts);
  /// Module ("" for the kernel file) -> NAME -> fact / -D value.
  std::map<std::string, std::map<std::string, std::string>> facts_, overrides_;
  std::map<std::pair<std::string, std::string>, std::unique_ptr<GlobalBinding>>
      conditionBindings_;
  /// The module at `path` (a file, or a package directory when `path` is
  /// empty), registered once; not read yet.
  LoadedModule *load(const std::string &path, const std::string &packageDir,
                     std::string &why);
  /// Reads and parses `mod` once; null (with `why`) when it cannot be read.
  LoadedModule *read(LoadedModule *mod, std::string &why);
  /// `name` inside directory `dir`: `dir/name/__init__.py`, `dir/name.py`,
  /// or `dir/name/` as a namespace package.
  LoadedModule *findIn(const std::string &dir, const std::string &name,
                       bool allowNamespace, std::string &why);

  /// What is at `path`, stat'ed once.
  struct Stat {
    int kind = 0; ///< 0 nothing, 1 a file, 2 a directory
    std::string identity; ///< device:inode, or the path when absent
  };
  const Stat &statOf(const std::string &path);
  int kindOf(const std::string &path) { return statOf(path).kind; }
  bool isFile(const std::string &path) { return kindOf(path) == 1; }
  /// The dotted name Python gives the module at `path` (or the namespace
  /// package at `packageDir`): its stem under every package above it.
  std::string dottedName(const std::string &path,
                         const std::string &packageDir);

  std::map<std::string, Stat> stats_;
  std::vector<std::string> roots_;
  std::unique_ptr<LoadedModule> main_;
  std::string mainIdentity_;
  std::map<std::string, std::unique_ptr<LoadedModule>> byPath_;
  std::vector<const LoadedModule *> order_;
  std::vector<std::string> lookups_;
  std::vector<std::unique_ptr<Oracle>> oracles_;
  /// Made when a module-level condition is first evaluated; declared last,
  /// so it goes first (it refers to the loader).
  std::unique_ptr<ModuleConditionEvaluator> conditions_;
};

} // namespace trident::frontend

#endif // TRIDENT_FRONTEND_IMPORTS_H
