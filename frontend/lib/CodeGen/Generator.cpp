//===- Generator.cpp - statements, expressions, calls and control flow ----===//
//
// Walks a @jit function like Triton's code generator: compile-time values are
// evaluated on the spot, runtime values become TTIR. `if` on a constexpr picks
// a branch; on a runtime scalar it becomes scf.if (or, when a branch returns
// outside any loop, cf branches); `for` becomes scf.for (static_range
// unrolls); `while` becomes scf.while. Variables assigned in a branch or loop
// body that were live before it become the op's results.
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Generator.h"
#include "CodeGen/Builtins/Builtins.h"
#include "CodeGen/Prelude.h"

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/Triton/Transforms/DescriptorArguments.h"
#include "trident/Frontend/Parser.h"
#include <cctype>

#include "llvm/Support/Path.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Verifier.h"

#include <cmath>
#include <functional>
#include <sstream>

namespace trident::frontend {

namespace tt = mlir::triton;

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

bool Val::isConstexpr() const {
  if (kind == Tensor)
    return false;
  if (kind == Tuple || kind == Slice || kind == Method)
    for (const Val &e : elems)
      if (!e.isConstexpr())
        return false;
  return true;
}

static std::string int128Str(__int128 v) {
  if (v == 0)
    return "0";
  bool neg = v < 0;
  unsigned __int128 u = neg ? -(unsigned __int128)v : (unsigned __int128)v;
  std::string s;
  while (u) {
    s += char('0' + (int)(u % 10));
    u /= 10;
  }
  if (neg)
    s += '-';
  return std::string(s.rbegin(), s.rend());
}

std::string numberStr(const Val &v) {
  switch (v.kind) {
  case Val::Bool:
    return v.i ? "True" : "False";
  case Val::Int:
    return int128Str(v.i);
  case Val::Float: {
    if (std::isinf(v.f))
      return v.f > 0 ? "inf" : "-inf";
    if (std::isnan(v.f))
      return "nan";
    std::ostringstream os;
    os.precision(17);
    os << v.f;
    std::string s = os.str();
    if (s.find_first_of(".e") == std::string::npos)
      s += ".0";
    return s;
  }
  default:
    return v.describe();
  }
}

/// A constexpr's value as a signature would write it.
static std::string constexprText(const Val &v) {
  switch (v.kind) {
  case Val::None: return "None";
  case Val::Bool: case Val::Int: case Val::Float: return numberStr(v);
  case Val::DTypeV: return v.dtype.str();
  default: return v.describe();
  }
}

std::string Val::describe() const {
  switch (kind) {
  case None: return "None";
  case Bool: case Int: case Float: return "constexpr " + numberStr(*this);
  case Str: return "'" + str + "'";
  case DTypeV: return "dtype " + dtype.str();
  case Tensor:
    if (type.elem.isDesc())
      return "a tensor descriptor (" + type.str() + ")";
    return type.isBlock() ? "tensor " + type.str() : "scalar " + type.str();
  case Tuple: {
    std::string s = "(";
    for (size_t k = 0; k < elems.size(); ++k)
      s += (k ? ", " : "") + elems[k].describe();
    return s + (elems.size() == 1 ? ",)" : ")");
  }
  case Module: return "module '" + str + "'";
  case Function: return "@jit function '" + fn->name + "'";
  case Builtin: return "builtin '" + str + "'";
  case Method: return "method '" + str + "'";
  case Slice: return "slice";
  case Ellipsis: return "...";
  case TypeObj: return "type '" + str + "'";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Setup
//===----------------------------------------------------------------------===//

Generator::Generator(mlir::MLIRContext &ctx, ModuleLoader &loader,
                     const KernelSpec &spec)
    : ctx_(ctx), b_(&ctx), loader_(loader), spec_(spec) {
  user_.file = loader.main().file.get();
  user_.ast = &loader.main().parsed.module;
  user_.loaded = &loader.main();
  preludeFile_ = std::make_unique<SourceFile>(kPreludePath, kPreludeSource);
  ParseResult parsed = parseModule(*preludeFile_);
  preludeAst_ = std::make_unique<Module>(std::move(parsed.module));
  prelude_.file = preludeFile_.get();
  prelude_.ast = preludeAst_.get();
  prelude_.isPrelude = true;
}

void Generator::error(SourceLoc l, const std::string &message) {
  // Errors inside the built-in prelude point at the user's call.
  size_t at = frames_.size();
  while (at > 0 && frames_[at - 1].reportAtCaller) {
    l = frames_[at - 1].callerLoc;
    --at;
  }
  CompileError e{l, message, nullptr, {}};
  if (frames_.empty() && kernelModule_ != &user_ && l.line)
    e.file = kernelModule_->loaded->file; // the kernel is an imported one
  // In a module the kernel file imports: that file's line, then the calls
  // that led there, up to the user's.
  if (at > 0 && frames_[at - 1].module != &user_ &&
      !frames_[at - 1].module->isPrelude) {
    e.file = frames_[at - 1].module->loaded->file;
    for (size_t i = at; i-- > 0;) {
      const Frame &f = frames_[i];
      if (!f.fn || !f.callerModule)
        continue;
      Diagnostic note;
      note.severity = Severity::Note;
      note.loc = f.callSite;
      note.message = "in the call of '" + f.fn->name + "' here";
      if (f.callerModule != &user_)
        note.file = f.callerModule->loaded->file;
      e.notes.push_back(std::move(note));
      if (f.callerModule == &user_)
        break;
    }
  }
  throw e;
}

std::string Generator::lineIn(const ModuleCtx &m, SourceLoc loc) const {
  if (&m == &user_ || !m.file)
    return "line " + std::to_string(loc.line);
  return std::string(llvm::sys::path::filename(m.file->path())) + ":" +
         std::to_string(loc.line);
}

ModuleCtx &Generator::contextFor(LoadedModule &mod) {
  if (mod.isMain)
    return user_;
  auto &slot = imported_[&mod];
  if (!slot) {
    slot = std::make_unique<ModuleCtx>();
    slot->file = mod.file.get();
    slot->ast = &mod.parsed.module;
    slot->loaded = &mod;
  }
  return *slot;
}

Val Generator::moduleValue(LoadedModule &mod) {
  Val v = Val::module(mod.name);
  v.owner = &contextFor(mod);
  return v;
}

mlir::Location Generator::loc(SourceLoc l) {
  const std::string &path =
      frames_.empty() ? user_.file->path() : frame().module->file->path();
  return mlir::FileLineColLoc::get(&ctx_, path, l.line, l.column);
}

int64_t Generator::requireInt(const Val &v, SourceLoc l,
                              const std::string &what) {
  if (v.kind != Val::Int && v.kind != Val::Bool)
    error(l, what + " must be a constexpr integer, got " + v.describe());
  if (v.i > INT64_MAX || v.i < INT64_MIN)
    error(l, what + " is out of range: " + numberStr(v));
  return (int64_t)v.i;
}

bool Generator::requireBool(const Val &v, SourceLoc l,
                            const std::string &what) {
  if (v.kind == Val::Bool || v.kind == Val::Int)
    return v.i != 0;
  if (v.kind == Val::None)
    return false;
  error(l, what + " must be a constexpr bool, got " + v.describe());
}

DType Generator::requireDType(const Val &v, SourceLoc l,
                              const std::string &what) {
  if (v.kind != Val::DTypeV)
    error(l, what + " must be a dtype, got " + v.describe());
  return v.dtype;
}

std::string Generator::requireStr(const Val &v, SourceLoc l,
                                  const std::string &what) {
  if (v.kind != Val::Str)
    error(l, what + " must be a constexpr string, got " + v.describe());
  return v.str;
}

std::vector<int64_t> Generator::requireShape(const Val &v, SourceLoc l,
                                             const std::string &what) {
  std::vector<int64_t> shape;
  if (v.kind == Val::Int) {
    shape.push_back(requireInt(v, l, what));
  } else if (v.kind == Val::Tuple) {
    for (const Val &e : v.elems)
      shape.push_back(requireInt(e, l, what + " entries"));
  } else {
    error(l, what + " must be a tuple of constexpr integers, got " +
                 v.describe());
  }
  for (int64_t d : shape)
    if (d <= 0)
      error(l, what + " must be positive, got " + std::to_string(d));
  return shape;
}

Val Generator::requireTensor(const Val &v, SourceLoc l,
                             const std::string &what) {
  if (v.isTensor())
    return v;
  if (v.isNumber())
    return toTensor(v, l);
  error(l, what + " must be a tensor, got " + v.describe());
}

//===----------------------------------------------------------------------===//
// Kernel entry
//===----------------------------------------------------------------------===//

std::vector<std::string> splitSignature(const std::string &text) {
  // Commas inside brackets (`tensordesc<fp32[16, 16]>`) or quotes do not
  // separate entries.
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  char quote = 0;
  for (char c : text) {
    if (quote) {
      if (c == quote)
        quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '[' || c == '<' || c == '(') {
      ++depth;
    } else if ((c == ']' || c == '>' || c == ')') && depth > 0) {
      --depth;
    }
    if (c == ',' && depth == 0 && !quote) {
      out.push_back(cur);
      cur.clear();
    } else if (!std::isspace((unsigned char)c)) {
      cur += c;
    }
  }
  if (!cur.empty() || !out.empty())
    out.push_back(cur);
  return out;
}

/// Parses a constexpr value written in a signature or a -D option.
static bool parseConstexprText(const std::string &t, Val &out,
                               std::string *why = nullptr) {
  if (t == "True" || t == "False") {
    out = Val::boolean(t == "True");
    return true;
  }
  if (t == "None") {
    out = Val::none();
    return true;
  }
  std::string name = t;
  if (name.rfind("tl.", 0) == 0)
    name = name.substr(3);
  DType d;
  if (dtypeForLanguageName(name, d) || parseSignatureType(name, d)) {
    out = Val::dtypeObj(d);
    return true;
  }
  if (t.empty())
    return false;
  // Integers exactly, however wide (as Python's): one past 64 bits is
  // then refused where it becomes a constant ("Nonrepresentable
  // integer"), not rounded through a double or cut to 0.
  {
    size_t p = 0;
    bool neg = t[0] == '-';
    if (t[0] == '-' || t[0] == '+')
      p = 1;
    bool hex = t.size() > p + 2 && t[p] == '0' &&
               (t[p + 1] == 'x' || t[p + 1] == 'X');
    if (hex)
      p += 2;
    unsigned base = hex ? 16 : 10;
    const __int128 limit = ((__int128)1 << 126);
    __int128 v = 0;
    bool digits = p < t.size(), ok = true;
    for (size_t q = p; q < t.size() && ok; ++q) {
      char ch = t[q];
      int d = std::isdigit((unsigned char)ch) ? ch - '0'
              : hex && std::isxdigit((unsigned char)ch)
                  ? std::tolower((unsigned char)ch) - 'a' + 10
                  : -1;
      if (d < 0) {
        ok = false;
        break;
      }
      if (v > limit / base) {
        // Past what any integer type holds.
        if (why)
          *why = "Nonrepresentable integer " + t + ".";
        return false;
      }
      v = v * base + d;
    }
    if (digits && ok) {
      out = Val::integer(neg ? -v : v);
      return true;
    }
  }
  char *end = nullptr;
  double dv = std::strtod(t.c_str(), &end);
  if (*end == '\0') {
    out = Val::floating(dv);
    return true;
  }
  if (t.size() >= 2 && (t[0] == '\'' || t[0] == '"') && t.back() == t[0]) {
    out = Val::string(t.substr(1, t.size() - 2));
    return true;
  }
  return false;
}

static bool isConstexprAnnotation(const Expr *a) {
  if (!a)
    return false;
  if (a->kind == ExprKind::Attribute)
    return a->id == "constexpr";
  if (a->kind == ExprKind::Name)
    return a->id == "constexpr";
  if (a->kind == ExprKind::String)
    return a->strValue.find("constexpr") != std::string::npos;
  return false;
}

mlir::OwningOpRef<mlir::ModuleOp> Generator::run() {
  module_ = mlir::ModuleOp::create(loc(SourceLoc{1, 1, 0}));
  const FunctionDef *fn = user_.ast->findFunction(spec_.kernel);
  auto imported = user_.ast->globals.find(spec_.kernel);
  if (!fn && imported != user_.ast->globals.end() &&
      imported->second.kind == GlobalBinding::Import &&
      !isBuiltinModule(imported->second.importModule)) {
    // A kernel this file imports (`from .norm import rms_kernel`).
    bool found;
    Val v = evalGlobal(user_, spec_.kernel, imported->second.loc, found);
    if (v.kind == Val::Function) {
      fn = v.fn;
      kernelModule_ = v.owner;
    }
  }
  if (!fn) {
    std::string names;
    for (const auto &f : user_.ast->functions)
      if (f->isJit)
        names += (names.empty() ? "" : ", ") + f->name;
    error(SourceLoc{}, "no @jit function named '" + spec_.kernel +
                           "' in this file" +
                           (names.empty() ? std::string(" (it has none)")
                                          : " (it has: " + names + ")"));
  }
  if (!fn->isJit)
    error(fn->nameLoc, "'" + fn->name +
                           "' is not a kernel: it is not decorated with "
                           "@triton.jit");
  generateKernel(*fn);
  return std::move(module_);
}

void Generator::generateKernel(const FunctionDef &fn) {
  const std::vector<std::string> &sig = spec_.signature;
  if (sig.size() > fn.params.size())
    error(fn.nameLoc, "the signature has " + std::to_string(sig.size()) +
                          " entries but kernel '" + fn.name + "' has " +
                          std::to_string(fn.params.size()) + " parameters");
  for (size_t i = 0; i < sig.size(); ++i)
    if (sig[i].empty())
      error(fn.nameLoc, "signature entry " + std::to_string(i + 1) +
                            " is empty (a stray comma in --signature?)");
  Frame f;
  f.fn = &fn;
  f.module = kernelModule_;
  frames_.push_back(f);
  at(fn.loc);

  struct RuntimeArg {
    size_t param;
    DType dtype;
    bool divisible16;
  };
  std::vector<RuntimeArg> runtime;
  std::map<std::string, Val> constexprs;
  std::set<std::string> defined;
  for (const auto &[name, value] : spec_.defines) {
    bool known = false;
    for (const Param &p : fn.params)
      known |= p.name == name;
    if (!known)
      error(fn.nameLoc, "-D " + name + ": kernel '" + fn.name +
                            "' has no parameter named '" + name +
                            "', and the file binds no module-level '" +
                            name + "'");
  }
  for (size_t i = 0; i < fn.params.size(); ++i) {
    const Param &p = fn.params[i];
    bool isConst = isConstexprAnnotation(p.annotation.get());
    std::string entry = i < sig.size() ? sig[i] : "";
    std::string define;
    bool hasDefine = false;
    for (const auto &[name, value] : spec_.defines)
      if (name == p.name) {
        define = value;
        hasDefine = true;
      }
    bool fromDefine = hasDefine && (entry.empty() || entry == "constexpr");
    if (fromDefine)
      entry = define;
    else if (hasDefine)
      error(p.loc, "parameter '" + p.name +
                       "' is given both in the signature ('" + entry +
                       "') and by -D");
    if (entry.empty() || entry == "constexpr") {
      if (p.defaultValue) {
        Val v = eval(*p.defaultValue);
        if (!v.isConstexpr())
          error(p.defaultValue->loc, "the default of parameter '" + p.name +
                                         "' must be a constexpr");
        constexprs[p.name] = v;
        constexprValues_.push_back({p.name, constexprText(v)});
        continue;
      }
      error(p.loc, "parameter '" + p.name +
                       "' has no value: give it in --signature" +
                       (isConst ? std::string(" or with -D ") + p.name + "=VALUE"
                                : std::string()));
    }
    std::string typeText = entry, hint;
    size_t colon = entry.find(':');
    if (colon != std::string::npos) {
      typeText = entry.substr(0, colon);
      hint = entry.substr(colon + 1);
    }
    if (llvm::StringRef(entry).starts_with("tensordesc")) {
      // A host-side descriptor: in TTIR the descriptor, then its shape
      // (i32) and strides (i64) as Triton passes them, the last stride
      // specialized to 1 (a descriptor's last dimension is contiguous).
      std::string element;
      std::vector<int64_t> block;
      DType ed;
      if (isConst || !mlir::triton::parseDescriptorSpelling(entry, element,
                                                            block) ||
          !parseSignatureType(element, ed) || ed.isPtr())
        error(p.loc, "signature entry '" + entry + "' for parameter '" +
                         p.name + "' is not a tensor descriptor type like "
                         "tensordesc<fp16[64, 64]> (an element type and a "
                         "block shape of rank 1 to 5)");
      for (int64_t d : block)
        if (d & (d - 1))
          error(p.loc, "signature entry '" + entry + "' for parameter '" +
                           p.name + "': block dimensions must be powers of "
                           "two");
      runtime.push_back({i, DType::descriptorOf(TType(ed, block)), false});
      runtimeArgs_.push_back({p.name, entry, ""});
      for (size_t k = 0; k < block.size(); ++k)
        runtimeArgs_.push_back(
            {p.name + ".shape" + std::to_string(k), "i32", ""});
      for (size_t k = 0; k < block.size(); ++k)
        runtimeArgs_.push_back({p.name + ".strides" + std::to_string(k),
                                "i64", k + 1 == block.size() ? "1" : ""});
      continue;
    }
    DType dt;
    Val cv;
    bool isType = parseSignatureType(typeText, dt);
    if (isConst || !isType) {
      std::string why;
      if (fromDefine && !parseConstexprText(entry, cv, &why))
        error(p.loc, "-D " + p.name + "=" + entry + ": " +
                         (why.empty() ? "'" + entry +
                                            "' is not a constexpr value (a "
                                            "number, True, False, None or a "
                                            "dtype)"
                                      : why));
      if (!hint.empty() || !parseConstexprText(entry, cv, &why))
        error(p.loc, "signature entry '" + entry + "' for " +
                         (isConst ? "tl.constexpr " : "") + "parameter '" +
                         p.name + "' " +
                         (why.empty() ? "is neither a type (like *fp32:16, "
                                        "i32) nor a constexpr value"
                                      : "is not one: " + why));
      constexprs[p.name] = cv;
      constexprValues_.push_back({p.name, constexprText(cv)});
      continue;
    }
    if (!hint.empty() && dt.isFloat())
      error(p.loc, "signature entry '" + entry + "' for parameter '" +
                       p.name + "': hints (:16, :1) apply to integers and "
                       "pointers, not to " + dt.str());
    if (!hint.empty() && hint != "16" && hint != "1")
      error(p.loc, "signature entry '" + entry + "' for parameter '" + p.name +
                       "': the hint after ':' must be 16 (divisible by 16) "
                       "or 1 (equal to 1)");
    if (hint == "1") {
      if (dt.isPtr() || dt.isFloat())
        error(p.loc, "signature entry '" + entry +
                         "': only integer parameters can be specialized to 1");
      constexprs[p.name] = Val::integer(1);
      runtimeArgs_.push_back({p.name, typeText, "1"});
      continue;
    }
    runtime.push_back({i, dt, hint == "16"});
    runtimeArgs_.push_back({p.name, typeText, hint});
  }

  // The kernel function: runtime parameters only, constexprs folded in; a
  // descriptor is followed by its shape and strides but the last.
  llvm::SmallVector<mlir::Type> argTypes;
  auto i32 = b_.getI32Type(), i64 = b_.getI64Type();
  for (const RuntimeArg &r : runtime) {
    argTypes.push_back(r.dtype.toMLIR(&ctx_));
    if (r.dtype.isDesc()) {
      size_t rank = r.dtype.element().shape.size();
      argTypes.append(rank, i32);
      argTypes.append(rank - 1, i64);
    }
  }
  b_.setInsertionPointToEnd(module_->getBody());
  auto funcTy = b_.getFunctionType(argTypes, {});
  auto func = tt::FuncOp::create(b_, loc(fn.loc), fn.name, funcTy);
  func->setAttr("sym_visibility", b_.getStringAttr("public"));
  func->setAttr("noinline", b_.getBoolAttr(false));
  mlir::Block *entry = func.addEntryBlock();
  unsigned argNo = 0;
  for (size_t k = 0; k < runtime.size(); ++k) {
    const Param &p = fn.params[runtime[k].param];
    auto named = [&](const std::string &name) {
      mlir::BlockArgument arg = entry->getArgument(argNo++);
      arg.setLoc(mlir::NameLoc::get(b_.getStringAttr(name), loc(p.loc)));
      return arg;
    };
    if (runtime[k].divisible16)
      func.setArgAttr(argNo, "tt.divisibility", b_.getI32IntegerAttr(16));
    Val v = Val::tensor(named(p.name), TType(runtime[k].dtype));
    if (runtime[k].dtype.isDesc()) {
      size_t rank = runtime[k].dtype.element().shape.size();
      for (size_t d = 0; d < rank; ++d)
        v.elems.push_back(Val::tensor(
            named(p.name + ".shape" + std::to_string(d)),
            TType(Scalar::I32)));
      for (size_t d = 0; d + 1 < rank; ++d)
        v.elems.push_back(Val::tensor(
            named(p.name + ".strides" + std::to_string(d)),
            TType(Scalar::I64)));
      v.elems.push_back(Val::integer(1));
    }
    frame().locals[p.name] = v;
  }
  for (auto &[name, v] : constexprs)
    frame().locals[name] = v;
  b_.setInsertionPointToEnd(entry);
  exec(fn.body);
  if (!frame().terminated) {
    at(fn.loc);
    tt::ReturnOp::create(b_, here());
  }
  if (frame().hasReturnTypes && !frame().returnTypes.empty())
    error(fn.nameLoc, "kernel '" + fn.name + "' must not return a value");
  frames_.pop_back();
}

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
    // compile-time value.
    if (v.isNumber())
      v = toTensor(v, s.value->loc);
    else if (v.kind == Val::Tuple)
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
    bool isConst = isConstexprAnnotation(s.annotation.get());
    if (isConst && !v.isConstexpr())
      error(s.value->loc,
            (s.targets[0]->kind == ExprKind::Name
                 ? "'" + s.targets[0]->id + "' is annotated tl.constexpr"
                 : std::string("a value annotated tl.constexpr")) +
                " but its value is not known at compile time (" +
                v.describe() + ")");
    if (!isConst && v.isNumber())
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
    if (v.isNumber())
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
static bool sameConstexpr(const Val &a, const Val &b) {
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case Val::None: case Val::Ellipsis: return true;
  case Val::Bool: case Val::Int: return a.i == b.i;
  case Val::Float: return a.f == b.f || (std::isnan(a.f) && std::isnan(b.f));
  case Val::Str: case Val::Module: case Val::Builtin: case Val::TypeObj:
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
  for (size_t i = 0; i < names.size(); ++i)
    frame().locals[names[i]] = Val::tensor(newIf.getResult(i), ttypes[i]);
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

  if (kind == "static_range") {
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
      if (frame().terminated)
        error(s.loc, "cannot have 'return' inside 'for' or 'while' loops in "
                     "@jit functions");
    }
    return;
  }

  std::optional<Val> numStages = takeKw("num_stages");
  std::optional<Val> unroll = takeKw("loop_unroll_factor");
  std::optional<Val> noMultiBuf = takeKw("disallow_acc_multi_buffer");
  std::optional<Val> flatten = takeKw("flatten");
  std::optional<Val> warpSpec = takeKw("warp_specialize");
  if (!kw.empty())
    error(iter.loc, std::string(kind == "range" ? "tl.range" : "range") +
                        "() got an unexpected keyword argument '" +
                        kw.begin()->first + "'");
  if (kind == "py.range" && (numStages || unroll || noMultiBuf || flatten ||
                             warpSpec))
    error(iter.loc, "range() takes no keyword arguments; use tl.range()");

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
  // Warp specialization (producer and consumer warps) is not built: a
  // loop that asks for it is refused rather than run otherwise.
  if (warpSpec && requireBool(*warpSpec, iter.loc, "warp_specialize"))
    error(iter.loc, "tl.range(warp_specialize=True) is not supported by "
                    "Trident yet (no warp specialization); drop the argument "
                    "or pass False");

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

static void flattenReturn(const Val &v, std::vector<Val> &out) {
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
static Val rebuildReturn(const Val &tmpl, const std::vector<Val> &leaves,
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
    if (allConst && !vals.empty() && frames_.size() > 1) {
      f.returnsConstexpr = true;
      f.constexprReturn = {whole};
    }
  }
  if (f.returnsConstexpr) {
    if (!allConst || vals.empty() ||
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
        vals[i + 1 + d] =
            cast(toTensor(vals[i + 1 + d], s.loc),
                 DType(d < rank ? Scalar::I32 : Scalar::I64), s.loc);
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

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

/// How many module-level values may be evaluated one inside another.
constexpr size_t kMaxGlobalChain = 256;

Val Generator::evalGlobal(ModuleCtx &m, const std::string &name, SourceLoc l,
                          bool &found) {
  found = true;
  auto cached = m.globals.find(name);
  if (cached != m.globals.end())
    return cached->second;
  auto it = m.ast->globals.find(name);
  if (it == m.ast->globals.end()) {
    found = false;
    return Val();
  }
  const GlobalBinding &g = it->second;
  Val v;
  switch (g.kind) {
  case GlobalBinding::Import: {
    if (!isBuiltinModule(g.importModule)) {
      v = importedBinding(m, name, g, l);
      break;
    }
    std::string path = g.modulePath;
    for (const char *pkg : {"trident", "triton"})
      if (path.rfind(std::string(pkg) + ".", 0) == 0 || path == pkg)
        path = "triton" + path.substr(std::string(pkg).size());
    // A module Trident knows, or a name inside one (`from
    // triton.language.math import exp`): resolve the last part as an
    // attribute of its parent.
    static const char *modules[] = {
        "triton", "triton.language", "triton.language.math",
        "triton.language.core", "triton.language.standard",
        "triton.language.random", "triton.language.extra",
        "triton.language.extra.cuda", "triton.language.extra.hip",
        "triton.language.extra.libdevice",
        "triton.language.extra.cuda.libdevice",
        "triton.language.extra.hip.libdevice"};
    bool known = false;
    for (const char *mname : modules)
      known |= path == mname;
    size_t dot = path.rfind('.');
    Val host;
    if (!known && dot != std::string::npos &&
        hostAttribute(path.substr(0, dot), path.substr(dot + 1), l, host)) {
      v = host; // `from math import sqrt, pi`
    } else if (known || dot == std::string::npos) {
      v = Val::module(path);
    } else {
      std::string parent = path.substr(0, dot);
      bool parentKnown = false;
      for (const char *mname : modules)
        parentKnown |= parent == mname;
      v = parentKnown ? attribute(Val::module(parent), path.substr(dot + 1), l)
                      : Val::module(path);
    }
    break;
  }
  case GlobalBinding::Function: {
    v.kind = Val::Function;
    v.fn = g.function;
    v.owner = &m;
    break;
  }
  case GlobalBinding::Unparsed:
    error(l, "module-level '" + name + "' (" + lineIn(m, g.loc) +
                 ") is used by a @jit function but its value cannot be "
                 "evaluated at compile time: " + g.why);
  case GlobalBinding::Value: {
    if (m.evaluating.count(name))
      error(l, "module-level '" + name + "' is defined in terms of itself");
    // Each value evaluated inside another takes stack: bound the chain
    // (G2 = G1 + 1, G3 = G2 + 1, ...) well before the stack runs out.
    if (m.evaluating.size() >= kMaxGlobalChain)
      error(l, "module-level '" + name + "' (" + lineIn(m, g.loc) +
                   ") is defined through a "
                   "chain of more than " + std::to_string(kMaxGlobalChain) +
                   " other module-level values; Trident evaluates at most " +
                   std::to_string(kMaxGlobalChain) + " deep");
    m.evaluating.insert(name);
    // Evaluate in a frame of the defining module, with no locals.
    Frame f;
    f.module = &m;
    f.reportAtCaller = true;
    f.callerLoc = l;
    f.hostConstants = true;
    frames_.push_back(f);
    try {
      v = eval(*g.value);
    } catch (CompileError &e) {
      frames_.pop_back();
      m.evaluating.erase(name);
      // The innermost module-level value names itself; the ones around it
      // would only repeat the chain.
      if (llvm::StringRef(e.message).starts_with("module-level '"))
        throw;
      e.message = "module-level '" + name + "' (" + lineIn(m, g.loc) +
                  ") cannot be evaluated: " + e.message +
                  " (launched through the trident Python package, or `python "
                  "-m trident`, the interpreter's value is used when it is a "
                  "triton.language module or an int, float or bool; a "
                  "compile-time constant can be given with -D " + name +
                  "=VALUE)";
      throw;
    }
    frames_.pop_back();
    m.evaluating.erase(name);
    if (!v.isConstexpr())
      error(l, "module-level '" + name + "' must be a compile-time value to "
                   "be used in a @jit function, got " + v.describe());
    break;
  }
  }
  m.globals[name] = v;
  return v;
}

Val Generator::importedBinding(ModuleCtx &m, const std::string &name,
                               const GlobalBinding &g, SourceLoc l) {
  std::string where = lineIn(m, g.loc);
  if (!m.loaded)
    error(l, "'" + name + "' (" + where + ") is imported from '" +
                 g.importModule + "', which Trident does not read here");
  std::string why;
  LoadedModule *mod = loader_.import(*m.loaded, g.importModule, why);
  if (!mod)
    error(l, "'" + name + "' is imported (" + where + ") from module '" +
                 g.importModule + "', which " + why);
  if (g.importName.empty())
    return moduleValue(*mod);
  ModuleCtx &target = contextFor(*mod);
  // `from . import utils` in a package's __init__.py binds the submodule:
  // the name is not an attribute of the package yet when it runs.
  if (&target == &m && g.importName == name)
    if (LoadedModule *sub = loader_.submodule(*mod, g.importName))
      return moduleValue(*sub);
  if (target.ast->globals.count(g.importName)) {
    for (const auto &[ctx, n] : importChain_)
      if (ctx == &target && n == g.importName) {
        std::string chain;
        for (const auto &[c, cn] : importChain_)
          chain += c->loaded->name + "." + cn + " -> ";
        error(l, "'" + name + "' is imported in a cycle: " + chain +
                     target.loaded->name + "." + g.importName +
                     " (no module of the cycle defines it)");
      }
    if (importChain_.size() >= kMaxGlobalChain)
      error(l, "'" + name + "' is imported through a chain of more than " +
                   std::to_string(kMaxGlobalChain) +
                   " modules; Trident follows at most that many");
    importChain_.push_back({&target, g.importName});
    Val v;
    try {
      bool found;
      v = evalGlobal(target, g.importName, l, found);
    } catch (...) {
      importChain_.pop_back();
      throw;
    }
    importChain_.pop_back();
    return v;
  }
  if (LoadedModule *sub = loader_.submodule(*mod, g.importName))
    return moduleValue(*sub);
  error(l, "cannot import name '" + g.importName + "' from '" +
               g.importModule + "' (" +
               mod->location() +
               "), imported at " + where + unreadable(*mod));
}

std::string Generator::unreadable(const LoadedModule &mod) const {
  // A file the tokenizer stopped in binds nothing: say why.
  if (!mod.file || mod.parsed.errors.empty() ||
      !mod.parsed.module.globals.empty())
    return "";
  const Diagnostic &d = mod.parsed.errors.front();
  return "; Trident cannot read that file: " + mod.path + ":" +
         std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) +
         ": " + d.message;
}

Val Generator::importedAttribute(const Val &mv, const std::string &name,
                                 SourceLoc l) {
  ModuleCtx &m = *mv.owner;
  bool found;
  Val v = evalGlobal(m, name, l, found);
  if (found)
    return v;
  if (LoadedModule *sub = loader_.submodule(*m.loaded, name))
    return moduleValue(*sub);
  error(l, "module '" + mv.str + "' (" +
               m.loaded->location() +
               ") has no attribute '" + name + "'" + unreadable(*m.loaded));
}

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
  error(e.loc, "name '" + e.id + "' is not defined");
}

static bool constexprTruth(const Val &v) {
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
  if (explicitDims > rank)
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

Val Generator::evalCall(const Expr &e) {
  Val callee = eval(*e.operands[0]);
  std::vector<Val> args;
  for (const ExprPtr &a : e.args)
    args.push_back(eval(*a));
  std::vector<std::pair<std::string, Val>> kwargs;
  for (const Keyword &k : e.keywords)
    kwargs.push_back({k.name, eval(*k.value)});
  at(e.loc);
  return callFunction(callee, e, std::move(args), std::move(kwargs), e.loc);
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
    if (!callee.fn->isJit)
      error(l, "'" + callee.fn->name + "' " +
                   (callee.owner && callee.owner != frame().module
                        ? "(" + lineIn(*callee.owner, callee.fn->loc) + ") "
                        : std::string()) +
                   "is not a @jit function; @jit "
                   "functions can only call other @jit functions and "
                   "triton.language builtins");
    return callJit(*callee.fn, *callee.owner, std::move(args),
                   std::move(kwargs), l);
  case Val::TypeObj: {
    if (!kwargs.empty() || args.size() != 1)
      error(l, callee.str + "() takes exactly one argument here");
    const Val &a = args[0];
    if (callee.str == "constexpr")
      return a;
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
  if (args.size() > n)
    error(l, fn.name + "() takes " + std::to_string(n) +
                 " positional arguments but " + std::to_string(args.size()) +
                 " were given");
  std::vector<Val> bound(n);
  std::vector<bool> given(n, false);
  for (size_t i = 0; i < args.size(); ++i) {
    bound[i] = args[i];
    given[i] = true;
  }
  for (auto &[name, v] : kwargs) {
    size_t k = 0;
    while (k < n && fn.params[k].name != name)
      ++k;
    if (k == n)
      error(l, fn.name + "() got an unexpected keyword argument '" + name +
                   "'");
    if (given[k])
      error(l, fn.name + "() got multiple values for argument '" + name + "'");
    bound[k] = v;
    given[k] = true;
  }
  // Defaults are evaluated in the function's own module.
  for (size_t k = 0; k < n; ++k) {
    if (given[k])
      continue;
    if (!fn.params[k].defaultValue)
      error(l, fn.name + "() missing required argument: '" +
                   fn.params[k].name + "'");
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
        if (v.elems.size() != 2 * rank)
          error(l, "this tensor descriptor's shape and strides are not known "
                   "here, so it cannot be passed to a @jit function");
        for (size_t d = 0; d < 2 * rank; ++d) {
          DType want(d < rank ? Scalar::I32 : Scalar::I64);
          types.push_back(want.toMLIR(&ctx_));
          if (values)
            values->push_back(cast(toTensor(v.elems[d], l), want, l).value);
        }
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
                        TType(d < rank ? Scalar::I32 : Scalar::I64)));
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
  }
  error(e.loc, "unsupported expression");
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

mlir::OwningOpRef<mlir::ModuleOp>
generateTTIR(mlir::MLIRContext &ctx, const SourceFile &file,
             const KernelSpec &request, std::vector<Diagnostic> &errors,
             std::vector<KernelArgument> *runtimeArgs,
             std::vector<KernelConstexpr> *constexprs) {
  ModuleLoader loader(file, request.importPath);
  loader.applyFacts(request.facts);
  // -D of a module-level name binds it here; the kernel's parameters keep
  // the rest.
  KernelSpec spec = request;
  std::vector<std::string> defineErrors;
  spec.defines =
      loader.applyGlobalDefines(spec.kernel, spec.defines, defineErrors);
  if (!defineErrors.empty()) {
    for (const std::string &e : defineErrors)
      errors.push_back({Severity::Error, SourceLoc{}, e});
    return nullptr;
  }
  const ParseResult &parsed = loader.main().parsed;
  // Like Triton, which parses only the kernel and what it calls, syntax
  // errors count when they are in the kernel or a function it can reach
  // (or stop the tokenizer, or the kernel cannot be found).
  if (!parsed.ok()) {
    std::vector<Diagnostic> relevant;
    size_t inFunctions = 0;
    for (const auto &f : parsed.module.functions)
      inFunctions += f->errors.size();
    bool kernelFound = parsed.module.findFunction(spec.kernel) != nullptr;
    if (inFunctions < parsed.errors.size() || !kernelFound) {
      relevant = parsed.errors;
    } else {
      for (const std::string &n :
           reachableGlobals(parsed.module, spec.kernel)) {
        const GlobalBinding &g = parsed.module.globals.at(n);
        if (g.kind == GlobalBinding::Function && g.function)
          relevant.insert(relevant.end(), g.function->errors.begin(),
                          g.function->errors.end());
      }
    }
    if (!relevant.empty()) {
      errors.insert(errors.end(), relevant.begin(), relevant.end());
      return nullptr;
    }
  }
  ctx.loadDialect<tt::TritonDialect, mlir::arith::ArithDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::cf::ControlFlowDialect>();
  Generator gen(ctx, loader, spec);
  try {
    mlir::OwningOpRef<mlir::ModuleOp> module = gen.run();
    // The generator builds well-formed IR; verification catches our bugs
    // and reports them rather than crashing later.
    std::string diag;
    {
      mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
        diag += (diag.empty() ? "" : "; ") + d.str();
        return mlir::success();
      });
      if (mlir::failed(mlir::verify(*module))) {
        errors.push_back({Severity::Error, SourceLoc{},
                          "internal error: generated TTIR does not verify "
                          "(please report this): " + diag});
        return nullptr;
      }
    }
    if (runtimeArgs)
      *runtimeArgs = gen.runtimeArgs();
    if (constexprs)
      *constexprs = gen.constexprValues();
    return module;
  } catch (CompileError &e) {
    Diagnostic d;
    d.loc = e.loc;
    d.message = e.message;
    d.file = e.file;
    d.notes = std::move(e.notes);
    errors.push_back(std::move(d));
    return nullptr;
  }
}

} // namespace trident::frontend
