//===- Case.h - what a conformance case is --------------------*- C++ -*-===//
//
// A case is a kernel source file and kernel name, its signature (Triton's
// AOT syntax), the tensors it reads and writes with their dtypes, sizes and
// input generators, its runtime arguments in order, a launch grid, and a
// reference written in C++ on the host (in double precision) with a
// tolerance. The harness generates fresh inputs each run (seeded, printed),
// poisons outputs, compiles and launches through Trident, and compares.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_CONFORMANCE_CASE_H
#define TRIDENT_CONFORMANCE_CASE_H

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace trident::conformance {

/// Element types of tensors, named as in signatures.
enum class DT {
  I1, I8, I16, I32, I64, U8, U16, U32, U64, F16, BF16, F32, F64,
  F8E4NV,  ///< fp8e4nv: e4m3fn, bias 7, no infinities, NaN 0x7f
  F8E5,    ///< fp8e5: e5m2, bias 15, IEEE-like
  F8E4B8,  ///< fp8e4b8: e4m3fnuz, bias 8, NaN 0x80, no -0
  F8E5B16, ///< fp8e5b16: e5m2fnuz, bias 16, NaN 0x80, no -0
};

const char *dtName(DT dt);          ///< "fp32", "i8", ...
size_t dtBytes(DT dt);
bool dtIsFloat(DT dt);

/// How a tensor's values are drawn.
struct Gen {
  double lo = -4, hi = 4; ///< uniform in [lo, hi] (integers: rounded)
  bool positive = false;  ///< shifted into (0, hi]
  double constant = 0;
  bool isConstant = false;
  static Gen range(double lo, double hi) { Gen g; g.lo = lo; g.hi = hi; return g; }
  static Gen value(double v) { Gen g; g.constant = v; g.isConstant = true; return g; }
  /// Edge cases: element i is values[i % size], before rounding to dtype.
  std::vector<double> values;
  static Gen list(std::vector<double> v) { Gen g; g.values = std::move(v); return g; }
};

struct TensorSpec {
  std::string name;
  DT dtype;
  size_t count;
  bool output = false; ///< poisoned before the launch, compared after
  bool input = true;   ///< filled from `gen` before the launch
  Gen gen;
};

struct ArgSpec {
  enum Kind { Tensor, Int, Float } kind;
  int tensor = -1;
  int64_t i = 0;
  double f = 0;
  static ArgSpec t(int index) { return {Tensor, index, 0, 0}; }
  static ArgSpec integer(int64_t v) { return {Int, -1, v, 0}; }
  static ArgSpec real(double v) { return {Float, -1, 0, v}; }
};

/// The values of every tensor as doubles: inputs as generated (after
/// rounding to their dtype), outputs for the reference to fill.
struct Data {
  std::vector<std::vector<double>> t;
  std::vector<double> &operator[](size_t i) { return t[i]; }
  const std::vector<double> &operator[](size_t i) const { return t[i]; }
};

struct Case {
  std::string name;  ///< "binary/add/fp32"
  std::string file;  ///< relative to conformance/kernels
  std::string kernel;
  std::string signature;
  std::vector<TensorSpec> tensors;
  std::vector<ArgSpec> args;
  uint32_t grid[3] = {1, 1, 1};
  std::function<void(Data &)> reference;
  double rtol = 1e-6, atol = 1e-6;
  /// Elements of outputs whose reference is NaN must be NaN, and written
  /// (outputs start as a NaN of a payload no kernel computes); with
  /// `checkOnly` only outputs listed are compared to the reference.
  std::vector<int> checkOnly;
  /// For results the reference cannot give element by element (which
  /// program got which ticket): called with every tensor as read back
  /// after the run; returns "" or what is wrong. Runs besides the
  /// comparison with `reference` on the outputs `checkOnly` lists.
  std::function<std::string(const Data &got)> check;
  /// A reason the case is not run on some target ("" = runs everywhere);
  /// `skipTargets` are prefixes ("cpu", "cuda").
  std::string skipReason;
  std::vector<std::string> skipTargets;
  /// Compile with --debug (keeps tl.device_assert).
  bool debug = false;
  /// For cases run from TTIR that Triton produced (`ttir/...`, file
  /// `ttir/*.ttir`, no signature): the kernel source and signature the IR
  /// was made from. The IR's arguments are matched to `args` by name
  /// (Triton drops arguments it specializes, such as integers equal to 1).
  std::string sourceFile, sourceSignature;
};

/// All cases, in registration order.
std::vector<Case> &registry();

/// The registered cases plus, for each one whose TTIR as produced by
/// Triton is in `kernelDir`/ttir/<name with '/' as '__'>.ttir, the same case
/// run from that IR, named `ttir/<name>`; and for `target`, each case
/// whose TTGIR made by Triton for it is in ttgir/<target without ':'>/
/// (e.g. ttgir/cuda90/<name>.ttgir), the case run from that, named
/// `ttgir/<name>`; likewise `ttgir-local/<name>` from ttgir-local/, TTGIR
/// written by hand from Triton's to keep tensors in shared-memory buffers.
std::vector<Case> casesWithTTIR(const std::string &kernelDir,
                                const std::string &target = "");

struct Register {
  explicit Register(std::function<void(std::vector<Case> &)> add) {
    add(registry());
  }
};

/// Converts a double to the dtype's value as the kernel will see it.
double roundTo(DT dt, double v);
/// `v` rounded toward zero to `dt` (a float type): the representable value
/// of largest magnitude not above |v|, found by search over the encodings.
double roundTowardZero(DT dt, double v);

} // namespace trident::conformance

#endif // TRIDENT_CONFORMANCE_CASE_H
