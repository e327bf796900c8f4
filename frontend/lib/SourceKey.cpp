//===- SourceKey.cpp - what of a kernel file a compiled kernel depends on -===//
//
// The cache key of a kernel must change when anything it compiles from
// changes, and should not change when unrelated host code does. From the
// kernel, every name its body (and its parameters' annotations and
// defaults) mentions is resolved at module level: @jit functions are
// followed transitively, constants and imports contribute their statement's
// text. Python builtins and names defined nowhere contribute nothing.
// Imports of other modules are followed the same way into those modules;
// every lookup the loader made and the whole text of every module it read
// go into the key too.
//
//===----------------------------------------------------------------------===//

#include "trident/Frontend/Compiler.h"
#include "trident/Frontend/Imports.h"
#include "trident/Frontend/Parser.h"

#include "llvm/Support/SaveAndRestore.h"

#include <functional>
#include <set>

namespace trident::frontend {

namespace {

/// The names `e` mentions; with `attrs`, also the attributes it takes.
void namesIn(const Expr &e, std::set<std::string> &out,
             std::set<std::string> *attrs = nullptr) {
  if (e.kind == ExprKind::Name)
    out.insert(e.id);
  if (e.kind == ExprKind::Attribute && attrs)
    attrs->insert(e.id);
  for (const ExprPtr &o : e.operands)
    if (o)
      namesIn(*o, out, attrs);
  for (const ExprPtr &a : e.args)
    namesIn(*a, out, attrs);
  for (const Keyword &k : e.keywords)
    namesIn(*k.value, out, attrs);
}

void namesIn(const Block &block, std::set<std::string> &out,
             std::set<std::string> *attrs = nullptr) {
  for (const StmtPtr &s : block) {
    for (const ExprPtr &t : s->targets)
      namesIn(*t, out, attrs);
    if (s->value)
      namesIn(*s->value, out, attrs);
    if (s->annotation)
      namesIn(*s->annotation, out, attrs);
    namesIn(s->body, out, attrs);
    namesIn(s->orelse, out, attrs);
  }
}

std::vector<std::string> reachable(const Module &m, const std::string &kernel,
                                   std::set<std::string> *attrs) {
  std::set<std::string> visited;
  std::vector<std::string> order;
  std::function<void(const std::string &)> visit = [&](const std::string &n) {
    if (!visited.insert(n).second)
      return;
    auto it = m.globals.find(n);
    if (it == m.globals.end())
      return;
    order.push_back(n);
    const GlobalBinding &g = it->second;
    std::set<std::string> used;
    if (g.kind == GlobalBinding::Value && g.value)
      namesIn(*g.value, used, attrs);
    if (g.kind == GlobalBinding::Function && g.function && g.function->isJit) {
      for (const Param &p : g.function->params) {
        if (p.annotation)
          namesIn(*p.annotation, used, attrs);
        if (p.defaultValue)
          namesIn(*p.defaultValue, used, attrs);
      }
      namesIn(g.function->body, used, attrs);
    }
    for (const std::string &u : used)
      visit(u);
  };
  visit(kernel);
  return order;
}

/// The environment variables module-level value `e` reads by name
/// (`os.environ.get("N", d)`, `os.getenv("N")`, `os.environ["N"]`, `"N" in
/// os.environ`): the code generator evaluates them when the kernel uses
/// the value, so their values belong in the key. Module-level conditions
/// read theirs while the file is parsed, and the loader records those.
void environmentNames(const Expr &e, std::set<std::string> &out) {
  auto isEnviron = [](const Expr &x) {
    std::vector<std::string> parts = dottedParts(x);
    return !parts.empty() && parts.back() == "environ";
  };
  auto literal = [&](const Expr *x) {
    if (x && x->kind == ExprKind::String)
      out.insert(x->strValue);
  };
  if (e.kind == ExprKind::Call && !e.args.empty()) {
    std::vector<std::string> callee = dottedParts(*e.operand(0));
    if (!callee.empty() &&
        (callee.back() == "getenv" ||
         (callee.back() == "get" && callee.size() >= 2 &&
          callee[callee.size() - 2] == "environ")))
      literal(e.args[0].get());
  }
  if (e.kind == ExprKind::Subscript && isEnviron(*e.operand(0)))
    literal(e.operand(1));
  if (e.kind == ExprKind::Compare)
    for (size_t i = 0; i + 1 < e.operands.size(); ++i)
      if (isEnviron(*e.operands[i + 1]))
        literal(e.operands[i].get());
  for (const ExprPtr &o : e.operands)
    if (o)
      environmentNames(*o, out);
  for (const ExprPtr &a : e.args)
    environmentNames(*a, out);
  for (const Keyword &k : e.keywords)
    environmentNames(*k.value, out);
}

/// Reads every module the kernel can reach through imports, from the
/// names it uses: a name imported from a module is followed into that
/// module; a module bound as a whole (`import pkg.utils as U`, `from pkg
/// import utils`) is followed through the attributes kernels take
/// (`U.scaled`, `pkg.ops.rope`). The loader records the lookups and files
/// for the key.
class ImportWalk {
public:
  explicit ImportWalk(ModuleLoader &loader) : loader_(loader) {}

  void fromNames(LoadedModule &mod, const std::vector<std::string> &names) {
    for (const std::string &n : names)
      followBinding(mod, n);
  }

  /// Until nothing new is reached: attributes that later modules take may
  /// name more of the modules reached as a whole.
  void finish() {
    for (bool changed = true; changed;) {
      changed = false;
      for (LoadedModule *mod : std::vector<LoadedModule *>(whole_.begin(),
                                                           whole_.end()))
        for (const std::string &a : std::set<std::string>(attrs_)) {
          if (!probed_.insert({mod, a}).second)
            continue;
          changed = true;
          if (mod->parsed.module.globals.count(a))
            followBinding(*mod, a);
          else if (LoadedModule *sub = loader_.submodule(*mod, a))
            whole_.insert(sub);
        }
    }
  }

private:
  void followBinding(LoadedModule &mod, const std::string &name) {
    // Imports chained through more modules than the generator follows
    // (256) fail to compile; the walk need not go deeper either.
    if (depth_ > 512 || !visited_.insert({&mod, name}).second)
      return;
    llvm::SaveAndRestore<int> depth(depth_, depth_ + 1);
    const Module &m = mod.parsed.module;
    for (const std::string &n : reachable(m, name, &attrs_)) {
      const GlobalBinding &g = m.globals.at(n);
      if (g.kind != GlobalBinding::Import || isBuiltinModule(g.importModule))
        continue;
      std::string why;
      LoadedModule *target = loader_.import(mod, g.importModule, why);
      if (!target)
        continue;
      LoadedModule *sub = nullptr;
      if (g.importName.empty()) {
        whole_.insert(target);
      } else if (target == &mod && n == g.importName &&
                 (sub = loader_.submodule(*target, g.importName))) {
        whole_.insert(sub); // `from . import utils` in __init__.py
      } else if (target->parsed.module.globals.count(g.importName)) {
        followBinding(*target, g.importName);
      } else if ((sub = loader_.submodule(*target, g.importName))) {
        whole_.insert(sub);
      }
    }
  }

  ModuleLoader &loader_;
  std::set<std::pair<LoadedModule *, std::string>> visited_;
  std::set<std::pair<LoadedModule *, std::string>> probed_;
  std::set<LoadedModule *> whole_;
  std::set<std::string> attrs_;
  int depth_ = 0;
};

} // namespace

std::vector<std::string> reachableGlobals(const Module &m,
                                          const std::string &kernel) {
  return reachable(m, kernel, nullptr);
}

std::string kernelSourceKey(const SourceFile &file, const KernelSpec &spec,
                            std::vector<Diagnostic> &errors) {
  const std::string &kernel = spec.kernel;
  ModuleLoader loader(file, spec.importPath, spec.facts, spec.defines);
  std::vector<std::string> defineErrors; // generateTTIR reports them
  loader.applyGlobalDefines(kernel, spec.defines, defineErrors);
  const ParseResult &parsed = loader.main().parsed;
  const Module &m = parsed.module;
  auto named = m.globals.find(kernel);
  bool importedKernel = named != m.globals.end() &&
                        named->second.kind == GlobalBinding::Import;
  if (!m.findFunction(kernel) && !importedKernel) {
    errors = parsed.errors;
    errors.push_back({Severity::Error, SourceLoc{},
                      "no @jit function named '" + kernel + "' in this file"});
    return "";
  }
  std::string key;
  std::vector<std::string> names = reachableGlobals(m, kernel);
  for (const std::string &n : names) {
    const GlobalBinding &g = m.globals.at(n);
    if (g.kind == GlobalBinding::Function && g.function &&
        !g.function->errors.empty()) {
      errors = g.function->errors;
      return "";
    }
    key += "\x1f" + n + "\x1e";
    key += g.text;
  }
  ImportWalk walk(loader);
  walk.fromNames(loader.main(), names);
  walk.finish();
  std::set<std::string> environment;
  for (const std::string &n : names) {
    const GlobalBinding &g = m.globals.at(n);
    if (g.kind == GlobalBinding::Value && g.value)
      environmentNames(*g.value, environment);
  }
  for (const LoadedModule *mod : loader.modules())
    if (!mod->isMain && mod->read)
      for (const auto &[n, g] : mod->parsed.module.globals)
        if (g.kind == GlobalBinding::Value && g.value)
          environmentNames(*g.value, environment);
  for (const std::string &name : environment) {
    std::string value;
    loader.environment(name, value); // recorded among the lookups
  }
  for (const std::string &l : loader.lookups())
    key += "\x1d" + l;
  for (const LoadedModule *mod : loader.modules())
    if (!mod->isMain && mod->read)
      key += "\x1c" + mod->path + "\x1e" + std::string(mod->file->text());
  return key;
}

} // namespace trident::frontend
