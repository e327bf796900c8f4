//===- HostConstants.cpp - the Python subset of module-level constants ----===//
//
// Kernel files compute constants with host Python: `_kAlpha =
// math.sqrt(2.0 / math.pi)`, `NEG = tl.constexpr(torch.finfo(torch.float32)
// .min)`, and choose them with module-level `if`s: `if
// version.parse(triton.__version__) >= version.parse("3.2")`, `if
// os.environ.get("FLAG", "0") == "1"`. Module-level values and conditions
// are evaluated at compile time with this subset (documented in
// docs/language.md): math's constants and functions, torch's and numpy's
// standard dtypes with finfo/iinfo of them, the environment (os.environ,
// os.getenv), versions (packaging, distutils, pkg_resources, importlib.
// metadata.version of triton), typing.TYPE_CHECKING (False), operator's
// comparisons, and strings' lower/upper/strip/startswith/endswith.
// Constants work anywhere; functions only while a module-level value is
// evaluated.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include "trident/Frontend/Imports.h"

#include <cfloat>
#include <cmath>
#include <cstdint>

namespace trident::frontend {

namespace {

/// torch's and numpy's dtype names -> Triton's.
const char *dtypeName(const std::string &module, const std::string &name) {
  static const std::pair<const char *, const char *> kNames[] = {
      {"float16", "fp16"}, {"half", "fp16"}, {"bfloat16", "bf16"},
      {"float32", "fp32"}, {"float", "fp32"}, {"single", "fp32"},
      {"float64", "fp64"}, {"double", "fp64"},
      {"int8", "i8"}, {"int16", "i16"}, {"short", "i16"},
      {"int32", "i32"}, {"intc", "i32"}, {"int64", "i64"}, {"long", "i64"},
      {"uint8", "u8"}, {"uint16", "u16"}, {"uint32", "u32"}, {"uint64", "u64"},
      {"bool", "i1"}, {"bool_", "i1"},
  };
  for (const auto &[n, t] : kNames)
    if (name == n) {
      // numpy has no bfloat16; torch has no `single`/`intc`/`bool_`.
      if (module == "numpy" && name == "bfloat16")
        return nullptr;
      return t;
    }
  return nullptr;
}

/// The numeric release of a version text ("3.2.0" -> 3, 2, 0; "3.1.0rc1"
/// -> 3, 1, 0): the parts that decide comparisons of real releases.
std::vector<long> versionParts(const std::string &v) {
  std::vector<long> parts;
  size_t i = 0;
  if (i < v.size() && (v[i] == 'v' || v[i] == 'V'))
    ++i;
  while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i]))) {
    long n = 0;
    while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i])))
      n = n * 10 + (v[i++] - '0');
    parts.push_back(n);
    if (i + 1 < v.size() && v[i] == '.' &&
        std::isdigit(static_cast<unsigned char>(v[i + 1])))
      ++i;
    else
      break;
  }
  return parts;
}

int compareVersions(const std::string &a, const std::string &b) {
  std::vector<long> x = versionParts(a), y = versionParts(b);
  for (size_t i = 0; i < std::max(x.size(), y.size()); ++i) {
    long p = i < x.size() ? x[i] : 0, q = i < y.size() ? y[i] : 0;
    if (p != q)
      return p < q ? -1 : 1;
  }
  return 0;
}

/// Host modules of the subset besides math, torch and numpy: attribute
/// `name` of `path`, a value or a host function ("host.<...>").
bool hostModuleMember(const std::string &path, const std::string &name,
                      Val &out) {
  if (path == "os") {
    if (name == "environ")
      return out = Val::module("host.os.environ"), true;
    if (name == "getenv")
      return out = Val::builtin("host.os.getenv"), true;
  } else if (path == "host.os.environ") {
    if (name == "get")
      return out = Val::builtin("host.os.environ.get"), true;
  } else if (path == "typing") {
    // Type checkers see True; the interpreter that imports the module,
    // False.
    if (name == "TYPE_CHECKING")
      return out = Val::boolean(false), true;
  } else if (path == "packaging") {
    if (name == "version")
      return out = Val::module("packaging.version"), true;
  } else if (path == "packaging.version") {
    if (name == "parse" || name == "Version")
      return out = Val::builtin("host.version.parse"), true;
  } else if (path == "distutils") {
    if (name == "version")
      return out = Val::module("distutils.version"), true;
  } else if (path == "distutils.version") {
    if (name == "LooseVersion" || name == "StrictVersion")
      return out = Val::builtin("host.version.parse"), true;
  } else if (path == "pkg_resources") {
    if (name == "parse_version")
      return out = Val::builtin("host.version.parse"), true;
  } else if (path == "importlib") {
    if (name == "metadata")
      return out = Val::module("importlib.metadata"), true;
  } else if (path == "importlib.metadata" || path == "importlib_metadata") {
    if (name == "version")
      return out = Val::builtin("host.importlib.metadata.version"), true;
  } else if (path == "operator") {
    for (const char *op : {"ge", "gt", "le", "lt", "eq", "ne"})
      if (name == op)
        return out = Val::builtin(std::string("host.operator.") + op), true;
  }
  return false;
}

/// Whether `path` is one of those modules.
bool isHostModule(const std::string &path) {
  for (const char *m : {"os", "host.os.environ", "typing", "packaging",
                        "packaging.version", "distutils", "distutils.version",
                        "pkg_resources", "importlib", "importlib.metadata",
                        "importlib_metadata", "operator"})
    if (path == m)
      return true;
  return false;
}

} // namespace

bool Generator::hostAttribute(const std::string &path, const std::string &name,
                              SourceLoc l, Val &out) {
  if (isHostModule(path)) {
    if (hostModuleMember(path, name, out))
      return true;
    if (!frame().hostConstants)
      return false;
    error(l, (path == "host.os.environ" ? std::string("os.environ")
                                         : path) +
                 "." + name + " is not in the subset of Python that Trident "
                 "evaluates for module-level values and conditions");
  }
  if (path == "math") {
    static const std::pair<const char *, double> kConstants[] = {
        {"pi", M_PI}, {"e", M_E}, {"tau", 2 * M_PI},
        {"inf", INFINITY}, {"nan", NAN}};
    for (const auto &[n, v] : kConstants)
      if (name == n) {
        out = Val::floating(v);
        return true;
      }
    static const char *kFunctions[] = {
        "sqrt", "exp", "expm1", "log", "log2", "log10", "log1p", "sin",
        "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh",
        "tanh", "pow", "fabs", "floor", "ceil", "trunc", "erf", "erfc",
        "copysign", "hypot", "radians", "degrees", "isinf", "isnan",
        "isfinite", "gcd", "fmod"};
    for (const char *f : kFunctions)
      if (name == f) {
        out = Val::builtin(std::string("host.math.") + f);
        return true;
      }
    if (!frame().hostConstants)
      return false; // in a kernel: "module 'math' cannot be used ..."
    error(l, "math." + name + " is not in the subset of Python that Trident "
             "evaluates (math's constants and its functions of numbers)");
  }
  if (path == "torch" || path == "numpy") {
    if (const char *t = dtypeName(path, name)) {
      DType d;
      parseSignatureType(t, d);
      out = Val::dtypeObj(d);
      return true;
    }
    if (name == "finfo" || name == "iinfo") {
      out = Val::builtin("host." + name);
      return true;
    }
    if (!frame().hostConstants)
      return false;
    error(l, path + "." + name + " is not in the subset of Python that "
             "Trident evaluates for module-level constants (" + path +
             "'s standard dtypes, " + path + ".finfo and " + path + ".iinfo)");
  }
  if (path.rfind("host.finfo.", 0) == 0 || path.rfind("host.iinfo.", 0) == 0) {
    bool isF = path[5] == 'f';
    // The pseudo-module's last part is the Scalar kind, as a number.
    DType d(static_cast<Scalar>(std::stoi(path.substr(11))));
    if (isF) {
      // (max, eps, smallest normal, bits, resolution)
      double max = 0, eps = 0, tiny = 0, resolution = 0;
      int bits = 0;
      switch (d.kind) {
      case Scalar::FP16:
        max = 65504.0, eps = std::ldexp(1.0, -10), tiny = std::ldexp(1.0, -14);
        bits = 16, resolution = 1e-3;
        break;
      case Scalar::BF16:
        max = 3.3895313892515355e38, eps = std::ldexp(1.0, -7);
        tiny = std::ldexp(1.0, -126), bits = 16, resolution = 1e-2;
        break;
      case Scalar::FP32:
        max = FLT_MAX, eps = FLT_EPSILON, tiny = FLT_MIN, bits = 32;
        resolution = 1e-6;
        break;
      case Scalar::FP64:
        max = DBL_MAX, eps = DBL_EPSILON, tiny = DBL_MIN, bits = 64;
        resolution = 1e-15;
        break;
      default:
        break;
      }
      if (name == "max") out = Val::floating(max);
      else if (name == "min") out = Val::floating(-max);
      else if (name == "eps") out = Val::floating(eps);
      else if (name == "tiny" || name == "smallest_normal") out = Val::floating(tiny);
      else if (name == "resolution") out = Val::floating(resolution);
      else if (name == "bits") out = Val::integer(bits);
      else
        error(l, "finfo has no attribute '" + name + "' that Trident knows "
                 "(max, min, eps, tiny, smallest_normal, resolution, bits)");
      return true;
    }
    int bits = 0;
    bool isSigned = true;
    switch (d.kind) {
    case Scalar::I8: bits = 8; break;
    case Scalar::I16: bits = 16; break;
    case Scalar::I32: bits = 32; break;
    case Scalar::I64: bits = 64; break;
    case Scalar::U8: bits = 8, isSigned = false; break;
    case Scalar::U16: bits = 16, isSigned = false; break;
    case Scalar::U32: bits = 32, isSigned = false; break;
    case Scalar::U64: bits = 64, isSigned = false; break;
    default: break;
    }
    __int128 one = 1;
    if (name == "max")
      out = Val::integer(isSigned ? (one << (bits - 1)) - 1 : (one << bits) - 1);
    else if (name == "min")
      out = Val::integer(isSigned ? -(one << (bits - 1)) : 0);
    else if (name == "bits")
      out = Val::integer(bits);
    else
      error(l, "iinfo has no attribute '" + name + "' that Trident knows "
               "(max, min, bits)");
    return true;
  }
  return false;
}

Val Generator::callHost(const std::string &name, const std::vector<Val> &args,
                        SourceLoc l) {
  if (name == "host.finfo" || name == "host.iinfo") {
    bool isF = name == "host.finfo";
    if (args.size() != 1 || args[0].kind != Val::DTypeV)
      error(l, name.substr(5) + "() takes one dtype here (torch.float32, "
               "numpy.int8, ...)");
    const DType &d = args[0].dtype;
    bool ok = isF ? (d.kind == Scalar::FP16 || d.kind == Scalar::BF16 ||
                     d.kind == Scalar::FP32 || d.kind == Scalar::FP64)
                  : (d.isInt() && d.kind != Scalar::I1);
    if (!ok)
      error(l, name.substr(5) + "(" + d.str() + ") is not known to Trident (" +
               (isF ? "float16, bfloat16, float32, float64"
                    : "int8 to int64, uint8 to uint64") + ")");
    return Val::module((isF ? "host.finfo." : "host.iinfo.") +
                       std::to_string(static_cast<int>(d.kind)));
  }
  if (name.rfind("host.math.", 0) != 0)
    return callHostFunction(name, args, l);
  std::string fn = name.substr(10); // after "host.math."
  for (const Val &a : args)
    if (!a.isNumber())
      error(l, "math." + fn + "() takes numbers known at compile time here, "
               "got " + a.describe());
  auto num = [&](size_t i) {
    return args[i].kind == Val::Float ? args[i].f : double(args[i].i);
  };
  auto want = [&](size_t lo, size_t hi) {
    if (args.size() < lo || args.size() > hi)
      error(l, "math." + fn + "() takes " + std::to_string(lo) +
               (hi != lo ? " or " + std::to_string(hi) : "") + " arguments");
  };
  if (fn == "gcd") {
    for (const Val &a : args)
      if (a.kind == Val::Float)
        error(l, "math.gcd() takes integers");
    __int128 g = 0;
    for (const Val &a : args) {
      __int128 x = a.i < 0 ? -a.i : a.i;
      while (x) {
        __int128 t = g % x;
        g = x;
        x = t;
      }
    }
    return Val::integer(g);
  }
  if (fn == "isinf" || fn == "isnan" || fn == "isfinite") {
    want(1, 1);
    double x = num(0);
    return Val::boolean(fn == "isinf" ? std::isinf(x)
                        : fn == "isnan" ? std::isnan(x)
                                        : std::isfinite(x));
  }
  if (fn == "floor" || fn == "ceil" || fn == "trunc") {
    want(1, 1);
    if (args[0].kind != Val::Float)
      return Val::integer(args[0].i);
    double x = num(0);
    double r = fn == "floor" ? std::floor(x) : fn == "ceil" ? std::ceil(x) : std::trunc(x);
    if (!std::isfinite(r) || std::fabs(r) > 1.7e38)
      error(l, "math." + fn + "() of " + std::to_string(x) + " is not an integer");
    return Val::integer(static_cast<__int128>(r));
  }
  double r;
  if (fn == "log") {
    want(1, 2);
    r = args.size() == 2 ? std::log(num(0)) / std::log(num(1)) : std::log(num(0));
  } else if (fn == "pow" || fn == "atan2" || fn == "copysign" || fn == "hypot" ||
             fn == "fmod") {
    want(2, 2);
    double a = num(0), b = num(1);
    r = fn == "pow" ? std::pow(a, b) : fn == "atan2" ? std::atan2(a, b)
        : fn == "copysign" ? std::copysign(a, b) : fn == "hypot" ? std::hypot(a, b)
                                                 : std::fmod(a, b);
  } else {
    want(1, 1);
    double x = num(0);
    static const std::pair<const char *, double (*)(double)> kUnary[] = {
        {"sqrt", std::sqrt}, {"exp", std::exp}, {"expm1", std::expm1},
        {"log2", std::log2}, {"log10", std::log10}, {"log1p", std::log1p},
        {"sin", std::sin}, {"cos", std::cos}, {"tan", std::tan},
        {"asin", std::asin}, {"acos", std::acos}, {"atan", std::atan},
        {"sinh", std::sinh}, {"cosh", std::cosh}, {"tanh", std::tanh},
        {"fabs", std::fabs}, {"erf", std::erf}, {"erfc", std::erfc}};
    r = NAN;
    bool found = false;
    for (const auto &[n, f] : kUnary)
      if (fn == n) {
        r = f(x);
        found = true;
      }
    if (fn == "radians")
      r = x * M_PI / 180, found = true;
    if (fn == "degrees")
      r = x * 180 / M_PI, found = true;
    if (!found)
      error(l, "math." + fn + " is not supported by Trident");
    // Python raises where the C function returns NaN for a real argument.
    if (std::isnan(r) && !std::isnan(x))
      error(l, "math." + fn + "(" + std::to_string(x) + "): math domain error");
  }
  return Val::floating(r);
}

//===----------------------------------------------------------------------===//
// The environment, versions, strings
//===----------------------------------------------------------------------===//

Val Generator::callHostFunction(const std::string &name,
                                const std::vector<Val> &args, SourceLoc l) {
  if (name == "host.os.environ.get" || name == "host.os.getenv") {
    const char *shown = name == "host.os.getenv" ? "os.getenv" : "os.environ.get";
    if (args.empty() || args.size() > 2 || args[0].kind != Val::Str)
      error(l, std::string(shown) + "() takes the variable's name (a string) "
               "and an optional default");
    std::string value;
    if (loader_.environment(args[0].str, value))
      return Val::string(value);
    return args.size() == 2 ? args[1] : Val::none();
  }
  if (name == "host.version.parse") {
    if (args.size() != 1 ||
        (args[0].kind != Val::Str && args[0].kind != Val::Version))
      error(l, "a version is parsed from one string here");
    Val v;
    v.kind = Val::Version;
    v.str = args[0].str;
    return v;
  }
  if (name == "host.importlib.metadata.version") {
    if (args.size() != 1 || args[0].kind != Val::Str)
      error(l, "importlib.metadata.version() takes a package name");
    // The drop-in reports Triton's version under both names
    // (frontend/python/trident/_version.py).
    if (args[0].str == "triton" || args[0].str == "trident")
      return Val::string(kTritonVersion);
    error(l, "the version of package '" + args[0].str + "' is not known "
             "when Trident reads a kernel file (only triton's is)");
  }
  if (name.rfind("host.target_info.", 0) == 0) {
    // triton.language.target_info: the compile's target, as Triton's
    // constexpr functions read the active driver's.
    // Without a target (tridentc --emit ttir-raw of no --target), every
    // answer is False, as Triton's without an active driver.
    std::string what = name.substr(17);
    const std::string &target = spec().target;
    bool cuda = target.rfind("cuda:", 0) == 0, hip = target.rfind("hip:", 0) == 0;
    std::string arch = target.substr(target.find(':') + 1);
    if (what == "cuda_capability_geq") {
      if (args.empty() || args.size() > 2 || args[0].kind != Val::Int ||
          (args.size() == 2 && args[1].kind != Val::Int))
        error(l, "cuda_capability_geq() takes a major and a minor version");
      if (!cuda)
        return Val::boolean(false);
      long long have = std::atoll(arch.c_str());
      long long want = (long long)args[0].i * 10 +
                       (args.size() == 2 ? (long long)args[1].i : 0);
      return Val::boolean(have >= want);
    }
    if (!args.empty())
      error(l, what + "() takes no arguments");
    if (what == "is_cuda")
      return Val::boolean(cuda);
    if (what == "is_hip")
      return Val::boolean(hip);
    if (what == "is_hip_cdna3")
      return Val::boolean(hip && arch == "gfx942");
    if (what == "is_hip_cdna4")
      return Val::boolean(hip && arch == "gfx950");
    return Val::boolean(hip && arch == "gfx1250"); // is_hip_gfx1250
  }
  if (name == "host.cuda.num_warps" || name == "host.cuda.num_threads") {
    std::string what = name.substr(10) + "()";
    if (!args.empty())
      error(l, what + " takes no arguments");
    if (spec().numWarps <= 0)
      error(l, what + " needs the kernel's num_warps, which this compile "
                      "does not give");
    return Val::integer(spec().numWarps *
                        (name == "host.cuda.num_threads" ? 32 : 1));
  }
  if (name == "host.unwrap_constexpr") {
    if (args.size() != 1)
      error(l, "_constexpr_to_value() takes one argument");
    return args[0];
  }
  if (name == "host.get_int_dtype") {
    if (args.size() != 2 || !args[0].isNumber() || args[0].kind == Val::Float ||
        !args[1].isNumber())
      error(l, "get_int_dtype() takes a bit width and whether it is signed");
    int bits = static_cast<int>(args[0].i);
    bool isSigned = args[1].kind == Val::Float ? args[1].f != 0 : args[1].i != 0;
    const char *t = bits == 1                ? "i1"
                    : bits == 8              ? (isSigned ? "i8" : "u8")
                    : bits == 16             ? (isSigned ? "i16" : "u16")
                    : bits == 32             ? (isSigned ? "i32" : "u32")
                    : bits == 64             ? (isSigned ? "i64" : "u64")
                                             : nullptr;
    if (!t)
      error(l, "Unsupported bitwidth " + std::to_string(bits) +
                   " and signedness " + (isSigned ? "True" : "False"));
    DType d;
    parseSignatureType(t, d);
    return Val::dtypeObj(d);
  }
  if (name.rfind("host.operator.", 0) == 0) {
    if (args.size() != 2)
      error(l, "operator." + name.substr(14) + "() takes two arguments");
    static const std::pair<const char *, const char *> kOps[] = {
        {"ge", ">="}, {"gt", ">"}, {"le", "<="},
        {"lt", "<"},  {"eq", "=="}, {"ne", "!="}};
    for (const auto &[fn, op] : kOps)
      if (name.substr(14) == fn)
        return compareOp(op, args[0], args[1], l);
  }
  error(l, name.substr(5) + " is not supported by Trident");
}

Val Generator::hostEnvironment(const Val &key, SourceLoc l, bool &present) {
  if (key.kind != Val::Str)
    error(l, "os.environ is indexed by strings, got " + key.describe());
  std::string value;
  present = loader_.environment(key.str, value);
  return present ? Val::string(value) : Val::none();
}

bool Generator::hostValueAttribute(const Val &v, const std::string &name,
                                   SourceLoc l, Val &out) {
  if (v.kind == Val::Version) {
    std::vector<long> parts = versionParts(v.str);
    auto part = [&](size_t i) {
      return Val::integer(i < parts.size() ? parts[i] : 0);
    };
    if (name == "major") return out = part(0), true;
    if (name == "minor") return out = part(1), true;
    if (name == "micro") return out = part(2), true;
    if (name == "release") {
      std::vector<Val> elems;
      for (long p : parts)
        elems.push_back(Val::integer(p));
      return out = Val::tuple(elems), true;
    }
    if (name == "base_version" || name == "public") {
      std::string text;
      for (size_t i = 0; i < parts.size(); ++i)
        text += (i ? "." : "") + std::to_string(parts[i]);
      return out = Val::string(name == "public" ? v.str : text), true;
    }
    return false;
  }
  if (v.kind == Val::Str) {
    for (const char *m : {"lower", "upper", "strip", "lstrip", "rstrip",
                          "startswith", "endswith"})
      if (name == m) {
        out.kind = Val::Method;
        out.str = name;
        out.elems = {v};
        return true;
      }
    return false;
  }
  (void)l;
  return false;
}

Val Generator::callStringMethod(const Val &self, const std::string &name,
                                const std::vector<Val> &args, SourceLoc l) {
  std::string s = self.str;
  if (name == "startswith" || name == "endswith") {
    if (args.size() != 1)
      error(l, "str." + name + "() takes one argument here");
    std::vector<Val> options = args[0].kind == Val::Tuple
                                   ? args[0].elems
                                   : std::vector<Val>{args[0]};
    bool r = false;
    for (const Val &o : options) {
      if (o.kind != Val::Str)
        error(l, "str." + name + "() takes a string or a tuple of strings");
      r |= name == "startswith"
               ? s.rfind(o.str, 0) == 0
               : s.size() >= o.str.size() &&
                     s.compare(s.size() - o.str.size(), o.str.size(), o.str) == 0;
    }
    return Val::boolean(r);
  }
  if (!args.empty())
    error(l, "str." + name + "() takes no arguments here");
  const char *space = " \t\n\r\f\v";
  if (name == "strip" || name == "lstrip") {
    size_t b = s.find_first_not_of(space);
    s = b == std::string::npos ? "" : s.substr(b);
  }
  if (name == "strip" || name == "rstrip") {
    size_t e = s.find_last_not_of(space);
    s = e == std::string::npos ? "" : s.substr(0, e + 1);
  }
  if (name == "lower" || name == "upper")
    for (char &c : s)
      c = name == "lower" ? std::tolower(static_cast<unsigned char>(c))
                          : std::toupper(static_cast<unsigned char>(c));
  return Val::string(s);
}

int Generator::compareHostValues(const Val &a, const Val &b) {
  if (a.kind == Val::Version || b.kind == Val::Version)
    return compareVersions(a.str, b.str);
  return a.str < b.str ? -1 : a.str > b.str ? 1 : 0;
}

Val Generator::hostIdiomCall(const std::vector<Val> &args, SourceLoc l,
                             bool &matched) {
  // `compare_version("triton", operator.ge, "3.0.0")`: packages define
  // such a helper with importlib.metadata; Trident cannot run host
  // functions, but this form compares triton's version.
  matched = args.size() == 3 && args[0].kind == Val::Str &&
            (args[0].str == "triton" || args[0].str == "trident") &&
            args[1].kind == Val::Builtin &&
            args[1].str.rfind("host.operator.", 0) == 0 &&
            (args[2].kind == Val::Str || args[2].kind == Val::Version);
  if (!matched)
    return Val();
  Val mine;
  mine.kind = Val::Version;
  mine.str = kTritonVersion;
  Val want = args[2];
  want.kind = Val::Version;
  return callHostFunction(args[1].str, {mine, want}, l);
}

} // namespace trident::frontend
