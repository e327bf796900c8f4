//===- Packages.cpp - tl.dot in the idioms of real packages ---------------===//
//
// Kernels shaped as inference and training libraries write them
// (packages.py): a mixture-of-experts GEMM over sorted token slots with a
// grouped launch order and an early return, an int8 GEMM with per-row and
// per-column scales behind tl.multiple_of / tl.max_contiguous hints, and a
// chunked causal attention on block pointers with boundary checks.
//
//===----------------------------------------------------------------------===//

#include "Common.h"

#include <cmath>

namespace trident::conformance {
namespace {

Register packageDots([](std::vector<Case> &cases) {
  auto T = ArgSpec::t;
  auto I = ArgSpec::integer;

  {
    // 20 tokens, each routed to TOP_K = 2 of 4 experts; B is [E, N, K]
    // (read through a transposed stride pair), K has a masked tail and N a
    // ragged last tile.
    const int tokens = 20, topK = 2, experts = 4, N = 48, K = 72;
    const int bm = 16, bn = 32, slots = tokens * topK;
    std::vector<double> sorted, blockExpert;
    for (int e = 0; e < experts; ++e) {
      size_t first = sorted.size();
      for (int s = 0; s < slots; ++s)
        if ((s * 7 + s / topK) % experts == e)
          sorted.push_back(s);
      while (sorted.size() == first || (sorted.size() - first) % bm)
        sorted.push_back(slots); // padding: no slot
      for (size_t b = first; b < sorted.size(); b += bm)
        blockExpert.push_back(e);
    }
    const int padded = int(sorted.size());
    const int blocksM = padded / bm, blocksN = (N + bn - 1) / bn;
    Case c = tileCase(
        "package/moe_gemm/fp16/t20_top2_e4_n48_k72", "packages.py", "moe_gemm",
        "*fp16:16, *fp16:16, *fp16:16, *fp32:16, *i32:16, *i32:16, *i32:16, "
        "i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, 16, 32, 32, 2, 2, "
        "True",
        {in("a", DT::F16, size_t(tokens * K), Gen::range(-1, 1)),
         in("b", DT::F16, size_t(experts * N * K), Gen::range(-1, 1)),
         out("c", DT::F16, size_t(slots * N)),
         in("w", DT::F32, size_t(slots), Gen::range(0.1, 1)),
         in("sorted", DT::I32, sorted.size(), Gen::list(sorted)),
         in("experts", DT::I32, blockExpert.size(), Gen::list(blockExpert)),
         in("padded", DT::I32, 1, Gen::value(padded))},
        {T(0), T(1), T(2), T(3), T(4), T(5), T(6), I(N), I(K), I(slots), I(K),
         I(1), I(N * K), I(1), I(K), I(N), I(1)},
        [=](Data &d) {
          for (int b = 0; b < blocksM; ++b)
            for (int r = 0; r < bm; ++r) {
              int s = int(d[4][b * bm + r]);
              if (s >= slots)
                continue;
              int e = int(d[5][b]), t = s / topK;
              for (int j = 0; j < N; ++j) {
                double acc = 0;
                for (int k = 0; k < K; ++k)
                  acc += d[0][t * K + k] * d[1][(e * N + j) * K + k];
                d[2][s * N + j] = roundTo(DT::F16, acc * d[3][s]);
              }
            }
        },
        2e-3, 2e-3);
    // One more row of blocks than there are: those programs return early.
    c.grid[0] = uint32_t((blocksM + 1) * blocksN);
    cases.push_back(c);
  }

  {
    const int M = 100, N = 72, K = 130, bm = 64, bn = 32;
    Case c = tileCase(
        "package/int8_scaled_mm/100x72x130_tile64x32x64", "packages.py",
        "int8_scaled_mm",
        "*i8:16, *i8:16, *fp16:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, "
        "i32, i32, i32, i32, i32, i32, i32, 64, 32, 64, True",
        {in("a", DT::I8, size_t(M * K), Gen::range(-100, 100)),
         in("b", DT::I8, size_t(K * N), Gen::range(-100, 100)),
         out("c", DT::F16, size_t(M * N)),
         in("a_scale", DT::F32, size_t(M), Gen::range(0.5e-3, 1e-3)),
         in("b_scale", DT::F32, size_t(N), Gen::range(0.5e-3, 1e-3)),
         in("bias", DT::F32, size_t(N), Gen::range(-1, 1))},
        {T(0), T(1), T(2), T(3), T(4), T(5), I(M), I(N), I(K), I(K), I(1),
         I(N), I(1), I(N), I(1)},
        [=](Data &d) {
          for (int i = 0; i < M; ++i)
            for (int j = 0; j < N; ++j) {
              double acc = 0; // exact: int32 accumulation
              for (int k = 0; k < K; ++k)
                acc += d[0][i * K + k] * d[1][k * N + j];
              d[2][i * N + j] =
                  roundTo(DT::F16, acc * d[3][i] * d[4][j] + d[5][j]);
            }
        },
        2e-3, 2e-3);
    c.grid[0] = uint32_t((M + bm - 1) / bm);
    c.grid[1] = uint32_t((N + bn - 1) / bn);
    cases.push_back(c);
  }

  {
    const int L = 100, DK = 64, DV = 64, bt = 32, bv = 32;
    const double scale = 0.125;
    Case c = tileCase(
        "package/chunk_causal_attn/fp16/T100_K64_V64_bt32", "packages.py",
        "chunk_causal_attn",
        "*fp16:16, *fp16:16, *fp16:16, *fp16:16, fp32, i32, 64, 64, 32, 32, "
        "32",
        {in("q", DT::F16, size_t(L * DK), Gen::range(-1, 1)),
         in("k", DT::F16, size_t(L * DK), Gen::range(-1, 1)),
         in("v", DT::F16, size_t(L * DV), Gen::range(-1, 1)),
         out("o", DT::F16, size_t(L * DV))},
        {T(0), T(1), T(2), T(3), ArgSpec::real(scale), I(L)},
        [=](Data &d) {
          for (int t = 0; t < L; ++t)
            for (int j = 0; j < DV; ++j) {
              double o = 0;
              for (int s = 0; s <= t; ++s) {
                double qk = 0;
                for (int k = 0; k < DK; ++k)
                  qk += d[0][t * DK + k] * d[1][s * DK + k];
                o += qk * scale * d[2][s * DV + j];
              }
              d[3][t * DV + j] = roundTo(DT::F16, o);
            }
        },
        1e-2, 1e-2);
    c.grid[0] = uint32_t(DV / bv);
    c.grid[1] = uint32_t((L + bt - 1) / bt);
    cases.push_back(c);
  }
});

} // namespace
} // namespace trident::conformance
