//===- Calls.cpp - calls of builtins and @jit functions ---------------------===//
//
// A call's callee (a builtin, a method, a @jit function, a type), Python's
// binding of arguments to a @jit function's parameters, the mangled name
// of each specialization, and the tt.func / tt.call it becomes.
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Generator.h"

#include <cerrno>
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

Val Generator::evalCall(const Expr &e) {
  Val callee = eval(*e.operands[0]);
  std::vector<Val> args;
  for (const ExprPtr &a : e.args) {
    if (a->kind != ExprKind::Starred) {
      args.push_back(eval(*a));
      continue;
    }
    Val t = eval(*a->operands[0]);
    if (t.kind != Val::Tuple)
      error(a->loc, "argument unpacking ('*') needs a tuple, got " +
                        t.describe());
    for (Val &v : t.elems)
      args.push_back(std::move(v));
  }
  std::vector<std::pair<std::string, Val>> kwargs;
  for (const Keyword &k : e.keywords)
    kwargs.push_back({k.name, eval(*k.value)});
  at(e.loc);
  return callFunction(callee, e, std::move(args), std::move(kwargs), e.loc);
}

// TorchInductor's compile-time helpers: host functions of its
// triton_helpers module marked `@triton_builtin`, which Triton runs as Python
// while it compiles a kernel. Trident runs no Python, so the two that
// Inductor's generated kernels call are modeled here, by what they compute.
Val Generator::inductorBuiltinCall(
    const Val &callee, const std::vector<Val> &args,
    const std::vector<std::pair<std::string, Val>> &kwargs, SourceLoc l,
    bool &matched) {
  matched = false;
  const FunctionDef &fn = *callee.fn;
  const ModuleCtx *owner = callee.owner ? callee.owner : frame().module;
  if (!owner->loaded ||
      owner->loaded->name != "torch._inductor.runtime.triton_helpers")
    return Val();
  bool marked = false;
  for (const std::string &d : fn.decorators)
    marked |= d == "triton_builtin";
  if (!marked)
    return Val();
  std::string what = "triton_helpers." + fn.name + "()";
  if (fn.name == "constexpr_next_power_of_2") {
    if (args.size() != 1 || !kwargs.empty())
      error(l, what + " takes one argument");
    if (args[0].kind != Val::Int)
      error(l, what + " takes a compile-time integer, got " +
                   args[0].describe());
    __int128 n = args[0].i, p = 1;
    while (p < n)
      p <<= 1;
    matched = true;
    return Val::integer(p);
  }
  if (fn.name == "if_mask") {
    if (args.size() != 2 || !kwargs.empty())
      error(l, what + " takes two arguments (mask, value)");
    matched = true;
    return args[0].kind == Val::None ? Val::none() : args[1];
  }
  return Val();
}

Val Generator::callFunction(const Val &callee, const Expr &call,
                            std::vector<Val> args,
                            std::vector<std::pair<std::string, Val>> kwargs,
                            SourceLoc l) {
  switch (callee.kind) {
  case Val::Builtin:
    return callBuiltin(callee.str, call, std::move(args), std::move(kwargs), l);
  case Val::Method:
    return callMethod(callee.elems[0], callee.str, call, std::move(args),
                      std::move(kwargs), l);
  case Val::Function:
    if (!callee.fn->isJit && frame().hostConstants) {
      bool matched;
      Val r = hostIdiomCall(args, l, matched);
      if (matched)
        return r;
      error(l, "'" + callee.fn->name + "' (" +
                   lineIn(callee.owner ? *callee.owner : *frame().module,
                          callee.fn->loc) +
                   ") is a host function; Trident does not run host code");
    }
    if (!callee.fn->isJit) {
      bool matched;
      Val r = inductorBuiltinCall(callee, args, kwargs, l, matched);
      if (matched)
        return r;
      error(l, "'" + callee.fn->name + "' " +
                   (callee.owner && callee.owner != frame().module
                        ? "(" + lineIn(*callee.owner, callee.fn->loc) + ") "
                        : std::string()) +
                   "is not a @jit function; @jit "
                   "functions can only call other @jit functions and "
                   "triton.language builtins");
    }
    if (callee.fn->isConstexprFunction)
      return callConstexprFunction(*callee.fn, *callee.owner, std::move(args),
                                   std::move(kwargs), l);
    return callJit(*callee.fn, *callee.owner, std::move(args),
                   std::move(kwargs), l);
  case Val::TypeObj: {
    if (!kwargs.empty() || args.size() != 1)
      error(l, callee.str + "() takes exactly one argument here");
    const Val &a = args[0];
    if (callee.str == "constexpr")
      return a;
    if (callee.str == "dtype") {
      // tl.dtype("uint32"): a dtype by its name (OpenAI's triton_kernels
      // builds `tl.dtype(f"uint{bits}")`).
      DType d;
      if (a.kind != Val::Str || !dtypeForTritonName(a.str, d))
        error(l, "tl.dtype() takes a dtype's name (int8 ... uint64, fp16, "
                 "bf16, fp32, fp64, fp8e4nv, fp8e5, ...), got " +
                     (a.kind == Val::Str ? "'" + a.str + "'" : a.describe()));
      return Val::dtypeObj(d);
    }
    if (callee.str == "str") {
      // str() of a compile-time value, for messages (static_assert).
      if (a.kind == Val::Str)
        return a;
      if (a.isNumber())
        return Val::string(numberStr(a));
      if (a.kind == Val::None)
        return Val::string("None");
      if (a.kind == Val::DTypeV)
        return Val::string(a.dtype.str());
      error(l, "str() of " + a.describe() + " is not supported");
    }
    if (a.isTensor())
      error(l, callee.str + "() of a runtime value is not supported; use "
                            "x.to(tl." +
                   std::string(callee.str == "float" ? "float32" : "int32") +
                   ")");
    if (callee.str == "float") {
      if (a.kind == Val::Str) {
        std::string s = a.str;
        for (char &c : s)
          c = std::tolower((unsigned char)c);
        if (s == "inf" || s == "+inf" || s == "infinity")
          return Val::floating(INFINITY);
        if (s == "-inf" || s == "-infinity")
          return Val::floating(-INFINITY);
        if (s == "nan")
          return Val::floating(NAN);
        char *end;
        double d = std::strtod(s.c_str(), &end);
        if (*end || s.empty())
          error(l, "could not convert string to float: '" + a.str + "'");
        return Val::floating(d);
      }
      if (a.kind == Val::Float)
        return a;
      if (a.kind == Val::Int || a.kind == Val::Bool)
        return Val::floating((double)a.i);
    } else if (callee.str == "int") {
      if (a.kind == Val::Int || a.kind == Val::Bool)
        return Val::integer(a.i);
      if (a.kind == Val::Str) {
        // Python's int(): optional sign, digits (and `_` between them),
        // surrounding whitespace.
        std::string t;
        for (char c : a.str)
          if (c != '_')
            t += c;
        size_t b = t.find_first_not_of(" \t\n\r");
        size_t en = t.find_last_not_of(" \t\n\r");
        t = b == std::string::npos ? "" : t.substr(b, en - b + 1);
        char *end = nullptr;
        errno = 0;
        long long n = std::strtoll(t.c_str(), &end, 10);
        if (t.empty() || *end || errno == ERANGE || a.str.find("__") != std::string::npos)
          error(l, "invalid literal for int() with base 10: '" + a.str + "'");
        return Val::integer(n);
      }
      if (a.kind == Val::Float) {
        if (!std::isfinite(a.f))
          error(l, "cannot convert " + numberStr(a) + " to an integer");
        return Val::integer((__int128)a.f);
      }
    } else if (callee.str == "bool") {
      return Val::boolean(constexprTruth(a));
    }
    error(l, "cannot convert " + a.describe() + " with " + callee.str + "()");
  }
  case Val::DTypeV:
    error(l, "dtypes are not callable; use x.to(" + callee.dtype.str() + ")");
  case Val::Module:
    if (callee.str.rfind("triton", 0) != 0 && callee.str.rfind("host.", 0) != 0)
      error(l, "'" + callee.str + "' comes from a module Trident does not "
               "read: only triton and triton.language (and @jit functions of "
               "this file) can be called in a @jit function");
    error(l, callee.describe() + " is not callable");
  default:
    error(l, callee.describe() + " is not callable");
  }
}

std::string Generator::mangle(const FunctionDef &fn, const ModuleCtx &owner,
                              const std::vector<Val> &args) {
  // Helpers of imported modules carry their module's name, as Triton's
  // symbols do, so that two modules' `exp2` stay apart.
  auto qualified = [&](const FunctionDef &f, const ModuleCtx *m) {
    if (!m || m == &user_ || m->isPrelude || !m->loaded)
      return f.name;
    std::string q;
    for (char c : m->loaded->name)
      if (c != '.' || !q.empty())
        q += c == '.' ? '_' : c;
    return q + "_" + f.name;
  };
  std::string s = qualified(fn, &owner) + "__";
  for (const Val &a : args) {
    if (a.isTensor()) {
      s += a.type.str();
    } else if (a.kind == Val::Function) {
      s += "fn_" + qualified(*a.fn, a.owner);
    } else {
      s += "c" + (a.isNumber() ? numberStr(a) : a.describe());
    }
    s += "_";
  }
  std::string out;
  for (char c : s)
    out += std::isalnum((unsigned char)c) || c == '_' ? c
           : c == '-'                                  ? 'm'
           : c == '.'                                  ? 'd'
                                                       : '_';
  return out;
}

std::vector<Val> Generator::descriptorParts(const Val &desc, SourceLoc l,
                                            const std::string &what) {
  size_t rank = desc.type.elem.element().shape.size();
  if (desc.elems.size() != 2 * rank)
    error(l, "this tensor descriptor's shape and strides are not known here, "
             "so it cannot be " + what);
  std::vector<Val> parts;
  for (size_t d = 0; d < 2 * rank; ++d)
    parts.push_back(
        cast(toTensor(desc.elems[d], l), descriptorPartType(d, rank), l));
  return parts;
}

BoundArgs Generator::bindArguments(
    const std::string &function, const std::vector<std::string> &names,
    const std::vector<bool> &optional, int varargs,
    const std::vector<Val> &args,
    const std::vector<std::pair<std::string, Val>> &kwargs, SourceLoc l,
    bool atMost) {
  size_t n = names.size();
  BoundArgs out;
  out.values.resize(n);
  out.given.assign(n, false);
  size_t fixed = varargs >= 0 ? size_t(varargs) : n;
  if (args.size() > fixed && varargs < 0)
    error(l, function + "() takes " + (atMost ? "at most " : "") +
                 std::to_string(n) + " positional arguments but " +
                 std::to_string(args.size()) + " were given");
  for (size_t i = 0; i < std::min(args.size(), fixed); ++i) {
    out.values[i] = args[i];
    out.given[i] = true;
  }
  if (varargs >= 0) {
    std::vector<Val> rest(args.begin() + std::min(args.size(), fixed),
                          args.end());
    out.given[varargs] = !rest.empty();
    out.values[varargs] = Val::tuple(std::move(rest));
  }
  for (const auto &[name, v] : kwargs) {
    size_t k = 0;
    while (k < n && names[k] != name)
      ++k;
    // Triton's library form hands its builder on (`_builder=_builder`,
    // 3.6's `_semantic=_semantic`, in @core.extern / @core.builtin
    // functions such as TorchInductor's gdc_wait): nothing to bind here.
    if (k == n && (name == "_builder" || name == "_semantic" ||
                   name == "_generator"))
      continue;
    if (k == n || int(k) == varargs)
      error(l, function + "() got an unexpected keyword argument '" + name +
                   "'");
    if (out.given[k])
      error(l, function + "() got multiple values for argument '" + name +
                   "'");
    out.values[k] = v;
    out.given[k] = true;
  }
  for (size_t k = 0; k < n; ++k)
    if (!out.given[k] && !optional[k])
      error(l, function + "() missing required argument: '" + names[k] + "'");
  return out;
}

Val Generator::callConstexprFunction(
    const FunctionDef &fn, ModuleCtx &owner, std::vector<Val> args,
    std::vector<std::pair<std::string, Val>> kwargs, SourceLoc l) {
  std::string what = "'" + fn.name + "' (" + lineIn(owner, fn.loc) +
                     ") is a constexpr_function: ";
  for (const Val &a : args)
    if (!a.isConstexpr())
      error(l, what + "its arguments must be compile-time values, got " +
                   a.describe());
  for (const auto &[k, v] : kwargs)
    if (!v.isConstexpr())
      error(l, what + "its arguments must be compile-time values, got " +
                   v.describe() + " for '" + k + "'");
  // Its body is evaluated as a @jit function's; while a module is read
  // (a module-level condition) there is no module to evaluate it in.
  if (!module_)
    error(l, what + "it is evaluated only when a kernel is compiled");
  Val r = callJit(fn, owner, std::move(args), std::move(kwargs), l);
  if (!r.isConstexpr())
    error(l, what + "it must return a compile-time value, got " +
                 r.describe());
  return r;
}

Val Generator::callJit(const FunctionDef &fn, ModuleCtx &owner,
                       std::vector<Val> args,
                       std::vector<std::pair<std::string, Val>> kwargs,
                       SourceLoc l) {
  if (!fn.errors.empty() && &owner != &user_ && !owner.isPrelude) {
    // A syntax error in an imported helper: its file's line, then the call.
    Frame f;
    f.fn = &fn;
    f.module = &owner;
    f.callSite = l;
    f.callerModule = frame().module;
    frames_.push_back(f);
    error(fn.errors[0].loc, fn.errors[0].message);
  }
  // Bind arguments to parameters, as Python does.
  size_t n = fn.params.size();
  std::vector<std::string> names;
  std::vector<bool> defaulted;
  for (const Param &p : fn.params) {
    names.push_back(p.name);
    defaulted.push_back(p.defaultValue != nullptr);
  }
  BoundArgs b = bindArguments(fn.name, names, defaulted, /*varargs=*/-1,
                              args, kwargs, l, /*atMost=*/false);
  std::vector<Val> &bound = b.values;
  const std::vector<bool> &given = b.given;
  // Defaults are evaluated in the function's own module.
  for (size_t k = 0; k < n; ++k) {
    if (given[k])
      continue;
    Frame f;
    f.module = &owner;
    f.reportAtCaller = true;
    f.callerLoc = l;
    frames_.push_back(f);
    bound[k] = eval(*fn.params[k].defaultValue);
    frames_.pop_back();
  }
  // What a call passes: every tensor among the arguments (inside tuples
  // too, depth first), a descriptor followed by its shape (i32) and
  // strides (i64) as in Triton; compile-time leaves are folded in.
  std::function<void(const Val &, llvm::SmallVector<mlir::Type> &,
                     llvm::SmallVector<mlir::Value> *)>
      flattenArg = [&](const Val &v, llvm::SmallVector<mlir::Type> &types,
                       llvm::SmallVector<mlir::Value> *values) {
        if (v.kind == Val::Tuple) {
          for (const Val &e : v.elems)
            flattenArg(e, types, values);
          return;
        }
        if (!v.isTensor())
          return;
        types.push_back(v.type.toMLIR(&ctx_));
        if (values)
          values->push_back(v.value);
        if (!v.type.elem.isDesc())
          return;
        size_t rank = v.type.elem.element().shape.size();
        for (size_t d = 0; d < 2 * rank; ++d)
          types.push_back(descriptorPartType(d, rank).toMLIR(&ctx_));
        if (values)
          for (const Val &p :
               descriptorParts(v, l, "passed to a @jit function"))
            values->push_back(p.value);
      };
  // The callee's view of an argument: its structure rebuilt over the
  // entry block's arguments from `next` on.
  std::function<Val(const Val &, mlir::Block *, unsigned &)> rebuildArg =
      [&](const Val &v, mlir::Block *entry, unsigned &next) -> Val {
    if (v.kind == Val::Tuple) {
      std::vector<Val> elems;
      for (const Val &e : v.elems)
        elems.push_back(rebuildArg(e, entry, next));
      Val t = v;
      t.elems = elems;
      return t;
    }
    if (!v.isTensor())
      return v;
    Val out = Val::tensor(entry->getArgument(next++), v.type);
    if (v.type.elem.isDesc()) {
      size_t rank = v.type.elem.element().shape.size();
      for (size_t d = 0; d < 2 * rank; ++d)
        out.elems.push_back(
            Val::tensor(entry->getArgument(next++),
                        TType(descriptorPartType(d, rank))));
    }
    return out;
  };
  std::function<bool(const Val &)> passable = [&](const Val &v) {
    if (v.kind == Val::Tuple)
      return llvm::all_of(v.elems, passable);
    return v.isConstexpr() || v.isTensor();
  };
  for (size_t k = 0; k < n; ++k) {
    const Val &v = bound[k];
    // A tl.constexpr annotation on a helper's parameter does not make a
    // runtime argument a constant: as in Triton, the value passed decides
    // (a constant is folded in, a runtime value is an ordinary argument).
    if (!passable(v))
      error(l, "argument '" + fn.params[k].name + "' of " + fn.name +
                   "() is " + v.describe() + ", which cannot be passed to a "
                   "@jit function");
    // As Triton: a function kept out of line takes scalars only (a block
    // argument would need a layout agreed across the call).
    if (fn.noinline && v.isTensor() && v.type.isBlock())
    {
      std::string dims;
      for (int64_t d : v.type.shape)
        dims += (dims.empty() ? "" : ", ") + std::to_string(d);
      error(l, "Function " + fn.name + " is marked noinline, but was called "
               "with non-scalar argument " + fn.params[k].name + ":" +
               v.type.elem.str() + "[" + dims + "]");
    }
  }

  std::string name = mangle(fn, owner, bound);
  if (frames_.size() > 64)
    error(l, "@jit calls nested more than 64 deep (recursion through "
             "changing constexpr arguments?)");
  if (inProgress_.count(name))
    error(l, "recursive call of " + fn.name +
                 "(): @jit functions cannot be recursive");
  if (!generated_.count(name) && !generatedConstexpr_.count(name)) {
    inProgress_.insert(name);
    llvm::SmallVector<mlir::Type> argTypes;
    for (const Val &v : bound)
      flattenArg(v, argTypes, nullptr);
    mlir::OpBuilder::InsertionGuard guard(b_);
    SourceLoc savedLoc = curLoc_;
    b_.setInsertionPointToEnd(module_->getBody());
    Frame f;
    f.fn = &fn;
    f.module = &owner;
    f.hostPython = fn.isConstexprFunction;
    f.reportAtCaller = owner.isPrelude;
    f.callerLoc = l;
    f.callSite = l;
    f.callerModule = frames_.empty() ? nullptr : frame().module;
    frames_.push_back(f);
    at(fn.loc);
    auto func = tt::FuncOp::create(b_, loc(fn.loc), name,
                                   b_.getFunctionType(argTypes, {}));
    func.setPrivate();
    func->setAttr("noinline", b_.getBoolAttr(fn.noinline));
    mlir::Block *entry = func.addEntryBlock();
    unsigned argNo = 0;
    for (size_t k = 0; k < n; ++k) {
      if (bound[k].isTensor())
        entry->getArgument(argNo).setLoc(
            mlir::NameLoc::get(b_.getStringAttr(fn.params[k].name),
                               loc(fn.params[k].loc)));
      frame().locals[fn.params[k].name] = rebuildArg(bound[k], entry, argNo);
    }
    b_.setInsertionPointToEnd(entry);
    exec(fn.body);
    Frame &done = frame();
    if (!done.terminated) {
      if (!done.returnTypes.empty())
        error(fn.nameLoc, fn.name + "() does not return a value on every "
                                    "path");
      at(fn.loc);
      tt::ReturnOp::create(b_, here());
    }
    std::vector<TType> results = done.returnTypes;
    llvm::SmallVector<mlir::Type> resTypes;
    for (const TType &t : results)
      resTypes.push_back(t.toMLIR(&ctx_));
    func.setFunctionType(b_.getFunctionType(argTypes, resTypes));
    if (done.returnsConstexpr) {
      generatedConstexpr_[name] = done.constexprReturn;
    } else {
      generated_[name] = results;
      returnTemplates_[name] = done.returnTemplate;
    }
    frames_.pop_back();
    inProgress_.erase(name);
    curLoc_ = savedLoc;
  }
  auto constIt = generatedConstexpr_.find(name);
  if (constIt != generatedConstexpr_.end()) {
    const std::vector<Val> &vals = constIt->second;
    return vals[0];
  }
  const std::vector<TType> &results = generated_[name];
  llvm::SmallVector<mlir::Value> operands;
  llvm::SmallVector<mlir::Type> operandTypes;
  for (const Val &v : bound)
    flattenArg(v, operandTypes, &operands);
  llvm::SmallVector<mlir::Type> resTypes;
  for (const TType &t : results)
    resTypes.push_back(t.toMLIR(&ctx_));
  auto callOp = tt::CallOp::create(
      b_, loc(l), mlir::FlatSymbolRefAttr::get(&ctx_, name), resTypes,
      operands);
  if (results.empty())
    return Val::none();
  std::vector<Val> leaves;
  for (size_t i = 0; i < results.size(); ++i)
    leaves.push_back(Val::tensor(callOp->getResult(i), results[i]));
  size_t next = 0;
  return rebuildReturn(returnTemplates_[name], leaves, next);
}

} // namespace trident::frontend
