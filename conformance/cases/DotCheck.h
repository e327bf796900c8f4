//===- DotCheck.h - what a tl.dot result may differ by ---------*- C++ -*-===//
//
// A dot's result checked element by element against the bound the
// language's semantics give (see Dot.cpp): shared by the dot cases of
// Dot.cpp and Memory.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_CONFORMANCE_CASES_DOTCHECK_H
#define TRIDENT_CONFORMANCE_CASES_DOTCHECK_H

#include "runner/Case.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>
#include <string>

namespace trident::conformance {

/// How a dot is allowed to differ from the exact sum: `product` of each
/// |a b| (input precision), `accumulate` per term of the sum of |a b|
/// (times K: the accumulator's rounding), `output` of the result's size
/// (its rounding to the output type).
struct Bound {
  double product, accumulate, output;
  /// fp8 products summed by the matrix unit before an fp32 add: the
  /// language lets them be summed at the unit's reduced precision
  /// (`max_num_imprecise_acc` bounds how many; Hopper's wgmma keeps about
  /// 14 bits, Triton's default on sm_90 does not bound them): `reduced`
  /// per term, over runs of `reducedRun` products (0: all of K).
  double reduced = 0;
  int reducedRun = 0;
};

inline Bound boundFor(DT in, DT acc, const std::string &prec,
                      int maxNumImpreciseAcc = 0) {
  Bound b{0, 0, 0};
  bool fp8 = in == DT::F8E4NV || in == DT::F8E5 || in == DT::F8E4B8 ||
             in == DT::F8E5B16;
  if (fp8 && acc == DT::F32) {
    b.reduced = std::ldexp(1.0, -13);
    b.reducedRun = maxNumImpreciseAcc;
  }
  if (in == DT::F32)
    b.product = prec == "tf32" ? std::ldexp(1.0, -9)
                : prec == "ieee" ? 0
                                 : std::ldexp(1.0, -17); // tf32x3, bf16x3
  if (acc == DT::F32)
    b.accumulate = std::ldexp(1.0, -23);
  if (acc == DT::F64)
    b.accumulate = std::ldexp(1.0, -52);
  if (acc == DT::F16) {
    // Accumulating in fp16 rounds each partial sum to 11 bits.
    b.accumulate = std::ldexp(1.0, -9);
    b.output = std::ldexp(1.0, -11);
  }
  return b;
}

/// Checks out (tensor `outIdx`, M x N) = c + A B where A and B are read
/// through `at(i, k)` and `bt(k, j)`.
inline std::function<std::string(const Data &)>
dotCheck(int M, int N, int K, Bound bound, bool accIn, int aIdx, int bIdx,
         int cIdx, int outIdx, bool ta, bool tb) {
  // fp32 and fp64 sums round at every step (bounded by K / 8 steps'
  // worth, far above what a right sum errs by); fp16's bound is per sum.
  double accSteps = bound.output ? 1.0 : std::max(1, K / 8);
  return [=](const Data &d) -> std::string {
    const auto &A = d[aIdx], &B = d[bIdx], &C = d[cIdx], &O = d[outIdx];
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        double s = accIn ? C[i * N + j] : 0, mag = std::fabs(s);
        for (int k = 0; k < K; ++k) {
          double a = ta ? A[k * M + i] : A[i * K + k];
          double b = tb ? B[j * K + k] : B[k * N + j];
          s += a * b;
          mag += std::fabs(a * b);
        }
        double got = O[i * N + j];
        int run = bound.reducedRun > 0 ? std::min(bound.reducedRun, K) : K;
        double allowed = bound.product * mag +
                         bound.accumulate * mag * accSteps +
                         bound.reduced * mag * std::max(1, run / 8) +
                         bound.output * std::fabs(s) + 1e-300;
        if (!(std::fabs(got - s) <= allowed)) {
          std::ostringstream os;
          os.precision(9);
          os << "out[" << i * N + j << "] (" << i << ", " << j
             << "): got " << got << ", expected " << s << " (allowed error "
             << allowed << ")";
          return os.str();
        }
      }
    return "";
  };
}

} // namespace trident::conformance

#endif
