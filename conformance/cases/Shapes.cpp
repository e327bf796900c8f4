//===- Shapes.cpp - broadcasting and shape manipulation cases -------------===//

#include "cases/Common.h"

using namespace trident::conformance;

namespace {

Register shapes([](std::vector<Case> &cases) {
  const int M = 16, N = 32;
  auto T = ArgSpec::t;
  cases.push_back(tileCase(
      "shape/broadcast_outer_add", "shapes.py", "outer_add",
      "*fp32:16, *fp32:16, *fp32:16, 16, 32",
      {in("x", DT::F32, M), in("y", DT::F32, N), out("out", DT::F32, M * N)},
      {T(0), T(1), T(2)},
      [=](Data &d) {
        for (int i = 0; i < M; ++i)
          for (int j = 0; j < N; ++j)
            d[2][i * N + j] = roundTo(DT::F32, d[0][i] + d[1][j]);
      },
      0, 0));
  for (const char *how : {"trans", "T", "permute"})
    for (DT dt : {DT::F32, DT::I16}) {
      std::string h = how;
      cases.push_back(tileCase(
          "shape/transpose_" + h + "/" + dtName(dt), "shapes.py", "transpose",
          ptr(dt) + ", " + ptr(dt) + ", 16, 32, '" + h + "'",
          {in("x", dt, M * N, Gen::range(-100, 100)), out("out", dt, M * N)},
          {T(0), T(1)},
          [=](Data &d) {
            for (int i = 0; i < M; ++i)
              for (int j = 0; j < N; ++j)
                d[1][j * M + i] = d[0][i * N + j];
          },
          0, 0));
    }
  cases.push_back(tileCase(
      "shape/reshape_ravel", "shapes.py", "reshape_flat",
      "*fp32:16, *fp32:16, 16, 32",
      {in("x", DT::F32, M * N), out("out", DT::F32, M * N)}, {T(0), T(1)},
      [=](Data &d) {
        for (int i = 0; i < M * N; ++i)
          d[1][i] = d[0][i] * 2;
      },
      0, 0));
  cases.push_back(tileCase(
      "shape/expand_dims_broadcast_to", "shapes.py", "expand_broadcast",
      "*fp32:16, *fp32:16, 16, 32",
      {in("x", DT::F32, N), out("out", DT::F32, M * N)}, {T(0), T(1)},
      [=](Data &d) {
        for (int i = 0; i < M; ++i)
          for (int j = 0; j < N; ++j)
            d[1][i * N + j] = roundTo(DT::F32, d[0][j] + i);
      },
      0, 0));
  const int A = 4, B = 8, C = 16;
  cases.push_back(tileCase(
      "shape/permute_3d", "shapes.py", "permute3d",
      "*fp32:16, *fp32:16, 4, 8, 16",
      {in("x", DT::F32, A * B * C), out("out", DT::F32, A * B * C)},
      {T(0), T(1)},
      [=](Data &d) {
        for (int a = 0; a < A; ++a)
          for (int b = 0; b < B; ++b)
            for (int c = 0; c < C; ++c)
              d[1][c * A * B + a * B + b] = d[0][a * B * C + b * C + c];
      },
      0, 0));
  cases.push_back(tileCase(
      "shape/join_split", "shapes.py", "join_split",
      "*fp32:16, *fp32:16, *fp32:16, *fp32:16, 64",
      {in("x", DT::F32, 64), in("y", DT::F32, 64), out("out", DT::F32, 128),
       out("back", DT::F32, 64)},
      {T(0), T(1), T(2), T(3)},
      [=](Data &d) {
        for (int i = 0; i < 64; ++i) {
          d[2][2 * i] = d[0][i];
          d[2][2 * i + 1] = d[1][i];
          d[3][i] = roundTo(DT::F32, d[0][i] - d[1][i]);
        }
      },
      0, 0));
  cases.push_back(tileCase(
      "shape/join_row_sums", "shapes.py", "join_row_sums",
      "*fp32:16, *fp32:16, 16, 32",
      {in("x", DT::F32, 16 * 32), out("out", DT::F32, 16 * 32 * 2)},
      {T(0), T(1)},
      [=](Data &d) {
        for (int m = 0; m < 16; ++m) {
          double s = 0;
          for (int n = 0; n < 32; ++n)
            s += d[0][m * 32 + n];
          for (int n = 0; n < 32; ++n) {
            d[1][(m * 32 + n) * 2] = d[0][m * 32 + n];
            d[1][(m * 32 + n) * 2 + 1] = s;
          }
        }
      },
      1e-5, 1e-5));
  cases.push_back(tileCase(
      "shape/interleave_cat", "shapes.py", "interleave_cat",
      "*fp32:16, *fp32:16, *fp32:16, *fp32:16, 64",
      {in("x", DT::F32, 64), in("y", DT::F32, 64), out("out", DT::F32, 128),
       out("sum", DT::F32, 1)},
      {T(0), T(1), T(2), T(3)},
      [=](Data &d) {
        double s = 0;
        for (int i = 0; i < 64; ++i) {
          d[2][2 * i] = d[0][i];
          d[2][2 * i + 1] = d[1][i];
          s += d[0][i] + d[1][i];
        }
        d[3][0] = s;
      },
      1e-5, 1e-5));
  // tl.gather along each axis; indices drawn inside the source.
  const int GM = 8, GN = 16, GK = 4;
  for (int axis : {0, 1}) {
    int rows = axis == 0 ? GK : GM, cols = axis == 0 ? GN : GK;
    cases.push_back(tileCase(
        "shape/gather2d/axis" + std::to_string(axis), "shapes.py", "gather2d",
        "*fp32:16, *i32:16, *fp32:16, 8, 16, 4, " + std::to_string(axis),
        {in("src", DT::F32, GM * GN),
         in("idx", DT::I32, size_t(rows * cols),
            Gen::range(0, (axis == 0 ? GM : GN) - 1)),
         out("out", DT::F32, size_t(rows * cols))},
        {T(0), T(1), T(2)},
        [=](Data &d) {
          for (int i = 0; i < rows; ++i)
            for (int j = 0; j < cols; ++j) {
              int k = int(d[1][i * cols + j]);
              d[2][i * cols + j] = axis == 0 ? d[0][k * GN + j] : d[0][i * GN + k];
            }
        },
        0, 0));
  }
  cases.push_back(tileCase(
      "shape/gather1d", "shapes.py", "gather1d", "*fp16:16, *i64:16, *fp16:16, 32, 64",
      {in("src", DT::F16, 32), in("idx", DT::I64, 64, Gen::range(0, 31)),
       out("out", DT::F16, 64)},
      {T(0), T(1), T(2)},
      [=](Data &d) {
        for (int i = 0; i < 64; ++i)
          d[2][i] = d[0][int(d[1][i])];
      },
      0, 0));
  // tl.flip along each dimension and by default (the last).
  for (int dim : {0, 1, 2}) {
    const int FM = 4, FN = 16;
    cases.push_back(tileCase(
        "shape/flip/" + std::string(dim == 2 ? "default" : "dim" + std::to_string(dim)),
        "shapes.py", "flip2d",
        "*i32:16, *i32:16, 4, 16, " + std::to_string(dim),
        {in("x", DT::I32, FM * FN, Gen::range(-1000, 1000)), out("out", DT::I32, FM * FN)},
        {T(0), T(1)},
        [=](Data &d) {
          for (int i = 0; i < FM; ++i)
            for (int j = 0; j < FN; ++j)
              d[1][i * FN + j] = dim == 0 ? d[0][(FM - 1 - i) * FN + j]
                                          : d[0][i * FN + (FN - 1 - j)];
        },
        0, 0));
  }
});

} // namespace
