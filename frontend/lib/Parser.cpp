//===- Parser.cpp - recursive-descent parser for kernel files -------------===//
//
// Python's grammar for the statements and expressions @jit functions use,
// with the usual precedence climbing. Module level is scanned statement by
// statement: what kernels can use is parsed, the rest is skipped by tokens.
//
//===----------------------------------------------------------------------===//

#include "trident/Frontend/Parser.h"
#include "trident/Frontend/Lexer.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

namespace trident::frontend {

const FunctionDef *Module::findFunction(const std::string &name) const {
  auto it = globals.find(name);
  if (it == globals.end() || it->second.kind != GlobalBinding::Function)
    return nullptr;
  return it->second.function;
}

namespace {

struct ParseError {
  SourceLoc loc;
  std::string message;
};

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
  void parseImport(Module &m);
  void parseFunction(ParseResult &result, bool isJit, bool noinline,
                     size_t firstTok);
  /// Parses the parameters and body of `fn`, from pos_ at its name.
  void parseJitSignatureAndBody(ParseResult &result, FunctionDef &fn,
                                size_t firstTok);
  /// Kernels made by calls rather than decorators (`k = triton.jit(k)`,
  /// `k = triton.heuristics(...)(triton.jit(k))`): the functions they wrap
  /// become @jit functions, bound under the assigned names too.
  void bindKernelsMadeByCalls(ParseResult &result);
  /// Whether decorator `name` is a function of this file that returns
  /// a jit of its argument (a package's own `@my_jit`).
  bool isJitMakingFunction(const Module &m, const std::string &name) const;
  void parseGlobalAssign(Module &m);
  /// A module-level `try:` whose branches import (docs/language.md §2):
  /// binds what the first branch whose imports all resolve binds.
  void parseModuleTry(Module &m);
  /// The imports and simple assignments of the indented block at pos_
  /// (an Indent token), into `into`; nested blocks are skipped. Sets
  /// `resolves` false when an import names a module outside those a
  /// Triton 3.6 kernel file can rely on.
  void parseModuleBlock(Module &into, bool &resolves);
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
      b.text = file_.text().substr(loc.offset, cur().loc.offset - loc.offset);
      m.globals[alias] = std::move(b);
    } while (acceptOp(","));
    expectNewline();
    return;
  }
  acceptKw("from");
  std::string base;
  while (acceptOp("."))
    base += ".";
  if (cur().kind == TokenKind::Name)
    base += dotted();
  if (!acceptKw("import"))
    failHere("'import'");
  bool paren = acceptOp("(");
  if (acceptOp("*")) {
    expectNewline();
    return;
  }
  do {
    if (paren && isOp(")"))
      break;
    std::string name = expectName();
    std::string alias = name;
    if (acceptKw("as"))
      alias = expectName();
    GlobalBinding b;
    b.kind = GlobalBinding::Import;
    b.loc = loc;
    b.modulePath = base + "." + name;
    b.text = file_.text().substr(loc.offset, cur().loc.offset - loc.offset);
    m.globals[alias] = std::move(b);
  } while (acceptOp(","));
  if (paren)
    expectOp(")");
  expectNewline();
}

void Parser::parseGlobalAssign(Module &m) {
  SourceLoc loc = cur().loc;
  std::string name(cur().text);
  size_t start = pos_;
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
  m.globals[name] = std::move(b);
}

void Parser::parseFunction(ParseResult &result, bool isJit, bool noinline,
                           size_t firstTok) {
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
  result.module.globals[fn->name] = std::move(b);
  if (!isJit) {
    pos_ = headerStart;
    skipStatement();
    fn->text = textSince(firstTok);
    result.module.globals[fn->name].text = fn->text;
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
  auto g = result.module.globals.find(fn->name);
  if (g != result.module.globals.end() && g->second.function == fn)
    g->second.text = fn->text;
}

void Parser::parseFile(ParseResult &result) {
  Module &m = result.module;
  while (!atEnd()) {
    const Token &t = cur();
    if (t.kind == TokenKind::Newline || t.kind == TokenKind::Indent ||
        t.kind == TokenKind::Dedent) {
      if (t.kind == TokenKind::Indent)
        pos_ = findBlockEnd(pos_);
      else
        advance();
      continue;
    }
    if (t.isOperator("@")) {
      size_t first = pos_;
      bool isJit = false, noinline = false;
      while (acceptOp("@")) {
        // A decorator is a dotted name, maybe called. Only the last part of
        // the name matters: `jit` marks a kernel or helper.
        std::string last;
        while (cur().kind == TokenKind::Name) {
          last = std::string(cur().text);
          advance();
          if (!acceptOp("."))
            break;
        }
        bool thisJit = last == "jit" || isJitMakingFunction(m, last);
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
      if (isKw("def")) {
        parseFunction(result, isJit, noinline, first);
      } else {
        skipStatement();
      }
      continue;
    }
    if (t.isKeyword("def")) {
      parseFunction(result, false, false, pos_);
      continue;
    }
    if (t.isKeyword("try")) {
      size_t start = pos_;
      try {
        parseModuleTry(m);
      } catch (ParseError &) {
        pos_ = start;
        skipStatement();
      }
      continue;
    }
    if (t.isKeyword("import") || t.isKeyword("from")) {
      size_t start = pos_;
      try {
        parseImport(m);
      } catch (ParseError &) {
        pos_ = start;
        skipStatement();
      }
      continue;
    }
    if (t.kind == TokenKind::Name &&
        (peekTok().isOperator("=") || peekTok().isOperator(":"))) {
      parseGlobalAssign(m);
      continue;
    }
    skipStatement();
  }
  bindKernelsMadeByCalls(result);
}

namespace {
/// Whether an import of `path` succeeds in a Triton 3.6 environment as far
/// as Trident can tell without reading other files: triton's own modules
/// and the host modules whose constants Trident evaluates.
bool importResolves(const std::string &path) {
  for (const char *root : {"triton", "trident", "math", "torch", "numpy"}) {
    std::string r = root;
    if (path == r || path.rfind(r + ".", 0) == 0)
      return true;
  }
  return false;
}
} // namespace

void Parser::parseModuleBlock(Module &into, bool &resolves) {
  size_t end = findBlockEnd(pos_);
  advance(); // Indent
  while (pos_ < end && !atEnd() && cur().kind != TokenKind::Dedent) {
    const Token &t = cur();
    if (t.kind == TokenKind::Newline) {
      advance();
      continue;
    }
    if (t.isKeyword("import") || t.isKeyword("from")) {
      size_t start = pos_;
      try {
        Module tmp;
        parseImport(tmp);
        for (auto &[name, b] : tmp.globals) {
          if (!importResolves(b.modulePath))
            resolves = false;
          into.globals[name] = std::move(b);
        }
      } catch (ParseError &) {
        pos_ = start;
        skipStatement();
        resolves = false;
      }
      continue;
    }
    if (t.kind == TokenKind::Name &&
        (peekTok().isOperator("=") || peekTok().isOperator(":"))) {
      parseGlobalAssign(into);
      continue;
    }
    if (t.isKeyword("raise"))
      resolves = false; // a branch that gives up binds nothing usable
    skipStatement();
  }
  pos_ = end;
}

void Parser::parseModuleTry(Module &m) {
  advance(); // try
  expectOp(":");
  expectNewline();
  if (cur().kind != TokenKind::Indent)
    failHere("an indented block");
  // Each branch: the try body (with its else), then every handler.
  struct Branch {
    Module bound;
    bool resolves = true;
  };
  std::vector<Branch> branches(1);
  parseModuleBlock(branches[0].bound, branches[0].resolves);
  Module finallyBound;
  while (!atEnd()) {
    while (cur().kind == TokenKind::Newline)
      advance();
    if (isKw("except")) {
      while (!atEnd() && !isOp(":"))
        advance();
      expectOp(":");
      expectNewline();
      if (cur().kind != TokenKind::Indent)
        failHere("an indented block");
      branches.emplace_back();
      parseModuleBlock(branches.back().bound, branches.back().resolves);
      continue;
    }
    if (isKw("else") || isKw("finally")) {
      bool isElse = isKw("else");
      advance();
      expectOp(":");
      expectNewline();
      if (cur().kind != TokenKind::Indent)
        failHere("an indented block");
      bool ignored = true;
      parseModuleBlock(isElse ? branches[0].bound : finallyBound,
                       isElse ? branches[0].resolves : ignored);
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
  for (auto &[name, binding] : chosen->bound.globals)
    m.globals[name] = std::move(binding);
  for (auto &[name, binding] : finallyBound.globals)
    m.globals[name] = std::move(binding);
}

bool Parser::isJitMakingFunction(const Module &m,
                                 const std::string &name) const {
  // `def my_jit(fn): return triton.jit(fn)`, or a factory returning such a
  // decorator: a host function of this file whose text calls `jit(`.
  auto it = m.globals.find(name);
  if (it == m.globals.end() || it->second.kind != GlobalBinding::Function ||
      !it->second.function || it->second.function->isJit)
    return false;
  std::string_view text = it->second.function->text;
  for (size_t at = text.find("jit("); at != std::string_view::npos;
       at = text.find("jit(", at + 1)) {
    char before = at ? text[at - 1] : ' ';
    if (!(std::isalnum(static_cast<unsigned char>(before)) || before == '_'))
      return true;
  }
  return false;
}

namespace {
/// The function a kernel-making expression wraps: `NAME`, `jit(X)`,
/// `x.jit(X)`, `jit(...)(X)`, and a decorator factory applied to one
/// argument (`triton.heuristics({...})(X)`, `triton.autotune(...)(X)`).
/// `jit` says whether a jit call was among them; `noinline` whether it
/// asked for one.
const Expr *wrappedFunction(const Expr *e, bool &jit, bool &noinline,
                            int depth = 0) {
  if (!e || depth > 16)
    return nullptr;
  if (e->kind == ExprKind::Name)
    return e;
  if (e->kind != ExprKind::Call || e->args.size() != 1 || !e->keywords.empty())
    return nullptr;
  const Expr *callee = e->operand(0);
  auto lastName = [](const Expr *c) -> std::string {
    if (c->kind == ExprKind::Name || c->kind == ExprKind::Attribute)
      return c->id;
    return "";
  };
  if (lastName(callee) == "jit") {
    jit = true;
  } else if (callee->kind == ExprKind::Call && lastName(callee->operand(0)) == "jit") {
    jit = true; // jit(noinline=True)(f)
    for (const Keyword &k : callee->keywords)
      if (k.name == "noinline" && k.value->kind == ExprKind::Bool)
        noinline = k.value->intValue != 0;
  } else if (callee->kind != ExprKind::Call) {
    return nullptr; // some other function applied to the kernel
  }
  return wrappedFunction(e->args[0].get(), jit, noinline, depth + 1);
}
} // namespace

void Parser::bindKernelsMadeByCalls(ParseResult &result) {
  Module &m = result.module;
  for (auto &[name, binding] : m.globals) {
    bool jit = false, noinline = false;
    std::string targetName;
    if (binding.kind == GlobalBinding::Value && binding.value) {
      const Expr *target = wrappedFunction(binding.value.get(), jit, noinline);
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

ParseResult parseModule(const SourceFile &file) {
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
  parser.parseFile(result);
  return result;
}

} // namespace trident::frontend
