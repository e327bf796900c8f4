//===- SourceKey.cpp - what of a kernel file a compiled kernel depends on -===//
//
// The cache key of a kernel must change when anything it compiles from
// changes, and should not change when unrelated host code does. From the
// kernel, every name its body (and its parameters' annotations and
// defaults) mentions is resolved at module level: @jit functions are
// followed transitively, constants and imports contribute their statement's
// text. Python builtins and names defined nowhere contribute nothing.
//
//===----------------------------------------------------------------------===//

#include "trident/Frontend/Compiler.h"
#include "trident/Frontend/Parser.h"

#include <functional>
#include <set>

namespace trident::frontend {

namespace {

void namesIn(const Expr &e, std::set<std::string> &out) {
  if (e.kind == ExprKind::Name)
    out.insert(e.id);
  for (const ExprPtr &o : e.operands)
    if (o)
      namesIn(*o, out);
  for (const ExprPtr &a : e.args)
    namesIn(*a, out);
  for (const Keyword &k : e.keywords)
    namesIn(*k.value, out);
}

void namesIn(const Block &block, std::set<std::string> &out) {
  for (const StmtPtr &s : block) {
    for (const ExprPtr &t : s->targets)
      namesIn(*t, out);
    if (s->value)
      namesIn(*s->value, out);
    if (s->annotation)
      namesIn(*s->annotation, out);
    namesIn(s->body, out);
    namesIn(s->orelse, out);
  }
}

} // namespace

std::vector<std::string> reachableGlobals(const Module &m,
                                          const std::string &kernel) {
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
      namesIn(*g.value, used);
    if (g.kind == GlobalBinding::Function && g.function && g.function->isJit) {
      for (const Param &p : g.function->params) {
        if (p.annotation)
          namesIn(*p.annotation, used);
        if (p.defaultValue)
          namesIn(*p.defaultValue, used);
      }
      namesIn(g.function->body, used);
    }
    for (const std::string &u : used)
      visit(u);
  };
  visit(kernel);
  return order;
}

std::string kernelSourceKey(const SourceFile &file, const std::string &kernel,
                            std::vector<Diagnostic> &errors) {
  ParseResult parsed = parseModule(file);
  const Module &m = parsed.module;
  if (!m.findFunction(kernel)) {
    errors = parsed.errors;
    errors.push_back({Severity::Error, SourceLoc{},
                      "no @jit function named '" + kernel + "' in this file"});
    return "";
  }
  std::string key;
  for (const std::string &n : reachableGlobals(m, kernel)) {
    const GlobalBinding &g = m.globals.at(n);
    if (g.kind == GlobalBinding::Function && g.function &&
        !g.function->errors.empty()) {
      errors = g.function->errors;
      return "";
    }
    key += "\x1f" + n + "\x1e";
    key += g.text;
  }
  return key;
}

} // namespace trident::frontend
