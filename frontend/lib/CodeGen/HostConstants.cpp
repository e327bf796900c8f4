//===- HostConstants.cpp - the Python subset of module-level constants ----===//
//
// Kernel files compute constants with host Python: `_kAlpha =
// math.sqrt(2.0 / math.pi)`, `NEG = tl.constexpr(torch.finfo(torch.float32)
// .min)`. Module-level values are evaluated at compile time with this
// subset (documented in docs/language.md): math's constants and functions,
// torch's and numpy's standard dtypes with finfo/iinfo of them. Constants
// (math.pi, torch.float16) work anywhere; functions only while a
// module-level value is evaluated.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

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

} // namespace

bool Generator::hostAttribute(const std::string &path, const std::string &name,
                              SourceLoc l, Val &out) {
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

} // namespace trident::frontend
