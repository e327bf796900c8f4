//===- AST.h - syntax tree of the Python subset kernels use -----*- C++ -*-===//
//
// The parser's output: expressions and statements of @jit function bodies,
// plus what a kernel file holds at module level that kernels may use
// (imports, constants, other @jit functions). Nodes own their children and
// carry the position of their first token. No RTTI: each node has a kind.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_FRONTEND_AST_H
#define TRIDENT_FRONTEND_AST_H

#include "trident/Frontend/Source.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trident::frontend {

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

enum class ExprKind {
  Name,      ///< id
  Int,       ///< integer literal (intValue)
  Float,     ///< floating literal (floatValue)
  String,    ///< string literal, escapes decoded (strValue)
  Bool,      ///< True / False (intValue)
  NoneLit,   ///< None
  Ellipsis,  ///< ...
  Attribute, ///< value.attr (operands[0], id = attr)
  Subscript, ///< value[index] (operands[0], operands[1])
  Call,      ///< func(args, keywords) (operands[0] = func, args, keywords)
  BinOp,     ///< lhs op rhs (operands[0..1], op)
  UnaryOp,   ///< op x (operands[0], op: "-", "+", "~", "not")
  BoolOp,    ///< x and/or y (operands, op: "and"/"or")
  Compare,   ///< a < b <= c (operands, ops)
  IfExp,     ///< body if test else orelse (operands: test, body, orelse)
  Tuple,     ///< (a, b) or a, b (operands)
  List,      ///< [a, b] (operands)
  Slice,     ///< lower:upper:step inside [] (operands may be null)
  /// [elt for target in iter if cond ...] (operands: elt, target, iter,
  /// then the conditions)
  ListComp,
  /// f"...": the literal pieces in ops (one more than the fields), each
  /// field's expression in operands and its conversion in id (one of 's',
  /// 'r', 'a', or ' ' for none, per field)
  FString,
  /// *value as a call's positional argument (operands[0]); the call takes
  /// the elements of the tuple it evaluates to
  Starred,
};

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

struct Keyword {
  std::string name;
  ExprPtr value;
  SourceLoc loc;
};

struct Expr {
  ExprKind kind;
  SourceLoc loc;
  std::string id;               ///< Name id, Attribute attr, op spelling
  std::vector<std::string> ops; ///< Compare operators
  std::vector<ExprPtr> operands;
  std::vector<ExprPtr> args;     ///< Call positional arguments
  std::vector<Keyword> keywords; ///< Call keyword arguments
  __int128 intValue = 0;
  double floatValue = 0;
  std::string strValue;
  /// Height of the tree below this node (a leaf is 1); the parser bounds it
  /// so that no later recursive walk can exhaust the stack.
  uint32_t height = 1;

  Expr(ExprKind kind, SourceLoc loc) : kind(kind), loc(loc) {}
  const Expr *operand(size_t i) const { return operands[i].get(); }
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

enum class StmtKind {
  Expr,      ///< value
  Assign,    ///< targets = value (targets: one or more, chained a = b = v)
  AugAssign, ///< target op= value (op without '=')
  AnnAssign, ///< target: annotation [= value]
  If,        ///< if test: body elif/else: orelse
  For,       ///< for target in iter: body
  While,     ///< while test: body
  Return,    ///< return [value]
  Pass,
  Break,
  Continue,
  Assert,      ///< assert test[, msg]
  Unsupported, ///< a statement kernels cannot contain (id names it)
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

struct Stmt {
  StmtKind kind;
  SourceLoc loc;
  std::string id;                ///< AugAssign op, Unsupported description
  std::vector<ExprPtr> targets;  ///< Assign/AugAssign/AnnAssign/For target
  ExprPtr value;                 ///< value, For iter, Return value, If/While/Assert test
  ExprPtr annotation;            ///< AnnAssign annotation, Assert message
  Block body;
  Block orelse;

  Stmt(StmtKind kind, SourceLoc loc) : kind(kind), loc(loc) {}
};

//===----------------------------------------------------------------------===//
// Module level
//===----------------------------------------------------------------------===//

struct Param {
  std::string name;
  SourceLoc loc;
  ExprPtr annotation; ///< may be null
  ExprPtr defaultValue; ///< may be null
};

/// A function definition at module level. Only @jit functions have a parsed
/// body; for others `isJit` is false and the body is empty.
struct FunctionDef {
  std::string name;
  SourceLoc loc;     ///< the `def` keyword
  SourceLoc nameLoc; ///< the function's name
  bool isJit = false;
  bool noinline = false;
  /// Decorated `@triton.constexpr_function` (or `@tl.constexpr`, which
  /// Triton's constexpr makes callable): a host function that kernels call
  /// on compile-time values for a compile-time result. Its body is parsed
  /// and evaluated as a @jit function's (isJit is set too).
  bool isConstexprFunction = false;
  /// The last name of each decorator, as written (`jit`, `_tensor_member_fn`
  /// for `@core._tensor_member_fn`).
  std::vector<std::string> decorators;
  std::vector<Param> params;
  Block body;
  /// The source text from the first decorator to the end of the body, for
  /// cache keys.
  std::string_view text;
  /// Syntax errors in this function (also in ParseResult::errors). A kernel
  /// is only refused for errors in the functions it can reach.
  std::vector<Diagnostic> errors;
};

/// A module-level binding: `X = expr`, `X: tl.constexpr = expr`, an import
/// alias, or a function. Expressions that the kernel subset cannot parse are
/// kept as an error to report if a kernel uses the name.
struct GlobalBinding {
  enum Kind { Value, Import, Function, Unparsed } kind = Value;
  SourceLoc loc;
  ExprPtr value;             ///< Value
  std::string modulePath;    ///< Import: "triton.language", "torch", ...
  /// Import, as written: the module (`triton.language`, `.utils`, `..`,
  /// `pkg.sub`) and, for `from M import N`, the name N (empty for
  /// `import M`). `modulePath` is M.N, or M.
  std::string importModule, importName;
  const FunctionDef *function = nullptr; ///< Function
  std::string why;           ///< Unparsed: what the parser did not accept
  /// Unparsed by an undecided module-level `if`: the module's names its
  /// conditions read, whose values would decide it.
  std::vector<std::string> dependsOn;
  /// The statement's source text (for cache keys).
  std::string_view text;
};

/// `a.b.c` as {"a", "b", "c"}; empty for anything but names and attributes.
std::vector<std::string> dottedParts(const Expr &e);

struct Module {
  std::vector<std::unique_ptr<FunctionDef>> functions;
  /// Last binding of each name wins, as in Python.
  std::map<std::string, GlobalBinding> globals;
  const FunctionDef *findFunction(const std::string &name) const;
};

} // namespace trident::frontend

#endif // TRIDENT_FRONTEND_AST_H
