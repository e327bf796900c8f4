//===- Expressions.cpp - expressions ----------------------------------------===//
//
// Names, boolean operators, comparisons, conditional expressions,
// subscripts, and the dispatch of every expression kind (eval); the
// combine regions of tt.reduce / tt.scan.
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
#include <optional>
#include <sstream>

namespace trident::frontend {

namespace tt = mlir::triton;

Val Generator::evalName(const Expr &e) {
  auto it = frame().locals.find(e.id);
  if (it != frame().locals.end())
    return it->second;
  bool found;
  Val g = evalGlobal(*frame().module, e.id, e.loc, found);
  if (found)
    return g;
  // Python's builtins: the types, and the functions of the builtins table
  // ("py.<name>" rows, Builtins/Python.cpp).
  if (e.id == "float" || e.id == "int" || e.id == "bool" || e.id == "str")
    return Val::typeObj(e.id);
  if (builtins::findBuiltin("py." + e.id))
    return Val::builtin("py." + e.id);
  // A module's name, as Python's `__name__`: a kernel file is imported, so
  // never "__main__".
  if (e.id == "__name__" && frame().hostConstants && frame().module->loaded)
    return Val::string(frame().module->loaded->name);
  error(e.loc, "name '" + e.id + "' is not defined");
}

bool constexprTruth(const Val &v) {
  switch (v.kind) {
  case Val::None: return false;
  case Val::Bool: case Val::Int: return v.i != 0;
  case Val::Float: return v.f != 0;
  case Val::Str: return !v.str.empty();
  case Val::Tuple: return !v.elems.empty();
  default: return true;
  }
}

Val Generator::evalBoolOp(const Expr &e) {
  bool isAnd = e.id == "and";
  Val acc = eval(*e.operands[0]);
  for (size_t i = 1; i < e.operands.size(); ++i) {
    if (acc.isConstexpr()) {
      // Python's short circuit for compile-time values.
      if (isAnd != constexprTruth(acc))
        return acc;
      acc = eval(*e.operands[i]);
      continue;
    }
    Val rhs = eval(*e.operands[i]);
    at(e.loc);
    acc = isAnd ? logicalAnd(acc, rhs, e.loc) : logicalOr(acc, rhs, e.loc);
  }
  return acc;
}

Val Generator::evalCompare(const Expr &e) {
  Val lhs = eval(*e.operands[0]);
  Val result;
  for (size_t i = 0; i < e.ops.size(); ++i) {
    Val rhs = eval(*e.operands[i + 1]);
    at(e.loc);
    const std::string &op = e.ops[i];
    Val r;
    if (op == "is" || op == "is not") {
      if (lhs.isTensor() || rhs.isTensor()) {
        bool same = lhs.isTensor() && rhs.isTensor() && lhs.value == rhs.value;
        r = Val::boolean(same == (op == "is"));
      } else {
        r = Val::boolean(sameConstexpr(lhs, rhs) == (op == "is"));
      }
    } else if ((op == "in" || op == "not in") && rhs.kind == Val::Module &&
               rhs.str == "host.os.environ") {
      bool present;
      hostEnvironment(lhs, e.loc, present);
      r = Val::boolean(present == (op == "in"));
    } else if ((op == "in" || op == "not in") && rhs.kind == Val::Str &&
               lhs.kind == Val::Str) {
      r = Val::boolean((rhs.str.find(lhs.str) != std::string::npos) ==
                       (op == "in"));
    } else if (op == "in" || op == "not in") {
      if (rhs.kind != Val::Tuple || !lhs.isConstexpr())
        error(e.loc, "'in' is only supported between a constexpr and a "
                     "tuple of constexprs");
      bool found = false;
      for (const Val &x : rhs.elems)
        found |= sameConstexpr(lhs, x) ||
                 (lhs.isNumber() && x.isNumber() &&
                  compareOp("==", lhs, x, e.loc).i);
      r = Val::boolean(found == (op == "in"));
    } else {
      r = compareOp(op, lhs, rhs, e.loc);
    }
    result = i == 0 ? r : logicalAnd(result, r, e.loc);
    lhs = rhs;
  }
  return result;
}

Val Generator::evalIfExp(const Expr &e) {
  Val cond = eval(*e.operands[0]);
  if (cond.isConstexpr())
    return eval(*e.operands[constexprTruth(cond) ? 1 : 2]);
  at(e.loc);
  if (!cond.isTensor() || cond.type.isBlock())
    error(e.operands[0]->loc,
          "a conditional expression needs a scalar condition, got " +
              cond.describe() + " (use tl.where for tensors)");
  Val c = truthValue(cond, e.loc);
  auto ifOp = mlir::scf::IfOp::create(b_, here(), mlir::TypeRange{}, c.value,
                                      /*withElseRegion=*/true);
  Val vals[2];
  {
    mlir::OpBuilder::InsertionGuard guard(b_);
    for (int k = 0; k < 2; ++k) {
      mlir::Block *blk = k == 0 ? ifOp.thenBlock() : ifOp.elseBlock();
      b_.setInsertionPoint(blk->getTerminator());
      Val v = eval(*e.operands[k + 1]);
      if (!v.isTensor() && !v.isNumber())
        error(e.operands[k + 1]->loc,
              "a conditional expression with a runtime condition must "
              "produce tensors or numbers, got " + v.describe());
      vals[k] = toTensor(v, e.loc);
    }
  }
  if (vals[0].type != vals[1].type)
    error(e.loc, "Ternary expression with dynamic condition has inconsistent "
                 "types " + vals[0].type.str() + " and " + vals[1].type.str());
  auto newIf = mlir::scf::IfOp::create(
      b_, ifOp.getLoc(), mlir::TypeRange{vals[0].type.toMLIR(&ctx_)}, c.value,
      true);
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  ifOp.erase();
  for (int k = 0; k < 2; ++k) {
    mlir::Block *blk = k == 0 ? newIf.thenBlock() : newIf.elseBlock();
    mlir::Operation *term = blk->getTerminator();
    mlir::OpBuilder::InsertionGuard guard(b_);
    b_.setInsertionPoint(term);
    mlir::scf::YieldOp::create(b_, term->getLoc(), vals[k].value);
    term->erase();
  }
  return Val::tensor(newIf.getResult(0), vals[0].type);
}

Val Generator::evalSubscript(const Expr &e) {
  Val base = eval(*e.operands[0]);
  const Expr &idx = *e.operands[1];
  std::vector<const Expr *> items;
  if (idx.kind == ExprKind::Tuple)
    for (const ExprPtr &o : idx.operands)
      items.push_back(o.get());
  else
    items.push_back(&idx);
  at(e.loc);
  if (base.kind == Val::Module && base.str == "host.os.environ") {
    bool present;
    Val v = hostEnvironment(eval(idx), idx.loc, present);
    if (!present)
      error(idx.loc, "KeyError: the environment variable " +
                         eval(idx).describe() + " is not set");
    return v;
  }
  if (base.kind == Val::Tuple) {
    if (items.size() != 1)
      error(idx.loc, "tuples take one index");
    const Expr &it = *items[0];
    int64_t n = base.elems.size();
    if (it.kind == ExprKind::Slice) {
      auto bound = [&](const ExprPtr &p, int64_t dflt) {
        if (!p)
          return dflt;
        int64_t v = requireInt(eval(*p), p->loc, "a tuple slice bound");
        if (v < 0)
          v += n;
        return std::max<int64_t>(0, std::min(v, n));
      };
      if (it.operands[2])
        error(it.loc, "tuple slices with a step are not supported");
      int64_t lo = bound(it.operands[0], 0), hi = bound(it.operands[1], n);
      std::vector<Val> out;
      for (int64_t k = lo; k < hi; ++k)
        out.push_back(base.elems[k]);
      return Val::tuple(out);
    }
    int64_t k = requireInt(eval(it), it.loc, "a tuple index");
    if (k < 0)
      k += n;
    if (k < 0 || k >= n)
      error(it.loc, "tuple index " + std::to_string(k) + " out of range for "
                    "a tuple of " + std::to_string(n) + " elements");
    return base.elems[k];
  }
  if (base.kind != Val::Tensor)
    error(e.loc, base.describe() + " is not subscriptable");
  // Tensor indexing: None adds an axis, `:` keeps one, `...` fills.
  int64_t rank = base.type.shape.size();
  int64_t explicitDims = 0;
  bool hasEllipsis = false;
  for (const Expr *it : items) {
    if (it->kind == ExprKind::Ellipsis) {
      if (hasEllipsis)
        error(it->loc, "an index can only have a single ellipsis ('...')");
      hasEllipsis = true;
    } else if (it->kind != ExprKind::NoneLit) {
      ++explicitDims;
    }
  }
  // Triton reads the items one by one (None: an axis at that position,
  // ':': nothing) without counting them against the rank: a scalar's
  // `n[None, :]` is a block of one. Only '...' needs the count.
  if (hasEllipsis && explicitDims > rank)
    error(idx.loc, "too many indices for a tensor of rank " +
                       std::to_string(rank));
  Val cur = base;
  int64_t dim = 0;
  for (const Expr *it : items) {
    if (it->kind == ExprKind::NoneLit) {
      cur = expandDims(cur, dim, it->loc);
      ++dim;
    } else if (it->kind == ExprKind::Slice) {
      for (const ExprPtr &p : it->operands)
        if (p && p->kind != ExprKind::NoneLit)
          error(it->loc, "unsupported tensor index: only ':' slices are "
                         "allowed (tensors cannot be sliced)");
      ++dim;
    } else if (it->kind == ExprKind::Ellipsis) {
      dim += rank - explicitDims;
    } else {
      Val v = eval(*it);
      if (v.kind == Val::None) {
        cur = expandDims(cur, dim, it->loc);
        ++dim;
        continue;
      }
      error(it->loc, "unsupported tensor index: " + v.describe() +
                         " (only None, ':' and '...' are allowed)");
    }
  }
  return cur;
}


void Generator::buildCombineRegion(mlir::Region &region, const Val &combine,
                                   const std::vector<DType> &elemTypes,
                                   bool isScan, SourceLoc l) {
  mlir::OpBuilder::InsertionGuard guard(b_);
  llvm::SmallVector<mlir::Type> types;
  for (int rep = 0; rep < 2; ++rep)
    for (const DType &d : elemTypes)
      types.push_back(d.toMLIR(&ctx_));
  llvm::SmallVector<mlir::Location> locs(types.size(), loc(l));
  mlir::Block *block = b_.createBlock(&region, {}, types, locs);
  std::vector<Val> args;
  for (size_t i = 0; i < types.size(); ++i)
    args.push_back(Val::tensor(block->getArgument(i),
                               TType(elemTypes[i % elemTypes.size()])));
  static const Expr dummyCall(ExprKind::Call, SourceLoc{});
  Val r = callFunction(combine, dummyCall, args, {}, l);
  std::vector<Val> results = r.kind == Val::Tuple ? r.elems : std::vector<Val>{r};
  if (results.size() != elemTypes.size())
    error(l, "the combine function returns " + std::to_string(results.size()) +
                 " values but " + std::to_string(elemTypes.size()) +
                 " are reduced");
  llvm::SmallVector<mlir::Value> vals;
  for (size_t i = 0; i < results.size(); ++i) {
    Val v = toTensor(results[i], l);
    if (v.type.isBlock())
      error(l, "the combine function must return scalars");
    if (v.type.elem != elemTypes[i])
      v = cast(v, elemTypes[i], l);
    vals.push_back(v.value);
  }
  if (isScan)
    tt::ScanReturnOp::create(b_, loc(l), vals);
  else
    tt::ReduceReturnOp::create(b_, loc(l), vals);
}

Val Generator::eval(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Name:
    return evalName(e);
  case ExprKind::Int:
    return Val::integer(e.intValue);
  case ExprKind::Float:
    return Val::floating(e.floatValue);
  case ExprKind::String:
    return Val::string(e.strValue);
  case ExprKind::Bool:
    return Val::boolean(e.intValue != 0);
  case ExprKind::NoneLit:
    return Val::none();
  case ExprKind::Ellipsis: {
    Val v;
    v.kind = Val::Ellipsis;
    return v;
  }
  case ExprKind::Attribute: {
    Val base = eval(*e.operands[0]);
    at(e.loc);
    return attribute(base, e.id, e.loc);
  }
  case ExprKind::Subscript:
    return evalSubscript(e);
  case ExprKind::Call:
    return evalCall(e);
  case ExprKind::BinOp: {
    Val a = eval(*e.operands[0]);
    Val b = eval(*e.operands[1]);
    at(e.loc);
    return binaryOp(e.id, a, b, e.loc);
  }
  case ExprKind::UnaryOp: {
    Val a = eval(*e.operands[0]);
    at(e.loc);
    return unaryOp(e.id, a, e.loc);
  }
  case ExprKind::BoolOp:
    return evalBoolOp(e);
  case ExprKind::Compare:
    return evalCompare(e);
  case ExprKind::IfExp:
    return evalIfExp(e);
  case ExprKind::Tuple:
  case ExprKind::List: {
    std::vector<Val> elems;
    for (const ExprPtr &o : e.operands)
      elems.push_back(eval(*o));
    return Val::tuple(elems);
  }
  case ExprKind::Slice:
    error(e.loc, "slices are only allowed inside []");
  case ExprKind::ListComp:
    return evalListComp(e);
  case ExprKind::FString:
    return evalFString(e);
  case ExprKind::Starred:
    error(e.loc, "argument unpacking ('*') is only supported in a call's "
                 "positional arguments");
  }
  error(e.loc, "unsupported expression");
}

/// A value as Python's str() (conversion 's' or none) or repr() ('r',
/// 'a') writes it, for a compile-time value; empty for a runtime one.
static std::optional<std::string> fieldText(const Val &v, char conversion) {
  bool repr = conversion == 'r' || conversion == 'a';
  switch (v.kind) {
  case Val::Str:
    return repr ? "'" + v.str + "'" : v.str;
  case Val::Int:
  case Val::Float:
  case Val::Bool:
    return numberStr(v);
  case Val::None:
    return std::string("None");
  case Val::DTypeV:
    return v.dtype.str();
  case Val::Tuple: {
    std::string out = "(";
    for (size_t i = 0; i < v.elems.size(); ++i) {
      std::optional<std::string> s = fieldText(v.elems[i], 'r');
      if (!s)
        return std::nullopt;
      out += (i ? ", " : "") + *s;
    }
    return out + (v.elems.size() == 1 ? ",)" : ")");
  }
  default:
    return std::nullopt;
  }
}

Val Generator::evalFString(const Expr &e) {
  // As Triton: every field a compile-time value, formatted with str() or
  // its conversion; format specs are not applied.
  std::string out = e.ops[0];
  for (size_t i = 0; i < e.operands.size(); ++i) {
    Val v = eval(*e.operands[i]);
    std::optional<std::string> text = fieldText(v, e.id[i]);
    if (!text)
      error(e.loc, "an f-string in a @jit function formats compile-time "
                   "values only; a field is " + v.describe());
    out += *text + e.ops[i + 1];
  }
  return Val::string(out);
}

Val Generator::evalListComp(const Expr &e) {
  // Unrolled at compile time over a tuple, as Triton does; the target is
  // local to the comprehension.
  const Expr &target = *e.operands[1];
  const Expr &iterExpr = *e.operands[2];
  Val iter;
  std::vector<std::string> callee =
      iterExpr.kind == ExprKind::Call ? dottedParts(*iterExpr.operand(0))
                                      : std::vector<std::string>{};
  if (!callee.empty() && iterExpr.keywords.empty() &&
      (callee.back() == "static_range" ||
       (callee.size() == 1 && callee[0] == "range" &&
        !frame().locals.count("range")))) {
    // range(...) / tl.static_range(...) of compile-time bounds.
    std::vector<int64_t> b;
    for (const ExprPtr &a : iterExpr.args)
      b.push_back(requireInt(eval(*a), a->loc, "a bound of the comprehension's range"));
    if (b.empty() || b.size() > 3)
      error(iterExpr.loc, "range() takes 1 to 3 arguments");
    int64_t lo = b.size() == 1 ? 0 : b[0], hi = b.size() == 1 ? b[0] : b[1],
            step = b.size() == 3 ? b[2] : 1;
    if (step == 0)
      error(iterExpr.loc, "range() arg 3 must not be zero");
    if ((hi - lo) / step > 4096)
      error(iterExpr.loc, "a comprehension would unroll more than 4096 "
                          "iterations");
    std::vector<Val> items;
    for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step)
      items.push_back(Val::integer(i));
    iter = Val::tuple(items);
  } else {
    iter = eval(iterExpr);
  }
  if (iter.kind != Val::Tuple)
    error(e.operands[2]->loc, "a comprehension in a @jit function iterates "
                              "over a tuple or a range of compile-time "
                              "bounds, got " + iter.describe());
  std::vector<std::string> names;
  std::function<void(const Expr &)> collect = [&](const Expr &t) {
    if (t.kind == ExprKind::Name)
      names.push_back(t.id);
    for (const ExprPtr &n : t.operands)
      collect(*n);
  };
  collect(target);
  std::map<std::string, std::optional<Val>> saved;
  for (const std::string &n : names) {
    auto it = frame().locals.find(n);
    saved[n] = it == frame().locals.end() ? std::nullopt
                                          : std::optional<Val>(it->second);
  }
  std::vector<Val> results;
  for (const Val &item : iter.elems) {
    execAssign(target, item, e.loc);
    bool keep = true;
    for (size_t c = 3; c < e.operands.size() && keep; ++c) {
      Val cond = eval(*e.operands[c]);
      if (!cond.isConstexpr())
        error(e.operands[c]->loc, "the condition of a comprehension in a "
                                  "@jit function must be a compile-time "
                                  "value, got " + cond.describe());
      keep = constexprTruth(cond);
    }
    if (keep)
      results.push_back(eval(*e.operands[0]));
  }
  for (auto &[n, v] : saved) {
    if (v)
      frame().locals[n] = *v;
    else
      frame().locals.erase(n);
  }
  return Val::tuple(results);
}

} // namespace trident::frontend
