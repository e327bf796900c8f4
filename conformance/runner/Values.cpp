//===- Values.cpp - dtypes, value encodings, the case registry ------------===//
//
// What both runners need and nothing that compiles: the registry of cases,
// the dtypes' sizes and names, and the encoding of host doubles into each
// dtype's bytes and back (fp16/bf16 by bit manipulation, the fp8 formats
// from their definition).
//
//===----------------------------------------------------------------------===//

#include "Values.h"

#include "trident/ArgType.h"
#include "trident/HalfFloat.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

namespace trident::conformance {

std::vector<Case> &registry() {
  static std::vector<Case> cases;
  return cases;
}

std::vector<Case> casesWithTTIR(const std::string &kernelDir,
                                const std::string &target) {
  std::vector<Case> all = registry();
  size_t n = all.size();
  // Triton's TTIR runs everywhere; its TTGIR only on the target it was
  // made for (ttgir/cuda90/ for cuda:90), its layouts being that target's.
  // ttgir-local/ holds TTGIR written by hand from Triton's, with tensors
  // kept in shared-memory buffers (local_alloc, local_store, local_load);
  // ttgir-pipelined/ Triton's TTGIR at num_stages=3 (software-pipelined
  // loops: asynchronous copies into multi-buffered shared memory).
  std::string targetDir;
  for (char ch : target)
    if (ch != ':')
      targetDir += ch;
  for (const char *kind : {"ttir", "ttgir", "ttgir-local", "ttgir-pipelined"}) {
    bool ttgir = std::string(kind) != "ttir";
    std::string ttgirDir = std::string(kind) + "/" + targetDir;
    if (ttgir && target.empty())
      continue; // --list without a target: ttir/ only
    for (size_t i = 0; i < n; ++i) {
      const Case &c = all[i];
      std::string stem;
      for (char ch : c.name)
        stem += ch == '/' ? std::string("__") : std::string(1, ch);
      std::string file = ttgir ? ttgirDir + "/" + stem + ".ttgir"
                               : "ttir/" + stem + ".ttir";
      if (!std::ifstream(kernelDir + "/" + file))
        continue;
      Case t = c;
      t.name = std::string(kind) + "/" + c.name;
      t.sourceFile = c.file;
      t.sourceSignature = c.signature;
      t.file = file;
      t.signature.clear();
      all.push_back(std::move(t));
    }
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
  bundle::ArgType t;
  return bundle::ArgType::parse(dtName(dt), t) ? t.storageBytes() : 8;
}

bool dtIsFloat(DT dt) {
  bundle::ArgType t;
  return bundle::ArgType::parse(dtName(dt), t) && t.isFloat;
}

namespace {

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

} // namespace

/// Integers wrap to their width, as the kernel's arithmetic does.
static int64_t wrapInt(double v) {
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

void poison(DT dt, unsigned char *p) {
  switch (dt) {
  case DT::F16: {
    uint16_t v = 0x7e5a;
    std::memcpy(p, &v, 2);
    return;
  }
  case DT::BF16: {
    uint16_t v = 0x7fda;
    std::memcpy(p, &v, 2);
    return;
  }
  case DT::F32: {
    uint32_t v = 0x7fc5a5a5u;
    std::memcpy(p, &v, 4);
    return;
  }
  case DT::F64: {
    uint64_t v = 0x7ff8a5a5a5a5a5a5ull;
    std::memcpy(p, &v, 8);
    return;
  }
  default:
    if (dtIsFloat(dt))
      encode(dt, std::nan(""), p); // fp8: its NaN
    else
      std::memset(p, 0x5a, dtBytes(dt));
  }
}

bool hasPoisonPayload(DT dt) {
  return dt == DT::F16 || dt == DT::BF16 || dt == DT::F32 || dt == DT::F64;
}

bool isPoison(DT dt, const unsigned char *p) {
  unsigned char q[8];
  poison(dt, q);
  return std::memcmp(p, q, dtBytes(dt)) == 0;
}

static double unwrittenMarker() {
  uint64_t bits = 0x7ff8dead0000beefull;
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}
const double kUnwritten = unwrittenMarker();

bool isUnwritten(double v) {
  uint64_t bits;
  std::memcpy(&bits, &v, 8);
  return bits == 0x7ff8dead0000beefull;
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


} // namespace trident::conformance
