//===- Builtins.cpp - triton.language builtins, attributes and methods ----===//
//
// The tl.* functions that map to TTIR operations directly (load, store, dot,
// reduce, atomics, math, shape manipulation, block pointers, printing),
// Python's builtins in kernels (min, max, len, ...), module and tensor
// attributes, and tensor methods. Functions written in the language itself
// (tl.sum, tl.softmax, tl.rand, ...) live in the prelude.
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Generator.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>

namespace trident::frontend {

namespace tt = mlir::triton;

namespace {

/// Builtins whose name maps to an elementwise math op on floats.
const char *const kMathUnary[] = {"exp",  "exp2", "log",  "log2",  "sin",
                                  "cos",  "sqrt", "rsqrt", "erf",  "floor",
                                  "ceil"};

const char *const kBuiltins[] = {
    "program_id", "num_programs", "arange", "zeros", "full", "load", "store",
    "atomic_add", "atomic_max", "atomic_min", "atomic_and", "atomic_or",
    "atomic_xor", "atomic_xchg", "atomic_cas", "dot", "reduce",
    "associative_scan", "where", "abs", "sqrt_rn", "fma", "div_rn", "fdiv",
    "umulhi", "maximum", "minimum", "clamp", "cdiv", "broadcast",
    "broadcast_to", "expand_dims", "reshape", "view", "trans", "permute",
    "join", "split", "cat", "multiple_of", "max_contiguous", "max_constancy",
    "static_assert", "static_print", "device_print", "device_assert",
    "debug_barrier", "make_block_ptr", "advance", "histogram", "gather", "cast",
    "pointer_type", "to_tensor", "_pick_sum_dtype", "range", "static_range",
    "inline_asm_elementwise", "extern_elementwise", "assume"};

/// libdevice functions (triton.language.extra[.cuda|.hip].libdevice) that
/// have a portable math-dialect equivalent.
const char *const kLibdevice[] = {
    "tanh", "sinh", "cosh", "tan",  "asin",  "acos",  "atan",  "asinh",
    "acosh", "atanh", "exp", "exp2", "expm1", "log",  "log2",  "log10",
    "log1p", "sqrt", "rsqrt", "cbrt", "erf", "floor", "ceil",  "trunc",
    "round", "rint", "fabs", "pow",  "atan2", "fmod", "fmin",  "fmax",
    "copysign", "sin", "cos",
    // The fast (approximate) fp32 variants: the same ops, computed exactly.
    "fast_expf", "fast_logf", "fast_log2f", "fast_log10f", "fast_powf",
    "fast_dividef", "fast_sinf", "fast_cosf", "fast_tanf"};

/// Names of tensor methods that forward to tl.<name>(self, ...).
const char *const kTensorMethods[] = {
    "to", "reshape", "view", "trans", "permute", "broadcast_to", "expand_dims",
    "sum", "max", "min", "argmax", "argmin", "cumsum", "cumprod", "reduce",
    "associative_scan", "split", "ravel", "softmax", "sigmoid", "xor_sum",
    "reduce_or", "histogram", "gather", "flip", "exp", "exp2", "log", "log2", "sin", "cos",
    "sqrt", "rsqrt", "erf", "floor", "ceil", "abs", "sqrt_rn", "fma",
    "umulhi", "cast", "interleave"};

/// Parameter spec: "x" required, "x?" optional (None), "*x" the remaining
/// positional arguments as a tuple.
struct Params {
  std::vector<std::string> names;
  std::vector<bool> optional;
  int varargs = -1;
};

Params parseParams(std::initializer_list<const char *> specs) {
  Params p;
  for (const char *s : specs) {
    std::string n(s);
    bool opt = false;
    if (n[0] == '*') {
      p.varargs = p.names.size();
      n = n.substr(1);
      opt = true;
    } else if (n.back() == '?') {
      n.pop_back();
      opt = true;
    }
    p.names.push_back(n);
    p.optional.push_back(opt);
  }
  return p;
}

} // namespace

bool Generator::isLanguageBuiltin(const std::string &name) {
  for (const char *b : kBuiltins)
    if (name == b)
      return true;
  for (const char *b : kMathUnary)
    if (name == b)
      return true;
  return false;
}

/// Binds call arguments against a builtin's parameters.
static BoundArgs bindArgs(Generator &g, const std::string &fname,
                          std::initializer_list<const char *> specs,
                          std::vector<Val> &args,
                          std::vector<std::pair<std::string, Val>> &kwargs,
                          SourceLoc l) {
  Params p = parseParams(specs);
  size_t n = p.names.size();
  BoundArgs out;
  out.values.resize(n);
  out.given.assign(n, false);
  size_t fixed = p.varargs >= 0 ? (size_t)p.varargs : n;
  if (args.size() > fixed && p.varargs < 0)
    g.error(l, fname + "() takes at most " + std::to_string(n) +
                   " positional arguments but " + std::to_string(args.size()) +
                   " were given");
  for (size_t i = 0; i < std::min(args.size(), fixed); ++i) {
    out.values[i] = args[i];
    out.given[i] = true;
  }
  if (p.varargs >= 0) {
    std::vector<Val> rest;
    for (size_t i = fixed; i < args.size(); ++i)
      rest.push_back(args[i]);
    out.values[p.varargs] = Val::tuple(rest);
    out.given[p.varargs] = !rest.empty();
  }
  for (auto &[name, v] : kwargs) {
    size_t k = 0;
    while (k < n && p.names[k] != name)
      ++k;
    if (k == n || (int)k == p.varargs)
      g.error(l, fname + "() got an unexpected keyword argument '" + name +
                     "'");
    if (out.given[k])
      g.error(l, fname + "() got multiple values for argument '" + name + "'");
    out.values[k] = v;
    out.given[k] = true;
  }
  for (size_t k = 0; k < n; ++k)
    if (!out.given[k] && !p.optional[k])
      g.error(l, fname + "() missing required argument: '" + p.names[k] + "'");
  return out;
}

/// A shape given as varargs `(64, 32)` or as one tuple argument `((64, 32),)`.
static Val shapeArg(const Val &v) {
  if (v.kind == Val::Tuple && v.elems.size() == 1 &&
      (v.elems[0].kind == Val::Tuple))
    return v.elems[0];
  return v;
}

static std::string optStr(Generator &g, const Val &v, SourceLoc l,
                          const std::string &what) {
  if (v.kind == Val::None)
    return "";
  return g.requireStr(v, l, what);
}

static tt::MemSemantic parseSem(Generator &g, const Val &v, SourceLoc l) {
  std::string s = optStr(g, v, l, "sem");
  if (s.empty() || s == "acq_rel")
    return tt::MemSemantic::ACQUIRE_RELEASE;
  if (s == "acquire")
    return tt::MemSemantic::ACQUIRE;
  if (s == "release")
    return tt::MemSemantic::RELEASE;
  if (s == "relaxed")
    return tt::MemSemantic::RELAXED;
  g.error(l, "Memory semantic " + s + " not supported (use 'acquire', "
             "'release', 'acq_rel' or 'relaxed')");
}

static tt::MemSyncScope parseScope(Generator &g, const Val &v, SourceLoc l) {
  std::string s = optStr(g, v, l, "scope");
  if (s.empty() || s == "gpu")
    return tt::MemSyncScope::GPU;
  if (s == "cta")
    return tt::MemSyncScope::CTA;
  if (s == "sys")
    return tt::MemSyncScope::SYSTEM;
  g.error(l, "Memory scope " + s + " not supported (use 'gpu', 'cta' or "
             "'sys')");
}

static void checkAxis(Generator &g, int64_t &axis, int64_t rank, SourceLoc l) {
  if (axis < -rank || axis >= rank)
    g.error(l, "invalid axis " + std::to_string(axis) + ". Expected " +
                   std::to_string(-rank) + " <= axis < " +
                   std::to_string(rank));
  if (axis < 0)
    axis += rank;
}

Val Generator::callMethod(const Val &self, const std::string &name,
                          const Expr &call, std::vector<Val> args,
                          std::vector<std::pair<std::string, Val>> kwargs,
                          SourceLoc l) {
  if (self.kind == Val::DTypeV) {
    if (!args.empty() || !kwargs.empty())
      error(l, "dtype." + name + "() takes no arguments");
    const DType &d = self.dtype;
    auto is = [&](Scalar k) { return Val::boolean(d.kind == k); };
    if (name == "is_floating") return Val::boolean(d.isFloat());
    if (name == "is_int") return Val::boolean(d.isInt());
    if (name == "is_bool" || name == "is_int1") return is(Scalar::I1);
    if (name == "is_int_signed") return Val::boolean(d.isSigned() && !d.isBool());
    if (name == "is_int_unsigned") return Val::boolean(d.isUnsigned() || d.isBool());
    if (name == "is_ptr") return Val::boolean(d.isPtr());
    if (name == "is_block") return Val::boolean(false);
    if (name == "is_fp8") return Val::boolean(d.isFP8());
    if (name == "is_fp8e4nv") return is(Scalar::FP8E4NV);
    if (name == "is_fp8e5") return is(Scalar::FP8E5);
    if (name == "is_fp16") return is(Scalar::FP16);
    if (name == "is_bf16") return is(Scalar::BF16);
    if (name == "is_fp32") return is(Scalar::FP32);
    if (name == "is_fp64") return is(Scalar::FP64);
    if (name == "is_int8") return is(Scalar::I8);
    if (name == "is_int16") return is(Scalar::I16);
    if (name == "is_int32") return is(Scalar::I32);
    if (name == "is_int64") return is(Scalar::I64);
    if (name == "is_uint8") return is(Scalar::U8);
    if (name == "is_uint16") return is(Scalar::U16);
    if (name == "is_uint32") return is(Scalar::U32);
    if (name == "is_uint64") return is(Scalar::U64);
    if (name == "is_standard_floating") return Val::boolean(d.isStandardFloat());
    error(l, "dtype has no method '" + name + "'");
  }
  // Tensor methods forward to the builtin or prelude function of that name.
  std::vector<Val> all{self};
  all.insert(all.end(), args.begin(), args.end());
  if (name == "to" || name == "cast")
    return callBuiltin("cast", call, all, kwargs, l);
  if (isLanguageBuiltin(name))
    return callBuiltin(name, call, all, kwargs, l);
  Val mod = Val::module("triton.language");
  Val fn = attribute(mod, name, l);
  return callFunction(fn, call, all, kwargs, l);
}

Val Generator::attribute(const Val &v, const std::string &name, SourceLoc l) {
  switch (v.kind) {
  case Val::Module: {
    if (v.owner)
      return importedAttribute(v, name, l);
    const std::string &path = v.str;
    Val host;
    if (hostAttribute(path, name, l, host)) {
      if (!frame().hostConstants && host.kind == Val::Builtin)
        error(l, path + "." + name + " cannot be called inside a @jit "
                 "function; use it in a module-level constant");
      return host;
    }
    if (path == "triton") {
      if (name == "language")
        return Val::module("triton.language");
      if (name == "jit")
        return Val::builtin("jit");
      if (name == "cdiv")
        return Val::builtin("cdiv");
      if (name == "next_power_of_2")
        return Val::builtin("next_power_of_2");
      error(l, "module 'triton' has no attribute '" + name +
                   "' usable in a @jit function");
    }
    bool isLang = path == "triton.language" || path == "triton.language.core";
    bool isMath = path == "triton.language.math";
    if (path == "triton.language.PropagateNan") {
      if (name == "ALL")
        return Val::string("all");
      if (name == "NONE")
        return Val::string("none");
      error(l, "PropagateNan has no member '" + name + "'");
    }
    if (isLang || isMath || path == "triton.language.standard" ||
        path == "triton.language.random") {
      if (isLang) {
        DType d;
        if (dtypeForLanguageName(name, d))
          return Val::dtypeObj(d);
        if (name == "constexpr" || name == "tensor" || name == "dtype")
          return Val::typeObj(name);
        if (name == "math")
          return Val::module("triton.language.math");
        if (name == "PropagateNan")
          return Val::module("triton.language.PropagateNan");
        if (name == "extra")
          return Val::module("triton.language.extra");
        if (name == "core" || name == "standard" || name == "random")
          return Val::module("triton.language." + name);
        if (name == "jit")
          return Val::builtin("jit");
      }
      if (isLanguageBuiltin(name) &&
          (!isMath || name != "range"))
        return Val::builtin(name);
      if (const FunctionDef *f = prelude_.ast->findFunction(name)) {
        Val fv;
        fv.kind = Val::Function;
        fv.fn = f;
        fv.owner = &prelude_;
        return fv;
      }
      if (name == "make_tensor_descriptor" || name == "load_tensor_descriptor" ||
          name == "store_tensor_descriptor" || name == "tensor_descriptor")
        error(l, path + "." + name + ": tensor descriptors are not supported "
                 "by Trident yet; use pointers or tl.make_block_ptr");
      error(l, path + "." + name + " is not supported by Trident (or does "
                                   "not exist in triton.language)");
    }
    if (path == "triton.language.extra" ||
        path == "triton.language.extra.cuda" ||
        path == "triton.language.extra.hip") {
      if (name == "libdevice")
        return Val::module(path + ".libdevice");
      if (name == "cuda" || name == "hip")
        return Val::module(path + "." + name);
    }
    if (path.size() > 10 &&
        path.compare(path.size() - 10, 10, ".libdevice") == 0) {
      // The vendor math libraries map to portable math ops.
      for (const char *f : kLibdevice)
        if (name == f)
          return Val::builtin("libdevice." + name);
      std::string all;
      for (const char *f : kLibdevice)
        all += (all.empty() ? "" : ", ") + std::string(f);
      error(l, "libdevice." + name + " is not supported by Trident (it "
               "supports: " + all + ")");
    }
    error(l, "module '" + path + "' cannot be used inside a @jit function "
             "(only triton and triton.language are available there)");
  }
  case Val::Tensor: {
    if (name == "dtype")
      return Val::dtypeObj(v.type.elem);
    if (name == "shape") {
      std::vector<Val> dims;
      for (int64_t d : v.type.shape)
        dims.push_back(Val::integer(d));
      return Val::tuple(dims);
    }
    if (name == "numel")
      return Val::integer(v.type.isBlock() ? v.type.numel() : 1);
    if (name == "T") {
      if (v.type.shape.size() != 2)
        error(l, ".T needs a 2-D tensor, got " + v.type.str());
      return permute(v, {1, 0}, l);
    }
    if (name == "type")
      return Val::dtypeObj(v.type.elem); // .type.scalar / .element_ty below
    for (const char *m : kTensorMethods)
      if (name == m) {
        Val meth;
        meth.kind = Val::Method;
        meth.str = name;
        meth.elems.push_back(v);
        return meth;
      }
    for (const char *m : {"load", "store", "gather", "scatter", "atomic_add",
                          "block_shape", "block_type"})
      if (name == m)
        error(l, "'." + name + "' of a tensor descriptor: tensor descriptors "
                 "(TensorDescriptor arguments, tl.make_tensor_descriptor) are "
                 "not supported by Trident yet; use pointers or "
                 "tl.make_block_ptr");
    error(l, "tensor has no attribute '" + name + "'");
  }
  case Val::DTypeV: {
    const DType &d = v.dtype;
    if (name == "element_ty") {
      if (!d.isPtr())
        error(l, d.str() + " is not a pointer type; it has no element_ty");
      if (d.pointee->isBlock()) {
        // Triton's block_type: casts (`x.to(p.dtype.element_ty)`) take
        // its scalar, which is what the value holds; `.shape` its shape.
        Val block = Val::dtypeObj(d.pointee->elem);
        block.type = *d.pointee;
        block.str = "block_type";
        return block;
      }
      return Val::dtypeObj(d.pointee->elem);
    }
    if (name == "scalar")
      return Val::dtypeObj(d);
    if (name == "shape" && v.str == "block_type") {
      std::vector<Val> dims;
      for (int64_t n : v.type.shape)
        dims.push_back(Val::integer(n));
      return Val::tuple(dims);
    }
    if (name == "primitive_bitwidth")
      return Val::integer(d.bitwidth());
    if (name == "int_bitwidth") {
      if (!d.isInt())
        error(l, d.str() + " is not an integer type");
      return Val::integer(d.bitwidth());
    }
    if (name == "fp_mantissa_width")
      return Val::integer(d.mantissaWidth());
    if (name == "name")
      return Val::string(d.str());
    if (name.rfind("is_", 0) == 0) {
      Val meth;
      meth.kind = Val::Method;
      meth.str = name;
      meth.elems.push_back(v);
      return meth;
    }
    error(l, "dtype has no attribute '" + name + "'");
  }
  default:
    error(l, v.describe() + " has no attribute '" + name + "'");
  }
}

Val Generator::callBuiltin(const std::string &name, const Expr &call,
                           std::vector<Val> args,
                           std::vector<std::pair<std::string, Val>> kwargs,
                           SourceLoc l) {
  auto bind = [&](std::initializer_list<const char *> specs) {
    std::string shown = name.rfind("py.", 0) == 0 ? name.substr(3) : name;
    return bindArgs(*this, shown, specs, args, kwargs, l);
  };
  auto tensorOf = [&](const Val &v, const char *what) {
    return requireTensor(v, l, std::string(what));
  };
  mlir::MLIRContext *c = &ctx_;
  if (name.rfind("host.", 0) == 0) {
    if (!kwargs.empty())
      error(l, name.substr(5) + "() takes no keyword arguments here");
    return callHost(name, args, l);
  }

  // --- Python builtins -------------------------------------------------------
  if (name == "py.min" || name == "py.max") {
    bool isMax = name == "py.max";
    if (!kwargs.empty())
      error(l, name.substr(3) + "() takes no keyword arguments in kernels");
    std::vector<Val> items = args;
    if (items.size() == 1 && items[0].kind == Val::Tuple)
      items = items[0].elems;
    if (items.empty())
      error(l, name.substr(3) + "() expects at least one argument");
    bool allConst = true;
    for (const Val &v : items)
      allConst &= v.isNumber();
    Val acc = items[0];
    for (size_t i = 1; i < items.size(); ++i) {
      if (allConst) {
        Val lt = compareOp("<", items[i], acc, l);
        if ((lt.i != 0) != isMax)
          acc = items[i];
        continue;
      }
      acc = minMax(isMax, acc, items[i], "none", l);
    }
    return acc;
  }
  if (name == "py.abs") {
    if (args.size() != 1 || !kwargs.empty())
      error(l, "abs() takes exactly one argument");
    if (args[0].kind == Val::Float)
      return Val::floating(std::fabs(args[0].f));
    if (args[0].isNumber())
      return Val::integer(args[0].i < 0 ? -args[0].i : args[0].i);
    return callBuiltin("abs", call, args, kwargs, l);
  }
  if (name == "py.len") {
    if (args.size() != 1)
      error(l, "len() takes exactly one argument");
    if (args[0].kind == Val::Tuple)
      return Val::integer(args[0].elems.size());
    if (args[0].isTensor() && args[0].type.isBlock())
      return Val::integer(args[0].type.shape[0]);
    if (args[0].kind == Val::Str)
      return Val::integer(args[0].str.size());
    error(l, "len() of " + args[0].describe() + " is not defined");
  }
  if (name == "py.print")
    return callBuiltin("device_print", call, args, kwargs, l);
  if (name == "py.range" || name == "range" || name == "static_range")
    error(l, "range objects can only be used as the iterable of a 'for' loop");
  if (name == "py.isinstance") {
    if (args.size() != 2)
      error(l, "isinstance() takes two arguments");
    std::vector<Val> types =
        args[1].kind == Val::Tuple ? args[1].elems : std::vector<Val>{args[1]};
    const Val &x = args[0];
    bool r = false;
    for (const Val &t : types) {
      if (t.kind != Val::TypeObj)
        error(l, "isinstance() needs a type as its second argument");
      r |= (t.str == "constexpr" && x.isConstexpr()) ||
           (t.str == "tensor" && x.isTensor()) ||
           (t.str == "int" && (x.kind == Val::Int || x.kind == Val::Bool)) ||
           (t.str == "float" && x.kind == Val::Float) ||
           (t.str == "bool" && x.kind == Val::Bool) ||
           (t.str == "dtype" && x.kind == Val::DTypeV);
    }
    return Val::boolean(r);
  }
  if (name == "py.getattr" || name == "py.hasattr") {
    if (args.size() < 2 || args[1].kind != Val::Str)
      error(l, name.substr(3) + "() needs an object and a constexpr string");
    if (name == "py.getattr")
      return attribute(args[0], args[1].str, l);
    try {
      attribute(args[0], args[1].str, l);
      return Val::boolean(true);
    } catch (CompileError &) {
      return Val::boolean(false);
    }
  }
  if (name == "py.tuple" || name == "py.list") {
    if (args.size() != 1 || args[0].kind != Val::Tuple)
      error(l, name.substr(3) + "() takes one tuple or list");
    return args[0];
  }
  if (name == "jit")
    error(l, "@jit cannot be applied inside a @jit function");
  if (name == "next_power_of_2") {
    BoundArgs a = bind({"n"});
    int64_t n = requireInt(a[0], l, "next_power_of_2's argument");
    int64_t p = 1;
    while (p < n)
      p <<= 1;
    return Val::integer(p);
  }

  // --- program ids and ranges -----------------------------------------------
  if (name == "program_id" || name == "num_programs") {
    BoundArgs a = bind({"axis"});
    int64_t axis = requireInt(a[0], l, "axis");
    if (axis < 0 || axis > 2)
      error(l, name + " axis must be 0, 1, or 2 but got " +
                   std::to_string(axis));
    mlir::Value r =
        name == "program_id"
            ? (mlir::Value)tt::GetProgramIdOp::create(b_, here(), (int)axis)
            : tt::GetNumProgramsOp::create(b_, here(), (int)axis);
    return Val::tensor(r, TType(Scalar::I32));
  }
  if (name == "arange") {
    BoundArgs a = bind({"start", "end"});
    if (!a[0].isNumber() || !a[1].isNumber())
      error(l, "arange's arguments must be of type tl.constexpr");
    return makeRange(requireInt(a[0], l, "start"), requireInt(a[1], l, "end"),
                     l);
  }
  if (name == "zeros" || name == "full") {
    BoundArgs a = name == "zeros" ? bind({"shape", "dtype"})
                                  : bind({"shape", "value", "dtype"});
    std::vector<int64_t> shape = a[0].kind == Val::Tuple && a[0].elems.empty()
                                     ? std::vector<int64_t>{}
                                     : requireShape(a[0], l, "shape");
    DType d = requireDType(a[name == "zeros" ? 1 : 2], l, "dtype");
    if (name == "zeros")
      return shape.empty() ? constantOf(0, 0, TType(d)) : zeros(shape, d);
    Val value = a[1];
    Val s;
    if (value.isTensor()) {
      if (value.type.isBlock())
        error(l, "tl.full's value must be a scalar");
      s = cast(value, d, l);
    } else if (value.isNumber()) {
      s = scalarConstant(value, d, l);
    } else {
      error(l, "tl.full's value must be a number or a scalar, got " +
                   value.describe());
    }
    if (shape.empty())
      return s;
    zeros(shape, d); // validates the shape
    return splat(s, shape);
  }
  if (name == "to_tensor") {
    BoundArgs a = bind({"x"});
    return toTensor(a[0], l);
  }
  if (name == "cdiv") {
    BoundArgs a = bind({"x", "div"});
    if (a[0].isNumber() && a[1].isNumber()) {
      Val num = binaryOp("+", a[0], binaryOp("-", a[1], Val::integer(1), l), l);
      return binaryOp("//", num, a[1], l);
    }
    // x + (div - 1), as Triton's tensors compute it.
    Val num = binaryOp("+", a[0], binaryOp("-", a[1], Val::integer(1), l), l);
    return binaryOp("//", num, a[1], l);
  }
  if (name == "pointer_type") {
    BoundArgs a = bind({"element_ty", "address_space?"});
    DType d = requireDType(a[0], l, "element_ty");
    int as = a.given[1] ? (int)requireInt(a[1], l, "address_space") : 1;
    return Val::dtypeObj(DType::pointerTo(TType(d), as));
  }
  if (name == "_pick_sum_dtype") {
    BoundArgs a = bind({"in_dtype", "dtype"});
    if (a[1].kind != Val::None)
      return a[1];
    DType d = requireDType(a[0], l, "in_dtype");
    if (d.isInt() && d.bitwidth() < 32)
      return Val::dtypeObj((d.isSigned() && !d.isBool()) ? Scalar::I32
                                                         : Scalar::U32);
    return Val::none();
  }

  // --- casts -------------------------------------------------------------------
  if (name == "cast") {
    BoundArgs a = bind({"input", "dtype", "fp_downcast_rounding?", "bitcast?"});
    DType d = requireDType(a[1], l, "dtype");
    Val x = a[0];
    bool isBitcast = a.given[3] && requireBool(a[3], l, "bitcast");
    if (x.isNumber())
      x = toTensor(x, l);
    if (isBitcast)
      return bitcast(x, d, l);
    std::string rounding = optStr(*this, a[2], l, "fp_downcast_rounding");
    return cast(tensorOf(x, "the input of .to()"), d, l, rounding);
  }

  // --- memory ------------------------------------------------------------------
  if (name == "load") {
    BoundArgs a = bind({"pointer", "mask?", "other?", "boundary_check?",
                        "padding_option?", "cache_modifier?",
                        "eviction_policy?", "volatile?"});
    Val ptr = a[0];
    if (!ptr.isTensor() || !ptr.type.elem.isPtr())
      error(l, "Unsupported ptr type " +
                   (ptr.isTensor() ? ptr.type.str() : ptr.describe()) +
                   " in `tl.load`");
    std::string cache = optStr(*this, a[5], l, "cache_modifier");
    std::string evict = optStr(*this, a[6], l, "eviction_policy");
    tt::CacheModifier cm = tt::CacheModifier::NONE;
    if (cache == ".ca") cm = tt::CacheModifier::CA;
    else if (cache == ".cg") cm = tt::CacheModifier::CG;
    else if (cache == ".cv") cm = tt::CacheModifier::CV;
    else if (!cache.empty())
      error(l, "Cache modifier " + cache + " not supported");
    tt::EvictionPolicy ev = tt::EvictionPolicy::NORMAL;
    if (evict == "evict_last") ev = tt::EvictionPolicy::EVICT_LAST;
    else if (evict == "evict_first") ev = tt::EvictionPolicy::EVICT_FIRST;
    else if (!evict.empty() && evict != "evict_normal")
      error(l, "Eviction policy " + evict + " not supported");
    bool isVolatile = a.given[7] && requireBool(a[7], l, "volatile");
    std::string padding = optStr(*this, a[4], l, "padding_option");
    std::vector<int32_t> boundary;
    if (a.given[3] && a[3].kind != Val::None) {
      Val bc = a[3];
      std::vector<Val> items = bc.kind == Val::Tuple ? bc.elems
                                                     : std::vector<Val>{bc};
      for (const Val &d : items)
        boundary.push_back((int32_t)requireInt(d, l, "boundary_check"));
    }
    if (ptr.type.elem.isBlockPtr()) {
      const TType &block = ptr.type.elem.element();
      if (a[1].kind != Val::None || a[2].kind != Val::None)
        error(l, "`mask` and `other` arguments cannot be specified for "
                 "loading block pointers");
      for (int32_t &d : boundary)
        if (d < 0 || d >= (int32_t)block.shape.size())
          error(l, "boundary_check dimension " + std::to_string(d) +
                       " is out of range for a block of rank " +
                       std::to_string(block.shape.size()));
      std::sort(boundary.begin(), boundary.end());
      if (std::adjacent_find(boundary.begin(), boundary.end()) !=
          boundary.end())
        error(l, "Duplicate dimension in `boundary_check`");
      std::optional<tt::PaddingOption> pad;
      if (padding == "zero")
        pad = tt::PaddingOption::PAD_ZERO;
      else if (padding == "nan") {
        if (block.elem.isInt())
          error(l, "Padding option `nan` is not supported for integer block "
                   "pointers");
        pad = tt::PaddingOption::PAD_NAN;
      } else if (!padding.empty())
        error(l, "Padding option " + padding + " not supported");
      auto op = tt::LoadOp::create(b_, here(), ptr.value, boundary, pad, cm,
                                   ev, isVolatile);
      return Val::tensor(op, block);
    }
    if (!boundary.empty() || !padding.empty())
      error(l, "`padding_option` or `boundary_check` argument is not "
               "supported for loading a tensor of pointers or loading a "
               "scalar; use block pointers (tl.make_block_ptr) instead");
    if (a[2].kind != Val::None && a[1].kind == Val::None)
      error(l, "`other` cannot be provided without `mask`");
    Val mask = a[1], other = a[2];
    if (mask.kind != Val::None) {
      mask = tensorOf(mask, "mask");
      if (!ptr.type.isBlock() && mask.type.isBlock())
        error(l, "Mask argument cannot be block type if pointer argument is "
                 "not a block");
      if (!mask.type.elem.isBool())
        error(l, "Mask must have boolean scalar type, got " + mask.type.str());
      if (ptr.type.isBlock())
        mask = broadcastTo(mask, ptr.type.shape, l);
    }
    DType elem = ptr.type.elem.element().elem;
    bool isBoolElem = elem.isBool();
    if (isBoolElem) {
      elem = Scalar::I8;
      ptr = cast(ptr, DType::pointerTo(TType(elem), ptr.type.elem.addressSpace),
                 l);
    }
    if (other.kind != Val::None) {
      if (!ptr.type.isBlock() && other.isTensor() && other.type.isBlock())
        error(l, "Other argument cannot be block type if pointer argument is "
                 "not a block");
      other = other.isNumber() ? scalarConstant(other, elem, l)
                               : cast(tensorOf(other, "other"), elem, l);
      if (ptr.type.isBlock())
        other = broadcastTo(other, ptr.type.shape, l);
    }
    auto op = tt::LoadOp::create(b_, here(), ptr.value,
                                 mask.isTensor() ? mask.value : mlir::Value(),
                                 other.isTensor() ? other.value : mlir::Value(),
                                 cm, ev, isVolatile);
    Val r = Val::tensor(op, ptr.type.withElem(elem));
    if (isBoolElem)
      r = cast(r, Scalar::I1, l);
    return r;
  }
  if (name == "store") {
    BoundArgs a = bind({"pointer", "value", "mask?", "boundary_check?",
                        "cache_modifier?", "eviction_policy?"});
    Val ptr = a[0];
    if (!ptr.isTensor() || !ptr.type.elem.isPtr())
      error(l, "Unsupported ptr type " +
                   (ptr.isTensor() ? ptr.type.str() : ptr.describe()) +
                   " in `tl.store`");
    std::string cache = optStr(*this, a[4], l, "cache_modifier");
    std::string evict = optStr(*this, a[5], l, "eviction_policy");
    tt::CacheModifier cm = tt::CacheModifier::NONE;
    if (cache == ".wb") cm = tt::CacheModifier::WB;
    else if (cache == ".cg") cm = tt::CacheModifier::CG;
    else if (cache == ".cs") cm = tt::CacheModifier::CS;
    else if (cache == ".wt") cm = tt::CacheModifier::WT;
    else if (!cache.empty())
      error(l, "Cache modifier " + cache + " not supported");
    tt::EvictionPolicy ev = tt::EvictionPolicy::NORMAL;
    if (evict == "evict_last") ev = tt::EvictionPolicy::EVICT_LAST;
    else if (evict == "evict_first") ev = tt::EvictionPolicy::EVICT_FIRST;
    else if (!evict.empty() && evict != "evict_normal")
      error(l, "Eviction policy " + evict + " not supported");
    std::vector<int32_t> boundary;
    if (a.given[3] && a[3].kind != Val::None) {
      std::vector<Val> items = a[3].kind == Val::Tuple
                                   ? a[3].elems
                                   : std::vector<Val>{a[3]};
      for (const Val &d : items)
        boundary.push_back((int32_t)requireInt(d, l, "boundary_check"));
    }
    Val value = a[1];
    if (!value.isTensor() && !value.isNumber())
      error(l, "tl.store's value must be a tensor or a number, got " +
                   value.describe());
    auto cmAttr = tt::CacheModifierAttr::get(c, cm);
    auto evAttr = tt::EvictionPolicyAttr::get(c, ev);
    if (ptr.type.elem.isBlockPtr()) {
      const TType &block = ptr.type.elem.element();
      if (a[2].kind != Val::None)
        error(l, "`mask` cannot be specified for storing through block "
                 "pointers (use boundary_check)");
      std::sort(boundary.begin(), boundary.end());
      for (int32_t d : boundary)
        if (d < 0 || d >= (int32_t)block.shape.size())
          error(l, "boundary_check dimension " + std::to_string(d) +
                       " is out of range for a block of rank " +
                       std::to_string(block.shape.size()));
      value = value.isNumber() ? scalarConstant(value, block.elem, l)
                               : cast(value, block.elem, l);
      value = broadcastTo(value, block.shape, l);
      tt::StoreOp::create(b_, here(), ptr.value, value.value, mlir::Value(),
                          b_.getDenseI32ArrayAttr(boundary), cmAttr, evAttr);
      return Val::none();
    }
    if (!boundary.empty())
      error(l, "`boundary_check` argument is not supported for storing a "
               "tensor of pointers or storing a scalar; use block pointers "
               "(tl.make_block_ptr) instead");
    DType elem = ptr.type.elem.element().elem;
    if (elem.isBool()) {
      elem = Scalar::I8;
      ptr = cast(ptr, DType::pointerTo(TType(elem), ptr.type.elem.addressSpace),
                 l);
    }
    if (value.isTensor() && value.type.isBlock() && !ptr.type.isBlock())
      error(l, "Value argument cannot be block type if pointer argument is "
               "not a block");
    value = value.isNumber() ? scalarConstant(value, elem, l)
                             : cast(value, elem, l);
    if (ptr.type.isBlock())
      value = broadcastTo(value, ptr.type.shape, l);
    Val mask = a[2];
    if (mask.kind != Val::None) {
      mask = tensorOf(mask, "mask");
      if (!mask.type.elem.isBool())
        error(l, "Mask must have boolean scalar type, got " + mask.type.str());
      if (!ptr.type.isBlock() && mask.type.isBlock())
        error(l, "Mask argument cannot be block type if pointer argument is "
                 "not a block");
      if (ptr.type.isBlock())
        mask = broadcastTo(mask, ptr.type.shape, l);
    }
    tt::StoreOp::create(b_, here(), ptr.value, value.value,
                        mask.isTensor() ? mask.value : mlir::Value(),
                        b_.getDenseI32ArrayAttr({}), cmAttr, evAttr);
    return Val::none();
  }

  // --- atomics -----------------------------------------------------------------
  if (name.rfind("atomic_", 0) == 0) {
    bool isCas = name == "atomic_cas";
    BoundArgs a = isCas ? bind({"pointer", "cmp", "val", "sem?", "scope?"})
                        : bind({"pointer", "val", "mask?", "sem?", "scope?"});
    std::string op = name.substr(7);
    Val ptr = a[0];
    if (!ptr.isTensor() || !ptr.type.elem.isPtr() || ptr.type.elem.isBlockPtr())
      error(l, "Pointer argument of " + name + " must be a pointer, got " +
                   (ptr.isTensor() ? ptr.type.str() : ptr.describe()));
    DType elem = ptr.type.elem.element().elem;
    tt::MemSemantic sem = parseSem(*this, a[3], l);
    tt::MemSyncScope scope = parseScope(*this, a[4], l);
    auto toElem = [&](const Val &v) {
      Val t = v.isNumber() ? scalarConstant(v, elem, l)
                           : cast(tensorOf(v, "val"), elem, l);
      if (ptr.type.isBlock())
        t = broadcastTo(t, ptr.type.shape, l);
      else if (t.type.isBlock())
        error(l, "the value of " + name + " cannot be a block when the "
                 "pointer is a scalar");
      return t;
    };
    if (isCas) {
      int w = elem.bitwidth();
      if (w != 16 && w != 32 && w != 64)
        error(l, "atomic_cas only supports elements with width {16, 32, 64}");
      Val cmp = toElem(a[1]), val = toElem(a[2]);
      TType rt = ptr.type.withElem(elem);
      auto r = tt::AtomicCASOp::create(b_, here(), rt.toMLIR(c), ptr.value,
                                       cmp.value, val.value, sem, scope);
      return Val::tensor(r, rt);
    }
    if ((elem.kind == Scalar::FP16 || elem.kind == Scalar::BF16) &&
        op != "add")
      error(l, name + " does not support " + elem.str());
    if (elem.bitwidth() < 16 || elem.kind == Scalar::I16 ||
        elem.kind == Scalar::U16 || elem.isFP8())
      error(l, name + " does not support " + elem.str());
    if ((op == "and" || op == "or" || op == "xor") && !elem.isInt())
      error(l, name + " does not support " + elem.str());
    Val val = toElem(a[1]);
    Val mask = a[2];
    if (mask.kind == Val::None) {
      mask = constantOf(0, 1, ptr.type.withElem(Scalar::I1));
    } else {
      mask = tensorOf(mask, "mask");
      if (!mask.type.elem.isBool())
        error(l, "Mask must have boolean scalar type, got " + mask.type.str());
      if (ptr.type.isBlock())
        mask = broadcastTo(mask, ptr.type.shape, l);
    }
    auto rmw = [&](tt::RMWOp kind, const Val &p, const Val &v,
                   const Val &m) {
      auto r = tt::AtomicRMWOp::create(b_, here(), v.type.toMLIR(c), kind,
                                       p.value, v.value, m.value, sem, scope);
      return Val::tensor(r, v.type);
    };
    if ((op == "max" || op == "min") && elem.isFloat()) {
      if (elem.kind != Scalar::FP32 && elem.kind != Scalar::FP64)
        error(l, name + " not supported for dtype " + elem.str());
      // Floats order like signed integers when non-negative and like
      // reversed unsigned integers when negative.
      bool is64 = elem.kind == Scalar::FP64;
      DType it = is64 ? Scalar::I64 : Scalar::I32;
      DType ut = is64 ? Scalar::U64 : Scalar::U32;
      Val iv = bitcast(val, it, l);
      Val uv = bitcast(val, ut, l);
      Val ip = cast(ptr, DType::pointerTo(TType(it)), l);
      Val up = cast(ptr, DType::pointerTo(TType(ut)), l);
      Val neg = compareOp("<", iv, Val::integer(0), l);
      Val pos = unaryOp("not", neg, l);
      bool isMax = op == "max";
      Val posRet = rmw(isMax ? tt::RMWOp::MAX : tt::RMWOp::MIN, ip, iv,
                       logicalAnd(mask, pos, l));
      Val negRet = rmw(isMax ? tt::RMWOp::UMIN : tt::RMWOp::UMAX, up, uv,
                       logicalAnd(mask, neg, l));
      Val merged = where(pos, posRet, bitcast(negRet, it, l), l);
      return bitcast(merged, elem, l);
    }
    tt::RMWOp kind;
    if (op == "add")
      kind = elem.isFloat() ? tt::RMWOp::FADD : tt::RMWOp::ADD;
    else if (op == "max")
      kind = elem.isUnsigned() ? tt::RMWOp::UMAX : tt::RMWOp::MAX;
    else if (op == "min")
      kind = elem.isUnsigned() ? tt::RMWOp::UMIN : tt::RMWOp::MIN;
    else if (op == "and")
      kind = tt::RMWOp::AND;
    else if (op == "or")
      kind = tt::RMWOp::OR;
    else if (op == "xor")
      kind = tt::RMWOp::XOR;
    else if (op == "xchg")
      kind = tt::RMWOp::XCHG;
    else
      error(l, "tl." + name + " does not exist");
    return rmw(kind, ptr, val, mask);
  }

  // --- dot -----------------------------------------------------------------------
  if (name == "dot") {
    BoundArgs a = bind({"input", "other", "acc?", "input_precision?",
                        "allow_tf32?", "max_num_imprecise_acc?", "out_dtype?"});
    Val x = tensorOf(a[0], "the first operand of tl.dot");
    Val y = tensorOf(a[1], "the second operand of tl.dot");
    size_t rank = x.type.shape.size();
    if ((rank != 2 && rank != 3) || y.type.shape.size() != rank)
      error(l, "Both inputs must be either 2D or 3D; (lhs: " + x.type.str() +
                   " vs rhs: " + y.type.str() + ")");
    int64_t M = x.type.shape[rank - 2], K = x.type.shape[rank - 1];
    int64_t K2 = y.type.shape[rank - 2], N = y.type.shape[rank - 1];
    if (K != K2)
      error(l, "First input shape (" + x.type.str() +
                   ") and second input shape " + y.type.str() +
                   " are not compatible for matmul (second index of first "
                   "shape (" + std::to_string(K) +
                   ") must be equal to first index of second shape (" +
                   std::to_string(K2) + ")");
    if (rank == 3 && x.type.shape[0] != y.type.shape[0])
      error(l, "the batch dimensions of tl.dot's operands differ: " +
                   x.type.str() + " and " + y.type.str());
    if (M < 16 || N < 16 || K < 16)
      error(l, "Input shapes should have M >= 16, N >= 16 and K >= 16 (got "
               "M=" + std::to_string(M) + ", N=" + std::to_string(N) +
               ", K=" + std::to_string(K) + ")");
    const DType &xd = x.type.elem, &yd = y.type.elem;
    auto supported = [](const DType &d) {
      return d.kind == Scalar::I8 || d.kind == Scalar::U8 ||
             d.kind == Scalar::FP16 || d.kind == Scalar::BF16 ||
             d.kind == Scalar::FP32 || d.kind == Scalar::FP64;
    };
    if (!(xd.isFP8() && yd.isFP8())) {
      if (!supported(xd))
        error(l, "Unsupported lhs dtype " + xd.str());
      if (!supported(yd))
        error(l, "Unsupported rhs dtype " + yd.str());
      if (xd != yd)
        error(l, "Both operands must be same dtype. Got " + xd.str() +
                     " and " + yd.str());
    }
    std::string prec;
    if (a[3].kind != Val::None && a[4].kind != Val::None)
      error(l, "Only one of input_precision and allow_tf32 can be specified");
    if (a[3].kind != Val::None)
      prec = requireStr(a[3], l, "input_precision");
    else if (a[4].kind != Val::None)
      prec = requireBool(a[4], l, "allow_tf32") ? "tf32" : "ieee";
    else
      prec = "tf32";
    std::optional<tt::InputPrecision> ip = tt::symbolizeInputPrecision(prec);
    if (!ip)
      error(l, "input_precision must be one of tf32, tf32x3, ieee, bf16x3, "
               "bf16x6; got '" + prec + "'");
    DType outD = a[6].kind == Val::None ? DType(Scalar::FP32)
                                        : requireDType(a[6], l, "out_dtype");
    if (outD.kind == Scalar::BF16)
      error(l, "out_dtype=bfloat16 is unsupported. Please use "
               "out_dtype=float32/float16 and cast with `.to(tl.bfloat16)`");
    DType ret;
    if (xd.isInt())
      ret = Scalar::I32;
    else if (xd.kind == Scalar::FP32 || xd.kind == Scalar::BF16)
      ret = Scalar::FP32;
    else if (xd.kind == Scalar::FP64)
      ret = Scalar::FP64;
    else
      ret = outD;
    std::vector<int64_t> shape = rank == 3
                                     ? std::vector<int64_t>{x.type.shape[0], M, N}
                                     : std::vector<int64_t>{M, N};
    TType rt(ret, shape);
    Val acc = a[2];
    if (acc.kind == Val::None) {
      acc = zeros(shape, ret);
    } else {
      acc = tensorOf(acc, "acc");
      if (acc.type != rt)
        error(l, "acc of tl.dot must be " + rt.str() + ", got " +
                     acc.type.str());
    }
    int64_t imprecise = a[5].kind == Val::None
                            ? 0
                            : requireInt(a[5], l, "max_num_imprecise_acc");
    if (xd.isFP8() && imprecise > K)
      error(l, "max_num_imprecise_acc (" + std::to_string(imprecise) +
                   ") must be <= K (" + std::to_string(K) + ")");
    auto op = tt::DotOp::create(b_, here(), rt.toMLIR(c), x.value, y.value,
                                acc.value,
                                tt::InputPrecisionAttr::get(c, *ip),
                                b_.getI32IntegerAttr((int32_t)imprecise));
    return Val::tensor(op, rt);
  }

  // --- reductions and scans ---------------------------------------------------------
  if (name == "reduce" || name == "associative_scan") {
    bool isScan = name == "associative_scan";
    BoundArgs a = isScan
                      ? bind({"input", "axis", "combine_fn", "reverse?"})
                      : bind({"input", "axis", "combine_fn", "keep_dims?"});
    bool tupleIn = a[0].kind == Val::Tuple;
    std::vector<Val> inputs = tupleIn ? a[0].elems : std::vector<Val>{a[0]};
    if (inputs.empty())
      error(l, "tl." + name + " needs at least one input");
    for (Val &v : inputs) {
      v = tensorOf(v, "the input");
      if (!v.type.isBlock())
        error(l, "tl." + name + " needs tensors, got " + v.describe());
    }
    int64_t axis;
    if (a[1].kind == Val::None) {
      if (isScan)
        error(l, "tl.associative_scan needs an axis");
      for (Val &v : inputs)
        v = reshape(v, {v.type.numel()}, true, l);
      axis = 0;
    } else {
      axis = requireInt(a[1], l, "axis");
    }
    int64_t rank = inputs[0].type.shape.size();
    checkAxis(*this, axis, rank, l);
    for (const Val &v : inputs)
      if (v.type.shape != inputs[0].type.shape)
        error(l, "all inputs of tl." + name + " must have the same shape");
    const Val &fn = a[2];
    if (fn.kind != Val::Function && fn.kind != Val::Builtin)
      error(l, "the combine_fn of tl." + name +
                   " must be a @jit function, got " + fn.describe());
    llvm::SmallVector<mlir::Value> srcs;
    std::vector<DType> elems;
    for (const Val &v : inputs) {
      srcs.push_back(v.value);
      elems.push_back(v.type.elem);
    }
    std::vector<Val> results;
    if (isScan) {
      bool reverse = a.given[3] && requireBool(a[3], l, "reverse");
      auto op = tt::ScanOp::create(b_, here(), srcs, (int)axis, reverse);
      buildCombineRegion(op.getCombineOp(), fn, elems, true, l);
      for (size_t i = 0; i < inputs.size(); ++i)
        results.push_back(Val::tensor(op->getResult(i), inputs[i].type));
    } else {
      bool keep = a.given[3] && requireBool(a[3], l, "keep_dims");
      std::vector<int64_t> shape = inputs[0].type.shape;
      shape.erase(shape.begin() + axis);
      llvm::SmallVector<mlir::Type> rtypes;
      for (const DType &d : elems)
        rtypes.push_back(TType(d, shape).toMLIR(c));
      mlir::OperationState state(here(), tt::ReduceOp::getOperationName());
      state.addOperands(srcs);
      state.addAttribute("axis", b_.getI32IntegerAttr((int32_t)axis));
      state.addTypes(rtypes);
      state.addRegion();
      mlir::Operation *op = b_.create(state);
      buildCombineRegion(op->getRegion(0), fn, elems, false, l);
      for (size_t i = 0; i < inputs.size(); ++i) {
        Val r = Val::tensor(op->getResult(i), TType(elems[i], shape));
        if (keep)
          r = expandDims(r, axis, l);
        results.push_back(r);
      }
    }
    return tupleIn ? Val::tuple(results) : results[0];
  }

  // --- elementwise math ----------------------------------------------------------------
  for (const char *m : kMathUnary) {
    if (name != m)
      continue;
    BoundArgs a = bind({"x"});
    Val x = tensorOf(a[0], "the argument");
    const DType &d = x.type.elem;
    if (d.kind != Scalar::FP32 && d.kind != Scalar::FP64)
      error(l, "Expected dtype ['fp32', 'fp64'] but got " + d.str() +
                   " (in tl." + name + "; convert with .to(tl.float32))");
    mlir::Value v = x.value, r;
    auto loc = here();
    if (name == "exp") r = mlir::math::ExpOp::create(b_, loc, v);
    else if (name == "exp2") r = mlir::math::Exp2Op::create(b_, loc, v);
    else if (name == "log") r = mlir::math::LogOp::create(b_, loc, v);
    else if (name == "log2") r = mlir::math::Log2Op::create(b_, loc, v);
    else if (name == "sin") r = mlir::math::SinOp::create(b_, loc, v);
    else if (name == "cos") r = mlir::math::CosOp::create(b_, loc, v);
    else if (name == "sqrt") r = mlir::math::SqrtOp::create(b_, loc, v);
    else if (name == "rsqrt") r = mlir::math::RsqrtOp::create(b_, loc, v);
    else if (name == "erf") r = mlir::math::ErfOp::create(b_, loc, v);
    else if (name == "floor") r = mlir::math::FloorOp::create(b_, loc, v);
    else r = mlir::math::CeilOp::create(b_, loc, v);
    return Val::tensor(r, x.type);
  }
  if (name.rfind("libdevice.", 0) == 0) {
    std::string f = name.substr(10);
    static const std::pair<const char *, const char *> fastForms[] = {
        {"fast_expf", "exp"},   {"fast_logf", "log"},   {"fast_log2f", "log2"},
        {"fast_log10f", "log10"}, {"fast_powf", "pow"}, {"fast_dividef", "div"},
        {"fast_sinf", "sin"},   {"fast_cosf", "cos"},   {"fast_tanf", "tan"}};
    for (auto [fast, exact] : fastForms)
      if (f == fast)
        f = exact;
    bool binary = f == "pow" || f == "atan2" || f == "fmod" || f == "fmin" ||
                  f == "fmax" || f == "copysign" || f == "div";
    BoundArgs a = binary ? bind({"x", "y"}) : bind({"x"});
    Val x = a[0], y;
    if (binary) {
      y = a[1];
      binaryOperands(x, y, l, false, false, true, false, name);
    } else {
      x = tensorOf(x, "the argument");
    }
    const DType &d = x.type.elem;
    if (d.kind != Scalar::FP32 && d.kind != Scalar::FP64)
      error(l, "Expected dtype ['fp32', 'fp64'] but got " + d.str() +
                   " (in " + name + "; convert with .to(tl.float32))");
    auto loc = here();
    mlir::Value v = x.value, r;
    namespace m = mlir::math;
    if (f == "tanh") r = m::TanhOp::create(b_, loc, v);
    else if (f == "sinh") r = m::SinhOp::create(b_, loc, v);
    else if (f == "cosh") r = m::CoshOp::create(b_, loc, v);
    else if (f == "tan") r = m::TanOp::create(b_, loc, v);
    else if (f == "sin") r = m::SinOp::create(b_, loc, v);
    else if (f == "cos") r = m::CosOp::create(b_, loc, v);
    else if (f == "div") r = mlir::arith::DivFOp::create(b_, loc, v, y.value);
    else if (f == "asin") r = m::AsinOp::create(b_, loc, v);
    else if (f == "acos") r = m::AcosOp::create(b_, loc, v);
    else if (f == "atan") r = m::AtanOp::create(b_, loc, v);
    else if (f == "asinh") r = m::AsinhOp::create(b_, loc, v);
    else if (f == "acosh") r = m::AcoshOp::create(b_, loc, v);
    else if (f == "atanh") r = m::AtanhOp::create(b_, loc, v);
    else if (f == "exp") r = m::ExpOp::create(b_, loc, v);
    else if (f == "exp2") r = m::Exp2Op::create(b_, loc, v);
    else if (f == "expm1") r = m::ExpM1Op::create(b_, loc, v);
    else if (f == "log") r = m::LogOp::create(b_, loc, v);
    else if (f == "log2") r = m::Log2Op::create(b_, loc, v);
    else if (f == "log10") r = m::Log10Op::create(b_, loc, v);
    else if (f == "log1p") r = m::Log1pOp::create(b_, loc, v);
    // libdevice's sqrt is IEEE-rounded (__nv_sqrtf); tl.sqrt may be
    // approximate (sqrt.approx on NVIDIA, as in Triton).
    else if (f == "sqrt") r = mlir::triton::PreciseSqrtOp::create(b_, loc, v);
    else if (f == "rsqrt") r = m::RsqrtOp::create(b_, loc, v);
    else if (f == "cbrt") r = m::CbrtOp::create(b_, loc, v);
    else if (f == "erf") r = m::ErfOp::create(b_, loc, v);
    else if (f == "floor") r = m::FloorOp::create(b_, loc, v);
    else if (f == "ceil") r = m::CeilOp::create(b_, loc, v);
    else if (f == "trunc") r = m::TruncOp::create(b_, loc, v);
    else if (f == "round") r = m::RoundOp::create(b_, loc, v);
    else if (f == "rint") r = m::RoundEvenOp::create(b_, loc, v);
    else if (f == "fabs") r = m::AbsFOp::create(b_, loc, v);
    else if (f == "pow") r = m::PowFOp::create(b_, loc, v, y.value);
    else if (f == "atan2") r = m::Atan2Op::create(b_, loc, v, y.value);
    else if (f == "fmod") r = mlir::arith::RemFOp::create(b_, loc, v, y.value);
    else if (f == "fmin") r = mlir::arith::MinNumFOp::create(b_, loc, v, y.value);
    else if (f == "fmax") r = mlir::arith::MaxNumFOp::create(b_, loc, v, y.value);
    else r = m::CopySignOp::create(b_, loc, v, y.value);
    return Val::tensor(r, x.type);
  }
  if (name == "abs") {
    BoundArgs a = bind({"x"});
    Val x = tensorOf(a[0], "the argument");
    const DType &d = x.type.elem;
    if (d.isFP8()) {
      DType it = Scalar::I8;
      Val bits = bitcast(x, it, l);
      Val r = binaryOp("&", bits, Val::integer(0x7f), l);
      return bitcast(r, d, l);
    }
    if (d.isFloat())
      return Val::tensor(mlir::math::AbsFOp::create(b_, here(), x.value),
                         x.type);
    if (d.isSigned() && !d.isBool())
      return Val::tensor(mlir::math::AbsIOp::create(b_, here(), x.value),
                         x.type);
    if (d.isInt())
      return x;
    error(l, "tl.abs is not supported for " + d.str());
  }
  if (name == "sqrt_rn") {
    BoundArgs a = bind({"x"});
    Val x = tensorOf(a[0], "the argument");
    if (x.type.elem.kind != Scalar::FP32)
      error(l, "Expected dtype ['fp32'] but got " + x.type.elem.str());
    return Val::tensor(tt::PreciseSqrtOp::create(b_, here(), x.value), x.type);
  }
  if (name == "div_rn" || name == "fdiv") {
    BoundArgs a = name == "fdiv" ? bind({"x", "y", "ieee_rounding?"})
                                 : bind({"x", "y"});
    Val x = tensorOf(a[0], "x"), y = tensorOf(a[1], "y");
    if (name == "div_rn") {
      if (x.type.elem.kind != Scalar::FP32 || y.type.elem.kind != Scalar::FP32)
        error(l, "Expected dtype ['fp32'] but got " + x.type.elem.str() +
                     " and " + y.type.elem.str());
      broadcastPair(x, y, l);
      return Val::tensor(
          tt::PreciseDivFOp::create(b_, here(), x.value, y.value), x.type);
    }
    if (!x.type.elem.isFloat() || !y.type.elem.isFloat())
      error(l, "both operands of fdiv must have floating scalar type");
    if (x.type.elem != y.type.elem)
      error(l, "both operands of fdiv must have the same type, got " +
                   x.type.elem.str() + " and " + y.type.elem.str());
    broadcastPair(x, y, l);
    return Val::tensor(
        mlir::arith::DivFOp::create(b_, here(), x.value, y.value), x.type);
  }
  if (name == "fma") {
    BoundArgs a = bind({"x", "y", "z"});
    Val x = a[0], y = a[1], z = a[2];
    binaryOperands(x, y, l, false, false, true, false, "fma");
    binaryOperands(z, x, l, false, false, true, false, "fma");
    binaryOperands(z, y, l, false, false, true, false, "fma");
    binaryOperands(x, y, l, false, false, true, false, "fma");
    if (!x.type.elem.isFloat())
      error(l, "tl.fma needs floating-point operands, got " + x.type.str());
    return Val::tensor(
        mlir::math::FmaOp::create(b_, here(), x.value, y.value, z.value),
        x.type);
  }
  if (name == "umulhi") {
    BoundArgs a = bind({"x", "y"});
    Val x = a[0], y = a[1];
    binaryOperands(x, y, l, false, false, true, false, "umulhi");
    Scalar k = x.type.elem.kind;
    if (k != Scalar::I32 && k != Scalar::I64 && k != Scalar::U32 &&
        k != Scalar::U64)
      error(l, "Expected dtype ['int32', 'int64', 'uint32', 'uint64'] but "
               "got " + x.type.elem.str());
    return Val::tensor(tt::MulhiUIOp::create(b_, here(), x.value, y.value),
                       x.type);
  }
  if (name == "maximum" || name == "minimum") {
    BoundArgs a = bind({"x", "y", "propagate_nan?"});
    std::string nan = a.given[2] ? requireStr(a[2], l, "propagate_nan") : "none";
    return minMax(name == "maximum", a[0], a[1], nan, l);
  }
  if (name == "clamp") {
    BoundArgs a = bind({"x", "min", "max", "propagate_nan?"});
    std::string nan = a.given[3] ? requireStr(a[3], l, "propagate_nan") : "none";
    Val x = toTensor(a[0], l), lo = toTensor(a[1], l), hi = toTensor(a[2], l);
    for (Val *v : {&x, &lo, &hi})
      if (v->type.elem.kind == Scalar::BF16)
        *v = cast(*v, Scalar::FP32, l);
    if (!x.type.elem.isFloat())
      error(l, "Unexpected dtype " + x.type.elem.str() +
                   ". Only floating point clamp is supported");
    binaryOperands(x, lo, l, false, false, true, false, "clamp");
    binaryOperands(x, hi, l, false, false, true, false, "clamp");
    binaryOperands(lo, hi, l, false, false, true, false, "clamp");
    broadcastPair(x, lo, l);
    auto op = tt::ClampFOp::create(
        b_, here(), x.value, lo.value, hi.value,
        nan == "all" ? tt::PropagateNan::ALL : tt::PropagateNan::NONE);
    return Val::tensor(op, x.type);
  }
  if (name == "where") {
    BoundArgs a = bind({"condition", "x", "y"});
    return where(a[0], a[1], a[2], l);
  }

  // --- shapes ------------------------------------------------------------------------
  if (name == "broadcast") {
    BoundArgs a = bind({"input", "other"});
    Val x = a[0], y = a[1];
    broadcastPair(x, y, l);
    return Val::tuple({x, y});
  }
  if (name == "broadcast_to") {
    BoundArgs a = bind({"input", "*shape"});
    return broadcastTo(a[0], requireShape(shapeArg(a[1]), l, "shape"), l);
  }
  if (name == "expand_dims") {
    BoundArgs a = bind({"input", "axis"});
    Val x = tensorOf(a[0], "the input");
    std::vector<int64_t> axes;
    if (a[1].kind == Val::Tuple)
      for (const Val &v : a[1].elems)
        axes.push_back(requireInt(v, l, "axis"));
    else
      axes.push_back(requireInt(a[1], l, "axis"));
    int64_t newRank = x.type.shape.size() + axes.size();
    for (int64_t &ax : axes) {
      if (ax < -newRank || ax >= newRank)
        error(l, "invalid axis " + std::to_string(ax) + ". Expected " +
                     std::to_string(-newRank) + " <= axis < " +
                     std::to_string(newRank));
      if (ax < 0)
        ax += newRank;
    }
    std::sort(axes.begin(), axes.end());
    if (std::adjacent_find(axes.begin(), axes.end()) != axes.end())
      error(l, "expand_dims received duplicate axes");
    for (int64_t ax : axes)
      x = expandDims(x, ax, l);
    return x;
  }
  if (name == "reshape" || name == "view") {
    BoundArgs a = bind({"input", "*shape", "can_reorder?"});
    bool reorder = name == "view" ||
                   (a.given[2] && requireBool(a[2], l, "can_reorder"));
    return reshape(tensorOf(a[0], "the input"),
                   requireShape(shapeArg(a[1]), l, "shape"), reorder, l);
  }
  if (name == "trans" || name == "permute") {
    BoundArgs a = bind({"input", "*dims"});
    Val x = tensorOf(a[0], "the input");
    Val dims = shapeArg(a[1]);
    std::vector<int32_t> order;
    for (const Val &d : dims.elems)
      order.push_back((int32_t)requireInt(d, l, "dims"));
    if (order.empty()) {
      if (name == "permute")
        error(l, "permute needs dims");
      if (x.type.shape.size() != 2)
        error(l, "tl.trans without dims needs a 2-D tensor, got " +
                     x.type.str());
      order = {1, 0};
    }
    return permute(x, order, l);
  }
  if (name == "join") {
    BoundArgs a = bind({"a", "b"});
    Val x = toTensor(a[0], l), y = toTensor(a[1], l);
    if (x.type.elem != y.type.elem)
      error(l, "tl.join needs operands of one dtype, got " + x.type.elem.str() +
                   " and " + y.type.elem.str());
    broadcastPair(x, y, l);
    if (!x.type.isBlock()) {
      x = splat(x, {1});
      y = splat(y, {1});
      std::vector<int64_t> shape{1, 2};
      TType t(x.type.elem, shape);
      auto op = tt::JoinOp::create(b_, here(), x.value, y.value);
      return reshape(Val::tensor(op, t), {2}, false, l);
    }
    std::vector<int64_t> shape = x.type.shape;
    shape.push_back(2);
    auto op = tt::JoinOp::create(b_, here(), x.value, y.value);
    return Val::tensor(op, TType(x.type.elem, shape));
  }
  if (name == "split") {
    BoundArgs a = bind({"a"});
    Val x = tensorOf(a[0], "the input");
    if (!x.type.isBlock() || x.type.shape.back() != 2)
      error(l, "split() requires that the last dimension have size 2, got " +
                   x.type.str());
    bool scalarOut = x.type.shape.size() == 1;
    if (scalarOut)
      x = reshape(x, {1, 2}, false, l);
    std::vector<int64_t> shape = x.type.shape;
    shape.pop_back();
    TType t(x.type.elem, shape);
    auto op = tt::SplitOp::create(b_, here(), x.value);
    Val lhs = Val::tensor(op.getOutLHS(), t), rhs = Val::tensor(op.getOutRHS(), t);
    if (scalarOut) {
      TType st(x.type.elem);
      lhs = Val::tensor(tt::UnsplatOp::create(b_, here(), st.toMLIR(c),
                                              lhs.value), st);
      rhs = Val::tensor(tt::UnsplatOp::create(b_, here(), st.toMLIR(c),
                                              rhs.value), st);
    }
    return Val::tuple({lhs, rhs});
  }
  if (name == "cat") {
    BoundArgs a = bind({"input", "other", "can_reorder?"});
    Val x = tensorOf(a[0], "input"), y = tensorOf(a[1], "other");
    if (!(a.given[2] && requireBool(a[2], l, "can_reorder")))
      error(l, "current implementation of `cat` always may reorder elements; "
               "pass can_reorder=True");
    if (x.type.elem != y.type.elem || x.type.shape.size() != 1 ||
        y.type.shape.size() != 1)
      error(l, "tl.cat needs two 1-D tensors of one dtype, got " +
                   x.type.str() + " and " + y.type.str());
    std::vector<int64_t> shape{x.type.shape[0] + y.type.shape[0]};
    TType t(x.type.elem, shape);
    zeros(shape, x.type.elem.isPtr() ? DType(Scalar::I32) : x.type.elem)
        .value.getDefiningOp(); // validates the shape
    auto op = tt::CatOp::create(b_, here(), t.toMLIR(c), x.value, y.value);
    return Val::tensor(op, t);
  }

  // --- compiler hints ----------------------------------------------------------------------
  if (name == "multiple_of" || name == "max_contiguous" ||
      name == "max_constancy") {
    BoundArgs a = bind({"input", "values"});
    Val x = tensorOf(a[0], "the input");
    std::vector<int32_t> vals;
    if (a[1].kind == Val::Tuple)
      for (const Val &v : a[1].elems)
        vals.push_back((int32_t)requireInt(v, l, "values"));
    else
      vals.push_back((int32_t)requireInt(a[1], l, "values"));
    size_t expect = std::max<size_t>(1, x.type.shape.size());
    if (vals.size() != expect)
      error(l, "Shape of input to " + name +
                   " does not match the length of values");
    const char *attr = name == "multiple_of"      ? "tt.divisibility"
                       : name == "max_contiguous" ? "tt.contiguity"
                                                  : "tt.constancy";
    if (mlir::Operation *def = x.value.getDefiningOp()) {
      auto ty = mlir::RankedTensorType::get({(int64_t)vals.size()},
                                            b_.getI32Type());
      def->setAttr(attr, mlir::DenseIntElementsAttr::get(
                             ty, llvm::ArrayRef<int32_t>(vals)));
    }
    return x;
  }

  // --- debugging -----------------------------------------------------------------------------
  if (name == "static_assert") {
    if (args.empty() || args.size() > 2)
      error(l, "`static_assert` requires one or two positional arguments "
               "only");
    BoundArgs a = bind({"cond", "msg?"});
    if (!a[0].isConstexpr())
      error(l, "Assertion condition could not be determined at compile-time. "
               "Make sure that it depends only on `constexpr` values");
    if (!requireBool(a[0], l, "the static_assert condition")) {
      std::string msg = a.given[1] ? (a[1].kind == Val::Str ? a[1].str
                                                            : a[1].describe())
                                   : "";
      error(l, "static_assert failed" + (msg.empty() ? "" : ": " + msg));
    }
    return Val::none();
  }
  if (name == "static_print") {
    std::string out;
    for (const Val &v : args)
      out += (out.empty() ? "" : " ") +
             (v.kind == Val::Str ? v.str : v.isNumber() ? numberStr(v)
                                                        : v.describe());
    llvm::errs() << out << "\n";
    return Val::none();
  }
  if (name == "device_print") {
    BoundArgs a = bind({"prefix", "*args", "hex?"});
    std::string prefix = requireStr(a[0], l, "the prefix of device_print");
    for (unsigned char ch : prefix)
      if (ch >= 0x80)
        error(l, prefix + " is not an ascii string");
    bool hex = a.given[2] && requireBool(a[2], l, "hex");
    llvm::SmallVector<mlir::Value> vals;
    llvm::SmallVector<int32_t> isSigned;
    for (const Val &v : a[1].elems) {
      Val t = tensorOf(v, "device_print arguments");
      vals.push_back(t.value);
      isSigned.push_back(t.type.elem.isSigned() && !t.type.elem.isBool());
    }
    if (!vals.empty()) {
      if (prefix.size() < 2 || prefix.substr(prefix.size() - 2) != ": ")
        prefix += (prefix.empty() || prefix.back() != ':') ? ": " : " ";
      if (prefix.size() > 2 && prefix[0] != ' ')
        prefix = " " + prefix;
    }
    tt::PrintOp::create(b_, here(), b_.getStringAttr(prefix),
                        b_.getBoolAttr(hex), vals,
                        b_.getDenseI32ArrayAttr(isSigned));
    return Val::none();
  }
  if (name == "device_assert") {
    BoundArgs a = bind({"cond", "msg?", "mask?"});
    std::string msg = a.given[1] ? requireStr(a[1], l, "msg") : "";
    if (!spec_.debug)
      return Val::none(); // as in Triton, asserts only exist in debug builds
    Val cond = toTensor(a[0], l);
    if (!cond.type.elem.isBool())
      cond = cast(cond, Scalar::I1, l);
    if (a[2].kind != Val::None)
      cond = logicalOr(cond, unaryOp("not", tensorOf(a[2], "mask"), l), l);
    tt::AssertOp::create(b_, here(), cond.value, b_.getStringAttr(msg));
    return Val::none();
  }
  if (name == "assume") {
    BoundArgs a = bind({"cond"});
    if (a[0].isConstexpr()) {
      if (!requireBool(a[0], l, "the condition of tl.assume"))
        error(l, "tl.assume of a condition that is false at compile time");
      return Val::none();
    }
    Val cond = tensorOf(a[0], "the condition of tl.assume");
    if (cond.type.isBlock() || !cond.type.elem.isBool())
      error(l, "tl.assume needs a scalar boolean condition, got " +
                   cond.describe());
    ctx_.getOrLoadDialect<mlir::LLVM::LLVMDialect>();
    mlir::LLVM::AssumeOp::create(b_, here(), cond.value);
    return Val::none();
  }
  if (name == "debug_barrier") {
    bind({});
    ctx_.getOrLoadDialect<mlir::gpu::GPUDialect>();
    mlir::gpu::BarrierOp::create(b_, here());
    return Val::none();
  }

  // --- block pointers --------------------------------------------------------------------------
  if (name == "make_block_ptr") {
    BoundArgs a = bind({"base", "shape", "strides", "offsets", "block_shape",
                        "order"});
    Val base = a[0];
    if (!base.isTensor() || base.type.isBlock() || !base.type.elem.isPtr() ||
        base.type.elem.isBlockPtr())
      error(l, "Expected `base` to be a pointer type (but not a block "
               "pointer type or others), got " + base.describe());
    auto list = [&](const Val &v, const char *what) {
      if (v.kind != Val::Tuple)
        error(l, std::string("`") + what + "` of tl.make_block_ptr must be a "
                 "tuple, got " + v.describe());
      return v.elems;
    };
    std::vector<Val> shape = list(a[1], "shape"), strides = list(a[2], "strides"),
                     offsets = list(a[3], "offsets");
    std::vector<int64_t> block;
    for (const Val &v : list(a[4], "block_shape")) {
      if (!v.isNumber() || v.i < 0 || v.i > INT32_MAX)
        error(l, "Expected a list of constant integers (`int32_t` range) in "
                 "`block_shape`");
      block.push_back((int64_t)v.i);
    }
    std::vector<int32_t> order;
    for (const Val &v : list(a[5], "order"))
      order.push_back((int32_t)requireInt(v, l, "order"));
    std::vector<int32_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (size_t i = 0; i < sorted.size(); ++i)
      if (sorted[i] != (int32_t)i)
        error(l, "Expected a permutation of (0, 1, ..., len(order)-1) in "
                 "order");
    size_t n = block.size();
    if (shape.size() != n || strides.size() != n || offsets.size() != n ||
        order.size() != n)
      error(l, "Expected shape/strides/offsets/block_shape to have the same "
               "length");
    zeros(block, Scalar::I32); // validates the block shape
    auto ints = [&](const std::vector<Val> &vs, DType d, const char *what) {
      llvm::SmallVector<mlir::Value> out;
      for (const Val &v : vs) {
        Val t = toTensor(v, l);
        if (t.type.isBlock() || !t.type.elem.isInt())
          error(l, std::string("`") + what + "` of tl.make_block_ptr must "
                   "hold integer scalars, got " + t.describe());
        if (d.kind == Scalar::I32 && t.type.elem.bitwidth() > 32)
          error(l, "Block pointers only support 32 bit `offsets/block_shape`, "
                   "add a `.to(tl.int32)` or use regular indexing for 64 bit "
                   "support");
        out.push_back(cast(t, d, l).value);
      }
      return out;
    };
    auto sh = ints(shape, Scalar::I64, "shape");
    auto st = ints(strides, Scalar::I64, "strides");
    auto of = ints(offsets, Scalar::I32, "offsets");
    DType elem = base.type.elem.element().elem;
    if (elem.isBool()) {
      elem = Scalar::I8;
      base = cast(base, DType::pointerTo(TType(elem)), l);
    }
    auto op = tt::MakeTensorPtrOp::create(b_, here(), base.value, sh, st, of,
                                          block, order);
    DType pt = DType::pointerTo(TType(elem, block),
                                base.type.elem.addressSpace);
    return Val::tensor(op, TType(pt));
  }
  if (name == "advance") {
    BoundArgs a = bind({"base", "offsets"});
    Val base = a[0];
    if (!base.isTensor() || !base.type.elem.isBlockPtr())
      error(l, "tl.advance needs a block pointer, got " + base.describe());
    if (a[1].kind != Val::Tuple)
      error(l, "the offsets of tl.advance must be a tuple");
    size_t rank = base.type.elem.element().shape.size();
    if (a[1].elems.size() != rank)
      error(l, "tl.advance needs " + std::to_string(rank) + " offsets, got " +
                   std::to_string(a[1].elems.size()));
    llvm::SmallVector<mlir::Value> offs;
    for (const Val &v : a[1].elems) {
      Val t = toTensor(v, l);
      if (t.type.isBlock() || !t.type.elem.isInt())
        error(l, "the offsets of tl.advance must be integer scalars");
      offs.push_back(cast(t, Scalar::I32, l).value);
    }
    auto op = tt::AdvanceOp::create(b_, here(), base.type.toMLIR(c),
                                    base.value, offs);
    return Val::tensor(op, base.type);
  }
  if (name == "histogram") {
    BoundArgs a = bind({"input", "num_bins", "mask?"});
    Val x = tensorOf(a[0], "the input");
    if (x.type.shape.size() != 1)
      error(l, "histogram only supports 1D input");
    if (!x.type.elem.isInt())
      error(l, "histogram only supports integer input");
    int64_t bins = requireInt(a[1], l, "num_bins");
    TType rt(Scalar::I32, {bins});
    zeros({bins}, Scalar::I32);
    mlir::Value mask;
    if (a[2].kind != Val::None) {
      Val m = tensorOf(a[2], "mask");
      if (!m.type.elem.isBool())
        error(l, "Mask must have boolean scalar type, got " + m.type.str());
      mask = broadcastTo(m, x.type.shape, l).value;
    }
    auto op = tt::HistogramOp::create(b_, here(), rt.toMLIR(c), x.value, mask);
    return Val::tensor(op, rt);
  }
  if (name == "gather") {
    // Triton's semantic.gather: out[i] = src[i with i[axis] = index[i]].
    BoundArgs a = bind({"src", "index", "axis"});
    Val src = tensorOf(a[0], "the source");
    Val index = tensorOf(a[1], "the index");
    if (!index.type.elem.isInt())
      error(l, "index must be an integer tensor");
    int64_t rank = int64_t(src.type.shape.size());
    if (int64_t(index.type.shape.size()) != rank)
      error(l, "source and index tensors must have the same rank");
    int64_t axis = requireInt(a[2], l, "axis");
    if (axis < -rank || axis >= rank)
      error(l, "gather axis " + std::to_string(axis) +
                   " must be < source rank (" + std::to_string(rank) + ")");
    if (axis < 0)
      axis += rank;
    for (int64_t d = 0; d < rank; ++d)
      if (d != axis && index.type.shape[d] != src.type.shape[d])
        error(l, "index dim " + std::to_string(axis) +
                     " must match the corresponding source dim");
    TType rt(src.type.elem, index.type.shape);
    auto op = tt::GatherOp::create(b_, here(), rt.toMLIR(c), src.value,
                                   index.value, b_.getI32IntegerAttr(axis),
                                   mlir::UnitAttr());
    return Val::tensor(op, rt);
  }
  if (name == "inline_asm_elementwise" || name == "extern_elementwise")
    error(l, "tl." + name + " is not supported by Trident: it ties a kernel "
             "to one vendor");
  error(l, "tl." + name + " is not supported by Trident");
}

} // namespace trident::frontend
