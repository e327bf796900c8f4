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
  // result, every dimension ragged (72x100 @ 100x80).
  {
    const int M = 72, N = 80, K = 100;
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
});

} // namespace
