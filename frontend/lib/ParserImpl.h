//===- ParserImpl.h - the parser's class, shared by its files ----*- C++ -*-===//
//
// The recursive-descent parser of kernel files, one class whose methods
// live in files by responsibility: Grammar.cpp (statements and
// expressions), ModuleScanner.cpp (module level: imports, globals,
// decorators, try/if blocks, kernels made by calls; module-level
// conditions are decided by the code generator's evaluator, through the
// ImportOracle) and Parser.cpp (the entry). Private to the frontend.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_FRONTEND_LIB_PARSERIMPL_H
#define TRIDENT_FRONTEND_LIB_PARSERIMPL_H

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

namespace trident::frontend::parser_detail {

struct ParseError {
  SourceLoc loc;
  std::string message;
};

using trident::frontend::Truth;

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
  /// The condition of a module-level `if`/`elif` clause (the keyword is
  /// consumed), parsed and decided by the oracle; Unknown when it is no
  /// expression the parser reads (a lambda, a comprehension).
  /// The module-level names an Unknown condition reads go to `dependsOn`.
  Truth parseModuleCondition(std::set<std::string> *dependsOn = nullptr);
  /// The function of triton.language a binding names (`rsqrt` for `from
  /// triton.language.math import rsqrt` or `rsqrt = libdevice.rsqrt`), or
  /// "".
  std::string tritonFunction(const GlobalBinding &b) const;
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
  /// A comprehension's target: a name, or names and parenthesized
  /// targets separated by commas (`a, (b, c)`).
  ExprPtr parseCompTarget();
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
  /// The pieces and fields of the f-string token `t` (lower-case `prefix`)
  /// appended to `e`.
  void appendFString(Expr &e, const Token &t, std::string_view prefix);
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

/// A new expression node.
ExprPtr makeExpr(ExprKind k, SourceLoc loc);
/// Whether a host function's text calls `jit(`.
bool functionMakesJit(const GlobalBinding &b);

} // namespace trident::frontend::parser_detail

#endif // TRIDENT_FRONTEND_LIB_PARSERIMPL_H
