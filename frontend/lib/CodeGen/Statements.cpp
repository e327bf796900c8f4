//===- Statements.cpp - statements and control flow -------------------------===//
//
// Assignments, `if` (a constexpr picks a branch; a runtime scalar becomes
// scf.if, or cf branches when a branch returns outside any loop), `for`
// (scf.for; static_range unrolls), `while` (scf.while) and `return`.
// Variables assigned in a branch or loop body that were live before it
// become the op's results.
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
// Statements
//===----------------------------------------------------------------------===//

static const Stmt *findReturn(const Block &block) {
  for (const StmtPtr &s : block) {
    if (s->kind == StmtKind::Return)
      return s.get();
    if (const Stmt *r = findReturn(s->body))
      return r;
    if (const Stmt *r = findReturn(s->orelse))
      return r;
  }
  return nullptr;
}

void Generator::assignedNames(const Block &block, std::set<std::string> &out) {
  std::function<void(const Expr &)> target = [&](const Expr &e) {
    if (e.kind == ExprKind::Name)
      out.insert(e.id);
    else if (e.kind == ExprKind::Tuple || e.kind == ExprKind::List)
      for (const ExprPtr &o : e.operands)
        target(*o);
  };
  for (const StmtPtr &s : block) {
    switch (s->kind) {
    case StmtKind::Assign:
    case StmtKind::AugAssign:
    case StmtKind::AnnAssign:
      for (const ExprPtr &t : s->targets)
        target(*t);
      break;
    case StmtKind::For:
      for (const ExprPtr &t : s->targets)
        target(*t);
      assignedNames(s->body, out);
      break;
    case StmtKind::If:
    case StmtKind::While:
      assignedNames(s->body, out);
      assignedNames(s->orelse, out);
      break;
    default:
      break;
    }
  }
}

void Generator::exec(const Block &block) {
  for (const StmtPtr &s : block) {
    if (frame().terminated)
      return; // unreachable after a return, as in Python
    exec(*s);
  }
}

void Generator::nameValue(const Val &v, const std::string &name) {
  if (!v.isTensor() || !v.value)
    return;
  mlir::Operation *op = v.value.getDefiningOp();
  if (!op || mlir::isa<mlir::NameLoc>(op->getLoc()))
    return;
  op->setLoc(mlir::NameLoc::get(b_.getStringAttr(name), op->getLoc()));
}

void Generator::execAssign(const Expr &target, const Val &v, SourceLoc l) {
  switch (target.kind) {
  case ExprKind::Name:
    nameValue(v, target.id);
    frame().locals[target.id] = v;
    return;
  case ExprKind::Tuple:
  case ExprKind::List: {
    if (v.kind != Val::Tuple)
      error(target.loc, "cannot unpack " + v.describe() + " into " +
                            std::to_string(target.operands.size()) +
                            " names");
    if (v.elems.size() != target.operands.size())
      error(target.loc, "cannot unpack " + std::to_string(v.elems.size()) +
                            " values into " +
                            std::to_string(target.operands.size()) +
                            " names");
    for (size_t i = 0; i < v.elems.size(); ++i)
      execAssign(*target.operands[i], v.elems[i], l);
    return;
  }
  case ExprKind::Subscript:
    error(target.loc, "assignment to a subscript is not supported: tensors "
                      "are immutable in @jit functions (use tl.where or "
                      "tl.store)");
  case ExprKind::Attribute:
    error(target.loc, "assignment to an attribute is not supported in @jit "
                      "functions");
  default:
    error(target.loc, "cannot assign to this expression");
  }
}

void Generator::exec(const Stmt &s) {
  at(s.loc);
  if (++statementsGenerated_ > 1000000)
    error(s.loc, "the kernel is too large: more than 1,000,000 statements "
                 "after unrolling static loops and inlining");
  switch (s.kind) {
  case StmtKind::Expr:
    eval(*s.value);
    return;
  case StmtKind::Assign: {
    Val v = eval(*s.value);
    // As in Triton, `x = 3` binds a tensor; `x: tl.constexpr = 3` binds a
    // compile-time value. (A constexpr_function runs as Python: a number
    // stays one.)
    if (!frame().hostPython && v.isNumber())
      v = toTensor(v, s.value->loc);
    else if (!frame().hostPython && v.kind == Val::Tuple)
      for (Val &e : v.elems)
        if (e.isNumber())
          e = toTensor(e, s.value->loc);
    for (const ExprPtr &t : s.targets)
      execAssign(*t, v, s.loc);
    return;
  }
  case StmtKind::AnnAssign: {
    if (!s.value)
      return;
    Val v = eval(*s.value);
    // `X: tl.constexpr = value`: Triton wraps whatever the value is in a
    // constexpr, whose operators hand a runtime value back as it is; so a
    // runtime value stays one (FlagGems' `CTA_TILE_N: tl.constexpr =
    // TILE_N * tiles_n_per_cta`), and a compile-time one stays constant.
    bool isConst = isConstexprAnnotation(s.annotation.get());
    if (!isConst && !frame().hostPython && v.isNumber())
      v = toTensor(v, s.value->loc); // other annotations: as a plain `=`
    execAssign(*s.targets[0], v, s.loc);
    return;
  }
  case StmtKind::AugAssign: {
    const Expr &t = *s.targets[0];
    if (t.kind != ExprKind::Name)
      error(t.loc, "augmented assignment is only supported to names in @jit "
                   "functions");
    Val cur = evalName(t);
    Val rhs = eval(*s.value);
    at(s.loc);
    Val v = binaryOp(s.id, cur, rhs, s.loc);
    if (v.isNumber() && !frame().hostPython)
      v = toTensor(v, s.loc); // as `x = x + y`
    execAssign(t, v, s.loc);
    return;
  }
  case StmtKind::If:
    execIf(s);
    return;
  case StmtKind::For:
    execFor(s);
    return;
  case StmtKind::While:
    execWhile(s);
    return;
  case StmtKind::Return:
    execReturn(s);
    return;
  case StmtKind::Pass:
    return;
  case StmtKind::Break:
    error(s.loc, "'break' is not supported in @jit functions");
  case StmtKind::Continue:
    error(s.loc, "'continue' is not supported in @jit functions");
  case StmtKind::Assert: {
    Val cond = eval(*s.value);
    std::string msg;
    if (s.annotation) {
      Val m = eval(*s.annotation);
      msg = m.kind == Val::Str ? m.str : m.describe();
    }
    at(s.loc);
    if (cond.isConstexpr()) {
      if (!requireBool(cond, s.value->loc, "the assert condition"))
        error(s.loc, "assertion failed" + (msg.empty() ? "" : ": " + msg));
      return;
    }
    std::vector<Val> args{cond};
    if (!msg.empty())
      args.push_back(Val::string(msg));
    static const Expr dummyCall(ExprKind::Call, SourceLoc{});
    callBuiltin("device_assert", dummyCall, args, {}, s.loc);
    return;
  }
  case StmtKind::Unsupported:
    error(s.loc, s.id + " are not supported in @jit functions");
  }
}

/// Two compile-time values that are the same object for our purposes.
bool sameConstexpr(const Val &a, const Val &b) {
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case Val::None: case Val::Ellipsis: return true;
  case Val::Bool: case Val::Int: return a.i == b.i;
  case Val::Float: return a.f == b.f || (std::isnan(a.f) && std::isnan(b.f));
  case Val::Str: case Val::Module: case Val::Builtin: case Val::TypeObj:
  case Val::Version:
    return a.str == b.str;
  case Val::DTypeV: return a.dtype == b.dtype;
  case Val::Function: return a.fn == b.fn;
  case Val::Tuple: case Val::Slice: case Val::Method:
    if (a.elems.size() != b.elems.size() || a.str != b.str)
      return false;
    for (size_t i = 0; i < a.elems.size(); ++i) {
      if (a.elems[i].isTensor() || b.elems[i].isTensor()) {
        if (!a.elems[i].isTensor() || !b.elems[i].isTensor() ||
            a.elems[i].value != b.elems[i].value)
          return false;
      } else if (!sameConstexpr(a.elems[i], b.elems[i])) {
        return false;
      }
    }
    return true;
  case Val::Tensor: return a.value == b.value;
  }
  return false;
}

void Generator::execIf(const Stmt &s) {
  Val cond = eval(*s.value);
  at(s.loc);
  if (cond.isConstexpr()) {
    bool taken;
    switch (cond.kind) {
    case Val::None: taken = false; break;
    case Val::Bool: case Val::Int: taken = cond.i != 0; break;
    case Val::Float: taken = cond.f != 0; break;
    case Val::Str: taken = !cond.str.empty(); break;
    case Val::Tuple: taken = !cond.elems.empty(); break;
    default: taken = true;
    }
    exec(taken ? s.body : s.orelse);
    return;
  }
  if (cond.kind != Val::Tensor)
    error(s.value->loc, "the condition of 'if' must be a scalar or a "
                        "constexpr, got " + cond.describe());
  if (cond.type.isBlock())
    error(s.value->loc, "the condition of 'if' is a tensor " +
                            cond.type.str() +
                            "; it must be a scalar (use tl.where for "
                            "elementwise selection)");
  Val c = truthValue(cond, s.value->loc);
  const Stmt *ret = findReturn(s.body);
  if (!ret)
    ret = findReturn(s.orelse);
  bool hasReturn = ret != nullptr;
  if (hasReturn && frame().loopDepth > 0)
    error(ret->loc, "cannot have 'return' inside 'for' or 'while' loops in "
                    "@jit functions");
  if (hasReturn)
    execIfUnstructured(s, c.value);
  else
    execIfScf(s, c.value);
}

namespace {
/// The outcome of generating one branch.
struct BranchState {
  std::map<std::string, Val> locals;
  bool terminated = false;
  mlir::Block *endBlock = nullptr;
};
} // namespace

/// Names whose value after the branches differs from before, or that both
/// branches define; for each, the two values to merge.
static std::vector<std::string>
namesToMerge(const std::map<std::string, Val> &before, const BranchState &t,
             const BranchState &e) {
  std::vector<std::string> names;
  std::set<std::string> all;
  for (auto &[n, v] : t.locals)
    all.insert(n);
  for (auto &[n, v] : e.locals)
    all.insert(n);
  for (const std::string &n : all) {
    auto ti = t.locals.find(n), ei = e.locals.find(n);
    if (ti == t.locals.end() || ei == e.locals.end())
      continue; // defined in one branch only: local to it
    if (sameConstexpr(ti->second, ei->second))
      continue;
    names.push_back(n);
  }
  return names;
}

void Generator::execIfScf(const Stmt &s, mlir::Value cond) {
  std::map<std::string, Val> before = frame().locals;
  auto ifOp = mlir::scf::IfOp::create(b_, here(), mlir::TypeRange{}, cond,
                                      /*withElseRegion=*/true);
  mlir::OpBuilder::InsertionGuard guard(b_);
  BranchState t, e;
  b_.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  exec(s.body);
  t.locals = frame().locals;
  frame().locals = before;
  b_.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  exec(s.orelse);
  e.locals = frame().locals;
  frame().locals = before;

  std::vector<std::string> names = namesToMerge(before, t, e);
  llvm::SmallVector<mlir::Type> types;
  llvm::SmallVector<mlir::Value> thenVals, elseVals;
  std::vector<TType> ttypes;
  for (const std::string &n : names) {
    Val &tv = t.locals[n];
    Val &ev = e.locals[n];
    if ((!tv.isTensor() && !tv.isNumber()) || (!ev.isTensor() && !ev.isNumber()))
      error(s.loc, "'" + n + "' is assigned different values in the branches "
                   "of a runtime 'if' (" + tv.describe() + " and " +
                   ev.describe() + "); only tensors and numbers can differ");
    b_.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    tv = toTensor(tv, s.loc);
    b_.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    ev = toTensor(ev, s.loc);
    if (tv.type != ev.type)
      error(s.loc, "Mismatched type for " + n + " between then block (" +
                       tv.type.str() + ") and else block (" + ev.type.str() +
                       ")");
    types.push_back(tv.type.toMLIR(&ctx_));
    ttypes.push_back(tv.type);
    thenVals.push_back(tv.value);
    elseVals.push_back(ev.value);
    // A descriptor's shape (i32) and strides (i64) are merged with it.
    if (tv.type.elem.isDesc()) {
      std::string what = "merged after a runtime 'if' ('" + n + "')";
      b_.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      std::vector<Val> a = descriptorParts(tv, s.loc, what);
      b_.setInsertionPoint(ifOp.elseBlock()->getTerminator());
      std::vector<Val> c = descriptorParts(ev, s.loc, what);
      for (size_t d = 0; d < a.size(); ++d) {
        types.push_back(a[d].type.toMLIR(&ctx_));
        ttypes.push_back(a[d].type);
        thenVals.push_back(a[d].value);
        elseVals.push_back(c[d].value);
      }
    }
  }
  // Names defined in one branch only are not visible after the `if`; the
  // rest keep the values they had before unless merged below.
  frame().locals = before;
  for (auto &[n, v] : t.locals)
    if (e.locals.count(n) && sameConstexpr(v, e.locals[n]))
      frame().locals[n] = v;
  if (names.empty())
    return;
  b_.setInsertionPoint(ifOp);
  auto newIf = mlir::scf::IfOp::create(b_, ifOp.getLoc(), types, cond,
                                       /*withElseRegion=*/true);
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  ifOp.erase();
  for (auto [block, vals] :
       {std::pair{newIf.thenBlock(), thenVals},
        std::pair{newIf.elseBlock(), elseVals}}) {
    mlir::Operation *term = block->getTerminator();
    b_.setInsertionPoint(term);
    mlir::scf::YieldOp::create(b_, term->getLoc(), vals);
    term->erase();
  }
  for (size_t i = 0, r = 0; i < names.size(); ++i) {
    Val v = Val::tensor(newIf.getResult(r), ttypes[r]);
    ++r;
    if (v.type.elem.isDesc())
      for (size_t d = 0; d < 2 * v.type.elem.element().shape.size(); ++d, ++r)
        v.elems.push_back(Val::tensor(newIf.getResult(r), ttypes[r]));
    frame().locals[names[i]] = v;
  }
}

void Generator::execIfUnstructured(const Stmt &s, mlir::Value cond) {
  std::map<std::string, Val> before = frame().locals;
  mlir::Block *cur = b_.getInsertionBlock();
  mlir::Region *region = cur->getParent();
  auto *thenBlock = new mlir::Block();
  auto *elseBlock = new mlir::Block();
  region->push_back(thenBlock);
  region->push_back(elseBlock);
  mlir::cf::CondBranchOp::create(b_, here(), cond, thenBlock,
                                 mlir::ValueRange{}, elseBlock,
                                 mlir::ValueRange{});
  BranchState t, e;
  b_.setInsertionPointToEnd(thenBlock);
  exec(s.body);
  t.locals = frame().locals;
  t.terminated = frame().terminated;
  t.endBlock = b_.getInsertionBlock();
  frame().locals = before;
  frame().terminated = false;
  b_.setInsertionPointToEnd(elseBlock);
  exec(s.orelse);
  e.locals = frame().locals;
  e.terminated = frame().terminated;
  e.endBlock = b_.getInsertionBlock();
  frame().locals = before;
  frame().terminated = false;

  if (t.terminated && e.terminated) {
    frame().terminated = true;
    return;
  }
  auto *merge = new mlir::Block();
  region->push_back(merge);
  if (t.terminated || e.terminated) {
    BranchState &live = t.terminated ? e : t;
    b_.setInsertionPointToEnd(live.endBlock);
    mlir::cf::BranchOp::create(b_, here(), merge);
    frame().locals = live.locals;
    b_.setInsertionPointToEnd(merge);
    return;
  }
  std::vector<std::string> names = namesToMerge(before, t, e);
  llvm::SmallVector<mlir::Value> thenVals, elseVals;
  std::vector<TType> ttypes;
  for (const std::string &n : names) {
    Val &tv = t.locals[n];
    Val &ev = e.locals[n];
    if ((!tv.isTensor() && !tv.isNumber()) || (!ev.isTensor() && !ev.isNumber()))
      error(s.loc, "'" + n + "' is assigned different values in the branches "
                   "of a runtime 'if' (" + tv.describe() + " and " +
                   ev.describe() + "); only tensors and numbers can differ");
    b_.setInsertionPointToEnd(t.endBlock);
    tv = toTensor(tv, s.loc);
    b_.setInsertionPointToEnd(e.endBlock);
    ev = toTensor(ev, s.loc);
    if (tv.type != ev.type)
      error(s.loc, "Mismatched type for " + n + " between then block (" +
                       tv.type.str() + ") and else block (" + ev.type.str() +
                       ")");
    thenVals.push_back(tv.value);
    elseVals.push_back(ev.value);
    ttypes.push_back(tv.type);
    merge->addArgument(tv.type.toMLIR(&ctx_), here());
  }
  b_.setInsertionPointToEnd(t.endBlock);
  mlir::cf::BranchOp::create(b_, here(), merge, thenVals);
  b_.setInsertionPointToEnd(e.endBlock);
  mlir::cf::BranchOp::create(b_, here(), merge, elseVals);
  frame().locals = before;
  for (auto &[n, v] : t.locals)
    if (e.locals.count(n) && sameConstexpr(v, e.locals[n]))
      frame().locals[n] = v;
  for (size_t i = 0; i < names.size(); ++i)
    frame().locals[names[i]] = Val::tensor(merge->getArgument(i), ttypes[i]);
  b_.setInsertionPointToEnd(merge);
}

void Generator::execFor(const Stmt &s) {
  const Expr &iter = *s.value;
  const Expr &target = *s.targets[0];
  // Iterating over a constexpr tuple unrolls.
  Val callee;
  if (iter.kind == ExprKind::Call)
    callee = eval(*iter.operands[0]);
  else {
    Val seq = eval(iter);
    if (seq.kind != Val::Tuple)
      error(iter.loc, "'for' loops in @jit functions iterate over range(), "
                      "tl.range() or tl.static_range(), got " +
                          seq.describe());
    for (const Val &e : seq.elems) {
      execAssign(target, e, s.loc);
      exec(s.body);
      if (frame().terminated && frame().hostPython)
        return;
      if (frame().terminated)
        error(s.loc, "cannot have 'return' inside 'for' or 'while' loops in "
                     "@jit functions");
    }
    return;
  }
  std::string kind =
      callee.kind == Val::Builtin ? callee.str : std::string("");
  if (kind != "range" && kind != "py.range" && kind != "static_range")
    error(iter.loc, "'for' loops in @jit functions iterate over range(), "
                    "tl.range() or tl.static_range(), got " +
                        callee.describe());
  std::vector<Val> args;
  for (const ExprPtr &a : iter.args)
    args.push_back(eval(*a));
  std::map<std::string, Val> kw;
  for (const Keyword &k : iter.keywords)
    kw[k.name] = eval(*k.value);
  auto takeKw = [&](const char *name) -> std::optional<Val> {
    auto it = kw.find(name);
    if (it == kw.end())
      return std::nullopt;
    Val v = it->second;
    kw.erase(it);
    return v;
  };
  // range(arg1, arg2=None, step=None): with one bound it is the end.
  std::optional<Val> bound[3];
  if (args.size() > 3)
    error(iter.loc, "range() takes 1 to 3 arguments, got " +
                        std::to_string(args.size()));
  for (size_t i = 0; i < args.size(); ++i)
    bound[i] = args[i];
  const char *names[3] = {"arg1", "arg2", "step"};
  for (int i = 0; i < 3; ++i)
    if (auto v = takeKw(names[i])) {
      if (bound[i])
        error(iter.loc, std::string("range() got multiple values for '") +
                            names[i] + "'");
      bound[i] = *v;
    }
  if (!bound[0])
    error(iter.loc, "range() needs at least one bound");
  bool noEnd = !bound[1] || bound[1]->kind == Val::None;
  Val lb = noEnd ? Val::integer(0) : *bound[0];
  Val ub = noEnd ? *bound[0] : *bound[1];
  Val step = bound[2] && bound[2]->kind != Val::None ? *bound[2]
                                                     : Val::integer(1);
  at(s.loc);
  if (target.kind != ExprKind::Name)
    error(target.loc, "the target of a range loop must be a single name");

  if (kind == "static_range" || (frame().hostPython && kind == "py.range")) {
    if (!kw.empty())
      error(iter.loc, "tl.static_range got an unexpected keyword argument '" +
                          kw.begin()->first + "'");
    int64_t l = requireInt(lb, iter.loc, "the start of tl.static_range");
    int64_t u = requireInt(ub, iter.loc, "the end of tl.static_range");
    int64_t st = requireInt(step, iter.loc, "the step of tl.static_range");
    if (st == 0)
      error(iter.loc, "the step of tl.static_range must not be zero");
    if ((u - l) / st > 4096)
      error(iter.loc, "tl.static_range would unroll more than 4096 "
                      "iterations");
    for (int64_t i = l; st > 0 ? i < u : i > u; i += st) {
      frame().locals[target.id] = Val::integer(i);
      exec(s.body);
      if (frame().terminated && frame().hostPython)
        return;
      if (frame().terminated)
        error(s.loc, "cannot have 'return' inside 'for' or 'while' loops in "
                     "@jit functions");
    }
    return;
  }

  // Python's range() with keywords: Triton 3.6 evaluates them and ignores
  // them (`range(N, flatten=FLATTEN)` in real packages).
  if (kind == "py.range")
    kw.clear();
  std::optional<Val> numStages = takeKw("num_stages");
  std::optional<Val> unroll = takeKw("loop_unroll_factor");
  std::optional<Val> noMultiBuf = takeKw("disallow_acc_multi_buffer");
  std::optional<Val> flatten = takeKw("flatten");
  std::optional<Val> warpSpec = takeKw("warp_specialize");
  if (!kw.empty())
    error(iter.loc, std::string(kind == "range" ? "tl.range" : "range") +
                        "() got an unexpected keyword argument '" +
                        kw.begin()->first + "'");


  bool negativeStep = false;
  if (step.isNumber()) {
    int64_t st = requireInt(step, iter.loc, "the step of range");
    if (st == 0)
      error(iter.loc, "the step of range must not be zero");
    if (st < 0) {
      negativeStep = true;
      std::swap(lb, ub);
      step = Val::integer(-st);
    }
  }
  Val lbT = toTensor(lb, iter.loc), ubT = toTensor(ub, iter.loc),
      stT = toTensor(step, iter.loc);
  for (const Val *v : {&lbT, &ubT, &stT})
    if (v->type.isBlock() || !v->type.elem.isInt())
      error(iter.loc, "range bounds must be integer scalars, got " +
                          v->describe());
  DType ivType = integerPromote(
      integerPromote(lbT.type.elem, ubT.type.elem), stT.type.elem);
  if (ivType.bitwidth() < 32)
    ivType = ivType.isUnsigned() ? Scalar::U32 : Scalar::I32;
  lbT = cast(lbT, ivType, iter.loc);
  ubT = cast(ubT, ivType, iter.loc);
  stT = cast(stT, ivType, iter.loc);

  LoopCarried carried = collectCarried(s, target.id);
  auto forOp = mlir::scf::ForOp::create(b_, here(), lbT.value, ubT.value,
                                        stT.value, carried.inits);
  if (numStages)
    forOp->setAttr("tt.num_stages",
                   b_.getI32IntegerAttr(requireInt(*numStages, iter.loc,
                                                   "num_stages")));
  if (unroll)
    forOp->setAttr("tt.loop_unroll_factor",
                   b_.getI32IntegerAttr(requireInt(*unroll, iter.loc,
                                                   "loop_unroll_factor")));
  if (noMultiBuf && requireBool(*noMultiBuf, iter.loc,
                                "disallow_acc_multi_buffer"))
    forOp->setAttr("tt.disallow_acc_multi_buffer", b_.getUnitAttr());
  if (flatten && requireBool(*flatten, iter.loc, "flatten"))
    forOp->setAttr("tt.flatten", b_.getUnitAttr());
  // Warp specialization (producer and consumer warps) is a schedule, not
  // a meaning: recorded as Triton records it, and the loop runs as without
  // it on every backend (none builds warp-specialized code yet).
  if (warpSpec && requireBool(*warpSpec, iter.loc, "warp_specialize"))
    forOp->setAttr("tt.warp_specialize", b_.getUnitAttr());

  mlir::Block *body = forOp.getBody();
  if (body->mightHaveTerminator())
    body->getTerminator()->erase();
  mlir::OpBuilder::InsertionGuard guard(b_);
  b_.setInsertionPointToEnd(body);
  Val iv = Val::tensor(forOp.getInductionVar(), TType(ivType));
  if (negativeStep) {
    // range(a, b, -s) runs over range(b, a, s) mirrored: iv = a + b - iv'.
    at(s.loc);
    iv = binaryOp("+", binaryOp("-", ubT, iv, s.loc), lbT, s.loc);
  }
  frame().locals[target.id] = iv;
  bindCarried(carried, forOp.getRegionIterArgs());
  frame().loopDepth++;
  exec(s.body);
  frame().loopDepth--;
  yieldCarried(s, carried);
  frame().locals = carried.before;
  bindCarried(carried, forOp.getResults(), /*nameResults=*/true);
}

Generator::LoopCarried Generator::collectCarried(const Stmt &s,
                                                 const std::string &skip) {
  // Names live before the loop that its body assigns. Only tensors and
  // numbers are carried; other compile-time objects it rebinds must keep
  // their value (checkUncarried).
  LoopCarried c;
  assignedNames(s.body, c.assigned);
  c.before = frame().locals;
  for (const std::string &n : c.assigned) {
    auto it = c.before.find(n);
    if (it == c.before.end() || n == skip)
      continue;
    Val init = it->second;
    if (!init.isTensor() && !init.isNumber())
      continue;
    // A descriptor stays what it is across iterations (checkUncarried).
    if (init.isTensor() && init.type.elem.isDesc())
      continue;
    init = toTensor(init, s.loc);
    c.names.push_back(n);
    c.inits.push_back(init.value);
    c.types.push_back(init.type);
  }
  return c;
}

void Generator::bindCarried(const LoopCarried &c, mlir::ValueRange values,
                            bool nameResults) {
  for (size_t i = 0; i < c.names.size(); ++i) {
    frame().locals[c.names[i]] = Val::tensor(values[i], c.types[i]);
    if (nameResults)
      nameValue(frame().locals[c.names[i]], c.names[i]);
  }
}

void Generator::yieldCarried(const Stmt &s, const LoopCarried &c) {
  llvm::SmallVector<mlir::Value> yields;
  for (size_t i = 0; i < c.names.size(); ++i) {
    Val v = toTensor(frame().locals[c.names[i]], s.loc);
    if (v.type != c.types[i])
      error(s.loc, "Loop-carried variable " + c.names[i] +
                       " has initial type " + c.types[i].str() +
                       " but is re-assigned to " + v.type.str() +
                       " in loop! Please make sure that the type stays "
                       "consistent.");
    yields.push_back(v.value);
  }
  at(s.loc);
  checkUncarried(s, c.before, c.assigned, c.names);
  mlir::scf::YieldOp::create(b_, here(), yields);
}

void Generator::checkUncarried(const Stmt &s,
                               const std::map<std::string, Val> &before,
                               const std::set<std::string> &assigned,
                               const std::vector<std::string> &carried) {
  // Only tensors and numbers flow from one iteration to the next. Anything
  // else the body rebinds (a tuple, a dtype, ...) must keep its value, or
  // the code after the loop would silently see the old one.
  for (const std::string &n : assigned) {
    auto b = before.find(n);
    if (b == before.end() ||
        std::find(carried.begin(), carried.end(), n) != carried.end())
      continue;
    auto a = frame().locals.find(n);
    if (a == frame().locals.end() || sameConstexpr(a->second, b->second))
      continue;
    if (b->second.isTensor() && b->second.type.elem.isDesc())
      error(s.loc, "'" + n + "' holds " + b->second.describe() +
                       " and is reassigned in the loop: a descriptor cannot "
                       "change from one iteration to the next (make each "
                       "one before the loop, or inside it where it is used)");
    error(s.loc, "'" + n + "' holds " + b->second.describe() +
                     " and is reassigned in the loop (to " +
                     a->second.describe() + "); only tensors and numbers "
                     "can change from one iteration to the next");
  }
}

void Generator::execWhile(const Stmt &s) {
  if (frame().hostPython) {
    // A constexpr_function's loop runs at compile time while its condition
    // is a compile-time value, as Python runs it.
    for (int iteration = 0;; ++iteration) {
      Val cond = eval(*s.value);
      if (!cond.isConstexpr())
        error(s.value->loc, "the condition of a constexpr_function's 'while' "
                            "must be a compile-time value, got " +
                                cond.describe());
      if (!constexprTruth(cond))
        return;
      if (iteration >= 100000)
        error(s.loc, "a constexpr_function's 'while' ran 100000 iterations; "
                     "Trident stops there");
      exec(s.body);
      if (frame().terminated)
        return;
    }
  }
  LoopCarried carried = collectCarried(s, "");
  llvm::SmallVector<mlir::Type> types;
  for (const TType &t : carried.types)
    types.push_back(t.toMLIR(&ctx_));
  auto whileOp = mlir::scf::WhileOp::create(b_, here(), types, carried.inits);
  mlir::OpBuilder::InsertionGuard guard(b_);
  llvm::SmallVector<mlir::Location> locs(types.size(), here());
  mlir::Block *beforeBlock =
      b_.createBlock(&whileOp.getBefore(), {}, types, locs);
  bindCarried(carried, beforeBlock->getArguments());
  Val cond = eval(*s.value);
  at(s.loc);
  if (cond.isTensor() && cond.type.isBlock())
    error(s.value->loc, "the condition of 'while' must be a scalar, got " +
                            cond.describe());
  if (!cond.isTensor() && !cond.isNumber())
    error(s.value->loc, "the condition of 'while' must be a scalar, got " +
                            cond.describe());
  Val c = truthValue(toTensor(cond, s.value->loc), s.value->loc);
  mlir::scf::ConditionOp::create(b_, here(), c.value,
                                 beforeBlock->getArguments());
  mlir::Block *afterBlock =
      b_.createBlock(&whileOp.getAfter(), {}, types, locs);
  frame().locals = carried.before;
  bindCarried(carried, afterBlock->getArguments());
  frame().loopDepth++;
  exec(s.body);
  frame().loopDepth--;
  yieldCarried(s, carried);
  frame().locals = carried.before;
  bindCarried(carried, whileOp.getResults());
}

void flattenReturn(const Val &v, std::vector<Val> &out) {
  if (v.kind == Val::Tuple) {
    for (const Val &e : v.elems)
      flattenReturn(e, out);
    return;
  }
  out.push_back(v);
  // A descriptor is returned with its shape and strides, as it is passed.
  if (v.isTensor() && v.type.elem.isDesc()) {
    out.back().elems.clear();
    for (const Val &e : v.elems)
      out.push_back(e);
  }
}

/// Rebuilds a returned value of `tmpl`'s structure from call results.
Val rebuildReturn(const Val &tmpl, const std::vector<Val> &leaves,
                         size_t &next) {
  if (tmpl.kind == Val::Tuple) {
    std::vector<Val> elems;
    for (const Val &e : tmpl.elems)
      elems.push_back(rebuildReturn(e, leaves, next));
    return Val::tuple(elems);
  }
  Val v = leaves[next++];
  if (v.isTensor() && v.type.elem.isDesc())
    for (size_t d = 0; d < tmpl.elems.size(); ++d)
      v.elems.push_back(leaves[next++]);
  return v;
}

void Generator::execReturn(const Stmt &s) {
  if (frame().loopDepth > 0)
    error(s.loc, "cannot have 'return' inside 'for' or 'while' loops in @jit "
                 "functions");
  Val whole = s.value ? eval(*s.value) : Val::none();
  std::vector<Val> vals;
  if (whole.kind != Val::None)
    flattenReturn(whole, vals);
  at(s.loc);
  Frame &f = frame();
  bool allConst = true;
  for (const Val &v : vals)
    allConst &= v.isConstexpr();
  bool first = !f.hasReturnTypes;
  if (first) {
    f.hasReturnTypes = true;
    // (An empty tuple is a compile-time value too: `return
    // tl.tuple([...])` over an empty tuple.)
    if (allConst && whole.kind != Val::None && frames_.size() > 1) {
      f.returnsConstexpr = true;
      f.constexprReturn = {whole};
    }
  }
  if (f.returnsConstexpr) {
    if (!allConst || whole.kind == Val::None ||
        !sameConstexpr(whole, f.constexprReturn[0]))
      error(s.loc, "this function returns different compile-time values on "
                   "different paths");
    tt::ReturnOp::create(b_, here());
    f.terminated = true;
    return;
  }
  // A descriptor's shape (i32) and strides (i64) follow it.
  std::function<void(const Val &)> checkDescriptors = [&](const Val &v) {
    for (const Val &e : v.kind == Val::Tuple ? v.elems : std::vector<Val>{})
      checkDescriptors(e);
    if (v.isTensor() && v.type.elem.isDesc() &&
        v.elems.size() != 2 * v.type.elem.element().shape.size())
      error(s.loc, "this tensor descriptor's shape and strides are not "
                   "known here, so it cannot be returned");
  };
  checkDescriptors(whole);
  for (size_t i = 0; i < vals.size(); ++i)
    if (vals[i].isTensor() && vals[i].type.elem.isDesc()) {
      size_t rank = vals[i].type.elem.element().shape.size();
      for (size_t d = 0; d < 2 * rank; ++d)
        vals[i + 1 + d] = cast(toTensor(vals[i + 1 + d], s.loc),
                               descriptorPartType(d, rank), s.loc);
      i += 2 * rank;
    }
  llvm::SmallVector<mlir::Value> operands;
  std::vector<TType> types;
  for (Val &v : vals) {
    if (!v.isTensor() && !v.isNumber())
      error(s.value->loc, "a @jit function can return tensors, numbers and "
                          "tuples of them, not " + v.describe());
    v = toTensor(v, s.loc);
    operands.push_back(v.value);
    types.push_back(v.type);
  }
  auto typesStr = [](const std::vector<TType> &ts) {
    std::string r;
    for (const TType &t : ts)
      r += (r.empty() ? "" : ", ") + t.str();
    return r.empty() ? std::string("nothing") : r;
  };
  if (first) {
    f.returnTypes = types;
    f.returnTemplate = whole;
  } else if (f.returnTypes != types) {
    error(s.loc, "Inconsistent return types: " + typesStr(f.returnTypes) +
                     " and " + typesStr(types));
  }
  tt::ReturnOp::create(b_, here(), operands);
  f.terminated = true;
}

} // namespace trident::frontend
