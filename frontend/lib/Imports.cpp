//===- Imports.cpp - finding and reading the modules a kernel file imports -===//
//
// Python's rules for where a module is, applied to files on disk: a regular
// package (`name/__init__.py`) or a module (`name.py`) in the first
// directory of the search path that has one, else a namespace package (a
// directory `name/`); submodules inside their package's directory;
// relative imports from the importing file's package.
//
//===----------------------------------------------------------------------===//

#include "trident/Frontend/Imports.h"

#include "CodeGen/ModuleConditions.h"

#include <cmath>

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <set>

namespace trident::frontend {

namespace {

std::string join(const std::string &dir, const std::string &name) {
  llvm::SmallString<256> p(dir);
  llvm::sys::path::append(p, name);
  return std::string(p);
}

std::string parentOf(const std::string &path) {
  std::string p(llvm::sys::path::parent_path(path));
  return p.empty() ? "." : p;
}



std::vector<std::string> splitDotted(llvm::StringRef s) {
  llvm::SmallVector<llvm::StringRef> parts;
  s.split(parts, '.');
  return std::vector<std::string>(parts.begin(), parts.end());
}

void appendPathList(const char *env, std::vector<std::string> &out) {
  const char *v = std::getenv(env);
  if (!v)
    return;
  llvm::SmallVector<llvm::StringRef> parts;
  llvm::StringRef(v).split(parts, ':');
  for (llvm::StringRef p : parts)
    if (!p.empty())
      out.emplace_back(p);
}

} // namespace

const ModuleLoader::Stat &ModuleLoader::statOf(const std::string &path) {
  auto it = stats_.find(path);
  if (it != stats_.end())
    return it->second;
  llvm::sys::fs::file_status st;
  Stat s;
  if (!llvm::sys::fs::status(path, st)) {
    s.kind = llvm::sys::fs::is_regular_file(st) ? 1
             : llvm::sys::fs::is_directory(st)  ? 2
                                                : 0;
    // Device and inode: links and `..` spellings of one file agree.
    llvm::sys::fs::UniqueID id = st.getUniqueID();
    s.identity =
        std::to_string(id.getDevice()) + ":" + std::to_string(id.getFile());
  } else {
    s.identity = path;
  }
  return stats_[path] = s;
}

std::string ModuleLoader::dottedName(const std::string &path,
                                     const std::string &packageDir) {
  std::string dir, name;
  if (path.empty() || llvm::sys::path::filename(path) == "__init__.py") {
    dir = path.empty() ? packageDir : parentOf(path);
    name = std::string(llvm::sys::path::filename(dir));
    dir = parentOf(dir);
  } else {
    dir = parentOf(path);
    name = std::string(llvm::sys::path::stem(path));
  }
  for (int i = 0; i < 64 && isFile(join(dir, "__init__.py")); ++i) {
    name = std::string(llvm::sys::path::filename(dir)) + "." + name;
    std::string up = parentOf(dir);
    if (up == dir)
      break;
    dir = up;
  }
  return name;
}

namespace {

std::string listed(const std::vector<std::string> &dirs) {
  std::string s;
  for (size_t i = 0; i < dirs.size(); ++i)
    s += (i ? ", " : "") + dirs[i];
  return s.empty() ? "(no directories)" : s;
}

} // namespace

/// Answers a module's parser about its imports.
class ModuleLoader::Oracle : public ImportOracle {
public:
  Oracle(ModuleLoader &loader, LoadedModule &importer)
      : loader_(loader), importer_(importer) {}

  bool moduleExists(const std::string &module) override {
    // Found is enough: the module is read only when its names are needed.
    std::string why;
    return loader_.import(importer_, module, why, /*parse=*/false) != nullptr;
  }

  bool isJitDecorator(const GlobalBinding &binding,
                      const std::vector<std::string> &rest) override {
    std::string why;
    LoadedModule *m = loader_.import(importer_, binding.importModule, why);
    std::vector<std::string> path = rest;
    if (!binding.importName.empty())
      path.insert(path.begin(), binding.importName);
    return m && follow(*m, path, 0);
  }

  std::vector<std::string> publicNames(const std::string &module) override {
    std::string why;
    LoadedModule *m = loader_.import(importer_, module, why);
    std::vector<std::string> names;
    if (!m || m->parsing)
      return names;
    const Module &mod = m->parsed.module;
    auto all = mod.globals.find("__all__");
    if (all != mod.globals.end() && all->second.kind == GlobalBinding::Value &&
        all->second.value &&
        (all->second.value->kind == ExprKind::List ||
         all->second.value->kind == ExprKind::Tuple)) {
      for (const ExprPtr &e : all->second.value->operands)
        if (e->kind == ExprKind::String)
          names.push_back(e->strValue);
      return names;
    }
    for (const auto &[name, binding] : mod.globals)
      if (!name.empty() && name[0] != '_')
        names.push_back(name);
    return names;
  }

  bool environment(const std::string &name, std::string &value) override {
    return loader_.environment(name, value);
  }

  Truth moduleCondition(const Expr &cond,
                        const BindingLookup &lookup) override {
    return loader_.moduleCondition(importer_, cond, lookup);
  }

private:
  /// Whether attribute path `path` of module `m` names a host function that
  /// returns a jit of its argument, following imports and submodules.
  bool follow(LoadedModule &m, const std::vector<std::string> &path,
              int depth) {
    if (path.empty() || depth > 16)
      return false;
    const Module &mod = m.parsed.module;
    auto g = mod.globals.find(path[0]);
    std::vector<std::string> tail(path.begin() + 1, path.end());
    if (g == mod.globals.end()) {
      LoadedModule *sub = loader_.submodule(m, path[0]);
      return sub && follow(*sub, tail, depth + 1);
    }
    const GlobalBinding &b = g->second;
    if (b.kind == GlobalBinding::Function)
      return tail.empty() && isJitMakingFunction(mod, path[0]);
    if (b.kind == GlobalBinding::Value && b.value && tail.empty())
      return aliasesJit(m, *b.value, depth);
    if (b.kind != GlobalBinding::Import || isBuiltinModule(b.importModule))
      return false;
    std::string why;
    LoadedModule *target = loader_.import(m, b.importModule, why);
    if (!target)
      return false;
    if (!b.importName.empty())
      tail.insert(tail.begin(), b.importName);
    return follow(*target, tail, depth + 1);
  }

  /// Whether `value`, bound in `m` (`triton_jit_decorator = triton.jit`,
  /// `jit_ = jit` after `from triton import jit`, or another name of `m`
  /// that is one), is Triton's jit.
  bool aliasesJit(LoadedModule &m, const Expr &value, int depth) {
    std::vector<std::string> parts = dottedParts(value);
    if (parts.empty())
      return false;
    const Module &mod = m.parsed.module;
    auto g = mod.globals.find(parts[0]);
    if (g == mod.globals.end())
      return false;
    const GlobalBinding &b = g->second;
    if (b.kind == GlobalBinding::Import && isBuiltinModule(b.importModule)) {
      // `triton.jit`, `jit` imported from triton, `triton.runtime.jit.jit`
      std::string last = parts.size() > 1 ? parts.back() : b.importName;
      return last == "jit";
    }
    if (parts.size() == 1)
      return follow(m, parts, depth + 1); // another name of this module
    return false;
  }

  ModuleLoader &loader_;
  LoadedModule &importer_;
};

/// A Python int, float, True, False or string literal as an expression;
/// null otherwise.
static ExprPtr literalExpr(llvm::StringRef text, SourceLoc loc) {
  text = text.trim();
  if (text.size() >= 2 && (text.front() == '\'' || text.front() == '"') &&
      text.back() == text.front()) {
    std::string value, why;
    if (!decodeStringLiteral(text, value, why))
      return nullptr;
    auto e = std::make_unique<Expr>(ExprKind::String, loc);
    e->strValue = value;
    return e;
  }
  if (text == "True" || text == "False") {
    auto e = std::make_unique<Expr>(ExprKind::Bool, loc);
    e->intValue = text == "True";
    return e;
  }
  int64_t i;
  if (!text.getAsInteger(10, i)) {
    auto e = std::make_unique<Expr>(ExprKind::Int, loc);
    e->intValue = i;
    return e;
  }
  double d;
  if (!text.empty() && !text.getAsDouble(d) && std::isfinite(d)) {
    auto e = std::make_unique<Expr>(ExprKind::Float, loc);
    e->floatValue = d;
    return e;
  }
  return nullptr;
}

/// Binds `name` to the Python literal `text` (an int, float, True, False
/// or string), keeping where and how the module bound it before; nothing when
/// `text` is no such literal.
static void bindLiteral(std::map<std::string, GlobalBinding> &globals,
                        const std::string &name, llvm::StringRef text) {
  auto it = globals.find(name);
  SourceLoc loc = it != globals.end() ? it->second.loc : SourceLoc{};
  ExprPtr literal = literalExpr(text, loc);
  if (!literal)
    return;
  GlobalBinding b;
  b.kind = GlobalBinding::Value;
  b.loc = loc;
  if (it != globals.end())
    b.text = it->second.text;
  b.value = std::move(literal);
  globals[name] = std::move(b);
}

/// Applies facts (NAME -> "module:DOTTED" or "value:LITERAL") to a module's
/// globals where its own binding of NAME could not be read or evaluated.
static void applyFactsTo(std::map<std::string, GlobalBinding> &globals,
                         const std::map<std::string, std::string> &facts) {
  for (const auto &[name, fact] : facts) {
    llvm::StringRef module(fact);
    if (module.consume_front("value:")) {
      auto it = globals.find(name);
      bool unreadable =
          it == globals.end() || it->second.kind == GlobalBinding::Unparsed ||
          (it->second.kind == GlobalBinding::Value && it->second.value &&
           it->second.value->kind == ExprKind::Call);
      if (!unreadable)
        continue; // the file says it, and the reader evaluates it
      bindLiteral(globals, name, module);
      continue;
    }
    if (!module.consume_front("module:") || module.empty())
      continue;
    auto it = globals.find(name);
    if (it != globals.end() && (it->second.kind == GlobalBinding::Import ||
                                it->second.kind == GlobalBinding::Function))
      continue; // the file says it itself
    if (it != globals.end() && it->second.kind == GlobalBinding::Value &&
        it->second.value && it->second.value->kind != ExprKind::Call)
      continue; // a value the reader evaluates (an alias, a constant)
    GlobalBinding b;
    b.kind = GlobalBinding::Import;
    if (it != globals.end()) {
      b.loc = it->second.loc;
      b.text = it->second.text;
    }
    b.importModule = module.str();
    b.modulePath = module.str();
    globals[name] = std::move(b);
  }
}

/// Binds each NAME to its VALUE literal, whatever the module binds it to.
static void applyOverridesTo(std::map<std::string, GlobalBinding> &globals,
                             const std::map<std::string, std::string> &values) {
  for (const auto &[name, value] : values)
    bindLiteral(globals, name, value);
}

void ModuleLoader::noteFactsAndDefines(
    const std::vector<std::pair<std::string, std::string>> &facts,
    const std::vector<std::pair<std::string, std::string>> &defines) {
  // "pkg.flags.IS_NVIDIA" names IS_NVIDIA of module pkg.flags; a plain
  // name is the kernel file's ("" here).
  auto split = [](const std::string &q) {
    size_t dot = q.rfind('.');
    return dot == std::string::npos
               ? std::pair<std::string, std::string>{"", q}
               : std::pair<std::string, std::string>{q.substr(0, dot),
                                                     q.substr(dot + 1)};
  };
  for (const auto &[name, fact] : facts) {
    auto [module, n] = split(name);
    facts_[module][n] = fact;
  }
  for (const auto &[name, value] : defines) {
    auto [module, n] = split(name);
    if (literalExpr(value, {}))
      overrides_[module][n] = value;
  }
}

const GlobalBinding *ModuleLoader::conditionBinding(const LoadedModule &module,
                                                    const std::string &name,
                                                    bool withFacts) {
  std::string key = module.isMain ? "" : module.name;
  std::string text;
  if (auto m = overrides_.find(key); m != overrides_.end())
    if (auto v = m->second.find(name); v != m->second.end())
      text = "value:" + v->second;
  if (text.empty() && withFacts)
    if (auto m = facts_.find(key); m != facts_.end())
      if (auto v = m->second.find(name); v != m->second.end())
        text = v->second;
  if (text.empty())
    return nullptr;
  auto &slot = conditionBindings_[{key, name + "=" + text}];
  if (!slot) {
    slot = std::make_unique<GlobalBinding>();
    llvm::StringRef t(text);
    if (t.consume_front("value:")) {
      slot->kind = GlobalBinding::Value;
      slot->value = literalExpr(t, {});
      if (!slot->value)
        slot->kind = GlobalBinding::Unparsed;
    } else if (t.consume_front("module:")) {
      slot->kind = GlobalBinding::Import;
      slot->importModule = t.str();
      slot->modulePath = t.str();
    } else {
      slot->kind = GlobalBinding::Unparsed;
    }
  }
  return slot.get();
}

std::vector<std::pair<std::string, std::string>>
ModuleLoader::applyGlobalDefines(
    const std::string &kernel,
    const std::vector<std::pair<std::string, std::string>> &defines,
    std::vector<std::string> &errors) {
  auto &module = main_->parsed.module;
  const FunctionDef *fn = module.findFunction(kernel);
  std::vector<std::pair<std::string, std::string>> rest;
  for (const auto &[name, value] : defines) {
    if (name.find('.') != std::string::npos) {
      // pkg.flags.IS_NVIDIA: a name of an imported module, bound when that
      // module is read (noteFactsAndDefines).
      if (!literalExpr(value, {}))
        errors.push_back("-D " + name + "=" + value +
                         ": a module-level name takes a Python int, float, "
                         "True, False or string literal");
      continue;
    }
    bool param = false;
    if (fn)
      for (const Param &p : fn->params)
        param |= p.name == name;
    auto it = module.globals.find(name);
    if (param || it == module.globals.end() ||
        it->second.kind == GlobalBinding::Function) {
      rest.push_back({name, value});
      continue;
    }
    if (!literalExpr(value, {})) {
      errors.push_back("-D " + name + "=" + value +
                       ": a module-level name takes a Python int, float, "
                       "True, False or string literal");
      continue;
    }
    bindLiteral(module.globals, name, value);
  }
  return rest;
}

ModuleLoader::ModuleLoader(
    const SourceFile &main, std::vector<std::string> searchPath,
    const std::vector<std::pair<std::string, std::string>> &facts,
    const std::vector<std::pair<std::string, std::string>> &defines) {
  noteFactsAndDefines(facts, defines);
  llvm::SmallString<256> abs(main.path());
  llvm::sys::fs::make_absolute(abs);
  std::string mainPath(abs);
  std::string dir = parentOf(mainPath);
  // The directory above the outermost package holding the file, so that
  // the package's absolute imports (`from pkg.utils import f`) resolve.
  std::string top = dir;
  bool isInit = llvm::sys::path::filename(mainPath) == "__init__.py";
  for (int i = 0; i < 64 && isFile(join(top, "__init__.py")); ++i) {
    std::string up = parentOf(top);
    if (up == top)
      break;
    top = up;
  }
  std::vector<std::string> roots = std::move(searchPath);
  roots.push_back(top);
  roots.push_back(dir);
  appendPathList("TRIDENT_PYTHON_PATH", roots);
  appendPathList("PYTHONPATH", roots);
  std::set<std::string> seen;
  for (const std::string &r : roots)
    if (!r.empty() && seen.insert(r).second)
      roots_.push_back(r);

  main_ = std::make_unique<LoadedModule>();
  main_->path = mainPath;
  main_->packageDir = isInit ? dir : "";
  main_->name = dottedName(mainPath, main_->packageDir);
  main_->isMain = true;
  // Not owned: the caller keeps the kernel file alive.
  main_->file = std::shared_ptr<const SourceFile>(std::shared_ptr<void>(), &main);
  if (isFile(mainPath))
    mainIdentity_ = statOf(mainPath).identity;
  order_.push_back(main_.get());
  main_->read = true;
  oracles_.push_back(std::make_unique<Oracle>(*this, *main_));
  main_->parsing = true;
  main_->parsed = parseModule(main, oracles_.back().get());
  main_->parsing = false;
  // The interpreter's facts about the kernel file, as read() applies an
  // imported module's.
  if (auto f = facts_.find(""); f != facts_.end())
    applyFactsTo(main_->parsed.module.globals, f->second);
}

ModuleLoader::~ModuleLoader() = default;

Truth ModuleLoader::moduleCondition(LoadedModule &module, const Expr &cond,
                                    const BindingLookup &lookup) {
  if (!conditions_)
    conditions_ = std::make_unique<ModuleConditionEvaluator>(*this);
  // What -D binds wins; the interpreter's facts count where the module's
  // own bindings leave the condition undecided.
  auto overlay = [&](bool withFacts) -> BindingLookup {
    return [this, &module, &lookup, withFacts](const std::string &name) {
      if (const GlobalBinding *b = conditionBinding(module, name, withFacts))
        if (lookup(name) || withFacts)
          return b;
      return lookup(name);
    };
  };
  Truth t = conditions_->decide(module, cond, overlay(false));
  if (t == Truth::Unknown)
    t = conditions_->decide(module, cond, overlay(true));
  return t;
}

bool ModuleLoader::environment(const std::string &name, std::string &value) {
  const char *v = std::getenv(name.c_str());
  lookups_.push_back("env:" + name + (v ? "=" + std::string(v) : "-"));
  if (!v)
    return false;
  value = v;
  return true;
}


LoadedModule *ModuleLoader::load(const std::string &path,
                                 const std::string &packageDir,
                                 std::string &why) {
  std::string key = path.empty() ? "namespace:" + statOf(packageDir).identity
                                 : statOf(path).identity;
  if (!path.empty() && key == mainIdentity_)
    return main_.get();
  auto it = byPath_.find(key);
  if (it != byPath_.end())
    return it->second.get();
  auto mod = std::make_unique<LoadedModule>();
  mod->path = path;
  mod->packageDir = packageDir;
  mod->name = dottedName(path, packageDir);
  LoadedModule *raw = mod.get();
  byPath_[key] = std::move(mod);
  return raw;
}

LoadedModule *ModuleLoader::read(LoadedModule *mod, std::string &why) {
  if (mod->read || mod->path.empty())
    return mod;
  auto buffer = llvm::MemoryBuffer::getFile(mod->path, /*IsText=*/true);
  if (!buffer) {
    why = "cannot be read: " + mod->path + ": " + buffer.getError().message();
    return nullptr;
  }
  mod->read = true;
  mod->file =
      std::make_shared<SourceFile>(mod->path, (*buffer)->getBuffer().str());
  order_.push_back(mod);
  oracles_.push_back(std::make_unique<Oracle>(*this, *mod));
  Oracle *oracle = oracles_.back().get();
  mod->parsing = true;
  mod->parsed = parseModule(*mod->file, oracle);
  mod->parsing = false;
  // -D pkg.mod.NAME=VALUE and the interpreter's facts about this module.
  if (auto f = facts_.find(mod->name); f != facts_.end())
    applyFactsTo(mod->parsed.module.globals, f->second);
  if (auto o = overrides_.find(mod->name); o != overrides_.end())
    applyOverridesTo(mod->parsed.module.globals, o->second);
  return mod;
}

LoadedModule *ModuleLoader::findIn(const std::string &dir,
                                   const std::string &name,
                                   bool allowNamespace, std::string &why) {
  std::string pkg = join(dir, name);
  if (isFile(join(pkg, "__init__.py")))
    return load(join(pkg, "__init__.py"), pkg, why);
  if (isFile(pkg + ".py"))
    return load(pkg + ".py", "", why);
  if (allowNamespace && kindOf(pkg) == 2)
    return load("", pkg, why);
  return nullptr;
}

LoadedModule *ModuleLoader::submodule(const LoadedModule &pkg,
                                      const std::string &name, bool parse) {
  if (pkg.packageDir.empty())
    return nullptr;
  std::string why;
  LoadedModule *m = findIn(pkg.packageDir, name, true, why);
  lookups_.push_back(pkg.packageDir + "|" + name + "=" +
                     (m ? m->location() : "-"));
  return m && parse ? read(m, why) : m;
}

LoadedModule *ModuleLoader::import(const LoadedModule &importer,
                                   const std::string &spec, std::string &why,
                                   bool parse) {
  size_t dots = 0;
  while (dots < spec.size() && spec[dots] == '.')
    ++dots;
  std::string rest = spec.substr(dots);
  std::vector<std::string> parts =
      rest.empty() ? std::vector<std::string>{} : splitDotted(rest);
  std::string importerDir = importer.packageDir.empty()
                                ? parentOf(importer.path)
                                : importer.packageDir;
  LoadedModule *found = nullptr;
  size_t next = 0;
  if (dots == 0) {
    if (parts.empty()) {
      why = "is not a module name";
      return nullptr;
    }
    // The first part: a package or module in the first directory that has
    // one; a namespace package only when none has.
    for (const std::string &root : roots_)
      if ((found = findIn(root, parts[0], false, why)))
        break;
    if (!found && why.empty())
      for (const std::string &root : roots_)
        if (kindOf(join(root, parts[0])) == 2) {
          found = load("", join(root, parts[0]), why);
          break;
        }
    if (!found) {
      if (why.empty())
        why = "is not found: looked for " + parts[0] + ".py and " + parts[0] +
              "/__init__.py in " + listed(roots_) +
              " (add the directory that holds it with -I, "
              "TRIDENT_PYTHON_PATH or PYTHONPATH)";
      else
        why = "'" + parts[0] + "' " + why;
      lookups_.push_back(importerDir + "|" + spec + "=-");
      return nullptr;
    }
    next = 1;
  } else {
    std::string base = importerDir;
    for (size_t i = 1; i < dots; ++i) {
      std::string up = parentOf(base);
      if (up == base) {
        why = "goes above the top of the file system from " + importerDir;
        lookups_.push_back(importerDir + "|" + spec + "=-");
        return nullptr;
      }
      base = up;
    }
    if (parts.empty()) {
      // `from . import x`: the package itself.
      if (isFile(join(base, "__init__.py")))
        found = load(join(base, "__init__.py"), base, why);
      else
        found = load("", base, why);
    } else {
      found = findIn(base, parts[0], true, why);
      if (!found) {
        if (why.empty())
          why = "is not found: looked for " + join(base, parts[0]) +
                ".py and " + join(join(base, parts[0]), "__init__.py");
        lookups_.push_back(importerDir + "|" + spec + "=-");
        return nullptr;
      }
      next = 1;
    }
  }
  for (size_t i = next; found && i < parts.size(); ++i) {
    LoadedModule *parent = found;
    if (parent->packageDir.empty()) {
      why = "is not found: " + parent->location() +
            " is a module, not a package, so it has no submodule '" +
            parts[i] + "'";
      found = nullptr;
      break;
    }
    found = findIn(parent->packageDir, parts[i], true, why);
    if (!found && why.empty())
      why = "is not found: looked for " + join(parent->packageDir, parts[i]) +
            ".py and " +
            join(join(parent->packageDir, parts[i]), "__init__.py");
  }
  lookups_.push_back(importerDir + "|" + spec + "=" +
                     (found ? found->location() : "-"));
  return found && parse ? read(found, why) : found;
}

} // namespace trident::frontend
