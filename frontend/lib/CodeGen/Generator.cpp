//===- Generator.cpp - the generator: values, setup, the kernel's entry ---===//
//
// Walks a @jit function like Triton's code generator: compile-time values are
// evaluated on the spot, runtime values become TTIR. This file holds what
// values are, errors and locations, and the kernel's own tt.func (its
// signature and specialization); statements (Statements.cpp), expressions
// (Expressions.cpp), calls (Calls.cpp) and module-level names (Globals.cpp)
// are in files of their own.
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
  case Version: return "version " + str;
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
/// The entries of a tuple's signature entry `(a, (b, c), d)`, as
/// splitSignature splits a signature (`(a,)` has one).
static std::vector<std::string> tupleEntries(const std::string &t) {
  std::vector<std::string> entries = splitSignature(t.substr(1, t.size() - 2));
  if (!entries.empty() && entries.back().empty())
    entries.pop_back();
  return entries;
}

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
  if (t.size() >= 2 && t.front() == '(' && t.back() == ')') {
    // A tuple of constexprs (`(8, 8)`, `(1, None, (2,))`).
    std::vector<Val> elems;
    for (const std::string &e : tupleEntries(t)) {
      Val v;
      if (!parseConstexprText(e, v, why))
        return false;
      elems.push_back(v);
    }
    out = Val::tuple(elems);
    return true;
  }
  return false;
}

bool isConstexprAnnotation(const Expr *a) {
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
  std::vector<std::string> sig = spec_.signature;
  // A signature of the runtime parameters only, with the constexpr ones
  // given by -D even where they come first (`def k(Y, STRIDE: tl.constexpr,
  // X, n)` with `--signature '*fp32, *fp32, i32' -D STRIDE=2`): where the
  // positional reading would give a -D parameter a signature entry too, and
  // the entries are as many as the parameters not annotated tl.constexpr,
  // the entries go to those in order.
  {
    auto defined = [&](const std::string &name) {
      for (const auto &[n, v] : spec_.defines)
        if (n == name)
          return true;
      return false;
    };
    size_t runtimeParams = 0;
    bool clash = false;
    for (size_t i = 0; i < fn.params.size(); ++i) {
      bool isConst = isConstexprAnnotation(fn.params[i].annotation.get());
      runtimeParams += !isConst;
      clash |= isConst && i < sig.size() && defined(fn.params[i].name) &&
               sig[i] != "constexpr";
    }
    if (clash && sig.size() == runtimeParams) {
      std::vector<std::string> expanded;
      size_t next = 0;
      for (const Param &p : fn.params)
        expanded.push_back(isConstexprAnnotation(p.annotation.get())
                               ? std::string("constexpr")
                               : sig[next++]);
      sig = std::move(expanded);
    }
  }
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
    /// An element of a tuple parameter: its name (`res.1.0`) and where it
    /// is in the tuple.
    std::string name;
    std::vector<size_t> path;
  };
  /// Tuple parameters with runtime elements: their value, whose runtime
  /// leaves are filled in with the kernel's arguments below.
  std::map<size_t, Val> tuples;
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
    if (!isConst && entry.size() >= 2 && entry.front() == '(' &&
        entry.back() == ')') {
      // A tuple (Triton's tuple arguments): each element an entry of its
      // own, nested tuples too; runtime elements become the kernel's
      // arguments `NAME.0`, `NAME.1.2`, ... in order.
      std::function<Val(const std::string &, const std::string &,
                        std::vector<size_t>)>
          element = [&](const std::string &text, const std::string &name,
                        std::vector<size_t> path) -> Val {
        if (text.size() >= 2 && text.front() == '(' && text.back() == ')') {
          std::vector<Val> elems;
          std::vector<std::string> entries = tupleEntries(text);
          for (size_t k = 0; k < entries.size(); ++k) {
            std::vector<size_t> sub = path;
            sub.push_back(k);
            elems.push_back(
                element(entries[k], name + "." + std::to_string(k), sub));
          }
          return Val::tuple(elems);
        }
        std::string type = text, h;
        if (size_t c = text.find(':'); c != std::string::npos) {
          type = text.substr(0, c);
          h = text.substr(c + 1);
        }
        DType d;
        Val cv;
        std::string why;
        if (llvm::StringRef(text).starts_with("tensordesc"))
          error(p.loc, "signature entry '" + entry + "' for parameter '" +
                           p.name + "': tensor descriptors inside tuples "
                           "are not supported");
        if (!parseSignatureType(type, d)) {
          if (!h.empty() || !parseConstexprText(text, cv, &why))
            error(p.loc, "signature entry '" + entry + "' for parameter '" +
                             p.name + "': element '" + text + "' is " +
                             (why.empty() ? "neither a type (like *fp32:16, "
                                            "i32) nor a constexpr value"
                                          : "not one: " + why));
          return cv;
        }
        if (!h.empty() && h != "16" && !(h == "1" && d.isInt()))
          error(p.loc, "signature entry '" + entry + "' for parameter '" +
                           p.name + "': element '" + text + "' has a hint "
                           "other than :16 (or :1 for an integer)");
        if (h == "1") {
          runtimeArgs_.push_back({name, type, "1"});
          return Val::integer(1);
        }
        runtime.push_back({i, d, h == "16", name, path});
        runtimeArgs_.push_back({name, type, h});
        return Val::tensor(mlir::Value(), TType(d)); // filled in below
      };
      tuples[i] = element(entry, p.name, {});
      continue;
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
    if (!runtime[k].path.empty()) {
      Val *slot = &tuples[runtime[k].param];
      for (size_t j : runtime[k].path)
        slot = &slot->elems[j];
      *slot = Val::tensor(named(runtime[k].name), TType(runtime[k].dtype));
      continue;
    }
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
  for (auto &[param, v] : tuples)
    frame().locals[fn.params[param].name] = v;
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
// Entry point
//===----------------------------------------------------------------------===//

mlir::OwningOpRef<mlir::ModuleOp>
generateTTIR(mlir::MLIRContext &ctx, const SourceFile &file,
             const KernelSpec &request, std::vector<Diagnostic> &errors,
             std::vector<KernelArgument> *runtimeArgs,
             std::vector<KernelConstexpr> *constexprs) {
  ModuleLoader loader(file, request.importPath, request.facts,
                      request.defines);
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

