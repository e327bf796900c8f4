//===- cpu_bench.cpp - the cpu backend against plain C++ loops ------------===//
//
//   trident-cpu-bench [--threads N]
//
// Compiles three Triton kernels with the cpu backend (vector add of 16M
// floats, softmax of 4096 rows of 1024, a 512x512x512 fp32 matmul), runs
// them through the runtime's cpu driver, checks the results, and compares
// the median time of 10 runs with plain C++ loops compiled at -O3 in this
// binary (baseline.cpp), single-threaded. Prints the ratios (kernel time /
// loop time) with the runtime on 1 thread and on all threads.
//
//===----------------------------------------------------------------------===//

#include "trident/Bundle.h"
#include "trident/Driver/Driver.h"
#include "trident/Frontend/Compiler.h"
#include "trident/runtime.h"

#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

using namespace trident;

void baselineAdd(const float *x, const float *y, float *out, int n);
void baselineSoftmax(const float *x, float *out, int rows, int cols);
void baselineMatmul(const float *a, const float *b, float *c, int m, int n, int k);

namespace {

template <typename F> double medianMs(F f, int reps = 10) {
  f(); // warm up
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

void check(trident_status_t s, const char *what) {
  if (!s)
    return;
  fprintf(stderr, "%s: %s\n", what, trident_status_message(s));
  exit(1);
}

struct Compiled {
  std::string bundle;
};

Compiled compile(Driver &d, const frontend::SourceFile &src,
                 const std::string &kernel, const std::string &sig) {
  frontend::KernelSpec spec;
  spec.kernel = kernel;
  spec.signature = frontend::splitSignature(sig);
  CompileOptions o;
  CompiledKernel k;
  std::vector<std::string> errors;
  if (!d.compile(src, spec, "cpu", o, k, errors)) {
    for (auto &e : errors)
      fprintf(stderr, "%s", e.c_str());
    exit(1);
  }
  std::string data, error;
  bundle::write({{k.metadata, k.output}}, data, error);
  return {data};
}

} // namespace

int main(int argc, char **argv) {
  BackendRegistry registry;
  std::vector<std::string> errs;
  registry.loadDefaultPlugins(errs);
  frontend::PythonFrontend python;
  Driver driver(registry, python);
  auto buf = llvm::MemoryBuffer::getFile(TRIDENT_BENCH_KERNELS, true);
  if (!buf) {
    fprintf(stderr, "cannot read %s\n", TRIDENT_BENCH_KERNELS);
    return 1;
  }
  frontend::SourceFile src(TRIDENT_BENCH_KERNELS, (*buf)->getBuffer().str());
  Compiled add = compile(driver, src, "add_kernel", "*fp32:16, *fp32:16, *fp32:16, i32, 1024");
  Compiled softmax = compile(driver, src, "softmax_kernel", "*fp32:16, *fp32:16, i32, 1024");
  Compiled matmul = compile(driver, src, "matmul_kernel",
                            "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, 64, 64, 32");

  std::mt19937 rng(42);
  std::uniform_real_distribution<float> u(-1, 1);
  const int N = 16 << 20, R = 4096, C = 1024, S = 512;
  std::vector<float> x(N), y(N), out(N), ref(N);
  for (int i = 0; i < N; ++i) {
    x[i] = u(rng);
    y[i] = u(rng);
  }
  std::vector<float> sx(size_t(R) * C), sout(sx.size()), sref(sx.size());
  for (float &v : sx)
    v = 4 * u(rng);
  std::vector<float> a(S * S), b(S * S), c(S * S), cref(S * S);
  for (float &v : a) v = u(rng);
  for (float &v : b) v = u(rng);

  double loopAdd = medianMs([&] { baselineAdd(x.data(), y.data(), ref.data(), N); });
  double loopSoftmax = medianMs([&] { baselineSoftmax(sx.data(), sref.data(), R, C); });
  double loopMatmul = medianMs([&] { baselineMatmul(a.data(), b.data(), cref.data(), S, S, S); }, 3);

  printf("%-24s %10s %12s %12s %10s %10s\n", "kernel", "C++ -O3", "trident 1t",
         "trident all", "ratio 1t", "ratio all");
  int threadsAll = 0;
  double times[2][3];
  for (int pass = 0; pass < 2; ++pass) {
    setenv("TRIDENT_CPU_THREADS", pass == 0 ? "1" : "0", 1);
    if (pass == 1)
      unsetenv("TRIDENT_CPU_THREADS");
    trident_runtime_t *rt;
    check(trident_runtime_create(&rt), "runtime");
    trident_device_t *cpu;
    check(trident_runtime_find_device(rt, "cpu", &cpu), "device");
    trident_device_info_t info = TRIDENT_DEVICE_INFO_INIT;
    check(trident_device_info(cpu, &info), "info");
    if (pass == 1)
      threadsAll = info.multiprocessor_count;
    auto load = [&](Compiled &k, const char *name) {
      trident_module_t *m;
      check(trident_module_load_memory(cpu, k.bundle.data(), k.bundle.size(), &m), "load");
      trident_kernel_t *kk;
      check(trident_module_kernel(m, name, &kk), "kernel");
      return kk;
    };
    trident_kernel_t *kAdd = load(add, "add_kernel");
    trident_kernel_t *kSoft = load(softmax, "softmax_kernel");
    trident_kernel_t *kMm = load(matmul, "matmul_kernel");
    auto bufOf = [&](const std::vector<float> &v) {
      trident_buffer_t *bb;
      check(trident_buffer_allocate(cpu, v.size() * 4, &bb), "alloc");
      check(trident_buffer_write(bb, 0, v.data(), v.size() * 4, nullptr), "write");
      return bb;
    };
    auto arg = [](trident_buffer_t *bb) {
      trident_arg_t a = {};
      a.kind = TRIDENT_ARG_BUFFER;
      a.value.buffer.buffer = bb;
      return a;
    };
    auto num = [](int64_t v) {
      trident_arg_t a = {};
      a.kind = TRIDENT_ARG_INT;
      a.value.i = v;
      return a;
    };
    trident_buffer_t *bx = bufOf(x), *by = bufOf(y), *bo = bufOf(out);
    trident_arg_t addArgs[] = {arg(bx), arg(by), arg(bo), num(N)};
    trident_launch_config_t addCfg = {sizeof(trident_launch_config_t), {uint32_t(N / 1024), 1, 1}, nullptr};
    times[pass][0] = medianMs([&] { check(trident_kernel_launch(kAdd, &addCfg, addArgs, 4), "launch"); });
    check(trident_buffer_read(bo, 0, out.data(), N * 4, nullptr), "read");
    for (int i = 0; i < N; i += 9973)
      if (out[i] != ref[i]) { fprintf(stderr, "add mismatch at %d\n", i); return 1; }
    trident_buffer_t *bs = bufOf(sx), *bso = bufOf(sout);
    trident_arg_t sArgs[] = {arg(bs), arg(bso), num(C)};
    trident_launch_config_t sCfg = {sizeof(trident_launch_config_t), {uint32_t(R), 1, 1}, nullptr};
    times[pass][1] = medianMs([&] { check(trident_kernel_launch(kSoft, &sCfg, sArgs, 3), "launch"); });
    check(trident_buffer_read(bso, 0, sout.data(), sout.size() * 4, nullptr), "read");
    for (size_t i = 0; i < sout.size(); i += 997)
      if (std::fabs(sout[i] - sref[i]) > 1e-6f + 1e-4f * std::fabs(sref[i])) {
        fprintf(stderr, "softmax mismatch at %zu: %g vs %g\n", i, sout[i], sref[i]);
        return 1;
      }
    trident_buffer_t *ba = bufOf(a), *bb2 = bufOf(b), *bc = bufOf(c);
    trident_arg_t mArgs[] = {arg(ba), arg(bb2), arg(bc), num(S), num(S), num(S)};
    trident_launch_config_t mCfg = {sizeof(trident_launch_config_t), {uint32_t((S / 64) * (S / 64)), 1, 1}, nullptr};
    times[pass][2] = medianMs([&] { check(trident_kernel_launch(kMm, &mCfg, mArgs, 6), "launch"); }, 3);
    check(trident_buffer_read(bc, 0, c.data(), c.size() * 4, nullptr), "read");
    for (int i = 0; i < S * S; i += 101)
      if (std::fabs(c[i] - cref[i]) > 1e-3f) {
        fprintf(stderr, "matmul mismatch at %d: %g vs %g\n", i, c[i], cref[i]);
        return 1;
      }
    for (trident_buffer_t *p : {bx, by, bo, bs, bso, ba, bb2, bc})
      trident_buffer_release(p);
    trident_runtime_release(rt);
  }
  const char *names[] = {"vector add 16M fp32", "softmax 4096x1024", "matmul 512^3 fp32"};
  double loops[] = {loopAdd, loopSoftmax, loopMatmul};
  for (int i = 0; i < 3; ++i)
    printf("%-24s %8.2f ms %9.2f ms %9.2f ms %9.2fx %9.2fx\n", names[i], loops[i],
           times[0][i], times[1][i], times[0][i] / loops[i], times[1][i] / loops[i]);
  printf("(ratio = trident time / C++ loop time; 'all' = %d threads; results "
         "checked against the loops)\n", threadsAll);
  return 0;
}
