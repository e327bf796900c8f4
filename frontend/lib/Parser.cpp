//===- Parser.cpp - recursive-descent parser for kernel files -------------===//
//
// Python's grammar for the statements and expressions @jit functions use,
// with the usual precedence climbing. Module level is scanned statement by
// statement: what kernels can use is parsed, the rest is skipped by tokens.
//
//===----------------------------------------------------------------------===//

#include "trident/Frontend/Parser.h"
#include "trident/Frontend/Lexer.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/SaveAndRestore.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <set>

namespace trident::frontend {

const FunctionDef *Module::findFunction(const std::string &name) const {
  auto it = globals.find(name);
  if (it == globals.end() || it->second.kind != GlobalBinding::Function)
    return nullptr;
  return it->second.function;
}

std::vector<std::string> dottedParts(const Expr &e) {
  if (e.kind == ExprKind::Name)
    return {e.id};
  if (e.kind != ExprKind::Attribute)
    return {};
  std::vector<std::string> parts = dottedParts(*e.operand(0));
  if (!parts.empty())
    parts.push_back(e.id);
  return parts;
}

namespace {

struct ParseError {
  SourceLoc loc;
  std::string message;
};

/// A module-level condition, decided without running Python or not.
enum class Truth { False, True, Unknown };
struct CondValue;

/// Bounds that keep every recursive walk of the tree (parsing, code
/// generation, destruction) far from the stack's limit. Python's own
/// compiler stops at similar depths.
constexpr uint32_t kMaxExprHeight = 400;
constexpr int kMaxNesting = 100;

class Parser {
public:
  Parser(const SourceFile &file, std::vector<Token> tokens)
      : file_(file), toks_(std::move(tokens)) {}

  void parseFile(ParseResult &result);

private:
  // --- token access -------------------------------------------------------
  const Token &cur() const { return toks_[pos_]; }
  const Token &peekTok(size_t ahead = 1) const {
    size_t i = pos_ + ahead;
    return i < toks_.size() ? toks_[i] : toks_.back();
  }
  bool atEnd() const { return cur().kind == TokenKind::EndOfFile; }
  void advance() {
    if (!atEnd())
      ++pos_;
  }
  bool isOp(std::string_view s) const { return cur().isOperator(s); }
  bool isKw(std::string_view s) const { return cur().isKeyword(s); }
  bool acceptOp(std::string_view s) {
    if (!isOp(s))
      return false;
    advance();
    return true;
  }
  bool acceptKw(std::string_view s) {
    if (!isKw(s))
      return false;
    advance();
    return true;
  }
  [[noreturn]] void fail(SourceLoc loc, std::string message) {
    throw ParseError{loc, std::move(message)};
  }
  [[noreturn]] void failHere(const std::string &expected) {
    fail(cur().loc, "expected " + expected + ", found " + describe(cur()));
  }
  static std::string describe(const Token &t) {
    switch (t.kind) {
    case TokenKind::Newline:
      return "end of line";
    case TokenKind::Indent:
      return "an indented block";
    case TokenKind::Dedent:
      return "the end of the block";
    case TokenKind::EndOfFile:
      return "the end of the file";
    default:
      return "'" + std::string(t.text) + "'";
    }
  }
  void expectOp(std::string_view s) {
    if (!acceptOp(s))
      failHere("'" + std::string(s) + "'");
  }
  std::string expectName() {
    if (cur().kind != TokenKind::Name)
      failHere("a name");
    std::string n(cur().text);
    advance();
    return n;
  }
  void expectNewline() {
    if (cur().kind == TokenKind::EndOfFile)
      return;
    if (cur().kind != TokenKind::Newline)
      failHere("end of line");
    advance();
  }

  // --- module level -------------------------------------------------------
  void skipStatement();
  void skipBlockAfterColon();
  /// Module-level statements from pos_ up to token `end`, into `into`:
  /// imports, simple assignments, functions, and the `try` and `if`
  /// blocks that hold them; everything else is skipped.
  void parseModuleStatements(ParseResult &result, Module &into, size_t end);
  void parseDecorated(ParseResult &result, Module &into);
  void parseImport(Module &m);
  /// An import of `module` inside a `try` branch: the branch does not
  /// resolve when the module cannot be found.
  void noteImport(const std::string &module);
  bool importExists(const std::string &module) const;
  /// The binding of `name` in the innermost module-level block that has
  /// one (a branch being read, then the blocks around it).
  const GlobalBinding *lookup(const std::string &name) const;
  /// Whether decorator `parts` (`triton.jit`, `my_jit`, `utils.my_jit`)
  /// makes a kernel.
  bool isJitDecorator(const std::vector<std::string> &parts) const;
  void parseFunction(ParseResult &result, Module &into, bool isJit,
                     bool noinline, size_t firstTok,
                     std::vector<std::string> decorators = {});
  /// Parses the parameters and body of `fn`, from pos_ at its name.
  void parseJitSignatureAndBody(ParseResult &result, FunctionDef &fn,
                                size_t firstTok);
  /// Kernels made by calls rather than decorators (`k = triton.jit(k)`,
  /// `k = triton.heuristics(...)(triton.jit(k))`): the functions they wrap
  /// become @jit functions, bound under the assigned names too.
  void bindKernelsMadeByCalls(ParseResult &result);
  void parseGlobalAssign(Module &m);
  /// A module-level `try:` whose branches import (docs/language.md §2):
  /// binds what the first branch whose imports all resolve binds.
  void parseModuleTry(ParseResult &result, Module &m);
  /// A module-level `if`/`elif`/`else` (docs/language.md §2): binds what
  /// the clause Python would run binds, when the conditions can be decided
  /// without running Python (constants, triton version checks); otherwise
  /// the names every clause that may run binds alike.
  void parseModuleIf(ParseResult &result, Module &into);
  Truth parseModuleCondition();
  Truth conditionTruth(const Expr &e, int depth) const;
  CondValue conditionValue(const Expr &e, int depth) const;
  /// The function of triton.language a binding names (`rsqrt` for `from
  /// triton.language.math import rsqrt` or `rsqrt = libdevice.rsqrt`), or
  /// "".
  std::string tritonFunction(const GlobalBinding &b) const;
  /// `os.NAME` (with `import os`) or `NAME` (with `from os import NAME`).
  bool isOsMember(const Expr &e, const std::string &member) const;
  bool isOsEnviron(const Expr &e) const { return isOsMember(e, "environ"); }
  /// The module-level statements of the indented block at pos_ (an Indent
  /// token), into `into`. Sets `*resolves` false when an import in it
  /// names a module that cannot be found, or it raises.
  void parseModuleBlock(ParseResult &result, Module &into, bool *resolves);
  void parseClauseBody(ParseResult &result, Module &into, bool *resolves);
  /// The text of the tokens [first, pos_).
  std::string_view textSince(size_t first) const;
  size_t findBlockEnd(size_t from) const;

  // --- statements -----------------------------------------------------------
  Block parseSuite();
  void parseStatement(Block &out);
  void parseSimpleStatements(Block &out);
  StmtPtr parseSmallStatement();
  StmtPtr parseIf(SourceLoc loc);

  // --- expressions ---------------------------------------------------------
  ExprPtr parseTestList(); ///< a, b -> Tuple
  ExprPtr parseTest();
  ExprPtr parseOrTest();
  ExprPtr parseAndTest();
  ExprPtr parseNotTest();
  ExprPtr parseComparison();
  ExprPtr parseBinary(int level);
  ExprPtr parseFactor();
  ExprPtr parsePower();
  ExprPtr parseAtom();
  ExprPtr parseTrailers(ExprPtr e);
  ExprPtr parseSubscriptList();
  ExprPtr parseSubscriptItem();
  ExprPtr parseNumber(const Token &t);
  ExprPtr parseStrings();
  void parseCallArgs(Expr &call);

  /// Sets `e`'s height from its children; rejects trees that are too tall.
  ExprPtr sized(ExprPtr e);
  /// Counts nesting of brackets, unary operators and blocks.
  struct Nest {
    Parser &p;
    Nest(Parser &p, SourceLoc loc) : p(p) {
      if (++p.nesting_ > kMaxNesting)
        p.fail(loc, "too many nested brackets, operators or blocks (more "
                    "than " + std::to_string(kMaxNesting) + ")");
    }
    ~Nest() { --p.nesting_; }
  };

  const SourceFile &file_;
  std::vector<Token> toks_;
  size_t pos_ = 0;
  int nesting_ = 0;
  /// Functions parsed without a body (not @jit): the token of their name
  /// and of their first decorator, to parse them as @jit later.
  struct Deferred {
    FunctionDef *fn;
    size_t nameTok, firstTok;
  };
  std::vector<Deferred> deferred_;
  /// Module-level assignments the expression parser did not take (a dict
  /// or lambda inside `triton.heuristics({...})(triton.jit(f))`) that
  /// look like kernel-making calls, by token: name -> (wrapped, jit).
  struct TokenWrap {
    std::string target;
    bool jit = false;
  };
  std::map<std::string, TokenWrap> tokenWraps_;
  /// Earlier module-level assignments of a name that a later one replaced,
  /// oldest first, with their token wraps: `k = triton.jit(k)` followed by
  /// `k = triton.heuristics({...})(k)` wraps the kernel the first made.
  struct Shadowed {
    GlobalBinding binding;
    std::optional<TokenWrap> wrap;
  };
  std::map<std::string, std::vector<Shadowed>> shadowed_;
  ImportOracle *oracle_ = nullptr;
  /// The module-level blocks being read, outermost (the file) first.
  std::vector<Module *> scopes_;
  /// Inside a `try`/`if` clause: cleared when the clause cannot run as
  /// written in a Triton 3.6 environment.
  bool *branchResolves_ = nullptr;
  /// How many module-level blocks (try/if clauses) are being read.
  int moduleDepth_ = 0;

  friend ParseResult trident::frontend::parseModule(const SourceFile &,
                                                    ImportOracle *);
};

ExprPtr Parser::sized(ExprPtr e) {
  uint32_t h = 0;
  for (const ExprPtr &o : e->operands)
    if (o)
      h = std::max(h, o->height);
  for (const ExprPtr &a : e->args)
    h = std::max(h, a->height);
  for (const Keyword &k : e->keywords)
    h = std::max(h, k.value->height);
  e->height = h + 1;
  if (e->height > kMaxExprHeight)
    fail(e->loc, "expression is too deeply nested (more than " +
                     std::to_string(kMaxExprHeight) + " levels)");
  return e;
}

ExprPtr makeExpr(ExprKind k, SourceLoc loc) {
  return std::make_unique<Expr>(k, loc);
}

//===----------------------------------------------------------------------===//
// Module level
//===----------------------------------------------------------------------===//

std::string_view Parser::textSince(size_t first) const {
  size_t last = pos_;
  while (last > first + 1 && (toks_[last - 1].kind == TokenKind::Newline ||
                              toks_[last - 1].kind == TokenKind::Dedent ||
                              toks_[last - 1].kind == TokenKind::Indent ||
                              toks_[last - 1].kind == TokenKind::EndOfFile))
    --last;
  if (last <= first)
    return {};
  uint32_t b = toks_[first].loc.offset;
  uint32_t e = toks_[last - 1].loc.offset + toks_[last - 1].text.size();
  return file_.text().substr(b, e > b ? e - b : 0);
}

/// The index just past the block that starts at `from` (an Indent token).
size_t Parser::findBlockEnd(size_t from) const {
  int depth = 0;
  for (size_t i = from; i < toks_.size(); ++i) {
    if (toks_[i].kind == TokenKind::Indent)
      ++depth;
    else if (toks_[i].kind == TokenKind::Dedent && --depth == 0)
      return i + 1;
    else if (toks_[i].kind == TokenKind::EndOfFile)
      return i;
  }
  return toks_.size() - 1;
}

/// Skips one logical line and, when it opens a block, the block.
void Parser::skipStatement() {
  while (!atEnd() && cur().kind != TokenKind::Newline)
    advance();
  advance();
  if (cur().kind == TokenKind::Indent)
    pos_ = findBlockEnd(pos_);
}

void Parser::skipBlockAfterColon() { skipStatement(); }

void Parser::parseImport(Module &m) {
  SourceLoc loc = cur().loc;
  auto dotted = [&]() {
    std::string name = expectName();
    while (acceptOp("."))
      name += "." + expectName();
    return name;
  };
  if (acceptKw("import")) {
    do {
      std::string path = dotted();
      std::string alias;
      if (acceptKw("as"))
        alias = expectName();
      GlobalBinding b;
      b.kind = GlobalBinding::Import;
      b.loc = loc;
      if (alias.empty()) {
        // `import a.b` binds `a`.
        alias = path.substr(0, path.find('.'));
        path = alias;
      }
      b.modulePath = path;
      b.importModule = path;
      b.text = file_.text().substr(loc.offset, cur().loc.offset - loc.offset);
      noteImport(b.importModule);
      m.globals[alias] = std::move(b);
    } while (acceptOp(","));
    expectNewline();
    return;
  }
  acceptKw("from");
  std::string base;
  while (acceptOp(".") || acceptOp("..."))
    base += toks_[pos_ - 1].text;
  if (cur().kind == TokenKind::Name)
    base += dotted();
  if (!acceptKw("import"))
    failHere("'import'");
  bool paren = acceptOp("(");
  noteImport(base);
  // `from base import name`: the binding, whatever alias it gets.
  auto binding = [&](const std::string &name, std::string_view text) {
    GlobalBinding b;
    b.kind = GlobalBinding::Import;
    b.loc = loc;
    b.modulePath = base + "." + name;
    b.importModule = base;
    b.importName = name;
    b.text = text;
    return b;
  };
  if (acceptOp("*")) {
    std::string_view text =
        file_.text().substr(loc.offset, cur().loc.offset - loc.offset);
    expectNewline();
    if (!oracle_ || isBuiltinModule(base))
      return;
    for (const std::string &name : oracle_->publicNames(base))
      m.globals[name] = binding(name, text);
    return;
  }
  do {
    if (paren && isOp(")"))
      break;
    std::string name = expectName();
    std::string alias = name;
    if (acceptKw("as"))
      alias = expectName();
    m.globals[alias] = binding(
        name, file_.text().substr(loc.offset, cur().loc.offset - loc.offset));
  } while (acceptOp(","));
  if (paren)
    expectOp(")");
  expectNewline();
}

void Parser::noteImport(const std::string &module) {
  if (branchResolves_ && !importExists(module))
    *branchResolves_ = false;
}

bool Parser::importExists(const std::string &module) const {
  if (isBuiltinModule(module))
    return true;
  return oracle_ && oracle_->moduleExists(module);
}

const GlobalBinding *Parser::lookup(const std::string &name) const {
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
    auto g = (*it)->globals.find(name);
    if (g != (*it)->globals.end())
      return &g->second;
  }
  return nullptr;
}

namespace {
/// Whether a host function's text calls `jit(`.
bool functionMakesJit(const GlobalBinding &b) {
  if (b.kind != GlobalBinding::Function || !b.function || b.function->isJit)
    return false;
  std::string_view text = b.function->text;
  for (size_t at = text.find("jit("); at != std::string_view::npos;
       at = text.find("jit(", at + 1)) {
    char before = at ? text[at - 1] : ' ';
    if (!(std::isalnum(static_cast<unsigned char>(before)) || before == '_'))
      return true;
  }
  return false;
}
} // namespace


bool Parser::isJitDecorator(const std::vector<std::string> &parts) const {
  if (parts.empty())
    return false;
  if (parts.back() == "jit")
    return true;
  const GlobalBinding *b = lookup(parts[0]);
  if (!b)
    return false;
  if (parts.size() == 1 && functionMakesJit(*b))
    return true;
  if (b->kind != GlobalBinding::Import || !oracle_ ||
      isBuiltinModule(b->importModule))
    return false;
  return oracle_->isJitDecorator(
      *b, std::vector<std::string>(parts.begin() + 1, parts.end()));
}

void Parser::parseDecorated(ParseResult &result, Module &into) {
  size_t first = pos_;
  bool isJit = false, noinline = false;
  std::vector<std::string> decorators;
  while (acceptOp("@")) {
    // A decorator is a dotted name, maybe called: `jit` (or a function
    // that returns a jit of its argument) marks a kernel or helper.
    std::vector<std::string> parts;
    while (cur().kind == TokenKind::Name) {
      parts.emplace_back(cur().text);
      advance();
      if (!acceptOp("."))
        break;
    }
    if (!parts.empty())
      decorators.push_back(parts.back());
    bool thisJit = isJitDecorator(parts);
    isJit |= thisJit;
    if (thisJit && isOp("(")) {
      // @jit(noinline=True, ...)
      size_t save = pos_;
      try {
        auto call = makeExpr(ExprKind::Call, cur().loc);
        advance();
        parseCallArgs(*call);
        for (Keyword &k : call->keywords)
          if (k.name == "noinline" && k.value->kind == ExprKind::Bool)
            noinline = k.value->intValue != 0;
      } catch (ParseError &) {
        pos_ = save;
      }
    }
    while (!atEnd() && cur().kind != TokenKind::Newline)
      advance();
    advance();
  }
  acceptKw("async");
  if (isKw("def"))
    parseFunction(result, into, isJit, noinline, first, std::move(decorators));
  else
    skipStatement(); // a decorated class
}

void Parser::parseModuleStatements(ParseResult &result, Module &into,
                                   size_t end) {
  while (!atEnd() && pos_ < end) {
    const Token &t = cur();
    if (t.kind == TokenKind::Newline || t.kind == TokenKind::Indent ||
        t.kind == TokenKind::Dedent) {
      if (t.kind == TokenKind::Indent)
        pos_ = findBlockEnd(pos_);
      else
        advance();
      continue;
    }
    size_t start = pos_;
    try {
      if (t.isOperator("@")) {
        parseDecorated(result, into);
      } else if (t.isKeyword("def")) {
        parseFunction(result, into, false, false, pos_);
      } else if (t.isKeyword("try")) {
        parseModuleTry(result, into);
      } else if (t.isKeyword("if")) {
        parseModuleIf(result, into);
      } else if (t.isKeyword("import") || t.isKeyword("from")) {
        parseImport(into);
      } else if (t.kind == TokenKind::Name &&
                 (peekTok().isOperator("=") || peekTok().isOperator(":"))) {
        parseGlobalAssign(into);
      } else {
        if (t.isKeyword("raise") && branchResolves_)
          *branchResolves_ = false; // a branch that gives up binds nothing usable
        skipStatement();
      }
    } catch (ParseError &) {
      pos_ = start;
      skipStatement();
      if (branchResolves_ && (t.isKeyword("import") || t.isKeyword("from")))
        *branchResolves_ = false;
    }
  }
}

void Parser::parseFile(ParseResult &result) {
  scopes_.push_back(&result.module);
  parseModuleStatements(result, result.module, toks_.size());
  bindKernelsMadeByCalls(result);
  scopes_.pop_back();
}

void Parser::parseModuleBlock(ParseResult &result, Module &into,
                              bool *resolves) {
  size_t end = findBlockEnd(pos_);
  // Python allows at most 100 levels of indentation; deeper module-level
  // blocks are skipped rather than read recursively.
  if (moduleDepth_ >= kMaxNesting) {
    pos_ = end;
    if (resolves)
      *resolves = false;
    return;
  }
  llvm::SaveAndRestore<int> depth(moduleDepth_, moduleDepth_ + 1);
  llvm::SaveAndRestore<bool *> branch(branchResolves_, resolves);
  advance(); // Indent
  scopes_.push_back(&into);
  llvm::scope_exit popScope([&] { scopes_.pop_back(); });
  parseModuleStatements(result, into, end);
  pos_ = end;
}

/// The body of a module-level `try`/`if` clause after its `:`: an indented
/// block parsed into `into`, or a one-line body, skipped.
void Parser::parseClauseBody(ParseResult &result, Module &into,
                             bool *resolves) {
  expectOp(":");
  if (cur().kind != TokenKind::Newline) {
    while (!atEnd() && cur().kind != TokenKind::Newline)
      advance();
    advance();
    return;
  }
  advance();
  if (cur().kind != TokenKind::Indent)
    failHere("an indented block");
  parseModuleBlock(result, into, resolves);
  while (cur().kind == TokenKind::Newline)
    advance();
}

void Parser::parseModuleTry(ParseResult &result, Module &m) {
  advance(); // try
  // Each branch: the try body (with its else), then every handler.
  struct Branch {
    Module bound;
    bool resolves = true;
  };
  std::vector<Branch> branches(1);
  parseClauseBody(result, branches[0].bound, &branches[0].resolves);
  Module finallyBound;
  bool finallyResolves = true;
  while (!atEnd()) {
    if (isKw("except")) {
      while (!atEnd() && !isOp(":") && cur().kind != TokenKind::Newline)
        advance();
      branches.emplace_back();
      parseClauseBody(result, branches.back().bound, &branches.back().resolves);
      continue;
    }
    if (isKw("else")) {
      advance();
      parseClauseBody(result, branches[0].bound, &branches[0].resolves);
      continue;
    }
    if (isKw("finally")) {
      advance();
      parseClauseBody(result, finallyBound, &finallyResolves);
      continue;
    }
    break;
  }
  // Python runs the try body; when one of its imports fails, the handler.
  // When no branch resolves, the try body's names stay bound (to modules
  // Trident cannot read, which a kernel using them reports by name).
  Branch *chosen = &branches[0];
  for (Branch &b : branches)
    if (b.resolves) {
      chosen = &b;
      break;
    }
  if (branchResolves_ && (!chosen->resolves || !finallyResolves))
    *branchResolves_ = false;
  for (auto &[name, binding] : chosen->bound.globals)
    m.globals[name] = std::move(binding);
  for (auto &[name, binding] : finallyBound.globals)
    m.globals[name] = std::move(binding);
}

void Parser::parseModuleIf(ParseResult &result, Module &into) {
  SourceLoc ifLoc = cur().loc;
  struct Branch {
    Module bound;
    bool resolves = true;
    Truth cond = Truth::Unknown;
  };
  std::vector<Branch> branches;
  bool hasElse = false;
  bool first = true;
  while (!atEnd()) {
    Truth cond = Truth::True;
    if (first || isKw("elif")) {
      advance();
      cond = parseModuleCondition();
    } else if (isKw("else")) {
      advance();
      hasElse = true;
    } else {
      break;
    }
    first = false;
    branches.emplace_back();
    branches.back().cond = cond;
    parseClauseBody(result, branches.back().bound, &branches.back().resolves);
    if (hasElse)
      break;
  }
  if (!hasElse)
    branches.emplace_back(); // the implicit `else: pass`
  if (!hasElse)
    branches.back().cond = Truth::True;
  // The clauses Python may run: every one whose condition is not known to
  // be false, up to the first known to be true.
  std::vector<Branch *> candidates;
  for (Branch &b : branches) {
    if (b.cond == Truth::False)
      continue;
    candidates.push_back(&b);
    if (b.cond == Truth::True)
      break;
  }
  for (Branch *b : candidates)
    if (!b->resolves && branchResolves_)
      *branchResolves_ = false;
  if (candidates.size() == 1) {
    for (auto &[name, binding] : candidates[0]->bound.globals)
      into.globals[name] = std::move(binding);
    return;
  }
  // Undecided: a name keeps a binding when every clause that may run binds
  // it to the same statement (a clause that does not bind it keeps what
  // it had before the `if`, if anything).
  std::set<std::string> names;
  for (Branch *b : candidates)
    for (auto &[name, binding] : b->bound.globals)
      names.insert(name);
  for (const std::string &name : names) {
    const GlobalBinding *before = lookup(name);
    std::vector<GlobalBinding *> options;
    bool keepsBefore = false;
    for (Branch *b : candidates) {
      auto it = b->bound.globals.find(name);
      if (it != b->bound.globals.end())
        options.push_back(&it->second);
      else if (before)
        keepsBefore = true;
    }
    auto agree = [&](const GlobalBinding &a, const GlobalBinding &b) {
      if (a.kind == b.kind && a.text == b.text)
        return true;
      // The same function of triton's libraries reached two ways
      // (`from triton.language.extra.libdevice import rsqrt` and `from
      // triton.language.math import rsqrt`, `tanh = libdevice.tanh` and
      // `tanh = tl.math.tanh`): Trident compiles both alike.
      std::string fa = tritonFunction(a), fb = tritonFunction(b);
      return !fa.empty() && fa == fb;
    };
    bool same = true;
    for (GlobalBinding *o : options)
      same &= agree(*o, *options[0]);
    if (keepsBefore)
      same &= agree(*before, *options[0]);
    if (same) {
      into.globals[name] = std::move(*options[0]);
      continue;
    }
    GlobalBinding u;
    u.kind = GlobalBinding::Unparsed;
    u.loc = options[0]->loc;
    u.why = "it is bound differently by the clauses of the module-level "
            "'if' at line " + std::to_string(ifLoc.line) +
            ", whose condition Trident cannot decide without running Python";
    u.text = options[0]->text;
    into.globals[name] = std::move(u);
  }
}

//===----------------------------------------------------------------------===//
// Module-level conditions
//===----------------------------------------------------------------------===//


/// The Triton release whose behaviour version checks in kernel files see.
constexpr const char *kTritonVersion = "3.6.0";

/// A value of a module-level condition, as far as it can be known without
/// running Python.
struct CondValue {
  enum Kind { Unknown, Number, String, Version, None } kind = Unknown;
  double number = 0;
  std::string text; ///< String; Version ("3.6.0")
};

std::vector<long> versionParts(const std::string &v) {
  std::vector<long> parts;
  size_t i = 0;
  while (i < v.size()) {
    if (!std::isdigit(static_cast<unsigned char>(v[i])))
      break;
    long n = 0;
    while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i])))
      n = n * 10 + (v[i++] - '0');
    parts.push_back(n);
    if (i < v.size() && v[i] == '.')
      ++i;
    else
      break;
  }
  return parts;
}

int compareVersions(const std::string &a, const std::string &b) {
  std::vector<long> x = versionParts(a), y = versionParts(b);
  for (size_t i = 0; i < std::max(x.size(), y.size()); ++i) {
    long p = i < x.size() ? x[i] : 0, q = i < y.size() ? y[i] : 0;
    if (p != q)
      return p < q ? -1 : 1;
  }
  return 0;
}

Truth truthOf(bool b) { return b ? Truth::True : Truth::False; }

/// `a OP b` for a comparison operator spelled `op`, from a three-way result.
Truth compareResult(const std::string &op, int c) {
  if (op == "==") return truthOf(c == 0);
  if (op == "!=") return truthOf(c != 0);
  if (op == "<") return truthOf(c < 0);
  if (op == "<=") return truthOf(c <= 0);
  if (op == ">") return truthOf(c > 0);
  if (op == ">=") return truthOf(c >= 0);
  return Truth::Unknown;
}

/// The comparison operator `operator.ge` (or `ge` alone) names.
std::string operatorFunction(const Expr &e) {
  if (e.kind != ExprKind::Name && e.kind != ExprKind::Attribute)
    return "";
  static const std::pair<const char *, const char *> ops[] = {
      {"ge", ">="}, {"gt", ">"}, {"le", "<="}, {"lt", "<"}, {"eq", "=="},
      {"ne", "!="}};
  for (auto [name, op] : ops)
    if (e.id == name)
      return op;
  return "";
}

bool isTritonModule(const std::string &m) {
  return m == "triton" || m == "trident";
}

std::string Parser::tritonFunction(const GlobalBinding &b) const {
  auto isTritonLanguage = [](const std::string &m) {
    return m.rfind("triton.language", 0) == 0 ||
           m.rfind("trident.language", 0) == 0;
  };
  if (b.kind == GlobalBinding::Import)
    return !b.importName.empty() && isTritonLanguage(b.importModule)
               ? b.importName
               : "";
  if (b.kind != GlobalBinding::Value || !b.value ||
      b.value->kind != ExprKind::Attribute)
    return "";
  // NAME.attr...fn with NAME bound to one of triton's modules.
  const Expr *root = b.value.get();
  while (root->kind == ExprKind::Attribute)
    root = root->operand(0);
  if (root->kind != ExprKind::Name)
    return "";
  const GlobalBinding *r = lookup(root->id);
  if (!r || r->kind != GlobalBinding::Import ||
      !isBuiltinModule(r->importModule) ||
      (r->importModule.rfind("triton", 0) != 0 &&
       r->importModule.rfind("trident", 0) != 0))
    return "";
  return b.value->id;
}

bool Parser::isOsMember(const Expr &e, const std::string &member) const {
  if (e.kind == ExprKind::Attribute && e.id == member &&
      e.operand(0)->kind == ExprKind::Name) {
    const GlobalBinding *b = lookup(e.operand(0)->id);
    return b && b->kind == GlobalBinding::Import && b->importModule == "os" &&
           b->importName.empty();
  }
  if (e.kind == ExprKind::Name && e.id == member) {
    const GlobalBinding *b = lookup(e.id);
    return b && b->kind == GlobalBinding::Import && b->importModule == "os" &&
           b->importName == member;
  }
  return false;
}

Truth Parser::parseModuleCondition() {
  size_t start = pos_;
  ExprPtr cond;
  try {
    cond = parseTest();
    if (!isOp(":"))
      cond.reset();
  } catch (ParseError &) {
    cond.reset();
  }
  if (!cond) {
    // Conditions the expression parser does not take (a lambda, a
    // comprehension): skip to the clause's ':'.
    pos_ = start;
    int depth = 0;
    while (!atEnd() && cur().kind != TokenKind::Newline &&
           !(depth == 0 && isOp(":"))) {
      if (isOp("(") || isOp("[") || isOp("{"))
        ++depth;
      else if (isOp(")") || isOp("]") || isOp("}"))
        --depth;
      advance();
    }
    return Truth::Unknown;
  }
  return conditionTruth(*cond, 0);
}

Truth Parser::conditionTruth(const Expr &e, int depth) const {
  if (depth > 32)
    return Truth::Unknown;
  switch (e.kind) {
  case ExprKind::UnaryOp:
    if (e.id == "not") {
      Truth t = conditionTruth(*e.operand(0), depth + 1);
      return t == Truth::Unknown ? t : truthOf(t == Truth::False);
    }
    break;
  case ExprKind::BoolOp: {
    bool isAnd = e.id == "and";
    bool unknown = false;
    for (const ExprPtr &o : e.operands) {
      Truth t = conditionTruth(*o, depth + 1);
      if (t == Truth::Unknown)
        unknown = true;
      else if ((t == Truth::True) != isAnd)
        return t; // `False and ...`, `True or ...`
    }
    return unknown ? Truth::Unknown : truthOf(isAnd);
  }
  case ExprKind::Compare: {
    // Each link of the chain; all must hold.
    bool unknown = false;
    for (size_t i = 0; i + 1 < e.operands.size(); ++i) {
      CondValue a = conditionValue(*e.operands[i], depth + 1);
      CondValue b = conditionValue(*e.operands[i + 1], depth + 1);
      const std::string &op = e.ops[i];
      Truth t = Truth::Unknown;
      if ((op == "in" || op == "not in") &&
          e.operands[i + 1]->kind != ExprKind::Tuple &&
          e.operands[i + 1]->kind != ExprKind::List &&
          isOsEnviron(*e.operands[i + 1]) && a.kind == CondValue::String &&
          oracle_) {
        // "NAME" in os.environ
        std::string value;
        bool set = oracle_->environment(a.text, value);
        t = truthOf(op == "in" ? set : !set);
      } else if ((op == "in" || op == "not in") &&
                 (e.operands[i + 1]->kind == ExprKind::Tuple ||
                  e.operands[i + 1]->kind == ExprKind::List)) {
        // x in ("1", "true"): known when x and every element are.
        bool known = a.kind == CondValue::String || a.kind == CondValue::Number;
        bool found = false;
        for (const ExprPtr &el : e.operands[i + 1]->operands) {
          CondValue c = conditionValue(*el, depth + 1);
          if (c.kind != CondValue::String && c.kind != CondValue::Number)
            known = false;
          else if (c.kind == a.kind &&
                   (a.kind == CondValue::String ? c.text == a.text
                                                : c.number == a.number))
            found = true;
        }
        if (known || found)
          t = truthOf(op == "in" ? found : !found);
      } else if (op == "is" || op == "is not") {
        if (a.kind != CondValue::Unknown && b.kind != CondValue::Unknown &&
            (a.kind == CondValue::None || b.kind == CondValue::None)) {
          bool same = a.kind == b.kind;
          t = truthOf(op == "is" ? same : !same);
        }
      } else if ((a.kind == CondValue::Version &&
                  (b.kind == CondValue::Version || b.kind == CondValue::String)) ||
                 (b.kind == CondValue::Version && a.kind == CondValue::String)) {
        t = compareResult(op, compareVersions(a.text, b.text));
      } else if (a.kind == CondValue::Number && b.kind == CondValue::Number) {
        t = compareResult(op, a.number < b.number ? -1 : a.number > b.number);
      } else if (a.kind == CondValue::String && b.kind == CondValue::String &&
                 (op == "==" || op == "!=")) {
        t = compareResult(op, a.text == b.text ? 0 : 1);
      }
      if (t == Truth::False)
        return t;
      unknown |= t == Truth::Unknown;
    }
    return unknown ? Truth::Unknown : Truth::True;
  }
  default:
    break;
  }
  CondValue v = conditionValue(e, depth + 1);
  switch (v.kind) {
  case CondValue::Number: return truthOf(v.number != 0);
  case CondValue::String: return truthOf(!v.text.empty());
  case CondValue::Version: return Truth::True;
  case CondValue::None: return Truth::False;
  case CondValue::Unknown: break;
  }
  return Truth::Unknown;
}

CondValue Parser::conditionValue(const Expr &e, int depth) const {
  CondValue v;
  if (depth > 32)
    return v;
  switch (e.kind) {
  case ExprKind::Bool:
  case ExprKind::Int:
    v.kind = CondValue::Number;
    v.number = static_cast<double>(e.intValue);
    return v;
  case ExprKind::Float:
    v.kind = CondValue::Number;
    v.number = e.floatValue;
    return v;
  case ExprKind::String:
    v.kind = CondValue::String;
    v.text = e.strValue;
    return v;
  case ExprKind::NoneLit:
    v.kind = CondValue::None;
    return v;
  case ExprKind::Name: {
    const GlobalBinding *b = lookup(e.id);
    if (!b) {
      // typing.TYPE_CHECKING is False when the code runs; a kernel file is
      // never `__main__` when Triton compiles from it.
      if (e.id == "TYPE_CHECKING") {
        v.kind = CondValue::Number;
      } else if (e.id == "__name__") {
        v.kind = CondValue::String;
        v.text = "__trident_kernel_module__";
      }
      return v;
    }
    if (b->kind == GlobalBinding::Value && b->value)
      return conditionValue(*b->value, depth + 1);
    if (b->kind == GlobalBinding::Import) {
      if (b->importName == "TYPE_CHECKING" && b->importModule == "typing") {
        v.kind = CondValue::Number;
      } else if (b->importName == "__version__" &&
                 isTritonModule(b->importModule)) {
        v.kind = CondValue::Version;
        v.text = kTritonVersion;
      }
    }
    return v;
  }
  case ExprKind::Attribute: {
    const Expr &base = *e.operand(0);
    if (e.id == "TYPE_CHECKING" && base.kind == ExprKind::Name) {
      const GlobalBinding *b = lookup(base.id);
      if (b && b->kind == GlobalBinding::Import && b->importModule == "typing" &&
          b->importName.empty())
        v.kind = CondValue::Number;
      return v;
    }
    if (e.id == "__version__" && base.kind == ExprKind::Name) {
      const GlobalBinding *b = lookup(base.id);
      if (b && b->kind == GlobalBinding::Import && b->importName.empty() &&
          isTritonModule(b->importModule)) {
        v.kind = CondValue::Version;
        v.text = kTritonVersion;
      }
      return v;
    }
    CondValue inner = conditionValue(base, depth + 1);
    if (inner.kind == CondValue::Version &&
        (e.id == "major" || e.id == "minor" || e.id == "micro")) {
      std::vector<long> parts = versionParts(inner.text);
      size_t i = e.id == "major" ? 0 : e.id == "minor" ? 1 : 2;
      v.kind = CondValue::Number;
      v.number = i < parts.size() ? static_cast<double>(parts[i]) : 0;
    }
    return v;
  }
  case ExprKind::Call: {
    const Expr &callee = *e.operand(0);
    std::string fname = callee.kind == ExprKind::Name ||
                                callee.kind == ExprKind::Attribute
                            ? callee.id
                            : "";
    // version.parse(triton.__version__), Version("3.0.0"), ...
    static const char *parsers[] = {"parse", "Version", "LooseVersion",
                                    "StrictVersion", "parse_version"};
    for (const char *p : parsers)
      if (fname == p && e.args.size() == 1 && e.keywords.empty()) {
        CondValue a = conditionValue(*e.args[0], depth + 1);
        if (a.kind == CondValue::String || a.kind == CondValue::Version) {
          v.kind = CondValue::Version;
          v.text = a.text;
        }
        return v;
      }
    // os.environ.get("NAME", default), os.getenv("NAME", default): read
    // from the compiler's environment, as the module would have at import.
    if (callee.kind == ExprKind::Attribute || callee.kind == ExprKind::Name) {
      bool envGet = callee.kind == ExprKind::Attribute && callee.id == "get" &&
                    isOsEnviron(*callee.operand(0));
      bool getenv = isOsMember(callee, "getenv");
      if ((envGet || getenv) && !e.args.empty() && e.args.size() <= 2 &&
          e.args[0]->kind == ExprKind::String && oracle_) {
        std::string value;
        if (oracle_->environment(e.args[0]->strValue, value)) {
          v.kind = CondValue::String;
          v.text = value;
        } else if (e.args.size() == 2) {
          v = conditionValue(*e.args[1], depth + 1);
        } else {
          v.kind = CondValue::None;
        }
        return v;
      }
    }
    // int("1"), bool(...), str(...) of what is known.
    if (callee.kind == ExprKind::Name && e.args.size() == 1 &&
        (fname == "int" || fname == "bool" || fname == "str") &&
        !lookup(fname)) {
      CondValue a = conditionValue(*e.args[0], depth + 1);
      if (fname == "str" && a.kind == CondValue::String)
        return a;
      if (fname == "bool" && a.kind != CondValue::Unknown) {
        v.kind = CondValue::Number;
        v.number = conditionTruth(*e.args[0], depth + 1) == Truth::True;
        return v;
      }
      if (fname == "int" && a.kind == CondValue::Number) {
        v.kind = CondValue::Number;
        v.number = std::trunc(a.number);
      } else if (fname == "int" && a.kind == CondValue::String) {
        char *end = nullptr;
        std::string t = a.text;
        long long n = std::strtoll(t.c_str(), &end, 10);
        if (!t.empty() && end && *end == '\0') {
          v.kind = CondValue::Number;
          v.number = static_cast<double>(n);
        }
      }
      return v;
    }
    // "1".lower(), .upper(), .strip()
    if (callee.kind == ExprKind::Attribute && e.args.empty() &&
        (callee.id == "lower" || callee.id == "upper" || callee.id == "strip")) {
      CondValue a = conditionValue(*callee.operand(0), depth + 1);
      if (a.kind != CondValue::String)
        return v;
      v = a;
      if (callee.id == "strip") {
        size_t b = v.text.find_first_not_of(" \t\n\r");
        size_t en = v.text.find_last_not_of(" \t\n\r");
        v.text = b == std::string::npos ? "" : v.text.substr(b, en - b + 1);
      } else {
        for (char &c : v.text)
          c = callee.id == "lower" ? std::tolower(static_cast<unsigned char>(c))
                                   : std::toupper(static_cast<unsigned char>(c));
      }
      return v;
    }
    // importlib.metadata.version("triton")
    if (fname == "version" && e.args.size() == 1 &&
        e.args[0]->kind == ExprKind::String &&
        isTritonModule(e.args[0]->strValue)) {
      v.kind = CondValue::Version;
      v.text = kTritonVersion;
      return v;
    }
    // compare_version("triton", operator.ge, "3.0.0")
    if (e.args.size() == 3 && e.args[0]->kind == ExprKind::String &&
        isTritonModule(e.args[0]->strValue)) {
      std::string op = operatorFunction(*e.args[1]);
      CondValue want = conditionValue(*e.args[2], depth + 1);
      if (!op.empty() && (want.kind == CondValue::String ||
                          want.kind == CondValue::Version)) {
        Truth t = compareResult(op, compareVersions(kTritonVersion, want.text));
        v.kind = CondValue::Number;
        v.number = t == Truth::True;
      }
      return v;
    }
    // triton.__version__.startswith("3.")
    if (callee.kind == ExprKind::Attribute && callee.id == "startswith" &&
        e.args.size() == 1 && e.args[0]->kind == ExprKind::String) {
      CondValue s = conditionValue(*callee.operand(0), depth + 1);
      if (s.kind == CondValue::Version || s.kind == CondValue::String) {
        v.kind = CondValue::Number;
        v.number = s.text.rfind(e.args[0]->strValue, 0) == 0;
      }
      return v;
    }
    return v;
  }
  default:
    return v;
  }
}

void Parser::parseGlobalAssign(Module &m) {
  SourceLoc loc = cur().loc;
  std::string name(cur().text);
  size_t start = pos_;
  std::optional<TokenWrap> previousWrap;
  if (auto w = tokenWraps_.find(name); w != tokenWraps_.end())
    previousWrap = w->second;
  GlobalBinding b;
  b.loc = loc;
  try {
    advance();
    if (acceptOp(":")) {
      parseTest(); // annotation
      if (!acceptOp("=")) {
        expectNewline();
        return; // a bare annotation binds nothing
      }
    } else {
      expectOp("=");
    }
    b.value = parseTestList();
    if (isOp("="))
      fail(cur().loc, "chained assignment");
    expectNewline();
    b.kind = GlobalBinding::Value;
  } catch (ParseError &e) {
    b.kind = GlobalBinding::Unparsed;
    b.value.reset();
    b.why = e.message;
    pos_ = start;
    skipStatement();
    // `jit ( NAME` anywhere, or a call applied to one name at the end
    // (`...)(NAME)`): a kernel-making call the expression parser could
    // not read whole.
    TokenWrap w;
    size_t end = pos_;
    while (end > start && (toks_[end - 1].kind == TokenKind::Newline ||
                           toks_[end - 1].kind == TokenKind::Dedent))
      --end;
    for (size_t i = start; i + 2 < end; ++i)
      if (toks_[i].kind == TokenKind::Name && toks_[i].text == "jit" &&
          toks_[i + 1].isOperator("(") &&
          toks_[i + 2].kind == TokenKind::Name &&
          i + 3 < end &&
          (toks_[i + 3].isOperator(")") || toks_[i + 3].isOperator(","))) {
        w.target = std::string(toks_[i + 2].text);
        w.jit = true;
      }
    if (w.target.empty()) {
      size_t j = end;
      while (j > start && toks_[j - 1].isOperator(")"))
        --j;
      if (end - j >= 1 && j >= start + 3 && toks_[j - 1].kind == TokenKind::Name &&
          toks_[j - 2].isOperator("(") && toks_[j - 3].isOperator(")"))
        w.target = std::string(toks_[j - 1].text);
    }
    if (!w.target.empty())
      tokenWraps_[name] = w;
  }
  b.text = textSince(start);
  if (b.kind == GlobalBinding::Value)
    tokenWraps_.erase(name);
  if (auto old = m.globals.find(name);
      old != m.globals.end() && (old->second.kind == GlobalBinding::Value ||
                                 old->second.kind == GlobalBinding::Unparsed))
    shadowed_[name].push_back({std::move(old->second), previousWrap});
  m.globals[name] = std::move(b);
}

void Parser::parseFunction(ParseResult &result, Module &into, bool isJit,
                           bool noinline, size_t firstTok,
                           std::vector<std::string> decorators) {
  auto fn = std::make_unique<FunctionDef>();
  fn->loc = cur().loc;
  advance(); // def
  fn->nameLoc = cur().loc;
  size_t headerStart = pos_;
  try {
    fn->name = expectName();
  } catch (ParseError &) {
    skipStatement();
    return;
  }
  GlobalBinding b;
  b.kind = GlobalBinding::Function;
  b.loc = fn->loc;
  b.function = fn.get();
  fn->isJit = isJit;
  fn->noinline = noinline;
  fn->decorators = std::move(decorators);
  into.globals[fn->name] = std::move(b);
  if (!isJit) {
    pos_ = headerStart;
    skipStatement();
    fn->text = textSince(firstTok);
    into.globals[fn->name].text = fn->text;
    deferred_.push_back({fn.get(), headerStart, firstTok});
    result.module.functions.push_back(std::move(fn));
    return;
  }
  pos_ = headerStart;
  parseJitSignatureAndBody(result, *fn, firstTok);
  result.module.functions.push_back(std::move(fn));
}

void Parser::parseJitSignatureAndBody(ParseResult &result, FunctionDef &fnRef,
                                      size_t firstTok) {
  FunctionDef *fn = &fnRef;
  fn->isJit = true;
  advance(); // the name
  // Find where the function ends so that an error inside it resumes there.
  size_t end = pos_;
  {
    int depth = 0;
    while (end < toks_.size() && toks_[end].kind != TokenKind::EndOfFile) {
      const Token &t = toks_[end];
      if (t.kind == TokenKind::Newline && depth == 0)
        break;
      ++end;
    }
    ++end;
    if (end < toks_.size() && toks_[end].kind == TokenKind::Indent)
      end = findBlockEnd(end);
  }
  try {
    expectOp("(");
    while (!isOp(")")) {
      if (isOp("*") || isOp("**") || isOp("/"))
        fail(cur().loc, "'" + std::string(cur().text) +
                            "' parameters are not supported in @jit functions");
      Param p;
      p.loc = cur().loc;
      p.name = expectName();
      for (const Param &other : fn->params)
        if (other.name == p.name)
          fail(p.loc, "duplicate argument '" + p.name +
                          "' in function definition");
      if (acceptOp(":"))
        p.annotation = parseTest();
      if (acceptOp("="))
        p.defaultValue = parseTest();
      fn->params.push_back(std::move(p));
      if (!acceptOp(","))
        break;
    }
    expectOp(")");
    if (acceptOp("->"))
      parseTest();
    expectOp(":");
    fn->body = parseSuite();
  } catch (ParseError &e) {
    result.errors.push_back({Severity::Error, e.loc, e.message});
    fn->errors.push_back(result.errors.back());
    pos_ = end;
  }
  size_t lastTok = pos_ > 0 ? pos_ - 1 : 0;
  while (lastTok > firstTok && (toks_[lastTok].kind == TokenKind::Dedent ||
                                toks_[lastTok].kind == TokenKind::Newline ||
                                toks_[lastTok].kind == TokenKind::EndOfFile))
    --lastTok;
  uint32_t b0 = toks_[firstTok].loc.offset;
  uint32_t b1 = toks_[lastTok].loc.offset + toks_[lastTok].text.size();
  fn->text = file_.text().substr(b0, b1 > b0 ? b1 - b0 : 0);
  for (Module *scope : scopes_) {
    auto g = scope->globals.find(fn->name);
    if (g != scope->globals.end() && g->second.function == fn)
      g->second.text = fn->text;
  }
}

namespace {
/// The function a kernel-making expression wraps: `NAME`, `jit(X)`,
/// `x.jit(X)`, `jit(...)(X)`, and a decorator factory applied to one
/// argument (`triton.heuristics({...})(X)`, `triton.autotune(...)(X)`).
/// `jit` says whether a jit call was among them; `noinline` whether it
/// asked for one.
const Expr *wrappedFunction(
    const Expr *e, bool &jit, bool &noinline,
    const std::function<bool(const Expr &)> &isJitName, int depth = 0) {
  if (!e || depth > 16)
    return nullptr;
  if (e->kind == ExprKind::Name)
    return e;
  if (e->kind != ExprKind::Call || e->args.size() != 1 || !e->keywords.empty())
    return nullptr;
  const Expr *callee = e->operand(0);
  if (isJitName(*callee)) {
    jit = true;
  } else if (callee->kind == ExprKind::Call && isJitName(*callee->operand(0))) {
    jit = true; // jit(noinline=True)(f)
    for (const Keyword &k : callee->keywords)
      if (k.name == "noinline" && k.value->kind == ExprKind::Bool)
        noinline = k.value->intValue != 0;
  } else if (callee->kind != ExprKind::Call) {
    return nullptr; // some other function applied to the kernel
  }
  return wrappedFunction(e->args[0].get(), jit, noinline, isJitName,
                         depth + 1);
}

} // namespace

void Parser::bindKernelsMadeByCalls(ParseResult &result) {
  Module &m = result.module;
  for (auto &[name, binding] : m.globals) {
    bool jit = false, noinline = false;
    std::string targetName;
    if (binding.kind == GlobalBinding::Value && binding.value) {
      const Expr *target = wrappedFunction(
          binding.value.get(), jit, noinline,
          [&](const Expr &c) { return isJitDecorator(dottedParts(c)); });
      if (!target || binding.value->kind == ExprKind::Name)
        continue; // plain aliases are values, as before
      targetName = target->id;
    } else if (binding.kind == GlobalBinding::Unparsed) {
      auto w = tokenWraps_.find(name);
      if (w == tokenWraps_.end())
        continue;
      targetName = w->second.target;
      jit = w->second.jit;
    } else {
      continue;
    }
    // `k = wrapper(k)` after `k = triton.jit(k)`: it wraps the kernel the
    // earlier assignment made (the latest such one).
    if (!jit && targetName == name)
      if (auto h = shadowed_.find(name); h != shadowed_.end())
        for (auto it = h->second.rbegin(); it != h->second.rend() && !jit;
             ++it) {
          if (it->binding.kind == GlobalBinding::Value && it->binding.value) {
            bool made = false, ni = false;
            const Expr *t = wrappedFunction(
                it->binding.value.get(), made, ni,
                [&](const Expr &c) { return isJitDecorator(dottedParts(c)); });
            if (t && made) {
              targetName = t->id;
              jit = true;
              noinline = ni;
            }
          } else if (it->wrap && it->wrap->jit) {
            targetName = it->wrap->target;
            jit = true;
          }
        }
    // The last function of that name defined before this statement.
    FunctionDef *fn = nullptr;
    for (auto &f : m.functions)
      if (f->name == targetName && f->loc.offset < binding.loc.offset)
        fn = f.get();
    if (!fn || (!jit && !fn->isJit))
      continue;
    if (!fn->isJit) {
      for (const Deferred &d : deferred_)
        if (d.fn == fn) {
          size_t save = pos_;
          pos_ = d.nameTok;
          parseJitSignatureAndBody(result, *fn, d.firstTok);
          pos_ = save;
        }
      fn->noinline = noinline;
    }
    binding = GlobalBinding();
    binding.kind = GlobalBinding::Function;
    binding.loc = fn->loc;
    binding.function = fn;
    binding.text = fn->text;
  }
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

Block Parser::parseSuite() {
  Nest nest(*this, cur().loc);
  Block block;
  if (cur().kind != TokenKind::Newline) {
    parseSimpleStatements(block);
    return block;
  }
  advance();
  if (cur().kind != TokenKind::Indent)
    failHere("an indented block");
  advance();
  while (cur().kind != TokenKind::Dedent && !atEnd())
    parseStatement(block);
  advance();
  return block;
}

StmtPtr Parser::parseIf(SourceLoc loc) {
  auto s = std::make_unique<Stmt>(StmtKind::If, loc);
  s->value = parseTest();
  expectOp(":");
  s->body = parseSuite();
  if (isKw("elif")) {
    SourceLoc l = cur().loc;
    Nest nest(*this, l);
    advance();
    s->orelse.push_back(parseIf(l));
  } else if (acceptKw("else")) {
    expectOp(":");
    s->orelse = parseSuite();
  }
  return s;
}

void Parser::parseStatement(Block &out) {
  SourceLoc loc = cur().loc;
  if (acceptKw("if")) {
    out.push_back(parseIf(loc));
    return;
  }
  if (acceptKw("for")) {
    auto s = std::make_unique<Stmt>(StmtKind::For, loc);
    // The target: a name or a tuple of names.
    ExprPtr target = parseBinary(0);
    if (isOp(",")) {
      auto tup = makeExpr(ExprKind::Tuple, target->loc);
      tup->operands.push_back(std::move(target));
      while (acceptOp(",") && !isKw("in"))
        tup->operands.push_back(parseBinary(0));
      target = std::move(tup);
    }
    s->targets.push_back(std::move(target));
    if (!acceptKw("in"))
      failHere("'in'");
    s->value = parseTestList();
    expectOp(":");
    s->body = parseSuite();
    if (isKw("else"))
      fail(cur().loc, "'for ... else' is not supported in @jit functions");
    out.push_back(std::move(s));
    return;
  }
  if (acceptKw("while")) {
    auto s = std::make_unique<Stmt>(StmtKind::While, loc);
    s->value = parseTest();
    expectOp(":");
    s->body = parseSuite();
    if (isKw("else"))
      fail(cur().loc, "'while ... else' is not supported in @jit functions");
    out.push_back(std::move(s));
    return;
  }
  for (std::string_view kw : {"def", "class", "with", "try", "async"}) {
    if (isKw(kw)) {
      auto s = std::make_unique<Stmt>(StmtKind::Unsupported, loc);
      s->id = kw == "def"     ? "nested function definitions"
              : kw == "class" ? "class definitions"
              : kw == "with"  ? "'with' statements"
              : kw == "try"   ? "'try' statements"
                              : "'async' statements";
      skipStatement();
      // An `else`/`except`/`finally` clause belongs to the skipped statement.
      while (isKw("except") || isKw("finally") || isKw("else"))
        skipStatement();
      out.push_back(std::move(s));
      return;
    }
  }
  if (isOp("@"))
    fail(loc, "decorators are not supported inside @jit functions");
  if (cur().kind == TokenKind::Indent)
    fail(loc, "unexpected indent");
  parseSimpleStatements(out);
}

void Parser::parseSimpleStatements(Block &out) {
  out.push_back(parseSmallStatement());
  while (acceptOp(";")) {
    if (cur().kind == TokenKind::Newline)
      break;
    out.push_back(parseSmallStatement());
  }
  expectNewline();
}

StmtPtr Parser::parseSmallStatement() {
  SourceLoc loc = cur().loc;
  if (acceptKw("pass"))
    return std::make_unique<Stmt>(StmtKind::Pass, loc);
  if (acceptKw("break"))
    return std::make_unique<Stmt>(StmtKind::Break, loc);
  if (acceptKw("continue"))
    return std::make_unique<Stmt>(StmtKind::Continue, loc);
  if (acceptKw("return")) {
    auto s = std::make_unique<Stmt>(StmtKind::Return, loc);
    if (cur().kind != TokenKind::Newline && !isOp(";"))
      s->value = parseTestList();
    return s;
  }
  if (acceptKw("assert")) {
    auto s = std::make_unique<Stmt>(StmtKind::Assert, loc);
    s->value = parseTest();
    if (acceptOp(","))
      s->annotation = parseTest();
    return s;
  }
  for (std::string_view kw :
       {"del", "global", "nonlocal", "raise", "import", "from", "yield"}) {
    if (isKw(kw)) {
      auto s = std::make_unique<Stmt>(StmtKind::Unsupported, loc);
      s->id = "'" + std::string(kw) + "' statements";
      while (cur().kind != TokenKind::Newline && !isOp(";") && !atEnd())
        advance();
      return s;
    }
  }
  ExprPtr first = parseTestList();
  if (acceptOp(":")) {
    auto s = std::make_unique<Stmt>(StmtKind::AnnAssign, loc);
    s->annotation = parseTest();
    s->targets.push_back(std::move(first));
    if (acceptOp("="))
      s->value = parseTestList();
    return s;
  }
  static const char *augOps[] = {"+=", "-=", "*=", "/=", "//=", "%=", "**=",
                                 "&=", "|=", "^=", "<<=", ">>=", "@="};
  for (const char *op : augOps) {
    if (isOp(op)) {
      auto s = std::make_unique<Stmt>(StmtKind::AugAssign, cur().loc);
      s->loc = loc;
      std::string o(op);
      s->id = o.substr(0, o.size() - 1);
      advance();
      s->targets.push_back(std::move(first));
      s->value = parseTestList();
      return s;
    }
  }
  if (isOp("=")) {
    auto s = std::make_unique<Stmt>(StmtKind::Assign, loc);
    s->targets.push_back(std::move(first));
    while (acceptOp("=")) {
      ExprPtr next = parseTestList();
      if (isOp("=")) {
        s->targets.push_back(std::move(next));
      } else {
        s->value = std::move(next);
      }
    }
    return s;
  }
  auto s = std::make_unique<Stmt>(StmtKind::Expr, loc);
  s->value = std::move(first);
  return s;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

ExprPtr Parser::parseTestList() {
  ExprPtr first = parseTest();
  if (!isOp(","))
    return first;
  auto tup = makeExpr(ExprKind::Tuple, first->loc);
  tup->operands.push_back(std::move(first));
  while (acceptOp(",")) {
    if (cur().kind == TokenKind::Newline || isOp("=") || isOp(")") ||
        isOp(":") || isOp(";") || cur().kind == TokenKind::EndOfFile)
      break;
    tup->operands.push_back(parseTest());
  }
  return sized(std::move(tup));
}

ExprPtr Parser::parseTest() {
  if (isKw("lambda"))
    fail(cur().loc, "lambda expressions are not supported in @jit functions");
  ExprPtr e = parseOrTest();
  if (isOp(":="))
    fail(cur().loc, "assignment expressions (':=') are not supported in @jit "
                    "functions");
  if (!isKw("if"))
    return e;
  SourceLoc loc = cur().loc;
  advance();
  auto ifexp = makeExpr(ExprKind::IfExp, e->loc);
  (void)loc;
  ExprPtr test = parseOrTest();
  if (!acceptKw("else"))
    failHere("'else' in a conditional expression");
  ExprPtr orelse = parseTest();
  ifexp->operands.push_back(std::move(test));
  ifexp->operands.push_back(std::move(e));
  ifexp->operands.push_back(std::move(orelse));
  return sized(std::move(ifexp));
}

ExprPtr Parser::parseOrTest() {
  ExprPtr e = parseAndTest();
  if (!isKw("or"))
    return e;
  auto b = makeExpr(ExprKind::BoolOp, e->loc);
  b->id = "or";
  b->operands.push_back(std::move(e));
  while (acceptKw("or"))
    b->operands.push_back(sized(parseAndTest()));
  return sized(std::move(b));
}

ExprPtr Parser::parseAndTest() {
  ExprPtr e = parseNotTest();
  if (!isKw("and"))
    return e;
  auto b = makeExpr(ExprKind::BoolOp, e->loc);
  b->id = "and";
  b->operands.push_back(std::move(e));
  while (acceptKw("and"))
    b->operands.push_back(parseNotTest());
  return sized(std::move(b));
}

ExprPtr Parser::parseNotTest() {
  if (isKw("not")) {
    Nest nest(*this, cur().loc);
    auto u = makeExpr(ExprKind::UnaryOp, cur().loc);
    advance();
    u->id = "not";
    u->operands.push_back(parseNotTest());
    return sized(std::move(u));
  }
  return parseComparison();
}

ExprPtr Parser::parseComparison() {
  ExprPtr e = parseBinary(0);
  auto compOp = [&]() -> std::string {
    for (std::string_view op : {"<", ">", "==", ">=", "<=", "!="})
      if (isOp(op)) {
        advance();
        return std::string(op);
      }
    if (isKw("in")) {
      advance();
      return "in";
    }
    if (isKw("not") && peekTok().isKeyword("in")) {
      advance();
      advance();
      return "not in";
    }
    if (isKw("is")) {
      advance();
      if (acceptKw("not"))
        return "is not";
      return "is";
    }
    return "";
  };
  std::string op = compOp();
  if (op.empty())
    return e;
  auto c = makeExpr(ExprKind::Compare, e->loc);
  c->operands.push_back(std::move(e));
  while (!op.empty()) {
    c->ops.push_back(op);
    c->operands.push_back(parseBinary(0));
    op = compOp();
  }
  return sized(std::move(c));
}

/// Binary operator levels, loosest first: | ^ & shifts +- */%//@
ExprPtr Parser::parseBinary(int level) {
  static const std::vector<std::vector<std::string_view>> levels = {
      {"|"}, {"^"}, {"&"}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "//", "%", "@"}};
  if (level == (int)levels.size())
    return parseFactor();
  ExprPtr lhs = parseBinary(level + 1);
  while (true) {
    std::string_view found;
    for (std::string_view op : levels[level])
      if (isOp(op))
        found = op;
    if (found.empty())
      return lhs;
    SourceLoc opLoc = cur().loc;
    advance();
    (void)opLoc;
    auto b = makeExpr(ExprKind::BinOp, lhs->loc);
    b->id = std::string(found);
    b->operands.push_back(std::move(lhs));
    b->operands.push_back(parseBinary(level + 1));
    lhs = sized(std::move(b));
  }
}

ExprPtr Parser::parseFactor() {
  for (std::string_view op : {"-", "+", "~"}) {
    if (isOp(op)) {
      Nest nest(*this, cur().loc);
      auto u = makeExpr(ExprKind::UnaryOp, cur().loc);
      advance();
      u->id = std::string(op);
      u->operands.push_back(parseFactor());
      return sized(std::move(u));
    }
  }
  return parsePower();
}

ExprPtr Parser::parsePower() {
  if (isKw("await"))
    fail(cur().loc, "'await' is not supported in @jit functions");
  ExprPtr base = parseTrailers(parseAtom());
  if (!isOp("**"))
    return base;
  advance();
  auto b = makeExpr(ExprKind::BinOp, base->loc);
  b->id = "**";
  b->operands.push_back(std::move(base));
  {
    Nest nest(*this, b->loc);
    b->operands.push_back(parseFactor());
  }
  return sized(std::move(b));
}

void Parser::parseCallArgs(Expr &call) {
  // The '(' has been consumed.
  while (!isOp(")")) {
    if (isOp("*") || isOp("**"))
      fail(cur().loc, "argument unpacking ('" + std::string(cur().text) +
                          "') is not supported in @jit functions");
    if (cur().kind == TokenKind::Name && peekTok().isOperator("=")) {
      Keyword k;
      k.loc = cur().loc;
      k.name = std::string(cur().text);
      advance();
      advance();
      k.value = parseTest();
      for (const Keyword &other : call.keywords)
        if (other.name == k.name)
          fail(k.loc, "keyword argument repeated: " + k.name);
      call.keywords.push_back(std::move(k));
    } else {
      ExprPtr a = parseTest();
      if (isKw("for") || isKw("async"))
        fail(cur().loc,
             "generator expressions are not supported in @jit functions");
      if (!call.keywords.empty())
        fail(a->loc, "positional argument follows keyword argument");
      call.args.push_back(std::move(a));
    }
    if (!acceptOp(","))
      break;
  }
  expectOp(")");
}

ExprPtr Parser::parseTrailers(ExprPtr e) {
  while (true) {
    if (isOp("(")) {
      auto call = makeExpr(ExprKind::Call, e->loc);
      advance();
      call->operands.push_back(std::move(e));
      {
        Nest nest(*this, call->loc);
        parseCallArgs(*call);
      }
      e = sized(std::move(call));
    } else if (isOp("[")) {
      advance();
      auto sub = makeExpr(ExprKind::Subscript, e->loc);
      sub->operands.push_back(std::move(e));
      {
        Nest nest(*this, sub->loc);
        sub->operands.push_back(parseSubscriptList());
      }
      expectOp("]");
      e = sized(std::move(sub));
    } else if (isOp(".")) {
      advance();
      auto attr = makeExpr(ExprKind::Attribute, e->loc);
      attr->id = expectName();
      attr->operands.push_back(std::move(e));
      e = sized(std::move(attr));
    } else {
      return e;
    }
  }
}

ExprPtr Parser::parseSubscriptItem() {
  SourceLoc loc = cur().loc;
  ExprPtr lower;
  if (!isOp(":"))
    lower = parseTest();
  if (!isOp(":"))
    return lower;
  auto s = makeExpr(ExprKind::Slice, loc);
  advance();
  ExprPtr upper, step;
  if (!isOp("]") && !isOp(",") && !isOp(":"))
    upper = parseTest();
  if (acceptOp(":") && !isOp("]") && !isOp(","))
    step = parseTest();
  s->operands.push_back(std::move(lower));
  s->operands.push_back(std::move(upper));
  s->operands.push_back(std::move(step));
  return sized(std::move(s));
}

ExprPtr Parser::parseSubscriptList() {
  ExprPtr first = parseSubscriptItem();
  if (!isOp(","))
    return first;
  auto tup = makeExpr(ExprKind::Tuple, first->loc);
  tup->operands.push_back(std::move(first));
  while (acceptOp(",")) {
    if (isOp("]"))
      break;
    tup->operands.push_back(parseSubscriptItem());
  }
  return sized(std::move(tup));
}

ExprPtr Parser::parseNumber(const Token &t) {
  std::string s;
  for (char c : t.text)
    if (c != '_')
      s += c;
  if (!s.empty() && (s.back() == 'j' || s.back() == 'J'))
    fail(t.loc, "complex numbers are not supported in @jit functions");
  if (t.kind == TokenKind::Float) {
    auto e = makeExpr(ExprKind::Float, t.loc);
    e->floatValue = std::strtod(s.c_str(), nullptr);
    return e;
  }
  int base = 10;
  size_t i = 0;
  if (s.size() > 1 && s[0] == '0' && std::isalpha((unsigned char)s[1])) {
    char p = std::tolower((unsigned char)s[1]);
    base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
    i = 2;
  }
  unsigned __int128 v = 0;
  const unsigned __int128 limit = ~(unsigned __int128)0 >> 1;
  for (; i < s.size(); ++i) {
    char c = std::tolower((unsigned char)s[i]);
    unsigned d = std::isdigit((unsigned char)c) ? c - '0' : c - 'a' + 10;
    if (v > (limit - d) / base)
      fail(t.loc, "integer literal " + std::string(t.text) + " is too large");
    v = v * base + d;
  }
  auto e = makeExpr(ExprKind::Int, t.loc);
  e->intValue = (__int128)v;
  return e;
}

ExprPtr Parser::parseStrings() {
  auto e = makeExpr(ExprKind::String, cur().loc);
  while (cur().kind == TokenKind::String) {
    const Token &t = cur();
    size_t q = t.text.find_first_of("'\"");
    std::string prefix(t.text.substr(0, q));
    for (char &c : prefix)
      c = std::tolower((unsigned char)c);
    if (prefix.find('f') != std::string::npos)
      fail(t.loc, "f-strings are not supported in @jit functions");
    if (prefix.find('b') != std::string::npos)
      fail(t.loc, "bytes literals are not supported in @jit functions");
    std::string decoded, error;
    if (!decodeStringLiteral(t.text, decoded, error))
      fail(t.loc, error);
    e->strValue += decoded;
    advance();
  }
  return e;
}

ExprPtr Parser::parseAtom() {
  const Token &t = cur();
  SourceLoc loc = t.loc;
  switch (t.kind) {
  case TokenKind::Name: {
    auto e = makeExpr(ExprKind::Name, loc);
    e->id = std::string(t.text);
    advance();
    return e;
  }
  case TokenKind::Integer:
  case TokenKind::Float: {
    ExprPtr e = parseNumber(t);
    advance();
    return e;
  }
  case TokenKind::String:
    return parseStrings();
  case TokenKind::Keyword: {
    if (t.text == "True" || t.text == "False") {
      auto e = makeExpr(ExprKind::Bool, loc);
      e->intValue = t.text == "True";
      advance();
      return e;
    }
    if (t.text == "None") {
      advance();
      return makeExpr(ExprKind::NoneLit, loc);
    }
    if (t.text == "yield")
      fail(loc, "'yield' is not supported in @jit functions");
    failHere("an expression");
  }
  case TokenKind::Operator: {
    if (t.text == "...") {
      advance();
      return makeExpr(ExprKind::Ellipsis, loc);
    }
    if (t.text == "(") {
      Nest nest(*this, loc);
      advance();
      if (acceptOp(")"))
        return makeExpr(ExprKind::Tuple, loc);
      ExprPtr first = parseTest();
      if (isKw("for"))
        fail(cur().loc,
             "generator expressions are not supported in @jit functions");
      if (acceptOp(")"))
        return first;
      auto tup = makeExpr(ExprKind::Tuple, loc);
      tup->operands.push_back(std::move(first));
      while (acceptOp(",")) {
        if (isOp(")"))
          break;
        tup->operands.push_back(parseTest());
      }
      expectOp(")");
      return sized(std::move(tup));
    }
    if (t.text == "[") {
      Nest nest(*this, loc);
      advance();
      auto list = makeExpr(ExprKind::List, loc);
      while (!isOp("]")) {
        list->operands.push_back(parseTest());
        if (isKw("for"))
          fail(cur().loc,
               "list comprehensions are not supported in @jit functions");
        if (!acceptOp(","))
          break;
      }
      expectOp("]");
      return sized(std::move(list));
    }
    if (t.text == "{")
      fail(loc, "dict and set literals are not supported in @jit functions");
    failHere("an expression");
  }
  default:
    failHere("an expression");
  }
}

} // namespace

bool decodeStringLiteral(std::string_view tok, std::string &out,
                         std::string &error) {
  size_t q = tok.find_first_of("'\"");
  if (q == std::string_view::npos) {
    error = "malformed string literal";
    return false;
  }
  bool raw = false;
  for (char c : tok.substr(0, q))
    raw |= c == 'r' || c == 'R';
  size_t quoteLen =
      tok.size() >= q + 6 && tok[q + 1] == tok[q] && tok[q + 2] == tok[q] ? 3
                                                                         : 1;
  if (tok.size() < q + 2 * quoteLen) {
    error = "malformed string literal";
    return false;
  }
  std::string_view body = tok.substr(q + quoteLen, tok.size() - q - 2 * quoteLen);
  out.clear();
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || raw || i + 1 == body.size()) {
      out += c;
      continue;
    }
    char n = body[++i];
    switch (n) {
    case 'n': out += '\n'; break;
    case 't': out += '\t'; break;
    case 'r': out += '\r'; break;
    case '0': out += '\0'; break;
    case 'a': out += '\a'; break;
    case 'b': out += '\b'; break;
    case 'f': out += '\f'; break;
    case 'v': out += '\v'; break;
    case '\\': out += '\\'; break;
    case '\'': out += '\''; break;
    case '"': out += '"'; break;
    case '\n': break;
    case '\r': // a continued line ending in "\r\n" or a lone "\r"
      if (i + 1 < body.size() && body[i + 1] == '\n')
        ++i;
      break;
    case 'x': {
      if (i + 2 >= body.size() + 0 || !std::isxdigit((unsigned char)body[i + 1]) ||
          !std::isxdigit((unsigned char)body[i + 2])) {
        error = "malformed \\x escape in string literal";
        return false;
      }
      out += (char)std::strtol(std::string(body.substr(i + 1, 2)).c_str(),
                               nullptr, 16);
      i += 2;
      break;
    }
    default:
      out += '\\';
      out += n;
    }
  }
  return true;
}

bool isJitMakingFunction(const Module &m, const std::string &name) {
  auto it = m.globals.find(name);
  return it != m.globals.end() && functionMakesJit(it->second);
}

bool isBuiltinModule(const std::string &path) {
  for (const char *root : {"triton", "trident", "math", "torch", "numpy"}) {
    std::string r = root;
    if (path == r || path.rfind(r + ".", 0) == 0)
      return true;
  }
  return false;
}

ParseResult parseModule(const SourceFile &file, ImportOracle *oracle) {
  ParseResult result;
  LexResult lexed = Lexer(file).tokenize();
  if (!lexed.ok()) {
    // The tokens stop at the lexer's error; parsing them would only add
    // errors caused by the first one.
    result.errors = std::move(lexed.errors);
    return result;
  }
  if (lexed.tokens.empty() ||
      lexed.tokens.back().kind != TokenKind::EndOfFile) {
    Token eof{TokenKind::EndOfFile, {}, file.locForOffset(file.text().size())};
    lexed.tokens.push_back(eof);
  }
  Parser parser(file, std::move(lexed.tokens));
  parser.oracle_ = oracle;
  parser.parseFile(result);
  return result;
}

} // namespace trident::frontend
