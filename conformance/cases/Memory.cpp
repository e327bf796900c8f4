//===- Memory.cpp - atomics under contention, dot products, matmul --------===//

#include "cases/Common.h"
#include "cases/DotCheck.h"

#include <cmath>

using namespace trident::conformance;

namespace {

TensorSpec inout(const char *name, DT dt, size_t n, Gen g) {
  return {name, dt, n, true, true, g};
}

Register atomics([](std::vector<Case> &cases) {
  const int N = 1000, SLOTS = 4, BLOCK = 128;
  auto T = ArgSpec::t;
  struct A {
    const char *op;
    DT dt;
  } list[] = {{"add", DT::I32}, {"add", DT::F32}, {"max", DT::I32},
              {"max", DT::F32}, {"min", DT::I32}, {"min", DT::F32},
              {"max", DT::U32}, {"or", DT::I32},  {"xor", DT::I32}};
  for (const A &a : list) {
    std::string op = a.op;
    DT dt = a.dt;
    Gen g = dtIsFloat(dt) ? Gen::range(-50, 50)
            : dt == DT::U32 ? Gen::range(0, 1000)
                            : Gen::range(-1000, 1000);
    Gen init = op == "min" ? Gen::value(1e4) : op == "max" && dt != DT::U32
                                                   ? Gen::value(-1e4)
                                                   : Gen::value(0);
    Case c = tileCase(
        "atomic/" + op + "/" + dtName(dt), "memory.py", "atomic_contend",
        ptr(dt) + ", " + ptr(dt) + ", i32, 4, '" + op + "', 128",
        {in("x", dt, N, g), inout("acc", dt, SLOTS, init)},
        {T(0), T(1), ArgSpec::integer(N)},
        [=](Data &d) {
          for (int i = 0; i < N; ++i) {
            double &s = d[1][i % SLOTS];
            double x = d[0][i];
            if (op == "add") s += x;
            else if (op == "max") s = std::max(s, x);
            else if (op == "min") s = std::min(s, x);
            else if (op == "or") s = double(int64_t(s) | int64_t(x));
            else s = double(int64_t(s) ^ int64_t(x));
          }
          for (double &s : d[1])
            s = roundTo(dt, s);
        },
        // A float sum of 250 values of up to 50 in whatever order the
        // programs run: each addition may round by half an ulp of the
        // partial sum (up to ~6e-5 each), so the tolerance allows the
        // rounding of the whole chain; a lost element is off by its value.
        1e-5, dtIsFloat(dt) && op == "add" ? 5e-3 : 1e-4);
    c.grid[0] = (N + BLOCK - 1) / BLOCK;
    cases.push_back(c);
  }
  // A lock-free counter on atomic_cas: 64 programs, tickets 0..63 each
  // taken exactly once, the counter ends at 64.
  Case counter = tileCase(
      "atomic/cas_counter", "memory.py", "atomic_counter",
      "*i32:16, *i32:16",
      {inout("count", DT::I32, 1, Gen::value(0)), out("ticket_of", DT::I32, 64)},
      {T(0), T(1)},
      [](Data &d) { d[0][0] = 64; },
      0, 0);
  counter.grid[0] = 64;
  counter.checkOnly = {0};
  // Each ticket taken exactly once: the tickets are a permutation.
  counter.check = [](const Data &got) -> std::string {
    std::vector<int> seen(64, 0);
    for (size_t p = 0; p < 64; ++p) {
      double t = got[1][p];
      if (t < 0 || t >= 64 || t != std::floor(t))
        return "ticket_of[" + std::to_string(p) + "] = " +
               std::to_string(t) + " is no ticket of 0..63";
      if (seen[size_t(t)]++)
        return "ticket " + std::to_string(int(t)) + " was taken twice";
    }
    return "";
  };
  cases.push_back(counter);
  Case xchg = tileCase(
      "atomic/xchg_all_programs", "memory.py", "atomic_xchg_last",
      "*i32:16, *i32:16",
      {inout("slot", DT::I32, 1, Gen::value(0)), out("seen", DT::I32, 32)},
      {T(0), T(1)}, [](Data &) {}, 0, 0);
  // Which program exchanged last is not determined; that the exchanges
  // form one chain is: the values seen and the one left in the slot are
  // 0 (the slot's first value) and 1..32 (each program's), each once.
  xchg.grid[0] = 32;
  xchg.checkOnly = {-1};
  xchg.check = [](const Data &got) -> std::string {
    std::vector<int> count(33, 0);
    std::vector<double> all(got[1].begin(), got[1].end());
    all.push_back(got[0][0]);
    for (double v : all) {
      if (v < 0 || v > 32 || v != std::floor(v))
        return "value " + std::to_string(v) + " was never exchanged in";
      if (count[size_t(v)]++)
        return "value " + std::to_string(int(v)) +
               " came out of the exchanges twice";
    }
    return "";
  };
  cases.push_back(xchg);
});

// Masked loads and stores whose masks are affine in the program's offsets:
// blocks wholly inside, straddling and wholly outside each bound.
Register masks([](std::vector<Case> &cases) {
  auto T = ArgSpec::t;
  const int N = 1000, LO = 37, BLOCK = 128, GRID = 10; // 1280 elements
  const size_t S = size_t(GRID) * BLOCK;
  Case c = tileCase(
      "memory/mask_forms", "memory.py", "mask_forms",
      "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, 128",
      {in("x", DT::F32, N), out("a", DT::F32, S), out("b", DT::F32, S),
       out("c", DT::F32, S), out("d", DT::F32, S)},
      {T(0), T(1), T(2), T(3), T(4), ArgSpec::integer(N), ArgSpec::integer(LO)},
      [=](Data &d) {
        for (size_t i = 0; i < S; ++i) {
          int64_t o = int64_t(i), rev = N - 1 - o, odd = 2 * o - 3;
          d[1][i] = o >= LO && o < N ? d[0][i] : -1.0;
          d[2][i] = rev >= 0 && o < N ? d[0][rev] : -2.0;
          d[3][i] = odd >= 0 && odd < N ? d[0][odd] : -3.0;
          if (o < N + BLOCK) // the store of d is masked too
            d[4][i] = uint32_t(o - LO) < uint32_t(N - LO) ? d[0][i] : -4.0;
        }
      },
      0, 0);
  c.grid[0] = GRID;
  cases.push_back(c);
});

Register dots([](std::vector<Case> &cases) {
  auto T = ArgSpec::t;
  struct D {
    int m, n, k;
    DT in;
    bool ta, tb;
    const char *out;
  } list[] = {{16, 16, 16, DT::F32, false, false, "fp32"},
              {32, 32, 64, DT::F32, false, false, "fp32"},
              {64, 32, 16, DT::F32, false, false, "fp32"},
              {128, 128, 32, DT::F32, false, false, "fp32"},
              {32, 64, 128, DT::F16, false, false, "fp32"},
              {32, 32, 32, DT::F16, false, false, "fp16"},
              {64, 64, 64, DT::BF16, false, false, "fp32"},
              {32, 32, 64, DT::I8, false, false, "i32"},
              {32, 16, 32, DT::F32, true, false, "fp32"},
              {16, 32, 32, DT::F16, false, true, "fp32"},
              {32, 32, 32, DT::F32, true, true, "fp32"},
              {32, 32, 32, DT::F8E4NV, false, false, "fp32"},
              {32, 16, 64, DT::F8E5, false, true, "fp32"}};
  for (const D &x : list) {
    D c = x;
    DT outDT = std::string(c.out) == "fp16" ? DT::F16
               : std::string(c.out) == "i32" ? DT::I32
                                              : DT::F32;
    Gen g = c.in == DT::I8 ? Gen::range(-100, 100) : Gen::range(-2, 2);
    std::string name = "dot/" + std::to_string(c.m) + "x" + std::to_string(c.n) +
                       "x" + std::to_string(c.k) + "/" + dtName(c.in) +
                       (std::string(c.out) == "fp16" ? "_out_fp16" : "") +
                       (c.ta ? "/trans_a" : "") + (c.tb ? "/trans_b" : "");
    std::string sig = ptr(c.in) + ", " + ptr(c.in) + ", " + ptr(outDT) + ", " +
                      std::to_string(c.m) + ", " + std::to_string(c.n) + ", " +
                      std::to_string(c.k) + ", " + (c.ta ? "True" : "False") +
                      ", " + (c.tb ? "True" : "False") + ", '" + c.out + "'";
    double tol = c.in == DT::I8 ? 0 : outDT == DT::F16 ? 4e-3 : 1e-5;
    Case dc = tileCase(
        name, "memory.py", "dot_tile", sig,
        {in("a", c.in, size_t(c.m * c.k), g), in("b", c.in, size_t(c.k * c.n), g),
         out("c", outDT, size_t(c.m * c.n))},
        {T(0), T(1), T(2)},
        [=](Data &d) {
          for (int i = 0; i < c.m; ++i)
            for (int j = 0; j < c.n; ++j) {
              double s = 0;
              for (int k = 0; k < c.k; ++k) {
                double a = c.ta ? d[0][k * c.m + i] : d[0][i * c.k + k];
                double b = c.tb ? d[1][j * c.k + k] : d[1][k * c.n + j];
                s += a * b;
              }
              d[2][i * c.n + j] = roundTo(outDT, s);
            }
        },
        tol, tol * c.k);
    // fp32 operands at tl.dot's default input_precision, "tf32": the
    // products may keep 10 bits of mantissa (tensor cores do), so the
    // result is held to the bound that allows (DotCheck.h), not to fp32's.
    if (c.in == DT::F32) {
      dc.checkOnly = {-1};
      dc.check = dotCheck(c.m, c.n, c.k, boundFor(DT::F32, DT::F32, "tf32"),
                          false, 0, 1, 0, 2, c.ta, c.tb);
    }
    cases.push_back(dc);
  }
  const int M = 32, N = 32, K = 16;
  cases.push_back(tileCase(
      "dot/chained_with_bias_relu", "memory.py", "dot_chain_epilogue",
      "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, 32, 32, 16",
      {in("a", DT::F32, M * K, Gen::range(-1, 1)), in("b", DT::F32, K * N, Gen::range(-1, 1)),
       in("d", DT::F32, N * N, Gen::range(-1, 1)), in("bias", DT::F32, N),
       out("out", DT::F32, M * N)},
      {T(0), T(1), T(2), T(3), T(4)},
      [=](Data &d) {
        std::vector<double> ab(M * N, 0);
        for (int i = 0; i < M; ++i)
          for (int j = 0; j < N; ++j)
            for (int k = 0; k < K; ++k)
              ab[i * N + j] += d[0][i * K + k] * d[1][k * N + j];
        for (int i = 0; i < M; ++i)
          for (int j = 0; j < N; ++j) {
            double e = 0;
            for (int k = 0; k < N; ++k)
              e += ab[i * N + k] * d[2][k * N + j];
            d[4][i * N + j] = std::max(e + d[3][j], 0.0);
          }
      },
      1e-5, 1e-4));
  // The tiled matmul tutorial, fp16 in and out, ragged edges.
  const int MM = 100, NN = 72, KK = 96;
  Case mm = tileCase(
      "tutorial/matmul_grouped", "memory.py", "matmul_grouped",
      "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, "
      "i32, 32, 32, 32, 4",
      {in("a", DT::F16, MM * KK, Gen::range(-1, 1)),
       in("b", DT::F16, KK * NN, Gen::range(-1, 1)),
       out("c", DT::F16, MM * NN)},
      {T(0), T(1), T(2), ArgSpec::integer(MM), ArgSpec::integer(NN),
       ArgSpec::integer(KK), ArgSpec::integer(KK), ArgSpec::integer(1),
       ArgSpec::integer(NN), ArgSpec::integer(1), ArgSpec::integer(NN),
       ArgSpec::integer(1)},
      [=](Data &d) {
        for (int i = 0; i < MM; ++i)
          for (int j = 0; j < NN; ++j) {
            double s = 0;
            for (int k = 0; k < KK; ++k)
              s += d[0][i * KK + k] * d[1][k * NN + j];
            d[2][i * NN + j] = roundTo(DT::F16, s);
          }
      },
      2e-3, 2e-3);
  mm.grid[0] = ((MM + 31) / 32) * ((NN + 31) / 32);
  cases.push_back(mm);
});

Register blockPointers([](std::vector<Case> &cases) {
  auto T = ArgSpec::t;
  const int M = 100, N = 150;
  Case rs = tileCase(
      "block_ptr/rowsum_advance_boundary", "memory.py", "block_ptr_rowsum",
      "*fp32:16, *fp32:16, i32, i32, i32, 32, 64",
      {in("x", DT::F32, M * N), out("out", DT::F32, M)},
      {T(0), T(1), ArgSpec::integer(M), ArgSpec::integer(N), ArgSpec::integer(N)},
      [=](Data &d) {
        for (int i = 0; i < M; ++i) {
          double s = 0;
          for (int j = 0; j < N; ++j)
            s += d[0][i * N + j];
          d[1][i] = s;
        }
      },
      // 150 fp32 additions in the kernel's order (tiles of 64, masked)
      // against an exact sum: the rounding reaches 2e-5 on some seeds; a
      // lost or doubled element is off by ~0.5.
      1e-4, 1e-4);
  rs.grid[0] = (M + 31) / 32;
  cases.push_back(rs);
  const int R = 70, C = 45;
  Case tr = tileCase(
      "block_ptr/transpose_boundary", "memory.py", "block_ptr_transpose",
      "*fp32:16, *fp32:16, i32, i32, 32",
      {in("x", DT::F32, R * C), out("out", DT::F32, R * C)},
      {T(0), T(1), ArgSpec::integer(R), ArgSpec::integer(C)},
      [=](Data &d) {
        for (int i = 0; i < R; ++i)
          for (int j = 0; j < C; ++j)
            d[1][j * R + i] = d[0][i * C + j];
      },
      0, 0);
  tr.grid[0] = (R + 31) / 32;
  tr.grid[1] = (C + 31) / 32;
  cases.push_back(tr);
  // The fused attention forward tutorial: softmax(Q K^T * scale) V.
  const int L = 128, D = 64;
  const double scale = 0.125;
  Case at = tileCase(
      "tutorial/attention_forward_block_ptr", "attention.py", "attn_fwd",
      "*fp32:16, *fp32:16, *fp32:16, *fp32:16, fp32, i32, 64, 32, 32",
      {in("q", DT::F32, L * D, Gen::range(-1, 1)), in("k", DT::F32, L * D, Gen::range(-1, 1)),
       in("v", DT::F32, L * D, Gen::range(-1, 1)), out("out", DT::F32, L * D)},
      {T(0), T(1), T(2), T(3), ArgSpec::real(scale), ArgSpec::integer(L)},
      [=](Data &d) {
        std::vector<double> s(L);
        for (int i = 0; i < L; ++i) {
          double mx = -INFINITY;
          for (int j = 0; j < L; ++j) {
            double dot = 0;
            for (int c = 0; c < D; ++c)
              dot += d[0][i * D + c] * d[1][j * D + c];
            s[j] = dot * scale;
            mx = std::max(mx, s[j]);
          }
          double sum = 0;
          for (int j = 0; j < L; ++j)
            sum += (s[j] = std::exp(s[j] - mx));
          for (int c = 0; c < D; ++c) {
            double o = 0;
            for (int j = 0; j < L; ++j)
              o += s[j] * d[2][j * D + c];
            d[3][i * D + c] = o / sum;
          }
        }
      },
      1e-4, 1e-5);
  at.grid[0] = L / 32;
  cases.push_back(at);
});

} // namespace

// Every atomic kind, ordering and scope, with the returned old value: one
// address per element, so the result is determined; elements from n on
// are masked off.
Register atomicOld([](std::vector<Case> &cases) {
  const int N = 1024, n = 1000, BLOCK = 128;
  auto T = ArgSpec::t;
  struct A {
    const char *op;
    DT dt;
    const char *sem, *scope;
  } list[] = {
      {"add", DT::I32, "acq_rel", "gpu"},    {"add", DT::U32, "relaxed", "gpu"},
      {"add", DT::I64, "acquire", "cta"},    {"add", DT::F32, "release", "sys"},
      {"add", DT::F64, "acq_rel", "gpu"},    {"add", DT::F16, "relaxed", "gpu"},
      {"add", DT::BF16, "acq_rel", "gpu"},   {"max", DT::I32, "acq_rel", "gpu"},
      {"max", DT::U32, "acquire", "gpu"},    {"max", DT::I64, "relaxed", "cta"},
      {"max", DT::F32, "acq_rel", "gpu"},    {"min", DT::I32, "release", "gpu"},
      {"min", DT::U64, "acq_rel", "sys"},    {"min", DT::F32, "relaxed", "gpu"},
      {"and", DT::I32, "acq_rel", "gpu"},    {"or", DT::I64, "acquire", "gpu"},
      {"xor", DT::U32, "release", "cta"},    {"xchg", DT::I32, "acq_rel", "gpu"},
      {"xchg", DT::F32, "relaxed", "sys"},   {"xchg", DT::I64, "acquire", "gpu"},
      {"cas", DT::I32, "acq_rel", "gpu"},    {"cas", DT::I64, "relaxed", "cta"},
      {"cas", DT::F32, "acquire", "gpu"},    {"cas", DT::F16, "acq_rel", "gpu"},
  };
  for (const A &a : list) {
    std::string op = a.op;
    DT dt = a.dt;
    bool unsig = dt == DT::U32 || dt == DT::U64;
    Gen g = dtIsFloat(dt) ? Gen::range(-50, 50)
            : unsig       ? Gen::range(0, 1000)
                          : Gen::range(-1000, 1000);
    Case c = tileCase(
        "atomic/old/" + op + "/" + dtName(dt) + "/" + a.sem + "/" + a.scope,
        "memory.py", "atomic_old",
        ptr(dt) + ", " + ptr(dt) + ", " + ptr(dt) + ", i32, '" + op + "', '" +
            a.sem + "', '" + a.scope + "', 128",
        {in("x", dt, N, g), inout("acc", dt, N, g),
         inout("old", dt, N, Gen::value(0))},
        {T(0), T(1), T(2), ArgSpec::integer(n)},
        [=](Data &d) {
          for (int i = 0; i < N; ++i) {
            double x = d[0][i], &s = d[1][i];
            if (op == "cas") {
              d[2][i] = s;
              if (i % 2 == 0)
                s = x;
              continue;
            }
            if (i >= n)
              continue;
            d[2][i] = s;
            int64_t xi = int64_t(x), si = int64_t(s);
            if (op == "add") s = roundTo(dt, s + x);
            else if (op == "max") s = std::max(s, x);
            else if (op == "min") s = std::min(s, x);
            else if (op == "and") s = double(si & xi);
            else if (op == "or") s = double(si | xi);
            else if (op == "xor") s = double(si ^ xi);
            else s = x;
          }
        },
        0, 0);
    c.grid[0] = N / BLOCK;
    cases.push_back(c);
  }
  // Elements several threads hold (16 elements, 128 threads) and a scalar:
  // updated once each, the old value seen by every holder.
  const int B = 16;
  Case shared = tileCase(
      "atomic/shared_elements", "memory.py", "atomic_shared_elements",
      "*i32:16, *i32:16, *i32:16, *i32:16, 16",
      {inout("acc", DT::I32, B, Gen::range(-100, 100)), out("old", DT::I32, B),
       inout("count", DT::I32, 1, Gen::value(7)), out("seen", DT::I32, B)},
      {T(0), T(1), T(2), T(3)},
      [=](Data &d) {
        for (int i = 0; i < B; ++i) {
          d[1][i] = d[0][i];
          d[0][i] += i + 1;
          d[3][i] = d[2][0];
        }
        d[2][0] += 5;
      },
      0, 0);
  cases.push_back(shared);
});
