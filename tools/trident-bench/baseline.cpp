//===- baseline.cpp - plain C++ loops, compiled at -O3 --------------------===//
//
// The references trident-cpu-bench compares the cpu backend with: the
// straightforward loops a C++ programmer would write, single-threaded.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>

void baselineAdd(const float *x, const float *y, float *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = x[i] + y[i];
}

void baselineSoftmax(const float *x, float *out, int rows, int cols) {
  for (int r = 0; r < rows; ++r) {
    const float *row = x + size_t(r) * cols;
    float mx = row[0];
    for (int c = 1; c < cols; ++c)
      mx = std::max(mx, row[c]);
    float s = 0;
    for (int c = 0; c < cols; ++c)
      s += std::exp(row[c] - mx);
    for (int c = 0; c < cols; ++c)
      out[size_t(r) * cols + c] = std::exp(row[c] - mx) / s;
  }
}

void baselineMatmul(const float *a, const float *b, float *c, int m, int n, int k) {
  for (int i = 0; i < m * n; ++i)
    c[i] = 0;
  for (int i = 0; i < m; ++i)
    for (int p = 0; p < k; ++p) {
      float av = a[i * k + p];
      for (int j = 0; j < n; ++j)
        c[i * n + j] += av * b[p * n + j];
    }
}
