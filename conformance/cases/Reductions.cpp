//===- Reductions.cpp - reductions and scans -------------------------------===//

#include "cases/Common.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>

using namespace trident::conformance;

namespace {

double combine(const std::string &op, double a, double b) {
  if (op == "sum" || op == "cumsum") return a + b;
  if (op == "max") return std::max(a, b);
  if (op == "min") return std::min(a, b);
  if (op == "absmax") return std::max(std::fabs(a), std::fabs(b));
  if (op == "prod" || op == "cumprod") return a * b;
  if (op == "xor_sum") return double(int64_t(a) ^ int64_t(b));
  return 0;
}

Register reductions([](std::vector<Case> &cases) {
  const int M = 16, N = 32;
  auto T = ArgSpec::t;
  struct R {
    const char *op;
    DT in, out;
  } list[] = {{"sum", DT::F32, DT::F32},    {"sum", DT::I32, DT::I32},
              {"sum", DT::I8, DT::I32},     {"sum", DT::F16, DT::F16},
              {"max", DT::F32, DT::F32},    {"min", DT::F32, DT::F32},
              {"max", DT::I32, DT::I32},    {"min", DT::U8, DT::I32},
              {"argmax", DT::F32, DT::I32}, {"argmin", DT::F32, DT::I32},
              {"argmax", DT::I32, DT::I32}, {"xor_sum", DT::I32, DT::I32},
              {"absmax", DT::F32, DT::F32}, {"prod", DT::F32, DT::F32}};
  for (const R &r : list)
    for (int axis = 0; axis < 2; ++axis)
      for (int keep = 0; keep < 2; ++keep) {
        if (keep && axis == 0 && std::string(r.op) != "sum" &&
            std::string(r.op) != "argmax")
          continue; // keep_dims once per op is enough
        std::string op = r.op;
        DT din = r.in, dout = r.out;
        int outN = axis == 0 ? N : M;
        Gen g = dtIsFloat(din) ? Gen::range(-3, 3) : Gen::range(-50, 50);
        if (din == DT::U8)
          g = Gen::range(0, 250);
        if (op == "prod")
          g = Gen::range(0.8, 1.2);
        // Ties make arg* ambiguous unless broken to the left, as Triton does.
        cases.push_back(tileCase(
            "reduce/" + op + "/" + dtName(din) + "/axis" +
                std::to_string(axis) + (keep ? "/keep_dims" : ""),
            "reductions.py", "reduce2d",
            ptr(din) + ", " + ptr(dout) + ", 16, 32, " + std::to_string(axis) +
                ", '" + op + "', " + (keep ? "True" : "False"),
            {in("x", din, M * N, g), out("out", dout, outN)}, {T(0), T(1)},
            [=](Data &d) {
              for (int o = 0; o < outN; ++o) {
                auto at = [&](int k) {
                  return axis == 0 ? d[0][k * N + o] : d[0][o * N + k];
                };
                int len = axis == 0 ? M : N;
                if (op == "argmax" || op == "argmin") {
                  int best = 0;
                  for (int k = 1; k < len; ++k)
                    if (op == "argmax" ? at(k) > at(best) : at(k) < at(best))
                      best = k;
                  d[1][o] = best;
                  continue;
                }
                double acc = at(0);
                for (int k = 1; k < len; ++k)
                  acc = combine(op, acc, at(k));
                d[1][o] = roundTo(dout, acc);
              }
            },
            din == DT::F16 ? 1e-2 : 1e-5,
            // An fp16 sum accumulates in fp16 (Triton's TTIR reduces in the
            // input type): each of the `len` additions rounds at the
            // partial sum's ulp (2^-7 near 10), so allow len * 2^-8; a lost
            // element is off by its value (about 1.5 on average here).
            din == DT::F16 ? (op == "sum" ? (axis == 0 ? M : N) / 256.0 : 2e-2)
                           : 1e-5));
      }
  for (const char *opc : {"sum", "max", "argmin"}) {
    std::string op = opc;
    DT dout = op == "argmin" ? DT::I32 : DT::F32;
    cases.push_back(tileCase(
        "reduce/" + op + "/1d_to_scalar", "reductions.py", "reduce_all",
        std::string("*fp32:16, ") + ptr(dout) + ", 256, '" + op + "'",
        {in("x", DT::F32, 256), out("out", dout, 1)}, {T(0), T(1)},
        [=](Data &d) {
          double acc = d[0][0];
          int best = 0;
          for (int k = 1; k < 256; ++k) {
            acc = op == "sum" ? acc + d[0][k] : std::max(acc, d[0][k]);
            if (d[0][k] < d[0][best])
              best = k;
          }
          d[1][0] = op == "argmin" ? best : acc;
        },
        1e-5, 1e-5));
  }
  const int A = 4, B = 8, C = 16;
  cases.push_back(tileCase(
      "reduce/sum/3d_axis1", "reductions.py", "reduce3d",
      "*fp32:16, *fp32:16, 4, 8, 16",
      {in("x", DT::F32, A * B * C), out("out", DT::F32, A * C)}, {T(0), T(1)},
      [=](Data &d) {
        for (int a = 0; a < A; ++a)
          for (int c = 0; c < C; ++c) {
            double s = 0;
            for (int b = 0; b < B; ++b)
              s += d[0][a * B * C + b * C + c];
            d[1][a * C + c] = s;
          }
      },
      1e-5, 1e-5));
  // Scans.
  struct S {
    const char *op;
    DT dt;
  } scans[] = {{"cumsum", DT::F32}, {"cumsum", DT::I32}, {"cumprod", DT::F32},
               {"absmax", DT::F32}};
  for (const S &s : scans)
    for (int axis = 0; axis < 2; ++axis)
      for (int rev = 0; rev < 2; ++rev) {
        std::string op = s.op;
        DT dt = s.dt;
        Gen g = op == "cumprod" ? Gen::range(0.9, 1.1)
                : dtIsFloat(dt) ? Gen::range(-3, 3)
                                : Gen::range(-50, 50);
        cases.push_back(tileCase(
            "scan/" + op + "/" + dtName(dt) + "/axis" + std::to_string(axis) +
                (rev ? "/reverse" : ""),
            "reductions.py", "scan2d",
            ptr(dt) + ", " + ptr(dt) + ", 16, 32, " + std::to_string(axis) +
                ", '" + op + "', " + (rev ? "True" : "False"),
            {in("x", dt, M * N, g), out("out", dt, M * N)}, {T(0), T(1)},
            [=](Data &d) {
              int lenA = axis == 0 ? M : N, lenO = axis == 0 ? N : M;
              for (int o = 0; o < lenO; ++o) {
                auto idx = [&](int k) {
                  return axis == 0 ? k * N + o : o * N + k;
                };
                double acc = 0;
                for (int step = 0; step < lenA; ++step) {
                  int k = rev ? lenA - 1 - step : step;
                  acc = step == 0 ? d[0][idx(k)]
                                  : combine(op, acc, d[0][idx(k)]);
                  d[1][idx(k)] = roundTo(dt, acc);
                }
              }
            },
            1e-5, 1e-5));
      }
  // Larger tiles: 256 rows put register repeats above the lanes and warps
  // along axis 0; 512 columns put the warps along axis 1.
  struct Big {
    int m, n, axis;
  } bigs[] = {{256, 16, 0}, {4, 512, 1}};
  for (const Big &b : bigs)
    for (int rev = 0; rev < 2; ++rev) {
      int bm = b.m, bn = b.n, axis = b.axis;
      cases.push_back(tileCase(
          "scan/cumsum/i32/" + std::to_string(bm) + "x" + std::to_string(bn) +
              "/axis" + std::to_string(axis) + (rev ? "/reverse" : ""),
          "reductions.py", "scan2d",
          ptr(DT::I32) + ", " + ptr(DT::I32) + ", " + std::to_string(bm) +
              ", " + std::to_string(bn) + ", " + std::to_string(axis) +
              ", 'cumsum', " + (rev ? "True" : "False"),
          {in("x", DT::I32, bm * bn, Gen::range(-50, 50)),
           out("out", DT::I32, bm * bn)},
          {T(0), T(1)},
          [=](Data &d) {
            int lenA = axis == 0 ? bm : bn, lenO = axis == 0 ? bn : bm;
            for (int o = 0; o < lenO; ++o) {
              double acc = 0;
              for (int step = 0; step < lenA; ++step) {
                int k = rev ? lenA - 1 - step : step;
                int i = axis == 0 ? k * bn + o : o * bn + k;
                acc += d[0][i];
                d[1][i] = acc;
              }
            }
          },
          0, 0));
    }
  // The fused softmax tutorial: 64 rows of 200 columns (masked to 256).
  cases.push_back(tileCase(
      "tutorial/fused_softmax", "reductions.py", "softmax_rows",
      "*fp32:16, *fp32:16, i32, 64, 256",
      {in("x", DT::F32, 64 * 200, Gen::range(-5, 5)),
       out("out", DT::F32, 64 * 200)},
      {T(0), T(1), ArgSpec::integer(200)},
      [=](Data &d) {
        for (int r = 0; r < 64; ++r) {
          double mx = -INFINITY, s = 0;
          for (int c = 0; c < 200; ++c)
            mx = std::max(mx, d[0][r * 200 + c]);
          for (int c = 0; c < 200; ++c)
            s += std::exp(d[0][r * 200 + c] - mx);
          for (int c = 0; c < 200; ++c)
            d[1][r * 200 + c] = std::exp(d[0][r * 200 + c] - mx) / s;
        }
      },
      1e-5, 1e-7));
  cases.back().grid[0] = 64;
  // tl.sort along the rows (both orders) and tl.topk: the prelude's
  // bitonic sort, checked element for element against std::sort.
  for (auto [dt, sig] : {std::pair{DT::F32, "fp32"}, std::pair{DT::F16, "fp16"},
                         std::pair{DT::I32, "i32"}, std::pair{DT::U8, "u8"}})
    for (int desc : {0, 1}) {
      const int SM = 4, SN = 64;
      cases.push_back(tileCase(
          std::string("sort/") + sig + (desc ? "/descending" : "/ascending"),
          "reductions.py", "sort_rows",
          std::string("*") + sig + ":16, *" + sig + ":16, 4, 64, " +
              std::to_string(desc),
          {in("x", dt, SM * SN, Gen::range(-100, 100)), out("out", dt, SM * SN)},
          {T(0), T(1)},
          [=](Data &d) {
            for (int r = 0; r < SM; ++r) {
              std::vector<double> row(d[0].begin() + r * SN,
                                      d[0].begin() + (r + 1) * SN);
              std::sort(row.begin(), row.end());
              if (desc)
                std::reverse(row.begin(), row.end());
              std::copy(row.begin(), row.end(), d[1].begin() + r * SN);
            }
          },
          0, 0));
    }
  for (int k : {1, 8, 32}) {
    const int TM = 4, TN = 32;
    cases.push_back(tileCase(
        "sort/topk/k" + std::to_string(k), "reductions.py", "topk_rows",
        "*fp32:16, *fp32:16, 4, 32, " + std::to_string(k),
        {in("x", DT::F32, TM * TN, Gen::range(-100, 100)), out("out", DT::F32, TM * k)},
        {T(0), T(1)},
        [=](Data &d) {
          for (int r = 0; r < TM; ++r) {
            std::vector<double> row(d[0].begin() + r * TN,
                                    d[0].begin() + (r + 1) * TN);
            std::sort(row.begin(), row.end(), std::greater<double>());
            std::copy(row.begin(), row.begin() + k, d[1].begin() + r * k);
          }
        },
        0, 0));
  }
  // tl.histogram: values outside [0, 16) and masked-out elements uncounted.
  cases.push_back(tileCase(
      "reduce/histogram", "reductions.py", "histogram",
      "*i32:16, *i32:16, i32, 256, 16",
      {in("x", DT::I32, 256, Gen::range(-3, 20)), out("out", DT::I32, 16)},
      {T(0), T(1), ArgSpec::integer(200)},
      [](Data &d) {
        for (int b = 0; b < 16; ++b)
          d[1][b] = 0;
        for (int i = 0; i < 200; ++i) {
          int v = int(d[0][i]);
          if (v >= 0 && v < 16)
            d[1][v] += 1;
        }
      },
      0, 0));
});

} // namespace
