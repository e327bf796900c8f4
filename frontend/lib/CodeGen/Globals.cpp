//===- Globals.cpp - module-level names and imports -------------------------===//
//
// What a name a kernel uses is bound to at module level: the file's own
// globals (evaluated lazily, as compile-time values), names imported from
// other modules of the package, and their attributes.
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Generator.h"
#include "CodeGen/Builtins/Builtins.h"
#include "CodeGen/Prelude.h"

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Frontend/Parser.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"

#include <cctype>
#include <cmath>
#include <functional>
#include <sstream>

namespace trident::frontend {

namespace tt = mlir::triton;

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

std::string Generator::dependsOnText(const ModuleCtx &m,
                                     const std::vector<std::string> &names) {
  // Qualified by module outside the kernel file: the names -D and the
  // interpreter's facts take (the Python package reads this list and
  // compiles again with the values; runtime/jit.py).
  std::string prefix =
      m.loaded && !m.loaded->isMain ? m.loaded->name + "." : "";
  std::string list;
  for (const std::string &n : names)
    list += (list.empty() ? "" : ", ") + prefix + n;
  return " (it depends on " + list + ": launched through the trident "
         "Python package, or `python -m trident`, the interpreter's values "
         "are used when they are triton.language modules, ints, floats, "
         "bools or strings; with tridentc, give them with -D " + prefix +
         names.front() + "=VALUE)";
}

/// How many module-level values may be evaluated one inside another.
constexpr size_t kMaxGlobalChain = 256;

Val Generator::evalGlobal(ModuleCtx &m, const std::string &name, SourceLoc l,
                          bool &found) {
  found = true;
  auto cached = m.globals.find(name);
  if (cached != m.globals.end())
    return cached->second;
  const GlobalBinding *binding = m.binding(name);
  if (!binding) {
    found = false;
    return Val();
  }
  const GlobalBinding &g = *binding;
  Val v;
  switch (g.kind) {
  case GlobalBinding::Import: {
    if (!isBuiltinModule(g.importModule)) {
      v = importedBinding(m, name, g, l);
      break;
    }
    std::string path = g.modulePath;
    for (const char *pkg : {"trident", "triton"})
      if (path.rfind(std::string(pkg) + ".", 0) == 0 || path == pkg)
        path = "triton" + path.substr(std::string(pkg).size());
    // A module Trident knows, or a name inside one (`from
    // triton.language.math import exp`): resolve the last part as an
    // attribute of its parent.
    static const char *modules[] = {
        "triton", "triton.language", "triton.language.math",
        "triton.language.core", "triton.language.standard",
        "triton.language.random", "triton.language.extra",
        "triton.language.extra.cuda", "triton.language.extra.hip",
        "triton.language.extra.libdevice",
        "triton.language.extra.cuda.libdevice",
        "triton.language.extra.hip.libdevice", "triton.language.target_info"};
    bool known = false;
    for (const char *mname : modules)
      known |= path == mname;
    size_t dot = path.rfind('.');
    Val host;
    if (!known && dot != std::string::npos &&
        hostAttribute(path.substr(0, dot), path.substr(dot + 1), l, host)) {
      v = host; // `from math import sqrt, pi`
    } else if (known || dot == std::string::npos) {
      v = Val::module(path);
    } else {
      std::string parent = path.substr(0, dot);
      bool parentKnown = false;
      for (const char *mname : modules)
        parentKnown |= parent == mname;
      v = parentKnown ? attribute(Val::module(parent), path.substr(dot + 1), l)
                      : Val::module(path);
    }
    break;
  }
  case GlobalBinding::Function: {
    v.kind = Val::Function;
    v.fn = g.function;
    v.owner = &m;
    break;
  }
  case GlobalBinding::Unparsed:
    error(l, "module-level '" + name + "' (" + lineIn(m, g.loc) +
                 ") is used by a @jit function but its value cannot be "
                 "evaluated at compile time: " + g.why +
                 (g.dependsOn.empty() ? std::string()
                                      : dependsOnText(m, g.dependsOn)));
  case GlobalBinding::Value: {
    if (m.evaluating.count(name))
      error(l, "module-level '" + name + "' is defined in terms of itself");
    // Each value evaluated inside another takes stack: bound the chain
    // (G2 = G1 + 1, G3 = G2 + 1, ...) well before the stack runs out.
    if (m.evaluating.size() >= kMaxGlobalChain)
      error(l, "module-level '" + name + "' (" + lineIn(m, g.loc) +
                   ") is defined through a "
                   "chain of more than " + std::to_string(kMaxGlobalChain) +
                   " other module-level values; Trident evaluates at most " +
                   std::to_string(kMaxGlobalChain) + " deep");
    m.evaluating.insert(name);
    // Evaluate in a frame of the defining module, with no locals.
    Frame f;
    f.module = &m;
    f.reportAtCaller = true;
    f.callerLoc = l;
    f.hostConstants = true;
    frames_.push_back(f);
    try {
      v = eval(*g.value);
    } catch (CompileError &e) {
      frames_.pop_back();
      m.evaluating.erase(name);
      // The innermost module-level value names itself; the ones around it
      // would only repeat the chain.
      if (llvm::StringRef(e.message).starts_with("module-level '"))
        throw;
      e.message = "module-level '" + name + "' (" + lineIn(m, g.loc) +
                  ") cannot be evaluated: " + e.message +
                  dependsOnText(m, {name});
      throw;
    }
    frames_.pop_back();
    m.evaluating.erase(name);
    if (!v.isConstexpr())
      error(l, "module-level '" + name + "' must be a compile-time value to "
                   "be used in a @jit function, got " + v.describe());
    break;
  }
  }
  m.globals[name] = v;
  return v;
}

Val Generator::importedBinding(ModuleCtx &m, const std::string &name,
                               const GlobalBinding &g, SourceLoc l) {
  std::string where = lineIn(m, g.loc);
  if (!m.loaded)
    error(l, "'" + name + "' (" + where + ") is imported from '" +
                 g.importModule + "', which Trident does not read here");
  std::string why;
  LoadedModule *mod = loader_.import(*m.loaded, g.importModule, why);
  if (!mod)
    error(l, "'" + name + "' is imported (" + where + ") from module '" +
                 g.importModule + "', which " + why);
  if (g.importName.empty())
    return moduleValue(*mod);
  ModuleCtx &target = contextFor(*mod);
  // `from . import utils` in a package's __init__.py binds the submodule:
  // the name is not an attribute of the package yet when it runs.
  if (&target == &m && g.importName == name)
    if (LoadedModule *sub = loader_.submodule(*mod, g.importName))
      return moduleValue(*sub);
  if (target.ast->globals.count(g.importName)) {
    for (const auto &[ctx, n] : importChain_)
      if (ctx == &target && n == g.importName) {
        std::string chain;
        for (const auto &[c, cn] : importChain_)
          chain += c->loaded->name + "." + cn + " -> ";
        error(l, "'" + name + "' is imported in a cycle: " + chain +
                     target.loaded->name + "." + g.importName +
                     " (no module of the cycle defines it)");
      }
    if (importChain_.size() >= kMaxGlobalChain)
      error(l, "'" + name + "' is imported through a chain of more than " +
                   std::to_string(kMaxGlobalChain) +
                   " modules; Trident follows at most that many");
    importChain_.push_back({&target, g.importName});
    Val v;
    try {
      bool found;
      v = evalGlobal(target, g.importName, l, found);
    } catch (...) {
      importChain_.pop_back();
      throw;
    }
    importChain_.pop_back();
    return v;
  }
  if (LoadedModule *sub = loader_.submodule(*mod, g.importName))
    return moduleValue(*sub);
  error(l, "cannot import name '" + g.importName + "' from '" +
               g.importModule + "' (" +
               mod->location() +
               "), imported at " + where + unreadable(*mod));
}

std::string Generator::unreadable(const LoadedModule &mod) const {
  // A file the tokenizer stopped in binds nothing: say why.
  if (!mod.file || mod.parsed.errors.empty() ||
      !mod.parsed.module.globals.empty())
    return "";
  const Diagnostic &d = mod.parsed.errors.front();
  return "; Trident cannot read that file: " + mod.path + ":" +
         std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) +
         ": " + d.message;
}

Val Generator::importedAttribute(const Val &mv, const std::string &name,
                                 SourceLoc l) {
  ModuleCtx &m = *mv.owner;
  bool found;
  Val v = evalGlobal(m, name, l, found);
  if (found)
    return v;
  if (LoadedModule *sub = loader_.submodule(*m.loaded, name))
    return moduleValue(*sub);
  error(l, "module '" + mv.str + "' (" +
               m.loaded->location() +
               ") has no attribute '" + name + "'" + unreadable(*m.loaded));
}

} // namespace trident::frontend
