//===- Builtins.cpp - the builtins table, attributes and methods ----------===//
//
// The table of builtins (one row per name, from the family files in
// Builtins/: see Builtins/Builtins.h), Generator::callBuiltin's dispatch
// through it and the argument binding the handlers share; module, tensor
// and dtype attributes, and tensor and dtype methods. Functions written in
// the language itself (tl.sum, tl.softmax, tl.rand, ...) live in the
// prelude.
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Builtins/Builtins.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>

namespace trident::frontend {

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

namespace builtins {

llvm::ArrayRef<const Entry *> allBuiltins() {
  static const std::vector<const Entry *> rows = [] {
    std::vector<const Entry *> out;
    for (llvm::ArrayRef<Entry> family :
         {pythonBuiltins(), creationBuiltins(), castBuiltins(),
          memoryBuiltins(), atomicBuiltins(), dotBuiltins(),
          reductionBuiltins(), mathBuiltins(), elementwiseBuiltins(),
          shapeBuiltins(), hintBuiltins(), debugBuiltins(),
          descriptorBuiltins()})
      for (const Entry &e : family)
        out.push_back(&e);
    return out;
  }();
  return rows;
}

const Entry *findBuiltin(llvm::StringRef name) {
  static const llvm::StringMap<const Entry *> byName = [] {
    llvm::StringMap<const Entry *> map;
    for (const Entry *e : allBuiltins()) {
      if (!map.try_emplace(e->name, e).second)
        llvm::report_fatal_error(llvm::Twine("builtin '") + e->name +
                                 "' has two rows in the builtins table");
      if (!e->handler)
        llvm::report_fatal_error(llvm::Twine("builtin '") + e->name +
                                 "' has no handler");
    }
    return map;
  }();
  auto it = byName.find(name);
  return it == byName.end() ? nullptr : it->second;
}

namespace {

/// A builtin's parameters: "x" required, "x?" optional (None), "*x" the
/// remaining positional arguments as a tuple.
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

BoundArgs bind(Generator &g, Call &c,
               std::initializer_list<const char *> specs) {
  Params p = parseParams(specs);
  return g.bindArguments(
      c.name.rfind("py.", 0) == 0 ? c.name.substr(3) : c.name, p.names,
      p.optional, p.varargs, c.args, c.kwargs, c.loc, /*atMost=*/true);
}

Val shapeArg(const Val &v) {
  if (v.kind == Val::Tuple && v.elems.size() == 1 &&
      (v.elems[0].kind == Val::Tuple))
    return v.elems[0];
  return v;
}

std::string optStr(Generator &g, const Val &v, SourceLoc l,
                   const std::string &what) {
  if (v.kind == Val::None)
    return "";
  return g.requireStr(v, l, what);
}

mlir::triton::CacheModifier loadCacheModifier(Generator &g,
                                              const std::string &cache,
                                              SourceLoc l) {
  using mlir::triton::CacheModifier;
  if (cache == ".ca")
    return CacheModifier::CA;
  if (cache == ".cg")
    return CacheModifier::CG;
  if (cache == ".cv")
    return CacheModifier::CV;
  if (!cache.empty())
    g.error(l, "Cache modifier " + cache + " not supported");
  return CacheModifier::NONE;
}

mlir::triton::EvictionPolicy evictionPolicy(Generator &g,
                                            const std::string &evict,
                                            SourceLoc l) {
  using mlir::triton::EvictionPolicy;
  if (evict == "evict_last")
    return EvictionPolicy::EVICT_LAST;
  if (evict == "evict_first")
    return EvictionPolicy::EVICT_FIRST;
  if (!evict.empty() && evict != "evict_normal")
    g.error(l, "Eviction policy " + evict + " not supported");
  return EvictionPolicy::NORMAL;
}

void checkAxis(Generator &g, int64_t &axis, int64_t rank, SourceLoc l) {
  if (axis < -rank || axis >= rank)
    g.error(l, "invalid axis " + std::to_string(axis) + ". Expected " +
                   std::to_string(-rank) + " <= axis < " +
                   std::to_string(rank));
  if (axis < 0)
    axis += rank;
}

} // namespace builtins

using builtins::findBuiltin;

bool Generator::isLanguageBuiltin(const std::string &name) {
  const builtins::Entry *e = findBuiltin(name);
  return e && (e->flags & builtins::Language);
}

Val Generator::preludeFunction(const std::string &name) {
  Val fv;
  fv.kind = Val::Function;
  fv.fn = prelude_.ast->findFunction(name);
  fv.owner = &prelude_;
  return fv;
}

bool Generator::isTensorMember(const std::string &name) {
  if (const builtins::Entry *e = findBuiltin(name))
    return e->flags & builtins::TensorMethod;
  const FunctionDef *f = prelude_.ast->findFunction(name);
  return f && llvm::is_contained(f->decorators, "_tensor_member_fn");
}

Val Generator::callBuiltin(const std::string &name, const Expr &call,
                           std::vector<Val> args,
                           std::vector<std::pair<std::string, Val>> kwargs,
                           SourceLoc l) {
  if (name == "host.get_int_dtype" && !kwargs.empty()) {
    BoundArgs b = bindArguments("get_int_dtype", {"bitwidth", "signed"},
                                {false, false}, /*varargs=*/-1, args, kwargs,
                                l, /*atMost=*/false);
    return callHost(name, b.values, l);
  }
  if (name.rfind("host.", 0) == 0) {
    if (!kwargs.empty())
      error(l, name.substr(5) + "() takes no keyword arguments here");
    return callHost(name, args, l);
  }
  const builtins::Entry *e = findBuiltin(name);
  if (!e || !e->handler)
    error(l, "tl." + name + " is not supported by Trident");
  builtins::Call c{name, call, args, kwargs, l};
  return e->handler(*this, c);
}

//===----------------------------------------------------------------------===//
// Methods and attributes
//===----------------------------------------------------------------------===//

namespace {

/// A dtype's predicate methods (`x.dtype.is_fp16()`), as Triton's dtype
/// has them.
struct DTypePredicate {
  const char *name;
  bool (*test)(const DType &d);
};

template <Scalar K> bool isKind(const DType &d) { return d.kind == K; }

const DTypePredicate kDTypePredicates[] = {
    {"is_floating", [](const DType &d) { return d.isFloat(); }},
    {"is_standard_floating", [](const DType &d) { return d.isStandardFloat(); }},
    {"is_int", [](const DType &d) { return d.isInt(); }},
    {"is_bool", isKind<Scalar::I1>},
    {"is_int1", isKind<Scalar::I1>},
    {"is_int_signed", [](const DType &d) { return d.isSigned() && !d.isBool(); }},
    {"is_int_unsigned", [](const DType &d) { return d.isUnsigned() || d.isBool(); }},
    {"is_ptr", [](const DType &d) { return d.isPtr(); }},
    {"is_block", [](const DType &) { return false; }},
    {"is_fp8", [](const DType &d) { return d.isFP8(); }},
    {"is_fp8e4nv", isKind<Scalar::FP8E4NV>},
    {"is_fp8e5", isKind<Scalar::FP8E5>},
    {"is_fp16", isKind<Scalar::FP16>},
    {"is_bf16", isKind<Scalar::BF16>},
    {"is_fp32", isKind<Scalar::FP32>},
    {"is_fp64", isKind<Scalar::FP64>},
    {"is_int8", isKind<Scalar::I8>},
    {"is_int16", isKind<Scalar::I16>},
    {"is_int32", isKind<Scalar::I32>},
    {"is_int64", isKind<Scalar::I64>},
    {"is_uint8", isKind<Scalar::U8>},
    {"is_uint16", isKind<Scalar::U16>},
    {"is_uint32", isKind<Scalar::U32>},
    {"is_uint64", isKind<Scalar::U64>},
};

const DTypePredicate *findDTypePredicate(const std::string &name) {
  for (const DTypePredicate &p : kDTypePredicates)
    if (name == p.name)
      return &p;
  return nullptr;
}

} // namespace

Val Generator::callMethod(const Val &self, const std::string &name,
                          const Expr &call, std::vector<Val> args,
                          std::vector<std::pair<std::string, Val>> kwargs,
                          SourceLoc l) {
  if (self.kind == Val::Str) {
    if (!kwargs.empty())
      error(l, "str." + name + "() takes no keyword arguments here");
    return callStringMethod(self, name, args, l);
  }
  if (self.kind == Val::DTypeV) {
    if (!args.empty() || !kwargs.empty())
      error(l, "dtype." + name + "() takes no arguments");
    if (const DTypePredicate *p = findDTypePredicate(name))
      return Val::boolean(p->test(self.dtype));
    error(l, "dtype has no method '" + name + "'");
  }
  // Tensor methods forward to the builtin or prelude function of that name
  // (attribute() made `name` a method only if isTensorMember says so).
  std::vector<Val> all{self};
  all.insert(all.end(), args.begin(), args.end());
  if (findBuiltin(name))
    return callBuiltin(name, call, all, kwargs, l);
  Val mod = Val::module("triton.language");
  Val fn = attribute(mod, name, l);
  return callFunction(fn, call, all, kwargs, l);
}

Val Generator::attribute(const Val &v, const std::string &name, SourceLoc l) {
  // `x.value` of a compile-time value: Triton's tl.constexpr wraps such
  // values and `.value` unwraps them (`dtype_ = dtype.value` in a helper);
  // Trident keeps them unwrapped, so it is the value itself.
  if (name == "value" && v.isConstexpr() && v.kind != Val::Module)
    return v;
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
      if (name == "__version__")
        return Val::string(kTritonVersion);
      const builtins::Entry *e = findBuiltin(name);
      if (e && (e->flags & builtins::Triton))
        return Val::builtin(name);
      // triton.cdiv, Triton's host function, computes what tl.cdiv (the
      // prelude's) computes, a compile-time value from compile-time ones.
      if (name == "cdiv")
        return preludeFunction(name);
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
        if (name == "tuple") // tl.tuple(iterable), Triton's tuple value
          return Val::builtin("py.tuple");
        if (name == "constexpr" || name == "tensor" || name == "dtype" ||
            name == "tensor_descriptor" || name == "tensor_descriptor_base")
          return Val::typeObj(name);
        if (name == "math")
          return Val::module("triton.language.math");
        if (name == "PropagateNan")
          return Val::module("triton.language.PropagateNan");
        if (name == "extra")
          return Val::module("triton.language.extra");
        // triton.language.core.get_int_dtype(bitwidth, signed), a host
        // function of constexprs that kernels call.
        if (name == "get_int_dtype")
          return Val::builtin("host.get_int_dtype");
        // triton.language.core's unwrapping helpers (TorchInductor's
        // triton_helpers calls _constexpr_to_value): the value itself, as
        // a constexpr is here.
        if (name == "_constexpr_to_value" || name == "_unwrap_if_constexpr")
          return Val::builtin("host.unwrap_constexpr");
        if (name == "core" || name == "standard" || name == "random" ||
            name == "target_info")
          return Val::module("triton.language." + name);
        if (name == "jit")
          return Val::builtin("jit");
      }
      if (isLanguageBuiltin(name) &&
          (!isMath || name != "range"))
        return Val::builtin(name);
      if (prelude_.ast->findFunction(name))
        return preludeFunction(name);
      error(l, path + "." + name + " is not supported by Trident (or does "
                                   "not exist in triton.language)");
    }
    if (path == "triton.language.target_info") {
      // Triton's constexpr functions of the compile's target (answered in
      // callHostFunction).
      static const char *const kFunctions[] = {
          "is_cuda",      "cuda_capability_geq", "is_hip",
          "is_hip_cdna3", "is_hip_cdna4",        "is_hip_gfx1250"};
      std::string known;
      for (const char *f : kFunctions) {
        if (name == f)
          return Val::builtin("host.target_info." + name);
        known += (known.empty() ? "" : ", ") + std::string(f);
      }
      error(l, "triton.language.target_info." + name +
                   " is not supported by Trident (it has " + known + ")");
    }
    if (path == "triton.language.extra" ||
        path == "triton.language.extra.cuda" ||
        path == "triton.language.extra.hip") {
      if (name == "libdevice")
        return Val::module(path + ".libdevice");
      if (name == "cuda" || name == "hip")
        return Val::module(path + "." + name);
      // Grid dependency control (programmatic dependent launch).
      if (path == "triton.language.extra.cuda" &&
          (name == "gdc_wait" || name == "gdc_launch_dependents"))
        return preludeFunction("_cuda_" + name);
      // triton.language.extra.cuda's utilities: the special registers
      // through inline PTX, and the launch's warps as constants.
      if (path == "triton.language.extra.cuda" &&
          (name == "globaltimer" || name == "smid"))
        return preludeFunction("_cuda_" + name);
      if (path == "triton.language.extra.cuda" &&
          (name == "num_warps" || name == "num_threads"))
        return Val::builtin("host.cuda." + name);
    }
    if (path.size() > 10 &&
        path.compare(path.size() - 10, 10, ".libdevice") == 0) {
      // The vendor math libraries map to portable math ops.
      const std::string prefix = "libdevice.";
      if (findBuiltin(prefix + name))
        return Val::builtin(prefix + name);
      // Those written in the language (lib/prelude/standard.py).
      if (prelude_.ast->findFunction("_libdevice_" + name))
        return preludeFunction("_libdevice_" + name);
      std::string all;
      for (const builtins::Entry *e : builtins::allBuiltins()) {
        llvm::StringRef row(e->name);
        if (row.consume_front(prefix))
          all += (all.empty() ? "" : ", ") + row.str();
      }
      all += ", hypot, nextafter";
      error(l, "libdevice." + name + " is not supported by Trident (it "
               "supports: " + all + ")");
    }
    error(l, "module '" + path + "' cannot be used inside a @jit function "
             "(only triton and triton.language are available there)");
  }
  case Val::Tensor: {
    if (v.type.elem.isDesc())
      return builtins::descriptorAttribute(*this, v, name, l);
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
    if (isTensorMember(name)) {
      Val meth;
      meth.kind = Val::Method;
      meth.str = name;
      meth.elems.push_back(v);
      return meth;
    }
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
    if (findDTypePredicate(name)) {
      Val meth;
      meth.kind = Val::Method;
      meth.str = name;
      meth.elems.push_back(v);
      return meth;
    }
    error(l, "dtype has no attribute '" + name + "'");
  }
  case Val::Str:
  case Val::Version: {
    Val out;
    if (hostValueAttribute(v, name, l, out))
      return out;
    error(l, v.describe() + " has no attribute '" + name + "' that Trident "
             "knows");
  }
  default:
    error(l, v.describe() + " has no attribute '" + name + "'");
  }
}

} // namespace trident::frontend
