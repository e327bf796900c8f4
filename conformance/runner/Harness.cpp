//===- Harness.cpp - compile, launch, compare -----------------------------===//

#include "Harness.h"

#include "trident/Bundle.h"
#include "trident/Driver/Driver.h"
#include "trident/runtime.h"

#include <chrono>
#include <cmath>
#include <cstring>
#include <fnmatch.h>
#include <fstream>
#include <map>
#include <sstream>

namespace trident::conformance {

std::vector<Case> &registry() {
  static std::vector<Case> cases;
  return cases;
}

std::vector<Case> casesWithTTIR(const std::string &kernelDir) {
  std::vector<Case> all = registry();
  size_t n = all.size();
  for (size_t i = 0; i < n; ++i) {
    const Case &c = all[i];
    std::string stem;
    for (char ch : c.name)
      stem += ch == '/' ? std::string("__") : std::string(1, ch);
    std::string file = "ttir/" + stem + ".ttir";
    if (!std::ifstream(kernelDir + "/" + file))
      continue;
    Case t = c;
    t.name = "ttir/" + c.name;
    t.sourceFile = c.file;
    t.sourceSignature = c.signature;
    t.file = file;
    t.signature.clear();
    all.push_back(std::move(t));
  }
  return all;
}

const char *dtName(DT dt) {
  switch (dt) {
  case DT::I1: return "i1";
  case DT::I8: return "i8";
  case DT::I16: return "i16";
  case DT::I32: return "i32";
  case DT::I64: return "i64";
  case DT::U8: return "u8";
  case DT::U16: return "u16";
  case DT::U32: return "u32";
  case DT::U64: return "u64";
  case DT::F16: return "fp16";
  case DT::BF16: return "bf16";
  case DT::F32: return "fp32";
  case DT::F64: return "fp64";
  case DT::F8E4NV: return "fp8e4nv";
  case DT::F8E5: return "fp8e5";
  case DT::F8E4B8: return "fp8e4b8";
  case DT::F8E5B16: return "fp8e5b16";
  }
  return "?";
}

size_t dtBytes(DT dt) {
  switch (dt) {
  case DT::I1: case DT::I8: case DT::U8: return 1;
  case DT::F8E4NV: case DT::F8E5: case DT::F8E4B8: case DT::F8E5B16: return 1;
  case DT::I16: case DT::U16: case DT::F16: case DT::BF16: return 2;
  case DT::I32: case DT::U32: case DT::F32: return 4;
  default: return 8;
  }
}

bool dtIsFloat(DT dt) {
  return dt == DT::F16 || dt == DT::BF16 || dt == DT::F32 || dt == DT::F64 ||
         dt == DT::F8E4NV || dt == DT::F8E5 || dt == DT::F8E4B8 ||
         dt == DT::F8E5B16;
}

namespace {

uint16_t toHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000;
  int32_t exp = int32_t((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff)
    return uint16_t(sign | 0x7c00 | (mant ? 0x200 : 0));
  if (exp >= 31)
    return uint16_t(sign | 0x7c00);
  if (exp <= 0) {
    if (exp < -10)
      return uint16_t(sign);
    mant |= 0x800000;
    uint32_t shift = uint32_t(14 - exp);
    uint32_t half = mant >> shift, rem = mant & ((1u << shift) - 1),
             mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1)))
      ++half;
    return uint16_t(sign | half);
  }
  uint32_t half = sign | (uint32_t(exp) << 10) | (mant >> 13);
  uint32_t rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (half & 1)))
    ++half;
  return uint16_t(half);
}

float fromHalf(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16, exp = (h >> 10) & 0x1f,
           mant = h & 0x3ff, x;
  if (exp == 0) {
    if (mant == 0) {
      x = sign;
    } else {
      int e = -1;
      do {
        ++e;
        mant <<= 1;
      } while (!(mant & 0x400));
      x = sign | (uint32_t(127 - 15 - e) << 23) | ((mant & 0x3ff) << 13);
    }
  } else if (exp == 31) {
    x = sign | 0x7f800000 | (mant << 13);
  } else {
    x = sign | ((exp + 127 - 15) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

uint16_t toBF16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffff) > 0x7f800000)
    return uint16_t((x >> 16) | 0x40);
  return uint16_t((x + 0x7fff + ((x >> 16) & 1)) >> 16);
}

float fromBF16(uint16_t b) {
  uint32_t x = uint32_t(b) << 16;
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

/// The 8-bit float formats, decoded from their definition and encoded by
/// search over all 256 bytes: deliberately unlike the backends' bit tricks.
struct Fp8Format {
  int exponentBits, fractionBits, bias;
  bool fnuz;     ///< NaN is 0x80, no negative zero, no infinities
  bool ieee;     ///< the all-ones exponent holds infinities and NaNs
};

Fp8Format fp8Format(DT dt) {
  switch (dt) {
  case DT::F8E4NV: return {4, 3, 7, false, false};
  case DT::F8E5: return {5, 2, 15, false, true};
  case DT::F8E4B8: return {4, 3, 8, true, false};
  default: return {5, 2, 16, true, false};
  }
}

double fp8Decode(const Fp8Format &f, uint8_t b) {
  if (f.fnuz && b == 0x80)
    return std::nan("");
  bool negative = b & 0x80;
  int e = (b & 0x7f) >> f.fractionBits;
  int m = b & ((1 << f.fractionBits) - 1);
  int maxE = (1 << f.exponentBits) - 1;
  if (f.ieee && e == maxE)
    return m ? std::nan("") : negative ? -INFINITY : INFINITY;
  if (!f.ieee && !f.fnuz && e == maxE && m == (1 << f.fractionBits) - 1)
    return std::nan(""); // e4m3fn: S.1111.111
  double v = e == 0 ? std::ldexp(m, 1 - f.bias - f.fractionBits)
                    : std::ldexp((1 << f.fractionBits) + m,
                                 e - f.bias - f.fractionBits);
  return negative ? -v : v;
}

/// Round to nearest, ties to the even encoding; saturate to the largest
/// finite value (as NVIDIA's cvt.rn.satfinite does, infinities included).
uint8_t fp8Encode(const Fp8Format &f, double v) {
  if (std::isnan(v))
    return f.fnuz ? 0x80 : 0x7f;
  double a = std::fabs(v);
  int best = 0;
  double bestErr = INFINITY;
  for (int b = 0; b < 0x80; ++b) {
    double x = fp8Decode(f, uint8_t(b));
    if (!std::isfinite(x))
      continue;
    double err = std::fabs(x - a);
    if (std::isinf(a))
      err = -x; // the largest finite value
    if (err < bestErr || (err == bestErr && (b & 1) == 0)) {
      best = b;
      bestErr = err;
    }
  }
  bool negative = std::signbit(v);
  if (negative && !(f.fnuz && best == 0))
    best |= 0x80;
  return uint8_t(best);
}

/// Integers wrap to their width, as the kernel's arithmetic does.
int64_t wrapInt(double v) {
  if (v >= 9.2e18 || v <= -9.2e18 || std::isnan(v))
    return 0;
  return int64_t(v);
}

void encode(DT dt, double v, unsigned char *p) {
  if (!dtIsFloat(dt) && dt != DT::I1) {
    int64_t w = wrapInt(v);
    std::memcpy(p, &w, dtBytes(dt)); // little-endian: the low bytes
    return;
  }
  switch (dt) {
  case DT::I1: *p = v != 0; break;
  case DT::I8: { int8_t x = int8_t(v); std::memcpy(p, &x, 1); break; }
  case DT::U8: { uint8_t x = uint8_t(v); std::memcpy(p, &x, 1); break; }
  case DT::I16: { int16_t x = int16_t(v); std::memcpy(p, &x, 2); break; }
  case DT::U16: { uint16_t x = uint16_t(v); std::memcpy(p, &x, 2); break; }
  case DT::I32: { int32_t x = int32_t(v); std::memcpy(p, &x, 4); break; }
  case DT::U32: { uint32_t x = uint32_t(v); std::memcpy(p, &x, 4); break; }
  case DT::I64: { int64_t x = int64_t(v); std::memcpy(p, &x, 8); break; }
  case DT::U64: { uint64_t x = uint64_t(v); std::memcpy(p, &x, 8); break; }
  case DT::F16: { uint16_t x = toHalf(float(v)); std::memcpy(p, &x, 2); break; }
  case DT::BF16: { uint16_t x = toBF16(float(v)); std::memcpy(p, &x, 2); break; }
  case DT::F32: { float x = float(v); std::memcpy(p, &x, 4); break; }
  case DT::F64: std::memcpy(p, &v, 8); break;
  case DT::F8E4NV: case DT::F8E5: case DT::F8E4B8: case DT::F8E5B16:
    *p = fp8Encode(fp8Format(dt), v);
    break;
  }
}

double decode(DT dt, const unsigned char *p) {
  switch (dt) {
  case DT::I1: return *p != 0;
  case DT::I8: { int8_t x; std::memcpy(&x, p, 1); return x; }
  case DT::U8: { uint8_t x; std::memcpy(&x, p, 1); return x; }
  case DT::I16: { int16_t x; std::memcpy(&x, p, 2); return x; }
  case DT::U16: { uint16_t x; std::memcpy(&x, p, 2); return x; }
  case DT::I32: { int32_t x; std::memcpy(&x, p, 4); return x; }
  case DT::U32: { uint32_t x; std::memcpy(&x, p, 4); return x; }
  case DT::I64: { int64_t x; std::memcpy(&x, p, 8); return double(x); }
  case DT::U64: { uint64_t x; std::memcpy(&x, p, 8); return double(x); }
  case DT::F16: { uint16_t x; std::memcpy(&x, p, 2); return fromHalf(x); }
  case DT::BF16: { uint16_t x; std::memcpy(&x, p, 2); return fromBF16(x); }
  case DT::F32: { float x; std::memcpy(&x, p, 4); return x; }
  case DT::F64: { double x; std::memcpy(&x, p, 8); return x; }
  case DT::F8E4NV: case DT::F8E5: case DT::F8E4B8: case DT::F8E5B16:
    return fp8Decode(fp8Format(dt), *p);
  }
  return 0;
}

std::string fmt(double v) {
  std::ostringstream os;
  os.precision(9);
  os << v;
  return os.str();
}

struct Context {
  RunOptions options;
  BackendRegistry registry;
  std::unique_ptr<Driver> driver;
  trident_runtime_t *runtime = nullptr;
  trident_device_t *device = nullptr;
  std::string deviceError;
  std::map<std::string, std::string> sources;
};

bool readSource(Context &c, const std::string &file, std::string &out) {
  auto it = c.sources.find(file);
  if (it != c.sources.end()) {
    out = it->second;
    return true;
  }
  std::ifstream in(c.options.kernelDir + "/" + file);
  if (!in)
    return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = c.sources[file] = ss.str();
  return true;
}

/// For a case run from Triton's TTIR: the case's arguments (which follow
/// the kernel source's runtime parameters) picked by the IR's parameter
/// names. The source's parameter names come from the frontend.
bool matchArgumentsByName(Context &c, const Case &k,
                          const bundle::KernelMetadata &ir,
                          std::vector<ArgSpec> &out, std::string &why) {
  std::string text;
  if (!readSource(c, k.sourceFile, text)) {
    why = "cannot read kernel file " + k.sourceFile;
    return false;
  }
  frontend::SourceFile source(c.options.kernelDir + "/" + k.sourceFile, text);
  frontend::KernelSpec spec;
  spec.kernel = k.kernel;
  spec.signature = frontend::splitSignature(k.sourceSignature);
  CompileOptions copts;
  copts.emit = "ttir-raw";
  copts.useCache = false;
  CompiledKernel front;
  std::vector<std::string> errors;
  if (!c.driver->compile(source, spec, "", copts, front, errors)) {
    why = "the kernel source of the TTIR does not compile";
    return false;
  }
  const auto &names = front.metadata.args;
  if (names.size() != k.args.size()) {
    why = "the case has " + std::to_string(k.args.size()) +
          " arguments, its kernel source " + std::to_string(names.size());
    return false;
  }
  out.clear();
  for (const bundle::KernelArg &a : ir.args) {
    size_t i = 0;
    while (i < names.size() && names[i].name != a.name)
      ++i;
    if (i == names.size()) {
      why = "TTIR argument '" + a.name + "' is not a parameter of " +
            k.sourceFile + ":" + k.kernel;
      return false;
    }
    out.push_back(k.args[i]);
  }
  return true;
}

Outcome runOne(Context &c, const Case &k, std::mt19937_64 &rng) {
  Outcome o;
  o.name = k.name;
  for (const std::string &p : k.skipTargets)
    if (c.options.target.rfind(p, 0) == 0) {
      o.status = Outcome::Skip;
      o.message = k.skipReason;
      return o;
    }
  auto fail = [&](const std::string &m) {
    o.status = Outcome::Fail;
    o.message = m;
    return o;
  };
  std::string text;
  if (!readSource(c, k.file, text))
    return fail("cannot read kernel file " + c.options.kernelDir + "/" + k.file);
  frontend::SourceFile source(c.options.kernelDir + "/" + k.file, text);
  frontend::KernelSpec spec;
  spec.kernel = k.kernel;
  spec.signature = frontend::splitSignature(k.signature);
  spec.debug = k.debug;
  CompileOptions copts;
  CompiledKernel compiled;
  std::vector<std::string> errors;
  if (!c.driver->compile(source, spec, c.options.target, copts, compiled,
                         errors)) {
    std::string m = "compile error: ";
    for (const std::string &e : errors)
      m += e;
    while (!m.empty() && m.back() == '\n')
      m.pop_back();
    return fail(m);
  }
  if (compiled.output.empty())
    return fail("the backend produced an empty binary");
  if (c.options.compileOnly) {
    o.message = "compiled: " + std::to_string(compiled.output.size()) +
                " bytes of " + compiled.metadata.format;
    return o;
  }
  if (!c.device) {
    o.status = Outcome::Skip;
    o.message = "no device for " + c.options.target + ": " + c.deviceError;
    return o;
  }

  // Inputs, drawn fresh and rounded to their dtype.
  Data data;
  data.t.resize(k.tensors.size());
  for (size_t i = 0; i < k.tensors.size(); ++i) {
    const TensorSpec &t = k.tensors[i];
    data.t[i].assign(t.count, std::nan(""));
    if (!t.input)
      continue;
    std::uniform_real_distribution<double> u(t.gen.lo, t.gen.hi);
    for (size_t e = 0; e < data.t[i].size(); ++e) {
      double &v = data.t[i][e];
      double x = !t.gen.values.empty() ? t.gen.values[e % t.gen.values.size()]
                 : t.gen.isConstant    ? t.gen.constant
                                       : u(rng);
      if (t.gen.positive)
        x = std::fabs(x) + 0.0625;
      if (!dtIsFloat(t.dtype))
        x = std::round(x);
      v = roundTo(t.dtype, x);
    }
  }
  Data expected = data;
  k.reference(expected);

  // Buffers: inputs written, outputs poisoned.
  std::string bundleData, error;
  if (!bundle::write({{compiled.metadata, compiled.output}}, bundleData, error))
    return fail("bundle: " + error);
  trident_module_t *module = nullptr;
  std::vector<trident_buffer_t *> buffers(k.tensors.size(), nullptr);
  auto cleanup = [&]() {
    for (trident_buffer_t *b : buffers)
      trident_buffer_release(b);
    trident_module_release(module);
  };
  auto status = [&](trident_status_t s, const char *what) {
    std::string m = std::string(what) + ": " + trident_status_message(s);
    trident_status_free(s);
    cleanup();
    return fail(m);
  };
  if (trident_status_t s = trident_module_load_memory(
          c.device, bundleData.data(), bundleData.size(), &module))
    return status(s, "load");
  trident_kernel_t *kernel = nullptr;
  if (trident_status_t s = trident_module_kernel(module, k.kernel.c_str(), &kernel))
    return status(s, "kernel");
  for (size_t i = 0; i < k.tensors.size(); ++i) {
    const TensorSpec &t = k.tensors[i];
    size_t bytes = t.count * dtBytes(t.dtype);
    if (trident_status_t s = trident_buffer_allocate(c.device, bytes, &buffers[i]))
      return status(s, "allocate");
    std::vector<unsigned char> host(bytes);
    for (size_t e = 0; e < t.count; ++e) {
      if (t.input)
        encode(t.dtype, data.t[i][e], &host[e * dtBytes(t.dtype)]);
      else if (dtIsFloat(t.dtype))
        encode(t.dtype, std::nan(""), &host[e * dtBytes(t.dtype)]);
      else
        std::memset(&host[e * dtBytes(t.dtype)], 0x5a, dtBytes(t.dtype));
    }
    if (trident_status_t s = trident_buffer_write(buffers[i], 0, host.data(),
                                                  bytes, nullptr))
      return status(s, "write");
  }
  std::vector<ArgSpec> argSpecs = k.args;
  if (!k.sourceFile.empty()) {
    std::string why;
    if (!matchArgumentsByName(c, k, compiled.metadata, argSpecs, why))
      return fail(why);
  }
  std::vector<trident_arg_t> args;
  for (const ArgSpec &a : argSpecs) {
    trident_arg_t x = {};
    if (a.kind == ArgSpec::Tensor) {
      x.kind = TRIDENT_ARG_BUFFER;
      x.value.buffer.buffer = buffers[a.tensor];
    } else if (a.kind == ArgSpec::Int) {
      x.kind = TRIDENT_ARG_INT;
      x.value.i = a.i;
    } else {
      x.kind = TRIDENT_ARG_FLOAT;
      x.value.f = a.f;
    }
    args.push_back(x);
  }
  trident_launch_config_t cfg = {{k.grid[0], k.grid[1], k.grid[2]}, nullptr};
  auto t0 = std::chrono::steady_clock::now();
  if (trident_status_t s =
          trident_kernel_launch(kernel, &cfg, args.data(), args.size()))
    return status(s, "launch");
  if (trident_status_t s = trident_device_synchronize(c.device))
    return status(s, "synchronize");
  o.milliseconds = std::chrono::duration<double, std::milli>(
                       std::chrono::steady_clock::now() - t0).count();

  // Compare.
  double worst = 0;
  for (size_t i = 0; i < k.tensors.size(); ++i) {
    const TensorSpec &t = k.tensors[i];
    if (!t.output)
      continue;
    if (k.checkOnly.size() == 1 && k.checkOnly[0] == -1)
      continue; // nothing deterministic to compare: the run must succeed
    if (!k.checkOnly.empty() &&
        std::find(k.checkOnly.begin(), k.checkOnly.end(), int(i)) ==
            k.checkOnly.end())
      continue;
    size_t bytes = t.count * dtBytes(t.dtype);
    std::vector<unsigned char> host(bytes);
    if (trident_status_t s =
            trident_buffer_read(buffers[i], 0, host.data(), bytes, nullptr))
      return status(s, "read");
    for (size_t e = 0; e < t.count; ++e) {
      double got = decode(t.dtype, &host[e * dtBytes(t.dtype)]);
      double ref = expected.t[i][e];
      bool ok;
      if (std::isnan(ref))
        ok = std::isnan(got);
      else if (std::isinf(ref))
        ok = got == ref;
      else {
        double err = std::fabs(got - ref);
        double tol = dtIsFloat(t.dtype) ? k.atol + k.rtol * std::fabs(ref) : 0;
        ok = err <= tol;
        if (dtIsFloat(t.dtype) && std::fabs(ref) > 0)
          worst = std::max(worst, err / std::fabs(ref));
      }
      if (!ok) {
        cleanup();
        return fail(t.name + "[" + std::to_string(e) + "]: got " + fmt(got) +
                    ", expected " + fmt(ref) +
                    (dtIsFloat(t.dtype) ? " (rtol " + fmt(k.rtol) + ", atol " +
                                              fmt(k.atol) + ")"
                                        : std::string()));
      }
    }
  }
  cleanup();
  o.message = "max rel. error " + fmt(worst);
  return o;
}

} // namespace

double roundTo(DT dt, double v) {
  unsigned char b[8];
  encode(dt, v, b);
  return decode(dt, b);
}

double roundTowardZero(DT dt, double v) {
  if (dt == DT::F64 || std::isnan(v))
    return dt == DT::F64 ? v : roundTo(dt, v);
  // Infinities stay infinite where the format has them (fp8e5 among the
  // 8-bit ones); elsewhere they saturate like every large magnitude.
  if (std::isinf(v) && (dt == DT::F16 || dt == DT::BF16 || dt == DT::F32 ||
                        dt == DT::F8E5))
    return v;
  // Encodings of non-negative values grow with the value: binary search
  // for the last one whose value is at most |v|, among the finite ones.
  uint64_t hi = dtBytes(dt) == 1 ? 0x7f : dtBytes(dt) == 2 ? 0x7fff : 0x7f7fffff;
  auto valueOf = [&](uint64_t bits) {
    unsigned char b[8] = {};
    std::memcpy(b, &bits, dtBytes(dt));
    return decode(dt, b);
  };
  while (!std::isfinite(valueOf(hi)))
    --hi; // the largest finite encoding
  double a = std::fabs(v);
  uint64_t lo = 0;
  while (lo < hi) {
    uint64_t mid = (lo + hi + 1) / 2;
    if (valueOf(mid) <= a)
      lo = mid;
    else
      hi = mid - 1;
  }
  double r = valueOf(lo);
  bool fnuz = dt == DT::F8E4B8 || dt == DT::F8E5B16;
  return std::signbit(v) && !(fnuz && r == 0) ? -r : r;
}

std::vector<Outcome> runAll(const RunOptions &options) {
  Context c;
  c.options = options;
  std::vector<std::string> loadErrors;
  c.registry.loadDefaultPlugins(loadErrors);
  for (const std::string &p : options.plugins) {
    std::string e;
    if (!c.registry.loadPlugin(p, e))
      loadErrors.push_back(e);
  }
  for (const std::string &e : loadErrors)
    printf("warning: %s\n", e.c_str());
  c.driver = std::make_unique<Driver>(c.registry);
  if (!options.compileOnly) {
    if (trident_status_t s = trident_runtime_create(&c.runtime)) {
      c.deviceError = trident_status_message(s);
      trident_status_free(s);
    } else {
      std::string prefix = options.target;
      if (trident_status_t s =
              trident_runtime_find_device(c.runtime, prefix.c_str(), &c.device)) {
        c.deviceError = trident_status_message(s);
        trident_status_free(s);
        c.device = nullptr;
      }
    }
  }
  printf("conformance: target %s, mode %s, seed %llu\n", options.target.c_str(),
         options.compileOnly ? "compile" : "run",
         (unsigned long long)options.seed);
  std::vector<Outcome> outcomes;
  int pass = 0, failed = 0, skip = 0;
  for (const Case &k : casesWithTTIR(options.kernelDir)) {
    if (!options.filter.empty() &&
        fnmatch(options.filter.c_str(), k.name.c_str(), 0) != 0)
      continue;
    // Each case draws from its own stream: a case reproduces alone.
    std::seed_seq seq{options.seed, std::hash<std::string>()(k.name)};
    std::mt19937_64 rng(seq);
    Outcome o = runOne(c, k, rng);
    const char *tag = o.status == Outcome::Pass   ? "PASS"
                      : o.status == Outcome::Fail ? "FAIL"
                                                  : "SKIP";
    (o.status == Outcome::Pass ? pass : o.status == Outcome::Fail ? failed : skip)++;
    printf("%-4s %-44s %s\n", tag, o.name.c_str(),
           o.status == Outcome::Pass && !options.verbose ? "" : o.message.c_str());
    fflush(stdout);
    outcomes.push_back(std::move(o));
  }
  printf("%d passed, %d failed, %d skipped\n", pass, failed, skip);
  trident_runtime_release(c.runtime);
  return outcomes;
}

static std::string jsonEscape(const std::string &s) {
  std::string o;
  for (char ch : s) {
    if (ch == '"' || ch == '\\')
      o += '\\', o += ch;
    else if (ch == '\n')
      o += "\\n";
    else if ((unsigned char)ch < 0x20)
      o += ' ';
    else
      o += ch;
  }
  return o;
}

static std::string xmlEscape(const std::string &s) {
  std::string o;
  for (char ch : s) {
    switch (ch) {
    case '<': o += "&lt;"; break;
    case '>': o += "&gt;"; break;
    case '&': o += "&amp;"; break;
    case '"': o += "&quot;"; break;
    default: o += (unsigned char)ch < 0x20 && ch != '\n' ? ' ' : ch;
    }
  }
  return o;
}

bool writeReport(const std::string &path, const RunOptions &options,
                 const std::vector<Outcome> &outcomes, std::string &error) {
  std::ofstream out(path);
  if (!out) {
    error = "cannot write " + path;
    return false;
  }
  int pass = 0, failed = 0, skip = 0;
  for (const Outcome &o : outcomes)
    (o.status == Outcome::Pass ? pass : o.status == Outcome::Fail ? failed : skip)++;
  bool xml = path.size() > 4 && path.compare(path.size() - 4, 4, ".xml") == 0;
  if (xml) {
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"trident-"
           "conformance\" target=\"" << xmlEscape(options.target)
        << "\" tests=\"" << outcomes.size() << "\" failures=\"" << failed
        << "\" skipped=\"" << skip << "\">\n";
    for (const Outcome &o : outcomes) {
      out << "  <testcase classname=\"" << xmlEscape(options.target)
          << "\" name=\"" << xmlEscape(o.name) << "\" time=\""
          << o.milliseconds / 1000 << "\">";
      if (o.status == Outcome::Fail)
        out << "<failure message=\"" << xmlEscape(o.message) << "\"/>";
      else if (o.status == Outcome::Skip)
        out << "<skipped message=\"" << xmlEscape(o.message) << "\"/>";
      out << "</testcase>\n";
    }
    out << "</testsuite>\n";
  } else {
    out << "{\n  \"target\": \"" << jsonEscape(options.target)
        << "\",\n  \"mode\": \"" << (options.compileOnly ? "compile" : "run")
        << "\",\n  \"seed\": " << options.seed << ",\n  \"passed\": " << pass
        << ",\n  \"failed\": " << failed << ",\n  \"skipped\": " << skip
        << ",\n  \"cases\": [\n";
    for (size_t i = 0; i < outcomes.size(); ++i) {
      const Outcome &o = outcomes[i];
      out << "    {\"name\": \"" << jsonEscape(o.name) << "\", \"status\": \""
          << (o.status == Outcome::Pass   ? "pass"
              : o.status == Outcome::Fail ? "fail"
                                          : "skip")
          << "\", \"message\": \"" << jsonEscape(o.message)
          << "\", \"ms\": " << o.milliseconds << "}"
          << (i + 1 < outcomes.size() ? "," : "") << "\n";
    }
    out << "  ]\n}\n";
  }
  return bool(out);
}

bool writeCaseSpecs(const std::string &path, const std::string &filter,
                    std::string &error) {
  std::ofstream out(path);
  if (!out) {
    error = "cannot write " + path;
    return false;
  }
  out << "[";
  bool first = true;
  for (const Case &c : registry()) {
    if (!filter.empty() && fnmatch(filter.c_str(), c.name.c_str(), 0) != 0)
      continue;
    out << (first ? "\n" : ",\n") << "  {\"name\": \"" << jsonEscape(c.name)
        << "\", \"file\": \"" << jsonEscape(c.file) << "\", \"kernel\": \""
        << jsonEscape(c.kernel) << "\", \"signature\": \""
        << jsonEscape(c.signature) << "\", \"debug\": "
        << (c.debug ? "true" : "false") << ",\n   \"tensors\": [";
    for (size_t i = 0; i < c.tensors.size(); ++i)
      out << (i ? ", " : "") << "{\"dtype\": \"" << dtName(c.tensors[i].dtype)
          << "\", \"count\": " << c.tensors[i].count << "}";
    out << "],\n   \"args\": [";
    for (size_t i = 0; i < c.args.size(); ++i) {
      const ArgSpec &a = c.args[i];
      out << (i ? ", " : "");
      if (a.kind == ArgSpec::Tensor)
        out << "{\"tensor\": " << a.tensor << "}";
      else if (a.kind == ArgSpec::Int)
        out << "{\"int\": " << a.i << "}";
      else
        out << "{\"float\": " << fmt(a.f) << "}";
    }
    out << "],\n   \"grid\": [" << c.grid[0] << ", " << c.grid[1] << ", "
        << c.grid[2] << "]}";
    first = false;
  }
  out << "\n]\n";
  return bool(out);
}

} // namespace trident::conformance
