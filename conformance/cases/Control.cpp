//===- Control.cpp - control flow, helpers, Philox, layer norm ------------===//

#include "cases/Common.h"

#include <cmath>
#include <cstring>

using namespace trident::conformance;

namespace {

/// Philox4x32-10 as triton.language.random defines it: returns c0.
uint32_t philox(uint64_t seed, uint32_t c0) {
  uint32_t c1 = 0, c2 = 0, c3 = 0;
  uint32_t k0 = uint32_t(seed & 0xffffffff), k1 = uint32_t(seed >> 32);
  for (int r = 0; r < 10; ++r) {
    uint32_t p0 = c0, p2 = c2;
    c0 = uint32_t((uint64_t(0xCD9E8D57) * p2) >> 32) ^ c1 ^ k0;
    c2 = uint32_t((uint64_t(0xD2511F53) * p0) >> 32) ^ c3 ^ k1;
    c1 = 0xCD9E8D57u * p2;
    c3 = 0xD2511F53u * p0;
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  return c0;
}

Register control([](std::vector<Case> &cases) {
  auto T = ArgSpec::t;
  const int N = 1000, BLOCK = 128;
  for (int steps : {0, 1, 5}) {
    Case c = tileCase(
        "control/loops_if_while_helpers/steps" + std::to_string(steps),
        "control.py", "loops",
        "*fp32:16, *fp32:16, i32, 128, " + std::to_string(steps),
        {in("x", DT::F32, N, Gen::range(-1, 1)), out("out", DT::F32, N)},
        {T(0), T(1), ArgSpec::integer(N)},
        [=](Data &d) {
          for (int i = 0; i < N; ++i) {
            double x = d[0][i], acc = 0;
            for (int s = 0; s < steps; ++s)
              acc = acc * 0.5 + x * s;
            acc += 0 + 1 + 2;
            acc += 4;
            acc = (i / BLOCK) % 2 == 0 ? acc * 2 : acc - 1;
            acc = 1 + acc * (0.5 + acc * 0.25);
            double p = i / BLOCK + 0.5;
            d[1][i] = acc + p * p;
          }
        },
        1e-5, 1e-5);
    c.grid[0] = (N + BLOCK - 1) / BLOCK;
    cases.push_back(c);
  }
  // Programs at or past LIMIT return at once: their outputs stay poisoned.
  Case ex = tileCase(
      "control/early_return", "control.py", "early_exit",
      "*fp32:16, *fp32:16, i32, i32, 128",
      {in("x", DT::F32, N), out("out", DT::F32, N)},
      {T(0), T(1), ArgSpec::integer(N), ArgSpec::integer(512)},
      [=](Data &d) {
        for (int p = 0; p * BLOCK < N; ++p) {
          if (p * BLOCK >= 512)
            continue; // stays NaN
          double lo = INFINITY, hi = -INFINITY;
          for (int j = 0; j < BLOCK; ++j) {
            int i = p * BLOCK + j;
            double v = i < N ? d[0][i] : 0.0;
            lo = std::min(lo, v);
            hi = std::max(hi, v);
          }
          for (int j = 0; j < BLOCK && p * BLOCK + j < N; ++j)
            d[1][p * BLOCK + j] =
                roundTo(DT::F32, d[0][p * BLOCK + j] + roundTo(DT::F32, hi - lo));
        }
      },
      1e-6, 1e-6);
  ex.grid[0] = (N + BLOCK - 1) / BLOCK;
  cases.push_back(ex);
  // tl.assume: hints (llvm.intr.assume) that change nothing computed.
  Case as = tileCase(
      "control/assume", "control.py", "assumed", "*fp32:16, *fp32:16, i32, 128",
      {in("x", DT::F32, N), out("out", DT::F32, N)},
      {T(0), T(1), ArgSpec::integer(N)},
      [=](Data &d) {
        for (int i = 0; i < N; ++i)
          d[1][i] = roundTo(DT::F32, d[0][i] * 2.0);
      },
      0, 0);
  as.grid[0] = (N + BLOCK - 1) / BLOCK;
  cases.push_back(as);
  // tl.extra.cuda.gdc_wait / gdc_launch_dependents: griddepcontrol on
  // sm_90, dropped where there is none; launched normally, the same result.
  Case gdc = tileCase(
      "control/grid_dependency_control", "control.py", "grid_dependency",
      "*fp32:16, *fp32:16, i32, 128",
      {in("x", DT::F32, N), out("out", DT::F32, N)},
      {T(0), T(1), ArgSpec::integer(N)},
      [=](Data &d) {
        for (int i = 0; i < N; ++i)
          d[1][i] = roundTo(DT::F32, d[0][i] * 2.0 + 1.0);
      },
      0, 0);
  gdc.grid[0] = (N + BLOCK - 1) / BLOCK;
  cases.push_back(gdc);
  for (uint64_t seed : {uint64_t(0), uint64_t(42), uint64_t(0x123456789abcULL)}) {
    Case c = tileCase(
        "random/philox_randint_rand/seed" + std::to_string(seed), "control.py",
        "philox", "*u32:16, *fp32:16, i64, i32, 128",
        {out("ints", DT::U32, N), out("uniform", DT::F32, N)},
        {T(0), T(1), ArgSpec::integer(int64_t(seed)), ArgSpec::integer(N)},
        [=](Data &d) {
          for (int i = 0; i < N; ++i) {
            uint32_t r = philox(seed, uint32_t(i));
            d[0][i] = r;
            int32_t x;
            std::memcpy(&x, &r, 4);
            if (x < 0)
              x = -x - 1;
            d[1][i] = roundTo(DT::F32, float(x) * 4.6566127342e-10f);
          }
        },
        1e-6, 1e-7);
    c.grid[0] = (N + BLOCK - 1) / BLOCK;
    cases.push_back(c);
  }
  // The layer norm forward tutorial: 8 rows of 300 columns, 128 at a time.
  const int R = 8, C = 300;
  Case ln = tileCase(
      "tutorial/layer_norm_forward", "layer_norm.py", "_layer_norm_fwd_fused",
      "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, "
      "fp32, 128",
      {in("x", DT::F32, R * C, Gen::range(-3, 3)), out("y", DT::F32, R * C),
       in("w", DT::F32, C), in("b", DT::F32, C), out("mean", DT::F32, R),
       out("rstd", DT::F32, R)},
      {T(0), T(1), T(2), T(3), T(4), T(5), ArgSpec::integer(C),
       ArgSpec::integer(C), ArgSpec::real(1e-5)},
      [=](Data &d) {
        for (int r = 0; r < R; ++r) {
          double mean = 0, var = 0;
          for (int c = 0; c < C; ++c)
            mean += d[0][r * C + c];
          mean /= C;
          for (int c = 0; c < C; ++c)
            var += (d[0][r * C + c] - mean) * (d[0][r * C + c] - mean);
          var /= C;
          double rstd = 1 / std::sqrt(var + 1e-5);
          d[4][r] = mean;
          d[5][r] = rstd;
          for (int c = 0; c < C; ++c)
            d[1][r * C + c] = (d[0][r * C + c] - mean) * rstd * d[2][c] + d[3][c];
        }
      },
      1e-5, 1e-5);
  ln.grid[0] = R;
  cases.push_back(ln);
  // Printing and (holding) device assertions compile and run; the output
  // goes to the process's stdout.
  Case pa = tileCase(
      "debug/print_and_assert", "control.py", "print_assert",
      "*fp32:16, *fp32:16, i32, 16",
      {in("x", DT::F32, 40), out("out", DT::F32, 40)},
      {T(0), T(1), ArgSpec::integer(40)},
      [](Data &d) {
        for (int i = 0; i < 40; ++i)
          d[1][i] = d[0][i] * 2;
      },
      0, 0);
  pa.grid[0] = 3;
  pa.debug = true;
  cases.push_back(pa);
  // The layer norm backward tutorial (dx and grouped partial dw/db under a
  // spin lock): 64 rows of 200, 8 groups.
  const int RB = 64, CB = 200, G = 8;
  // The lock array is the kernel's to change: G spin locks, released (0)
  // at the end, then G first-visit flags, all set (1): every group has
  // rows.
  TensorSpec lock = {"lock", DT::I32, size_t(2 * G), true, true, Gen::value(0)};
  Case lb = tileCase(
      "tutorial/layer_norm_backward_dx_partial_dwdb", "layer_norm_bwd.py",
      "layer_norm_bwd_dx_fused",
      "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, "
      "*fp32:16, *i32:16, i32, i32, 8, 256",
      {out("dx", DT::F32, RB * CB), in("dy", DT::F32, RB * CB),
       out("dw", DT::F32, G * CB), out("db", DT::F32, G * CB),
       in("x", DT::F32, RB * CB), in("w", DT::F32, CB),
       in("mean", DT::F32, RB, Gen::range(-0.5, 0.5)),
       in("rstd", DT::F32, RB, Gen::range(0.5, 2)), lock},
      {T(0), T(1), T(2), T(3), T(4), T(5), T(6), T(7), T(8),
       ArgSpec::integer(CB), ArgSpec::integer(CB)},
      [=](Data &d) {
        for (int g = 0; g < G; ++g) {
          d[8][g] = 0;
          d[8][G + g] = 1;
        }
        for (int g = 0; g < G; ++g)
          for (int c = 0; c < CB; ++c)
            d[2][g * CB + c] = d[3][g * CB + c] = 0;
        for (int r = 0; r < RB; ++r) {
          double mean = d[6][r], rstd = d[7][r], c1 = 0, c2 = 0;
          std::vector<double> xhat(CB), wdy(CB);
          for (int c = 0; c < CB; ++c) {
            xhat[c] = (d[4][r * CB + c] - mean) * rstd;
            wdy[c] = d[5][c] * d[1][r * CB + c];
            c1 += xhat[c] * wdy[c];
            c2 += wdy[c];
          }
          c1 /= CB;
          c2 /= CB;
          for (int c = 0; c < CB; ++c) {
            d[0][r * CB + c] = (wdy[c] - (xhat[c] * c1 + c2)) * rstd;
            d[2][(r % G) * CB + c] += d[1][r * CB + c] * xhat[c];
            d[3][(r % G) * CB + c] += d[1][r * CB + c];
          }
        }
      },
      1e-4, 1e-4);
  lb.grid[0] = RB;
  cases.push_back(lb);
});

} // namespace
