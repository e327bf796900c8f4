//===- Elementwise.cpp - binary, unary, comparison and cast cases ---------===//
//
// Each family runs one kernel of kernels/elementwise.py over 1000 elements
// (8 programs of 128, the last one masked) for many dtypes. References
// apply Triton's promotion: both operands are converted to the result
// dtype, the operation is done exactly (in double) and rounded or wrapped
// to that dtype.
//
//===----------------------------------------------------------------------===//

#include "runner/Case.h"

#include <map>
#include <tuple>

#include <cmath>
#include <cstring>

using namespace trident::conformance;

namespace {

constexpr int64_t N = 1000, BLOCK = 128;

double tolFor(DT dt) {
  switch (dt) {
  case DT::F16: return 2e-3;
  case DT::BF16: return 1.6e-2;
  case DT::F32: return 2e-6;
  default: return 1e-12;
  }
}

Case elementwise(std::string name, std::string kernel, std::string sig,
                 std::vector<TensorSpec> tensors, std::vector<ArgSpec> args,
                 std::function<void(Data &)> ref, DT outType) {
  Case c;
  c.name = std::move(name);
  c.file = "elementwise.py";
  c.kernel = std::move(kernel);
  c.signature = std::move(sig);
  c.tensors = std::move(tensors);
  c.args = std::move(args);
  c.grid[0] = (N + BLOCK - 1) / BLOCK;
  c.reference = std::move(ref);
  c.rtol = tolFor(outType);
  c.atol = dtIsFloat(outType) ? c.rtol * 1e-3 : 0;
  return c;
}

std::string ptr(DT dt) { return std::string("*") + dtName(dt) + ":16"; }

bool isUnsigned(DT dt) {
  return dt == DT::U8 || dt == DT::U16 || dt == DT::U32 || dt == DT::U64;
}
int bits(DT dt) { return int(dtBytes(dt)) * 8; }

/// A signed/unsigned view of v in dt (after wrapping).
double asInt(DT dt, double v) { return roundTo(dt, v); }

double intOp(const std::string &op, DT dt, double a, double b) {
  int64_t x = int64_t(a), y = int64_t(b);
  uint64_t ux = uint64_t(x), uy = uint64_t(y);
  int w = bits(dt);
  uint64_t mask = w == 64 ? ~0ull : ((1ull << w) - 1);
  if (isUnsigned(dt)) {
    ux &= mask;
    uy &= mask;
  }
  if (op == "add") return double(x + y);
  if (op == "sub") return double(x - y);
  if (op == "mul") return double(int64_t(uint64_t(x) * uint64_t(y)));
  if (op == "floordiv") return isUnsigned(dt) ? double(ux / uy) : double(x / y);
  if (op == "mod") return isUnsigned(dt) ? double(ux % uy) : double(x % y);
  if (op == "maximum") return isUnsigned(dt) ? double(std::max(ux, uy)) : double(std::max(x, y));
  if (op == "minimum") return isUnsigned(dt) ? double(std::min(ux, uy)) : double(std::min(x, y));
  if (op == "and") return double(x & y);
  if (op == "or") return double(x | y);
  if (op == "xor") return double(x ^ y);
  if (op == "shl") return double(int64_t(uint64_t(x) << y));
  if (op == "shr") return isUnsigned(dt) ? double(ux >> y) : double(x >> y);
  return std::nan("");
}

double floatOp(const std::string &op, double x, double y) {
  if (op == "add") return x + y;
  if (op == "sub") return x - y;
  if (op == "mul") return x * y;
  if (op == "div") return x / y;
  if (op == "mod") return std::fmod(x, y);
  if (op == "maximum") return std::fmax(x, y);
  if (op == "minimum") return std::fmin(x, y);
  return std::nan("");
}

/// A binary case: x (dx), y (dy) -> out (dout, the promoted dtype).
Case binaryCase(const std::string &op, DT dx, DT dy, DT dout, Gen gx, Gen gy,
                const std::string &suffix = "") {
  std::string sig = ptr(dx) + ", " + ptr(dy) + ", " + ptr(dout) + ", i32, '" +
                    op + "', 128";
  std::string name = "binary/" + op + "/" + dtName(dx) +
                     (dx == dy ? std::string() : std::string("_") + dtName(dy)) +
                     suffix;
  return elementwise(
      name, "binary", sig,
      {{"x", dx, size_t(N), false, true, gx},
       {"y", dy, size_t(N), false, true, gy},
       {"out", dout, size_t(N), true, false, {}}},
      {ArgSpec::t(0), ArgSpec::t(1), ArgSpec::t(2), ArgSpec::integer(N)},
      [=](Data &d) {
        for (int64_t i = 0; i < N; ++i) {
          double x = roundTo(dout, d[0][i]), y = roundTo(dout, d[1][i]);
          double r;
          if (dtIsFloat(dout)) {
            // / and % of 16-bit floats happen in fp32.
            DT compute = (op == "div" || op == "mod") &&
                                 (dout == DT::F16 || dout == DT::BF16)
                             ? DT::F32
                             : dout;
            r = roundTo(compute, floatOp(op, x, y));
          } else {
            r = intOp(op, dout, asInt(dout, x), asInt(dout, y));
          }
          d[2][i] = roundTo(dout, r);
        }
      },
      dout);
}

/// Conversions Triton 3.6 does not have on NVIDIA GPUs (checked on an
/// H200, tools/triton-reference/fp8_semantics.py): the suite does not ask a
/// cuda backend for them.
void skipWhereTritonHasNone(Case &c, DT from, DT to) {
  auto fnuz = [](DT d) { return d == DT::F8E4B8 || d == DT::F8E5B16; };
  auto fp8 = [&](DT d) { return fnuz(d) || d == DT::F8E4NV || d == DT::F8E5; };
  if (fnuz(from) || fnuz(to))
    c.skipReason = "fp8e4b8/fp8e5b16 are AMD formats: Triton 3.6 has them on "
                   "AMD GPUs only";
  else if (fp8(from) && fp8(to))
    c.skipReason = "Triton 3.6 does not convert between fp8 formats on "
                   "NVIDIA GPUs";
  else if (from == DT::F64 && fp8(to))
    c.skipReason = "Triton 3.6 does not convert fp64 to fp8 on NVIDIA GPUs";
  else
    return;
  c.skipTargets.push_back("cuda");
}

Register binaries([](std::vector<Case> &cases) {
  Gen floats = Gen::range(-8, 8), nonzero = Gen::range(0.5, 6);
  nonzero.positive = true;
  for (DT dt : {DT::F32, DT::F16, DT::BF16, DT::F64})
    for (const char *op : {"add", "sub", "mul", "div", "mod", "maximum", "minimum"})
      cases.push_back(binaryCase(op, dt, dt, dt, floats,
                                 std::string(op) == "div" ||
                                         std::string(op) == "mod"
                                     ? nonzero
                                     : floats));
  Gen ints = Gen::range(-60, 60), uints = Gen::range(0, 120),
      divisors = Gen::range(1, 13), shifts = Gen::range(0, 6);
  for (DT dt : {DT::I32, DT::I8, DT::I64, DT::U32})
    for (const char *opc : {"add", "sub", "mul", "floordiv", "mod", "maximum",
                            "minimum", "and", "or", "xor", "shl", "shr"}) {
      std::string op = opc;
      Gen gx = isUnsigned(dt) ? uints : ints;
      Gen gy = op == "floordiv" || op == "mod" ? divisors
               : op == "shl" || op == "shr"    ? shifts
                                               : gx;
      cases.push_back(binaryCase(op, dt, dt, dt, gx, gy));
    }
  // Promotion between dtypes (Triton's rules).
  struct Mix {
    DT x, y, out;
  } mixes[] = {{DT::I8, DT::I32, DT::I32},   {DT::I32, DT::F32, DT::F32},
               {DT::F16, DT::F32, DT::F32},  {DT::U32, DT::I32, DT::U32},
               {DT::I32, DT::I64, DT::I64},  {DT::BF16, DT::F16, DT::F16},
               {DT::U8, DT::I8, DT::U8},     {DT::I8, DT::F16, DT::F16}};
  for (const Mix &m : mixes)
    for (const char *op : {"add", "mul"}) {
      Gen gx = isUnsigned(m.x) ? uints : ints;
      Gen gy = isUnsigned(m.y) ? uints : (dtIsFloat(m.y) ? floats : ints);
      if (dtIsFloat(m.x))
        gx = floats;
      cases.push_back(binaryCase(op, m.x, m.y, m.out, gx, gy));
    }
});

/// Scalars: a runtime fp32/i32 argument takes part in promotion; a literal
/// does not (x * 3 + 1 keeps x's dtype).
Register scalars([](std::vector<Case> &cases) {
  auto add = [&](const std::string &op, DT dx, const std::string &stype,
                 double s, DT dout) {
    std::string sig = ptr(dx) + ", " + ptr(dout) + ", i32, " + stype + ", '" +
                      op + "', 128";
    cases.push_back(elementwise(
        "scalar/" + op + "/" + dtName(dx) + "_" + stype, "scalar_binary", sig,
        {{"x", dx, size_t(N), false, true, Gen::range(-20, 20)},
         {"out", dout, size_t(N), true, false, {}}},
        {ArgSpec::t(0), ArgSpec::t(1), ArgSpec::integer(N),
         stype[0] == 'f' ? ArgSpec::real(s) : ArgSpec::integer(int64_t(s))},
        [=](Data &d) {
          for (int64_t i = 0; i < N; ++i) {
            double x = d[0][i], r;
            if (op == "add") r = x + s;
            else if (op == "mul") r = x * s;
            else if (op == "literal") r = x * 3 + 1;
            else r = s - x;
            if (op == "literal") // two operations, each rounded
              r = roundTo(dout, roundTo(dout, x * 3) + 1);
            d[1][i] = roundTo(dout, r);
          }
        },
        dout));
    // Triton fuses x * 3 + 1 into one fma where the target has it
    // (enable_fp_fusion, on by default; NVIDIA GPUs do): then x * 3 is not
    // rounded on its own. Near x = -1/3 the two roundings differ by up to
    // half an fp16 ulp of |3x| <= 60, which the tolerance allows.
    if (op == "literal" && dout == DT::F16)
      cases.back().atol = 0.016;
  };
  add("add", DT::F16, "fp32", 1.25, DT::F32);
  add("mul", DT::I32, "fp32", 0.5, DT::F32);
  add("rsub", DT::I8, "i32", 100, DT::I32);
  add("literal", DT::I8, "i32", 0, DT::I8);
  add("literal", DT::F16, "i32", 0, DT::F16);
});

/// erfinv(y) in double: Newton's method on erf from a bisection start.
double erfinvReference(double y) {
  double lo = -6, hi = 6;
  for (int i = 0; i < 60; ++i) {
    double mid = (lo + hi) / 2;
    (std::erf(mid) < y ? lo : hi) = mid;
  }
  double x = (lo + hi) / 2;
  for (int i = 0; i < 3; ++i)
    x -= (std::erf(x) - y) / (1.1283791670955126 * std::exp(-x * x));
  return x;
}

Register unaries([](std::vector<Case> &cases) {
  struct U {
    const char *op;
    double (*f)(double);
    bool positive;
    double lo = -3, hi = 3; // the inputs' range
  } fp[] = {{"exp", [](double x) { return std::exp(x); }, false},
            {"exp2", [](double x) { return std::exp2(x); }, false},
            {"log", [](double x) { return std::log(x); }, true},
            {"log2", [](double x) { return std::log2(x); }, true},
            {"sqrt", [](double x) { return std::sqrt(x); }, true},
            {"sqrt_rn", [](double x) { return std::sqrt(x); }, true},
            {"rsqrt", [](double x) { return 1 / std::sqrt(x); }, true},
            {"sin", [](double x) { return std::sin(x); }, false},
            {"cos", [](double x) { return std::cos(x); }, false},
            {"abs", [](double x) { return std::fabs(x); }, false},
            {"floor", [](double x) { return std::floor(x); }, false},
            {"ceil", [](double x) { return std::ceil(x); }, false},
            {"erf", [](double x) { return std::erf(x); }, false},
            {"sigmoid", [](double x) { return 1 / (1 + std::exp(-x)); }, false},
            {"neg", [](double x) { return -x; }, false},
            {"fma", [](double x) { return x * x + x; }, false},
            {"clamp", [](double x) { return std::fmin(std::fmax(x, -1.0), 1.0); }, false},
            {"tanh", [](double x) { return std::tanh(x); }, false},
            // libdevice functions TorchInductor emits, written in the
            // language in Trident's prelude.
            {"lgamma", [](double x) { return std::lgamma(x); }, false, -3.5, 12},
            {"erfinv", erfinvReference, false, -0.999, 0.999},
            {"erfcx", [](double x) { return std::exp(x * x) * std::erfc(x); }, false}};
  auto add = [&](const U &u, DT dt) {
    Gen g = Gen::range(u.lo, u.hi);
    g.positive = u.positive;
    std::string sig = ptr(dt) + ", " + ptr(dt) + ", i32, '" + u.op + "', 128";
    auto f = u.f;
    Case c = elementwise(
        std::string("unary/") + u.op + "/" + dtName(dt), "unary", sig,
        {{"x", dt, size_t(N), false, true, g},
         {"out", dt, size_t(N), true, false, {}}},
        {ArgSpec::t(0), ArgSpec::t(1), ArgSpec::integer(N)},
        [=](Data &d) {
          for (int64_t i = 0; i < N; ++i)
            d[1][i] = roundTo(dt, f(d[0][i]));
        },
        dt);
    if (dt == DT::F32) {
      c.rtol = 2e-6; // libm-quality results
      c.atol = 1e-6;
    }
    cases.push_back(c);
  };
  for (const U &u : fp)
    add(u, DT::F32);
  for (const U &u : fp)
    if (std::string(u.op) == "exp" || std::string(u.op) == "log" ||
        std::string(u.op) == "sqrt" || std::string(u.op) == "sin" ||
        std::string(u.op) == "lgamma" || std::string(u.op) == "erfinv" ||
        std::string(u.op) == "erfcx")
      add(u, DT::F64);
  // Triton takes only fp32/fp64 for the transcendental functions (the
  // frontend says so); the others run in fp16 and bf16 too.
  for (DT half : {DT::F16, DT::BF16})
    for (const U &u : fp)
      for (const char *op : {"abs", "neg", "fma", "clamp"})
        if (std::string(u.op) == op)
          add(u, half);
  for (DT dt : {DT::I32, DT::U8})
    for (const char *op : {"neg", "invert", "abs"}) {
      std::string o = op;
      if (dt == DT::U8 && o == "neg")
        continue;
      std::string sig = ptr(dt) + ", " + ptr(dt) + ", i32, '" + o + "', 128";
      cases.push_back(elementwise(
          "unary/" + o + "/" + dtName(dt), "unary", sig,
          {{"x", dt, size_t(N), false, true,
            dt == DT::U8 ? Gen::range(0, 250) : Gen::range(-1000, 1000)},
           {"out", dt, size_t(N), true, false, {}}},
          {ArgSpec::t(0), ArgSpec::t(1), ArgSpec::integer(N)},
          [=](Data &d) {
            for (int64_t i = 0; i < N; ++i) {
              int64_t x = int64_t(d[0][i]);
              double r = o == "neg" ? double(-x)
                         : o == "invert" ? double(~x)
                                         : double(dt == DT::U8 ? x : std::llabs(x));
              d[1][i] = roundTo(dt, r);
            }
          },
          dt));
    }
});

Register comparisons([](std::vector<Case> &cases) {
  for (DT dt : {DT::F32, DT::I32, DT::U8})
    for (const char *opc : {"lt", "le", "gt", "ge", "eq", "ne"}) {
      std::string op = opc;
      // Small integer ranges make ties (eq/ne) common.
      Gen g = dt == DT::F32 ? Gen::range(-2, 2) : Gen::range(0, 4);
      std::string sig = ptr(dt) + ", " + ptr(dt) + ", *i1:16, i32, '" + op +
                        "', 128";
      cases.push_back(elementwise(
          "compare/" + op + "/" + dtName(dt), "compare", sig,
          {{"x", dt, size_t(N), false, true, g},
           {"y", dt, size_t(N), false, true, g},
           {"out", DT::I1, size_t(N), true, false, {}}},
          {ArgSpec::t(0), ArgSpec::t(1), ArgSpec::t(2), ArgSpec::integer(N)},
          [=](Data &d) {
            for (int64_t i = 0; i < N; ++i) {
              double x = d[0][i], y = d[1][i];
              bool r = op == "lt" ? x < y : op == "le" ? x <= y
                       : op == "gt" ? x > y : op == "ge" ? x >= y
                       : op == "eq" ? x == y : x != y;
              d[2][i] = r;
            }
          },
          DT::I1));
    }
});

Register casts([](std::vector<Case> &cases) {
  struct C {
    DT from, to;
    Gen g;
  } list[] = {{DT::F32, DT::F16, Gen::range(-100, 100)},
              {DT::F32, DT::BF16, Gen::range(-100, 100)},
              {DT::F16, DT::F32, Gen::range(-100, 100)},
              {DT::BF16, DT::F32, Gen::range(-100, 100)},
              {DT::F32, DT::I32, Gen::range(-1000, 1000)},
              {DT::F32, DT::U8, Gen::range(0, 250)},
              {DT::I32, DT::F32, Gen::range(-100000, 100000)},
              {DT::I8, DT::F32, Gen::range(-128, 127)},
              {DT::U8, DT::F32, Gen::range(0, 255)},
              {DT::I32, DT::I8, Gen::range(-1000, 1000)},
              {DT::I8, DT::I32, Gen::range(-128, 127)},
              {DT::U8, DT::I32, Gen::range(0, 255)},
              {DT::I32, DT::I1, Gen::range(-2, 2)},
              {DT::F32, DT::F64, Gen::range(-100, 100)},
              {DT::F64, DT::F32, Gen::range(-100, 100)},
              {DT::F16, DT::BF16, Gen::range(-100, 100)},
              // fp8: round to nearest even, saturate to the largest finite
              // value (448 for e4nv, 57344 for e5); subnormals; exact
              // widening back; between fp8 formats through fp32.
              {DT::F32, DT::F8E4NV, Gen::range(-600, 600)},
              {DT::F32, DT::F8E4NV, Gen::range(-0.03, 0.03)},
              {DT::F32, DT::F8E5, Gen::range(-70000, 70000)},
              {DT::F32, DT::F8E5, Gen::range(-2e-4, 2e-4)},
              {DT::F32, DT::F8E4B8, Gen::range(-300, 300)},
              {DT::F32, DT::F8E5B16, Gen::range(-70000, 70000)},
              {DT::F16, DT::F8E4NV, Gen::range(-500, 500)},
              {DT::F16, DT::F8E5, Gen::range(-100, 100)},
              {DT::BF16, DT::F8E4NV, Gen::range(-500, 500)},
              {DT::BF16, DT::F8E5, Gen::range(-1e5, 1e5)},
              {DT::F64, DT::F8E5, Gen::range(-100, 100)},
              {DT::F8E4NV, DT::F32, Gen::range(-448, 448)},
              {DT::F8E5, DT::F32, Gen::range(-57344, 57344)},
              {DT::F8E4B8, DT::F32, Gen::range(-240, 240)},
              {DT::F8E5B16, DT::F32, Gen::range(-57344, 57344)},
              {DT::F8E4NV, DT::F16, Gen::range(-448, 448)},
              {DT::F8E5, DT::BF16, Gen::range(-100, 100)},
              {DT::F8E4NV, DT::F8E5, Gen::range(-448, 448)},
              {DT::F8E5, DT::F8E4NV, Gen::range(-1000, 1000)}};
  std::map<std::string, int> seen;
  for (const C &c : list) {
    std::string sig = ptr(c.from) + ", " + ptr(c.to) + ", i32, False, 128";
    DT to = c.to;
    DT from = c.from;
    std::string name = std::string("cast/") + dtName(c.from) + "_to_" + dtName(c.to);
    if (int n = seen[name]++) // the same pair over another range
      name += "/" + std::to_string(n + 1);
    cases.push_back(elementwise(
        name, "cast",
        sig,
        {{"x", c.from, size_t(N), false, true, c.g},
         {"out", c.to, size_t(N), true, false, {}}},
        {ArgSpec::t(0), ArgSpec::t(1), ArgSpec::integer(N)},
        [=](Data &d) {
          for (int64_t i = 0; i < N; ++i) {
            double x = d[0][i];
            if (!dtIsFloat(to) && dtIsFloat(from))
              x = std::trunc(x); // fptosi/fptoui truncate
            if (to == DT::I1)
              x = x != 0;
            // fp16 -> bf16 goes through fp32 (exact), then rounds.
            d[1][i] = roundTo(to, x);
          }
        },
        c.to));
    skipWhereTritonHasNone(cases.back(), c.from, c.to);
  }
  // fp8 edge cases: NaN, infinities (saturated), signed zeros, the largest
  // finite value and the ties around it, subnormals and their ties. Checked
  // against Triton 3.6 on an H200 (tools/triton-reference/fp8_semantics.py).
  const double inf = INFINITY, nan = NAN;
  struct Edge {
    DT from, to;
    std::vector<double> values;
  } edges[] = {
      {DT::F32, DT::F8E4NV,
       {nan, inf, -inf, 0.0, -0.0, 448, 449, 464, 465, 480, -1e9, 1e30,
        std::ldexp(1, -9), std::ldexp(1, -10), std::ldexp(3, -10),
        std::ldexp(5, -11), 0.0625 + 0.0078125, 1.0625, 1.1875, 1e-30}},
      {DT::F32, DT::F8E5,
       {nan, inf, -inf, 0.0, -0.0, 57344, 61440, 61441, 65536, -1e9,
        std::ldexp(1, -16), std::ldexp(1, -17), std::ldexp(3, -17), 1.125,
        1.375, 1e-30}},
      {DT::F32, DT::F8E4B8,
       {nan, inf, -0.0, 0.0, 240, 248, 250, -1e6, std::ldexp(1, -10),
        std::ldexp(1, -11), std::ldexp(3, -11), -std::ldexp(1, -12)}},
      {DT::F32, DT::F8E5B16,
       {nan, -inf, -0.0, 57344, 61440, std::ldexp(1, -17), std::ldexp(1, -18),
        -std::ldexp(1, -19)}},
      {DT::F16, DT::F8E4NV, {nan, inf, -0.0, 448, 464, 465, 65504}},
  };
  for (const Edge &e : edges) {
    DT to = e.to;
    cases.push_back(elementwise(
        std::string("cast/") + dtName(e.from) + "_to_" + dtName(e.to) + "/edges",
        "cast", ptr(e.from) + ", " + ptr(e.to) + ", i32, False, 128",
        {{"x", e.from, size_t(N), false, true, Gen::list(e.values)},
         {"out", e.to, size_t(N), true, false, {}}},
        {ArgSpec::t(0), ArgSpec::t(1), ArgSpec::integer(N)},
        [=](Data &d) {
          for (int64_t i = 0; i < N; ++i)
            d[1][i] = roundTo(to, d[0][i]);
        },
        DT::I32));
    skipWhereTritonHasNone(cases.back(), e.from, e.to);
  }
  // Truncations toward zero (fp_downcast_rounding="rtz").
  for (auto [from, to, g] : {std::tuple{DT::F32, DT::F16, Gen::range(-7e4, 7e4)},
                             std::tuple{DT::F32, DT::BF16, Gen::range(-100, 100)},
                             // Triton 3.6 on NVIDIA rounds toward zero into
                             // fp8 only from fp32 to fp8e5.
                             std::tuple{DT::F32, DT::F8E5, Gen::range(-7e4, 7e4)},
                             std::tuple{DT::F32, DT::F8E5,
                                        Gen::list({INFINITY, -INFINITY, NAN, -0.0,
                                                   61440, 65536, 1e9, 1.375,
                                                   std::ldexp(3, -17)})},
                             std::tuple{DT::F64, DT::F32, Gen::range(-100, 100)}}) {
    DT t = to;
    std::string name = std::string("cast/rtz/") + dtName(from) + "_to_" + dtName(to);
    if (!g.values.empty())
      name += "/edges";
    cases.push_back(elementwise(
        name, "cast_rtz",
        ptr(from) + ", " + ptr(to) + ", i32, 128",
        {{"x", from, size_t(N), false, true, g}, {"out", to, size_t(N), true, false, {}}},
        {ArgSpec::t(0), ArgSpec::t(1), ArgSpec::integer(N)},
        [=](Data &d) {
          for (int64_t i = 0; i < N; ++i)
            d[1][i] = roundTowardZero(t, d[0][i]);
        },
        // Exact: the one representable value toward zero.
        DT::I32));
  }
  // Bit-for-bit reinterpretation.
  cases.push_back(elementwise(
      "cast/bitcast_fp32_to_i32", "cast", ptr(DT::F32) + ", " + ptr(DT::I32) +
                                              ", i32, True, 128",
      {{"x", DT::F32, size_t(N), false, true, Gen::range(-100, 100)},
       {"out", DT::I32, size_t(N), true, false, {}}},
      {ArgSpec::t(0), ArgSpec::t(1), ArgSpec::integer(N)},
      [](Data &d) {
        for (int64_t i = 0; i < N; ++i) {
          float f = float(d[0][i]);
          int32_t b;
          std::memcpy(&b, &f, 4);
          d[1][i] = b;
        }
      },
      DT::I32));
  for (auto [mid, name] : {std::pair{DT::BF16, "bfloat16"},
                           std::pair{DT::F16, "float16"}}) {
    DT m = mid;
    cases.push_back(elementwise(
        std::string("cast/round_trip_fp32_via_") + dtName(mid), "round_trip",
        ptr(DT::F32) + ", " + ptr(DT::F32) + ", i32, " + name + ", 128",
        {{"x", DT::F32, size_t(N), false, true, Gen::range(-1000, 1000)},
         {"out", DT::F32, size_t(N), true, false, {}}},
        {ArgSpec::t(0), ArgSpec::t(1), ArgSpec::integer(N)},
        [=](Data &d) {
          for (int64_t i = 0; i < N; ++i)
            d[1][i] = roundTo(DT::F32, roundTo(m, d[0][i]));
        },
        DT::F32));
  }
});

Register wheres([](std::vector<Case> &cases) {
  for (DT dt : {DT::F32, DT::F16}) {
    std::string sig = ptr(dt) + ", " + ptr(dt) + ", " + ptr(dt) + ", i32, fp32, 128";
    cases.push_back(elementwise(
        std::string("where/masked_other/") + dtName(dt), "where_other", sig,
        {{"x", dt, size_t(N), false, true, Gen::range(-4, 4)},
         {"y", dt, size_t(N), false, true, Gen::range(-4, 4)},
         {"out", dt, size_t(N), true, false, {}}},
        {ArgSpec::t(0), ArgSpec::t(1), ArgSpec::t(2), ArgSpec::integer(N),
         ArgSpec::real(0.5)},
        [=](Data &d) {
          for (int64_t i = 0; i < N; ++i) {
            double x = d[0][i];
            double y = i % 3 != 0 ? d[1][i] : 0.5;
            // x > LIMIT compares in fp32 (the runtime scalar is fp32).
            d[2][i] = x > 0.5 ? x : roundTo(dt, y);
          }
        },
        dt));
  }
});

} // namespace
