//===- Descriptors.cpp - tensor descriptors --------------------------------===//
//
// Kernels of kernels/descriptors.py: host-side descriptors (signature
// `tensordesc<...>`, launched as descriptorArgs), descriptors made in the
// kernel, edge blocks and both paddings, 3-D blocks, row gathers and
// scatters, reductions, helpers taking descriptors, and a matmul.
//
//===----------------------------------------------------------------------===//

#include "Common.h"

#include <cmath>

using namespace trident::conformance;

namespace {

TensorSpec inout(const char *name, DT dt, size_t n, Gen g = Gen::range(-4, 4)) {
  return {name, dt, n, true, true, g};
}

Register descriptors([](std::vector<Case> &cases) {
  auto T = ArgSpec::t;
  auto I = ArgSpec::integer;
  // A copy through host descriptors, blocks hanging over both edges (100
  // rows, 72 columns in 16x32 blocks), for two element types.
  for (DT dt : {DT::F32, DT::F16}) {
    const int M = 100, N = 72;
    std::string e = dtName(dt);
    Case c = tileCase(
        "descriptor/copy_host/" + e, "descriptors.py", "desc_copy",
        "tensordesc<" + e + "[16, 32]>, tensordesc<" + e + "[16, 32]>, 2.0",
        {in("x", dt, M * N), out("y", dt, M * N)},
        joinArgs({descriptorArgs(0, {M, N}, {N, 1}),
                  descriptorArgs(1, {M, N}, {N, 1})}),
        [=](Data &d) {
          for (int i = 0; i < M * N; ++i)
            d[1][i] = roundTo(dt, d[0][i] * 2 + 1);
        },
        tolFor(dt), tolFor(dt));
    c.grid[0] = (M + 15) / 16;
    c.grid[1] = (N + 31) / 32;
    cases.push_back(c);
  }
  // Block shapes that split into several TMA copies on sm_90 (Hopper's
  // boxes are at most 256 a side and, swizzled, as wide as the swizzle):
  // panels along the columns (64x256 fp16: four 128-byte panels; 64x512:
  // eight, two rounds of the four warps), rows past 256 (512x64), the
  // narrower swizzles (16x32 and 8x16 fp16: 64 and 32 bytes) and fp32;
  // edges on both sides. Elsewhere they are plain descriptor copies.
  {
    struct Shape {
      DT dt;
      int bm, bn;
    };
    for (Shape sh : {Shape{DT::F16, 64, 256}, Shape{DT::F16, 64, 512},
                     Shape{DT::F16, 512, 64}, Shape{DT::F16, 16, 32},
                     Shape{DT::F16, 8, 16}, Shape{DT::F32, 32, 64}}) {
      const int M = 700, N = 1112;
      std::string e = dtName(sh.dt);
      std::string block =
          "tensordesc<" + e + "[" + std::to_string(sh.bm) + ", " +
          std::to_string(sh.bn) + "]>";
      Case c = tileCase(
          "descriptor/copy_blocks/" + e + "/" + std::to_string(sh.bm) + "x" +
              std::to_string(sh.bn),
          "descriptors.py", "desc_copy", block + ", " + block + ", 2.0",
          {in("x", sh.dt, size_t(M) * N), out("y", sh.dt, size_t(M) * N)},
          joinArgs({descriptorArgs(0, {M, N}, {N, 1}),
                    descriptorArgs(1, {M, N}, {N, 1})}),
          [=](Data &d) {
            for (size_t i = 0; i < size_t(M) * N; ++i)
              d[1][i] = roundTo(sh.dt, d[0][i] * 2 + 1);
          },
          tolFor(sh.dt), tolFor(sh.dt));
      c.grid[0] = (M + sh.bm - 1) / sh.bm;
      c.grid[1] = (N + sh.bn - 1) / sh.bn;
      cases.push_back(c);
    }
  }
  // A host descriptor over a 48x48 input read into a 64x64 output: what
  // lies outside the input reads as NaN (the descriptor's padding).
  {
    const int IM = 48, OM = 64;
    Case c = tileCase(
        "descriptor/host_nan_padding", "descriptors.py", "desc_copy",
        "tensordesc<fp32[16, 32]>, tensordesc<fp32[16, 32]>, 2.0",
        {in("x", DT::F32, IM * IM), out("y", DT::F32, OM * OM)},
        joinArgs({descriptorArgs(0, {IM, IM}, {IM, 1}, /*nan=*/true),
                  descriptorArgs(1, {OM, OM}, {OM, 1})}),
        [=](Data &d) {
          for (int i = 0; i < OM; ++i)
            for (int j = 0; j < OM; ++j)
              d[1][i * OM + j] =
                  i < IM && j < IM ? d[0][i * IM + j] * 2 + 1 : NAN;
        },
        2e-6, 2e-6);
    c.grid[0] = OM / 16;
    c.grid[1] = OM / 32;
    cases.push_back(c);
  }
  // Descriptors made in the kernel, zero and NaN padding.
  for (const char *pad : {"zero", "nan"}) {
    const int IM = 48, IN = 40, OM = 64, ON = 64;
    bool nan = std::string(pad) == "nan";
    Case c = tileCase(
        std::string("descriptor/device_padding/") + pad, "descriptors.py",
        "desc_padding",
        std::string("*fp32:16, *fp32:16, i32, i32, i32, i32, 32, 32, '") +
            pad + "'",
        {in("x", DT::F32, IM * IN), out("y", DT::F32, OM * ON)},
        {T(0), T(1), I(IM), I(IN), I(OM), I(ON)},
        [=](Data &d) {
          for (int i = 0; i < OM; ++i)
            for (int j = 0; j < ON; ++j)
              d[1][i * ON + j] = i < IM && j < IN ? d[0][i * IN + j]
                                 : nan           ? NAN
                                                 : 0.0;
        },
        0, 0);
    c.grid[0] = OM / 32;
    c.grid[1] = ON / 32;
    cases.push_back(c);
  }
  // 3-D blocks of 2x4x16 over a 3x10x16 tensor.
  {
    const int A = 3, B = 10, C = 16;
    Case c = tileCase(
        "descriptor/3d", "descriptors.py", "desc_3d",
        "tensordesc<fp16[2, 4, 16]>, tensordesc<fp16[2, 4, 16]>, 4",
        {in("x", DT::F16, A * B * C), out("y", DT::F16, A * B * C)},
        joinArgs({descriptorArgs(0, {A, B, C}, {B * C, C, 1}),
                  descriptorArgs(1, {A, B, C}, {B * C, C, 1})}),
        [=](Data &d) {
          for (int i = 0; i < A * B * C; ++i)
            d[1][i] = roundTo(DT::F16, d[0][i] - 2);
        },
        tolFor(DT::F16), tolFor(DT::F16));
    c.grid[0] = (A + 1) / 2;
    c.grid[1] = (B + 3) / 4;
    cases.push_back(c);
  }
  // Rows gathered and scattered through one-row descriptors; row 25 lies
  // outside the 20 rows (gathered as zero, its scatter dropped).
  {
    const int R = 20, C = 48, ROWS = 8, Y = 16, W = 16;
    const std::vector<double> idx = {3, 0, 19, 7, 25, 11, 5, 18};
    Case c = tileCase(
        "descriptor/gather_scatter", "descriptors.py", "desc_gather_scatter",
        "tensordesc<fp32[1, 16]>, tensordesc<fp32[1, 16]>, *i32:16, 8, 16",
        {in("x", DT::F32, R * C), inout("y", DT::F32, R * C),
         in("idx", DT::I32, ROWS, Gen::list(idx))},
        joinArgs({descriptorArgs(0, {R, C}, {C, 1}),
                  descriptorArgs(1, {R, C}, {C, 1}), {T(2)}}),
        [=](Data &d) {
          for (int r : {3, 0, 19, 7, 11, 5, 18})
            for (int j = Y; j < Y + W; ++j)
              d[1][r * C + j] = d[0][r * C + j] + 10;
        },
        2e-6, 2e-6);
    cases.push_back(c);
  }
  // Three programs add their blocks of x (40 rows, the last block padded
  // with zeros) into one 16x16 block of acc.
  {
    const int M = 40, BN = 16;
    Case c = tileCase(
        "descriptor/atomic_add", "descriptors.py", "desc_atomic_add",
        "*fp32:16, tensordesc<fp32[16, 16]>, i32, 16, 16",
        {in("x", DT::F32, M * BN), inout("acc", DT::F32, 16 * BN)},
        joinArgs({{T(0)}, descriptorArgs(1, {16, BN}, {BN, 1}), {I(M)}}),
        [=](Data &d) {
          for (int r = 0; r < M; ++r)
            for (int j = 0; j < BN; ++j)
              d[1][(r % 16) * BN + j] += d[0][r * BN + j];
        },
        1e-5, 1e-5);
    c.grid[0] = (M + 15) / 16;
    cases.push_back(c);
  }
  // A helper walks a row of blocks through the descriptor it is given,
  // bounded by desc.shape; the kernel masks its store with desc.shape.
  {
    const int M = 50, N = 80;
    Case c = tileCase(
        "descriptor/helper_row_sums", "descriptors.py", "desc_row_sums",
        "tensordesc<fp32[16, 16]>, *fp32:16, 16",
        {in("x", DT::F32, M * N), out("s", DT::F32, M)},
        joinArgs({descriptorArgs(0, {M, N}, {N, 1}), {T(1)}}),
        [=](Data &d) {
          for (int i = 0; i < M; ++i) {
            double s = 0;
            for (int j = 0; j < N; ++j)
              s += d[0][i * N + j];
            d[1][i] = s;
          }
        },
        1e-5, 1e-4);
    c.grid[0] = (M + 15) / 16;
    cases.push_back(c);
  }
  // The matmul of tutorial 09's descriptor form: fp16 operands, fp32
  // result, every dimension ragged (72x104 @ 104x80). The rows' strides
  // are multiples of 16 bytes, as TMA (and so Triton on sm_90) requires of
  // a descriptor's strides: with K = 100 A's rows were 200 bytes apart,
  // which the H100 read wrongly, as it would under Triton.
  {
    const int M = 72, N = 80, K = 104;
    Case c = tileCase(
        "descriptor/matmul", "descriptors.py", "desc_matmul",
        "*fp16:16, *fp16:16, *fp32:16, i32, i32, i32, 32, 32, 32",
        {in("a", DT::F16, M * K, Gen::range(-1, 1)),
         in("b", DT::F16, K * N, Gen::range(-1, 1)), out("c", DT::F32, M * N)},
        {T(0), T(1), T(2), I(M), I(N), I(K)},
        [=](Data &d) {
          for (int i = 0; i < M; ++i)
            for (int j = 0; j < N; ++j) {
              double s = 0;
              for (int k = 0; k < K; ++k)
                s += d[0][i * K + k] * d[1][k * N + j];
              d[2][i * N + j] = s;
            }
        },
        1e-4, 1e-4);
    c.grid[0] = (M + 31) / 32;
    c.grid[1] = (N + 31) / 32;
    cases.push_back(c);
  }
  // A descriptor picked by a runtime `if`, its shape merged with it: even
  // programs read a (5 rows), odd ones b (3 rows); rows past either read 0.
  {
    const int MA = 5, MB = 3, N = 16, P = 4;
    Case c = tileCase(
        "descriptor/picked_at_run_time", "descriptors.py", "desc_pick",
        "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, 8, 16",
        {in("a", DT::F32, MA * N), in("b", DT::F32, MB * N),
         out("out", DT::F32, P * 8 * N)},
        {T(0), T(1), T(2), I(MA), I(MB), I(N)},
        [=](Data &d) {
          for (int p = 0; p < P; ++p) {
            bool a = p % 2 == 0;
            int rows = a ? MA : MB;
            for (int r = 0; r < 8; ++r)
              for (int j = 0; j < N; ++j)
                d[2][(p * 8 + r) * N + j] =
                    (r < rows ? d[a ? 0 : 1][r * N + j] : 0.0) + rows;
          }
        },
        2e-6, 2e-6);
    c.grid[0] = P;
    cases.push_back(c);
  }
  // Tutorial 09's persistent matmuls, C = A B^T (B is N x K): host
  // descriptors, and descriptors made in the kernel; three programs walk
  // the tiles, with and without epilogue subtiling.
  const int PM = 100, PN = 80, PK = 72, SMS = 3;
  auto matmulRef = [=](Data &d) {
    for (int i = 0; i < PM; ++i)
      for (int j = 0; j < PN; ++j) {
        double acc = 0;
        for (int k = 0; k < PK; ++k)
          acc += d[0][i * PK + k] * d[1][j * PK + k];
        d[2][i * PN + j] = roundTo(DT::F16, acc);
      }
  };
  auto matmulTensors = [=] {
    return std::vector<TensorSpec>{in("a", DT::F16, PM * PK, Gen::range(-1, 1)),
                                   in("b", DT::F16, PN * PK, Gen::range(-1, 1)),
                                   out("c", DT::F16, PM * PN)};
  };
  for (bool subtile : {false, true}) {
    std::string st = subtile ? "True" : "False";
    std::string cblock = subtile ? "16" : "32";
    Case t = tileCase(
        std::string("descriptor/tutorial09_tma_persistent") +
            (subtile ? "/subtile" : ""),
        "descriptors.py", "matmul_tma_persistent",
        "tensordesc<fp16[32, 32]>, tensordesc<fp16[32, 32]>, tensordesc<fp16[32, " +
            cblock + "]>, i32, i32, i32, 32, 32, 32, 2, False, " + st + ", " +
            std::to_string(SMS) + ", False",
        matmulTensors(),
        joinArgs({descriptorArgs(0, {PM, PK}, {PK, 1}),
                  descriptorArgs(1, {PN, PK}, {PK, 1}),
                  descriptorArgs(2, {PM, PN}, {PN, 1}), {I(PM), I(PN), I(PK)}}),
        matmulRef, 2e-3, 2e-3);
    t.grid[0] = SMS;
    cases.push_back(t);
    for (bool flatten : {true, false}) {
      if (subtile && !flatten)
        continue; // the tutorial prunes this configuration
      Case d = tileCase(
          std::string("descriptor/tutorial09_descriptor_persistent") +
              (subtile ? "/subtile" : "") + (flatten ? "" : "/no_flatten"),
          "descriptors.py", "matmul_descriptor_persistent",
          "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, 32, 32, 32, 2, " + st +
              ", " + std::to_string(SMS) + ", False, " +
              (flatten ? "True" : "False"),
          matmulTensors(), {T(0), T(1), T(2), I(PM), I(PN), I(PK)}, matmulRef,
          2e-3, 2e-3);
      d.grid[0] = SMS;
      cases.push_back(d);
    }
  }
  // Tutorial 06's fused attention forward in its descriptor form: Q, K, V,
  // O of (Z*H*N_CTX) x HEAD_DIM, as host descriptors or as pointers the
  // kernel describes (_maybe_make_tensor_desc); causal (STAGE 3) or not.
  const int Z = 1, H = 2, NC = 64, HD = 32, BMA = 32;
  const double scale = 0.3;
  for (bool host : {true, false})
    for (int stage : {1, 3}) {
      bool causal = stage == 3;
      auto ref = [=](Data &d) {
        for (int zh = 0; zh < Z * H; ++zh)
          for (int i = 0; i < NC; ++i) {
            int row = zh * NC + i;
            std::vector<double> s(NC);
            double mx = -INFINITY;
            for (int j = 0; j < NC; ++j) {
              double x = 0;
              for (int e = 0; e < HD; ++e)
                x += d[0][row * HD + e] * d[1][(zh * NC + j) * HD + e];
              s[j] = causal && j > i ? -INFINITY : x * scale;
              mx = std::max(mx, s[j]);
            }
            double sum = 0;
            for (int j = 0; j < NC; ++j)
              sum += s[j] == -INFINITY ? 0 : std::exp(s[j] - mx);
            for (int e = 0; e < HD; ++e) {
              double o = 0;
              for (int j = 0; j < NC; ++j)
                if (s[j] != -INFINITY)
                  o += std::exp(s[j] - mx) / sum *
                       d[2][(zh * NC + j) * HD + e];
              d[3][row * HD + e] = roundTo(DT::F16, o);
            }
            d[4][row] = (mx + std::log(sum)) / std::log(2.0);
          }
      };
      const int Y = Z * H * NC;
      std::string sig =
          "fp32, *fp32:16, i32, i32, " +
          std::string(host ? "tensordesc<fp16[32, 32]>, tensordesc<fp16[16, "
                             "32]>, tensordesc<fp16[16, 32]>, "
                             "tensordesc<fp16[32, 32]>"
                           : "*fp16:16, *fp16:16, *fp16:16, *fp16:16") +
          ", i32, 32, 32, 16, False, " + std::to_string(stage) + ", False";
      std::vector<ArgSpec> args =
          host ? joinArgs({{ArgSpec::real(scale), T(4), I(Z), I(H)},
                           descriptorArgs(0, {Y, HD}, {HD, 1}),
                           descriptorArgs(1, {Y, HD}, {HD, 1}),
                           descriptorArgs(2, {Y, HD}, {HD, 1}),
                           descriptorArgs(3, {Y, HD}, {HD, 1}), {I(NC)}})
               : std::vector<ArgSpec>{ArgSpec::real(scale), T(4), I(Z), I(H),
                                      T(0), T(1), T(2), T(3), I(NC)};
      Case c = tileCase(
          std::string("descriptor/tutorial06_attention/") +
              (host ? "host" : "device") + (causal ? "/causal" : ""),
          "descriptors.py", "attn_fwd", sig,
          {in("q", DT::F16, Y * HD, Gen::range(-1, 1)),
           in("k", DT::F16, Y * HD, Gen::range(-1, 1)),
           in("v", DT::F16, Y * HD, Gen::range(-1, 1)), out("o", DT::F16, Y * HD),
           out("m", DT::F32, Y)},
          args, ref, 1e-2, 1e-2);
      c.grid[0] = NC / BMA;
      c.grid[1] = Z * H;
      cases.push_back(c);
    }
});

} // namespace
