//===- Dot.cpp - tl.dot: dtypes, precisions, accumulators, batches, chains ===//
//
// Every operand dtype pair tl.dot allows, with each input_precision for
// fp32, transposed operands, accumulating into a loaded accumulator,
// out_dtype=float16, K loops with a masked tail, ragged tiles, batched
// (3-D) dots and chained dots (attention), on tiles from 16x16x16 to
// 128x256x64 (dot.py).
//
// A dot's result is checked element by element against a bound the
// language's semantics give, not one tolerance for all: tl.dot may round
// each product's operands to its input precision (tf32 keeps 10 bits of
// mantissa: a product is then off by up to 2^-9 of its size) and
// accumulates in the accumulator's type, so the error allowed at (i, j) is
// a fraction of sum_k |a_ik b_kj|. A wrong or missing term is off by a
// whole product, far above every bound here.
//
//===----------------------------------------------------------------------===//

#include "Common.h"
#include "DotCheck.h"

#include <cmath>
#include <sstream>

namespace trident::conformance {
namespace {

DT accFor(DT in, bool outF16) {
  if (in == DT::I8)
    return DT::I32;
  if (in == DT::F64)
    return DT::F64;
  return outF16 ? DT::F16 : DT::F32;
}

struct Shape {
  int bm, bn, bk, m, n, k;
};

Case kLoopCase(const std::string &tag, DT at, DT bt, const std::string &prec,
               Shape s, bool ta, bool tb, bool accIn, bool outF16) {
  DT acc = accFor(at, outF16);
  std::string name = "dot/" + tag + "/" + std::to_string(s.m) + "x" +
                     std::to_string(s.n) + "x" + std::to_string(s.k) + "_tile" +
                     std::to_string(s.bm) + "x" + std::to_string(s.bn) + "x" +
                     std::to_string(s.bk) + (ta ? "/trans_a" : "") +
                     (tb ? "/trans_b" : "") + (accIn ? "/acc_in" : "") +
                     (outF16 ? "/out_fp16" : "");
  std::string sig = ptr(at) + ", " + ptr(bt) + ", " + ptr(acc) + ", " +
                    ptr(acc) + ", i32, i32, i32, i32, i32, i32, i32, " +
                    std::to_string(s.bm) + ", " + std::to_string(s.bn) + ", " +
                    std::to_string(s.bk) + ", '" + prec + "', " +
                    (outF16 ? "True" : "False") + ", " +
                    (accIn ? "True" : "False");
  Gen g = at == DT::I8 ? Gen::range(-100, 100) : Gen::range(-2, 2);
  int64_t sam = ta ? 1 : s.k, sak = ta ? s.m : 1;
  int64_t sbk = tb ? 1 : s.n, sbn = tb ? s.k : 1;
  auto T = ArgSpec::t;
  Case c = tileCase(
      name, "dot.py", "dot_k_loop", sig,
      {in("a", at, size_t(s.m) * s.k, g), in("b", bt, size_t(s.k) * s.n, g),
       in("c", acc, size_t(s.m) * s.n,
          acc == DT::I32 ? Gen::range(-1000, 1000) : Gen::range(-2, 2)),
       out("out", acc, size_t(s.m) * s.n)},
      {T(0), T(1), T(2), T(3), ArgSpec::integer(s.m), ArgSpec::integer(s.n),
       ArgSpec::integer(s.k), ArgSpec::integer(sam), ArgSpec::integer(sak),
       ArgSpec::integer(sbk), ArgSpec::integer(sbn)},
      [](Data &) {}, 0, 0);
  c.checkOnly = {-1};
  c.check = dotCheck(s.m, s.n, s.k, boundFor(at, acc, prec), accIn, 0, 1, 2, 3,
                     ta, tb);
  c.grid[0] = uint32_t((s.m + s.bm - 1) / s.bm);
  c.grid[1] = uint32_t((s.n + s.bn - 1) / s.bn);
  return c;
}

Register dotMatrix([](std::vector<Case> &cases) {
  struct Kind {
    const char *tag;
    DT a, b;
    const char *prec;
    bool matrixUnit; ///< has a tensor-core form (large tiles run)
  } kinds[] = {
      {"fp16", DT::F16, DT::F16, "tf32", true},
      {"bf16", DT::BF16, DT::BF16, "tf32", true},
      {"fp32_tf32", DT::F32, DT::F32, "tf32", true},
      {"fp32_tf32x3", DT::F32, DT::F32, "tf32x3", false},
      {"fp32_bf16x3", DT::F32, DT::F32, "bf16x3", false},
      {"fp32_ieee", DT::F32, DT::F32, "ieee", false},
      {"i8", DT::I8, DT::I8, "tf32", true},
      {"fp8e4nv", DT::F8E4NV, DT::F8E4NV, "tf32", true},
      {"fp8e5", DT::F8E5, DT::F8E5, "tf32", true},
      {"fp8e4nv_fp8e5", DT::F8E4NV, DT::F8E5, "tf32", true},
      {"fp64", DT::F64, DT::F64, "ieee", false},
  };
  // One shape per transpose pair: a single instruction tile, a K loop, a
  // ragged tile with a masked K tail, and a 128 x 128 tile.
  const Shape shapes[4] = {{16, 16, 16, 16, 16, 16},
                           {32, 64, 32, 64, 64, 96},
                           {64, 32, 64, 100, 72, 130},
                           {128, 128, 32, 128, 128, 64}};
  for (const Kind &k : kinds) {
    for (int t = 0; t < 4; ++t)
      cases.push_back(kLoopCase(k.tag, k.a, k.b, k.prec, shapes[t], t & 1,
                                t & 2, false, false));
    cases.push_back(kLoopCase(k.tag, k.a, k.b, k.prec, {32, 32, 32, 64, 32, 64},
                              false, false, /*accIn=*/true, false));
    // The largest tile only where a matrix unit takes it (on core's FMA
    // dot it is 8192 multiply-adds per thread and K step, which LLVM's
    // AMDGPU backend takes minutes to schedule).
    if (k.matrixUnit)
      cases.push_back(kLoopCase(k.tag, k.a, k.b, k.prec,
                                {128, 256, 64, 128, 256, 128}, false, false,
                                false, false));
  }
  // out_dtype=float16: fp16 accumulators.
  cases.push_back(kLoopCase("fp16", DT::F16, DT::F16, "tf32",
                            {32, 32, 16, 32, 32, 48}, false, false, false, true));
  cases.push_back(kLoopCase("fp16", DT::F16, DT::F16, "tf32",
                            {64, 64, 32, 64, 64, 64}, true, true, true, true));
  cases.push_back(kLoopCase("fp8e4nv", DT::F8E4NV, DT::F8E4NV, "tf32",
                            {32, 32, 32, 32, 32, 64}, false, false, false, true));
});

/// fp8 with max_num_imprecise_acc (dot_k_loop_imprecise): a K loop of
/// 128-wide steps whose products are summed IMPRECISE at a time on the
/// unit, then added in fp32; B transposed (K contiguous, as wgmma reads
/// 8-bit operands) or not.
Register dotImprecise([](std::vector<Case> &cases) {
  for (bool tb : {false, true})
    for (int imprecise : {32, 64}) {
      const int m = 128, n = 128, k = 256, bm = 128, bn = 128, bk = 128;
      std::string name = "dot/fp8e4nv_imprecise" + std::to_string(imprecise) +
                         "/128x128x256_tile128x128x128" +
                         (tb ? "/trans_b" : "");
      std::string sig = ptr(DT::F8E4NV) + ", " + ptr(DT::F8E4NV) + ", " +
                        ptr(DT::F32) + ", " + ptr(DT::F32) +
                        ", i32, i32, i32, i32, i32, i32, i32, " +
                        std::to_string(bm) + ", " + std::to_string(bn) + ", " +
                        std::to_string(bk) + ", " + std::to_string(imprecise);
      Gen g = Gen::range(-2, 2);
      int64_t sbk = tb ? 1 : n, sbn = tb ? k : 1;
      auto T = ArgSpec::t;
      Case c = tileCase(
          name, "dot.py", "dot_k_loop_imprecise", sig,
          {in("a", DT::F8E4NV, size_t(m) * k, g),
           in("b", DT::F8E4NV, size_t(k) * n, g),
           in("c", DT::F32, size_t(m) * n, Gen::range(-2, 2)),
           out("out", DT::F32, size_t(m) * n)},
          {T(0), T(1), T(2), T(3), ArgSpec::integer(m), ArgSpec::integer(n),
           ArgSpec::integer(k), ArgSpec::integer(k), ArgSpec::integer(1),
           ArgSpec::integer(sbk), ArgSpec::integer(sbn)},
          [](Data &) {}, 0, 0);
      c.checkOnly = {-1};
      c.check = dotCheck(m, n, k,
                         boundFor(DT::F8E4NV, DT::F32, "tf32", imprecise),
                         /*accIn=*/false, 0, 1, 2, 3, false, tb);
      c.grid[0] = 1;
      c.grid[1] = 1;
      cases.push_back(c);
    }
});

Register dotBatched([](std::vector<Case> &cases) {
  struct B {
    const char *tag;
    DT in;
    const char *prec;
    int b, m, n, k;
  } list[] = {{"fp16", DT::F16, "tf32", 2, 16, 32, 16},
              {"bf16", DT::BF16, "tf32", 4, 32, 16, 32},
              {"fp32_ieee", DT::F32, "ieee", 2, 32, 32, 16},
              {"fp32_tf32", DT::F32, "tf32", 2, 16, 16, 32},
              {"i8", DT::I8, "tf32", 2, 16, 16, 32}};
  for (const B &x : list) {
    DT acc = accFor(x.in, false);
    std::string name = "dot/batched/" + std::string(x.tag) + "/" +
                       std::to_string(x.b) + "x" + std::to_string(x.m) + "x" +
                       std::to_string(x.n) + "x" + std::to_string(x.k);
    std::string sig = ptr(x.in) + ", " + ptr(x.in) + ", " + ptr(acc) + ", " +
                      std::to_string(x.b) + ", " + std::to_string(x.m) + ", " +
                      std::to_string(x.n) + ", " + std::to_string(x.k) + ", '" +
                      x.prec + "'";
    Gen g = x.in == DT::I8 ? Gen::range(-100, 100) : Gen::range(-2, 2);
    auto T = ArgSpec::t;
    Case c = tileCase(name, "dot.py", "dot_batched", sig,
                      {in("a", x.in, size_t(x.b * x.m * x.k), g),
                       in("b", x.in, size_t(x.b * x.k * x.n), g),
                       out("out", acc, size_t(x.b * x.m * x.n))},
                      {T(0), T(1), T(2)}, [](Data &) {}, 0, 0);
    c.checkOnly = {-1};
    Bound bound = boundFor(x.in, acc, x.prec);
    int M = x.m, N = x.n, K = x.k, nb = x.b;
    c.check = [=](const Data &d) -> std::string {
      // Each batch is an M x N dot of its own slices.
      for (int i = 0; i < nb; ++i) {
        Data one;
        one.t.resize(4);
        one.t[0].assign(d[0].begin() + i * M * K, d[0].begin() + (i + 1) * M * K);
        one.t[1].assign(d[1].begin() + i * K * N, d[1].begin() + (i + 1) * K * N);
        one.t[2].assign(size_t(M * N), 0.0);
        one.t[3].assign(d[2].begin() + i * M * N, d[2].begin() + (i + 1) * M * N);
        std::string why = dotCheck(M, N, K, bound, false, 0, 1, 2, 3, false,
                                   false)(one);
        if (!why.empty())
          return "batch " + std::to_string(i) + ": " + why;
      }
      return "";
    };
    cases.push_back(c);
  }
});

/// dot_pipelined: a K loop `ns` stages deep; `k` may be 0 (no step), at
/// most BK (one), or a few steps (fewer than the stages).
struct Pipe {
  const char *tag;
  DT in;
  Shape s;
  int ns;
  bool two, ta;
};

Case pipelinedCase(const Pipe &p) {
  const Shape &s = p.s;
  DT acc = accFor(p.in, false);
  std::string name = std::string("dot/pipelined/") + p.tag + "/" +
                     std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
                     std::to_string(s.k) + "_tile" + std::to_string(s.bm) +
                     "x" + std::to_string(s.bn) + "x" + std::to_string(s.bk) +
                     "_stages" + std::to_string(p.ns) +
                     (p.two ? "/two_dots" : "") + (p.ta ? "/trans_a" : "");
  // Integers specialized as Triton's launcher does: 1, or divisible by 16.
  int64_t sam = p.ta ? 1 : s.k, sak = p.ta ? s.m : 1;
  auto spec = [](int64_t v) {
    return v == 1 ? std::string("i32:1")
                  : v % 16 == 0 ? std::string("i32:16") : std::string("i32");
  };
  std::string sig = ptr(p.in) + ", " + ptr(p.in) + ", " + ptr(acc) + ", " +
                    spec(s.m) + ", " + spec(s.n) + ", " + spec(s.k) +
                    ", " + spec(sam) + ", " + spec(sak) + ", " + spec(s.n) +
                    ", i32:1, " +
                    std::to_string(s.bm) + ", " + std::to_string(s.bn) + ", " +
                    std::to_string(s.bk) + ", " + std::to_string(p.ns) + ", " +
                    (p.two ? "True" : "False");
  Gen g = p.in == DT::I8 ? Gen::range(-100, 100) : Gen::range(-2, 2);
  // Strides are runtime values; A transposed is the swapped pair.
  auto T = ArgSpec::t;
  size_t aSize = std::max<size_t>(size_t(s.m) * s.k, 1),
         bSize = std::max<size_t>(size_t(s.k) * s.n, 1);
  Case c = tileCase(
      name, "dot.py", "dot_pipelined", sig,
      {in("a", p.in, aSize, g), in("b", p.in, bSize, g),
       out("out", acc, size_t(s.m) * s.n)},
      {T(0), T(1), T(2), ArgSpec::integer(s.m), ArgSpec::integer(s.n),
       ArgSpec::integer(s.k), ArgSpec::integer(sam), ArgSpec::integer(sak),
       ArgSpec::integer(s.n), ArgSpec::integer(1)},
      [](Data &) {}, 0, 0);
  c.checkOnly = {-1};
  // dotCheck's C is unused without accIn; the output stands in for it.
  c.check = dotCheck(s.m, s.n, s.k, boundFor(p.in, acc, "tf32"), false, 0, 1,
                     2, 2, p.ta, false);
  c.grid[0] = uint32_t((s.m + s.bm - 1) / s.bm);
  c.grid[1] = uint32_t((s.n + s.bn - 1) / s.bn);
  return c;
}

Register dotPipelined([](std::vector<Case> &cases) {
  const Pipe pipes[] = {
      // Each depth over a K loop with a masked tail (7 steps).
      {"fp16", DT::F16, {64, 64, 32, 64, 64, 208}, 2, false, false},
      {"fp16", DT::F16, {64, 64, 32, 64, 64, 208}, 3, false, false},
      {"fp16", DT::F16, {64, 64, 32, 64, 64, 208}, 4, false, false},
      {"fp16", DT::F16, {64, 64, 32, 64, 64, 208}, 5, false, false},
      // No step, one step (shorter than BK), fewer steps than stages.
      {"fp16", DT::F16, {64, 64, 32, 64, 64, 0}, 3, false, false},
      {"fp16", DT::F16, {64, 64, 32, 64, 64, 16}, 3, false, false},
      {"fp16", DT::F16, {64, 64, 32, 64, 64, 64}, 5, false, false},
      // Two dots a step; a transposed A (K-major loads) with ragged tiles;
      // strides no hint covers (accesses of one element: not copied
      // asynchronously, the loop stays as it is).
      {"fp16", DT::F16, {64, 64, 64, 64, 64, 352}, 3, true, false},
      {"fp16", DT::F16, {32, 64, 32, 112, 80, 130}, 4, false, true},
      {"fp32_tf32", DT::F32, {32, 32, 32, 40, 40, 72}, 3, false, false},
      // The other element widths: 2 (bf16), 4 (tf32), 1 (int8) bytes.
      {"bf16", DT::BF16, {128, 128, 32, 128, 128, 512}, 4, false, false},
      {"fp32_tf32", DT::F32, {64, 64, 32, 64, 64, 160}, 3, false, false},
      {"i8", DT::I8, {64, 64, 64, 64, 64, 320}, 3, false, false},
      // A tile as the tutorial's, deep enough to hide latency.
      {"fp16", DT::F16, {128, 256, 64, 128, 256, 512}, 3, false, false},
  };
  for (const Pipe &p : pipes)
    cases.push_back(pipelinedCase(p));
});

Register dotChained([](std::vector<Case> &cases) {
  struct A {
    DT in;
    int L, D, bm, bn;
    double tol;
  } list[] = {{DT::F16, 128, 64, 64, 32, 4e-3},
              {DT::F16, 256, 32, 32, 64, 4e-3},
              {DT::BF16, 128, 64, 64, 32, 3e-2},
              {DT::BF16, 64, 16, 16, 16, 3e-2}};
  for (const A &x : list) {
    const int L = x.L, D = x.D;
    const double scale = 1.0 / std::sqrt(double(D));
    std::string name = "dot/attention_chain/" + std::string(dtName(x.in)) +
                       "/L" + std::to_string(L) + "_D" + std::to_string(D) +
                       "_" + std::to_string(x.bm) + "x" + std::to_string(x.bn);
    std::string sig = ptr(x.in) + ", " + ptr(x.in) + ", " + ptr(x.in) +
                      ", *fp32:16, fp32, i32, " + std::to_string(D) + ", " +
                      std::to_string(x.bm) + ", " + std::to_string(x.bn);
    auto T = ArgSpec::t;
    Case c = tileCase(
        name, "dot.py", "attention_chain", sig,
        {in("q", x.in, size_t(L * D), Gen::range(-1, 1)),
         in("k", x.in, size_t(L * D), Gen::range(-1, 1)),
         in("v", x.in, size_t(L * D), Gen::range(-1, 1)),
         out("out", DT::F32, size_t(L * D))},
        {T(0), T(1), T(2), T(3), ArgSpec::real(scale), ArgSpec::integer(L)},
        [=](Data &d) {
          std::vector<double> s(L);
          for (int i = 0; i < L; ++i) {
            double mx = -INFINITY;
            for (int j = 0; j < L; ++j) {
              double dot = 0;
              for (int k = 0; k < D; ++k)
                dot += d[0][i * D + k] * d[1][j * D + k];
              s[j] = dot * scale;
              mx = std::max(mx, s[j]);
            }
            double sum = 0;
            for (int j = 0; j < L; ++j)
              sum += (s[j] = std::exp(s[j] - mx));
            for (int k = 0; k < D; ++k) {
              double o = 0;
              for (int j = 0; j < L; ++j)
                o += s[j] * d[2][j * D + k];
              d[3][i * D + k] = o / sum;
            }
          }
        },
        // P is rounded to the operands' type before P @ V.
        x.tol, x.tol);
    c.grid[0] = uint32_t(L / x.bm);
    cases.push_back(c);
  }
});

} // namespace
} // namespace trident::conformance
