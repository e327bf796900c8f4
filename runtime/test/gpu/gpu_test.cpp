//===- gpu_test.cpp - the runtime on a CUDA GPU ---------------------------===//
//
// Run on a machine with an NVIDIA GPU (see docs/runtime.md for the command
// used on the H200). Exits 77 (skipped) when there is no CUDA device.
// Checks: device info; a bundle whose cubin matches the device, and PTX
// fallback from an older architecture; vector add against a host reference
// with poisoned outputs; pointer checks (host and cpu-device pointers are
// refused); a kernel with 96 KiB of dynamic shared memory (the >48 KiB
// opt-in); argument errors; then the launch-overhead benchmark: 10,000
// launches of an empty kernel, host time per launch, median of 7 runs.
//
//===----------------------------------------------------------------------===//

#include "trident/Bundle.h"
#include "trident/runtime.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace trident;

static int failures = 0;
#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      std::printf("FAIL %s:%d: ", __FILE__, __LINE__);                         \
      std::printf(__VA_ARGS__);                                                \
      std::printf("\n");                                                       \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

static bool ok(trident_status_t s, const char *what) {
  if (!s)
    return true;
  std::printf("FAIL %s: %s\n", what, trident_status_message(s));
  trident_status_free(s);
  ++failures;
  return false;
}
#define OK(expr) ok((expr), #expr)

static bool expectError(trident_status_t s, const char *text) {
  if (!s) {
    std::printf("FAIL: expected an error containing '%s'\n", text);
    ++failures;
    return false;
  }
  bool found = std::strstr(trident_status_message(s), text) != nullptr;
  std::printf("%s error: %s\n", found ? "ok  " : "FAIL", trident_status_message(s));
  if (!found)
    ++failures;
  trident_status_free(s);
  return found;
}

static std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

static bundle::Entry entry(const std::string &kernel, const std::string &target,
                           const std::string &format, const std::string &binary,
                           std::vector<bundle::KernelArg> args, int warps,
                           uint64_t smem = 0) {
  bundle::Entry e;
  e.meta.kernel = kernel;
  e.meta.target = target;
  e.meta.backend = "nvcc-test";
  e.meta.format = format;
  e.meta.numWarps = warps;
  e.meta.threadsPerWarp = 32;
  e.meta.sharedMemory = smem;
  e.meta.args = std::move(args);
  e.binary = binary;
  return e;
}

static trident_arg_t buf(trident_buffer_t *b) {
  trident_arg_t a = {};
  a.kind = TRIDENT_ARG_BUFFER;
  a.value.buffer.buffer = b;
  return a;
}
static trident_arg_t i64(int64_t v) {
  trident_arg_t a = {};
  a.kind = TRIDENT_ARG_INT;
  a.value.i = v;
  return a;
}

int main() {
  trident_runtime_t *rt = nullptr;
  if (!OK(trident_runtime_create(&rt)))
    return 1;
  trident_device_t *gpu = nullptr;
  trident_status_t s = trident_runtime_find_device(rt, "cuda", &gpu);
  if (s) {
    std::printf("skipped: %s\n", trident_status_message(s));
    trident_status_free(s);
    trident_runtime_release(rt);
    return 77;
  }
  trident_device_info_t info = TRIDENT_DEVICE_INFO_INIT;
  OK(trident_device_info(gpu, &info));
  std::printf("device: %s, target %s, %d SMs, warp %d, %.1f GiB, shared "
              "memory %zu (opt-in %zu) bytes\n",
              info.name, info.target, info.multiprocessor_count, info.warp_size,
              double(info.total_memory) / (1 << 30),
              info.shared_memory_per_block, info.shared_memory_per_block_optin);
  std::string dir = TRIDENT_TEST_KERNEL_DIR;
  if (const char *env = std::getenv("TRIDENT_TEST_KERNEL_DIR"))
    dir = env;
  std::string cubin = readFile(dir + "/test_kernels.sm_90.cubin");
  std::string ptx = readFile(dir + "/test_kernels.compute_80.ptx");
  CHECK(!cubin.empty() && !ptx.empty(), "kernels missing in %s", dir.c_str());
  std::vector<bundle::KernelArg> addArgs = {
      {"x_ptr", "*fp32"}, {"y_ptr", "*fp32"}, {"out_ptr", "*fp32"}, {"n", "i32"}};
  std::vector<bundle::KernelArg> smemArgs = {
      {"in_ptr", "*i32"}, {"out_ptr", "*i32"}, {"words", "i32"}};
  const uint64_t smemBytes = 96 * 1024;
  std::vector<bundle::Entry> entries = {
      entry("add_kernel", "cuda:80", "cubin", "not for this device", addArgs, 4),
      entry("add_kernel", info.target, "cubin", cubin, addArgs, 4),
      entry("smem_reverse", info.target, "cubin", cubin, smemArgs, 8, smemBytes),
      entry("empty_kernel", info.target, "cubin", cubin,
            {{"p", "*fp32"}, {"n", "i32"}}, 1),
      entry("add_kernel", "cpu", "host-so", "unused", addArgs, 1)};
  std::string data, error;
  CHECK(bundle::write(entries, data, error), "bundle: %s", error.c_str());
  trident_module_t *m = nullptr;
  if (!OK(trident_module_load_memory(gpu, data.data(), data.size(), &m)))
    return 1;
  trident_kernel_t *add = nullptr, *smem = nullptr, *empty = nullptr;
  OK(trident_module_kernel(m, "add_kernel", &add));
  OK(trident_module_kernel(m, "smem_reverse", &smem));
  OK(trident_module_kernel(m, "empty_kernel", &empty));
  trident_kernel_info_t ki = TRIDENT_KERNEL_INFO_INIT;
  OK(trident_kernel_info(add, &ki));
  CHECK(std::string(ki.format) == "cubin", "chose %s, expected the cubin",
        ki.format);

  // Vector add, outputs poisoned, checked against the host.
  const int n = 1 << 20;
  std::vector<float> x(n), y(n), out(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i % 1000) * 0.25f;
    y[i] = float((i * 7) % 333) - 100.0f;
  }
  trident_buffer_t *bx, *by, *bo;
  OK(trident_buffer_allocate(gpu, n * 4, &bx));
  OK(trident_buffer_allocate(gpu, n * 4, &by));
  OK(trident_buffer_allocate(gpu, n * 4, &bo));
  OK(trident_buffer_write(bx, 0, x.data(), n * 4, nullptr));
  OK(trident_buffer_write(by, 0, y.data(), n * 4, nullptr));
  std::vector<float> poison(n, std::nanf(""));
  OK(trident_buffer_write(bo, 0, poison.data(), n * 4, nullptr));
  trident_arg_t a[4] = {buf(bx), buf(by), buf(bo), i64(n)};
  trident_launch_config_t cfg = {sizeof(trident_launch_config_t), {uint32_t((n + 127) / 128), 1, 1}, nullptr};
  OK(trident_kernel_launch(add, &cfg, a, 4));
  OK(trident_device_synchronize(gpu));
  OK(trident_buffer_read(bo, 0, out.data(), n * 4, nullptr));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += out[i] != x[i] + y[i];
  CHECK(bad == 0, "vector add: %d of %d wrong", bad, n);
  std::printf("%s vector add: %d elements checked\n", bad ? "FAIL" : "ok  ", n);

  // PTX of an older architecture when no cubin matches: JIT by the driver.
  std::vector<bundle::Entry> ptxOnly = {
      entry("add_kernel", "cuda:80", "cubin", "cubin for sm_80", addArgs, 4),
      entry("add_kernel", "cuda:80", "ptx", ptx, addArgs, 4)};
  CHECK(bundle::write(ptxOnly, data, error), "bundle: %s", error.c_str());
  trident_module_t *mp = nullptr;
  if (OK(trident_module_load_memory(gpu, data.data(), data.size(), &mp))) {
    trident_kernel_t *addPtx = nullptr;
    OK(trident_module_kernel(mp, "add_kernel", &addPtx));
    OK(trident_kernel_info(addPtx, &ki));
    CHECK(std::string(ki.format) == "ptx", "chose %s, expected ptx", ki.format);
    OK(trident_buffer_write(bo, 0, poison.data(), n * 4, nullptr));
    OK(trident_kernel_launch(addPtx, &cfg, a, 4));
    OK(trident_buffer_read(bo, 0, out.data(), n * 4, nullptr));
    bad = 0;
    for (int i = 0; i < n; ++i)
      bad += out[i] != x[i] + y[i];
    CHECK(bad == 0, "vector add from PTX: %d wrong", bad);
    std::printf("%s vector add from compute_80 PTX on %s\n", bad ? "FAIL" : "ok  ",
                info.target);
    trident_module_release(mp);
  }
  // Nothing that runs here: the error lists the bundle.
  std::vector<bundle::Entry> none = {
      entry("add_kernel", "cuda:100", "cubin", "x", addArgs, 4),
      entry("add_kernel", "hip:gfx942", "hsaco", "x", addArgs, 4)};
  CHECK(bundle::write(none, data, error), "bundle: %s", error.c_str());
  expectError(trident_module_load_memory(gpu, data.data(), data.size(), &mp),
              "it holds: add_kernel for cuda:100 (cubin), add_kernel for "
              "hip:gfx942 (hsaco)");

  // Pointer checks: host memory and cpu-device memory are refused.
  trident_arg_t p[4] = {buf(bx), buf(by), buf(bo), i64(n)};
  p[0].kind = TRIDENT_ARG_POINTER;
  p[0].value.pointer = x.data();
  expectError(trident_kernel_launch(add, &cfg, p, 4),
              "argument 0 'x_ptr' of kernel 'add_kernel' (*fp32): the pointer "
              "does not point to memory of device cuda:");
  p[0].value.pointer = trident_buffer_address(bx); // a real device address
  OK(trident_kernel_launch(add, &cfg, p, 4));
  trident_device_t *cpu = nullptr;
  OK(trident_runtime_find_device(rt, "cpu", &cpu));
  trident_buffer_t *hostBuf = nullptr;
  OK(trident_buffer_allocate(cpu, 64, &hostBuf));
  p[0] = buf(hostBuf);
  expectError(trident_kernel_launch(add, &cfg, p, 4),
              "the buffer belongs to device cpu");
  trident_buffer_release(hostBuf);
  p[0] = buf(bx);
  p[3].kind = TRIDENT_ARG_FLOAT;
  expectError(trident_kernel_launch(add, &cfg, p, 4),
              "argument 3 'n' of kernel 'add_kernel' (i32): expected an "
              "integer, got a float");

  // More than 48 KiB of dynamic shared memory.
  const int words = int(smemBytes / 4), blocks = 64;
  std::vector<int> in(words * blocks), rev(words * blocks, -1);
  for (int i = 0; i < words * blocks; ++i)
    in[i] = i * 3 + 1;
  trident_buffer_t *bi, *br;
  OK(trident_buffer_allocate(gpu, in.size() * 4, &bi));
  OK(trident_buffer_allocate(gpu, in.size() * 4, &br));
  OK(trident_buffer_write(bi, 0, in.data(), in.size() * 4, nullptr));
  OK(trident_buffer_write(br, 0, rev.data(), rev.size() * 4, nullptr));
  trident_arg_t sa[3] = {buf(bi), buf(br), i64(words)};
  trident_launch_config_t scfg = {sizeof(trident_launch_config_t), {uint32_t(blocks), 1, 1}, nullptr};
  OK(trident_kernel_launch(smem, &scfg, sa, 3));
  OK(trident_buffer_read(br, 0, rev.data(), rev.size() * 4, nullptr));
  bad = 0;
  for (int b = 0; b < blocks; ++b)
    for (int i = 0; i < words; ++i)
      bad += rev[b * words + i] != in[b * words + words - 1 - i];
  CHECK(bad == 0, "shared memory kernel: %d wrong", bad);
  std::printf("%s %llu bytes of dynamic shared memory per block (opt-in above "
              "48 KiB)\n",
              bad ? "FAIL" : "ok  ", (unsigned long long)smemBytes);

  // Streams, events, pinned memory, asynchronous copies.
  trident_stream_t *stream;
  trident_event_t *e0, *e1;
  OK(trident_stream_create(gpu, &stream));
  OK(trident_event_create(gpu, &e0));
  OK(trident_event_create(gpu, &e1));
  float *pinned = nullptr;
  OK(trident_host_allocate(gpu, n * 4, reinterpret_cast<void **>(&pinned)));
  std::memcpy(pinned, x.data(), n * 4);
  OK(trident_event_record(e0, stream));
  OK(trident_buffer_write(bx, 0, pinned, n * 4, stream));
  trident_launch_config_t scfg2 = {sizeof(trident_launch_config_t), {uint32_t((n + 127) / 128), 1, 1}, stream};
  OK(trident_kernel_launch(add, &scfg2, a, 4));
  OK(trident_buffer_read(bo, 0, pinned, n * 4, stream));
  OK(trident_event_record(e1, stream));
  OK(trident_event_synchronize(e1));
  float ms = 0;
  OK(trident_event_elapsed_ms(e0, e1, &ms));
  bad = 0;
  for (int i = 0; i < n; ++i)
    bad += pinned[i] != x[i] + y[i];
  CHECK(bad == 0, "stream round trip: %d wrong", bad);
  std::printf("%s stream: copy in + add + copy out of %d floats in %.3f ms "
              "(events)\n", bad ? "FAIL" : "ok  ", n, ms);
  trident_host_free(gpu, pinned);

  // The compiler-runtime contract on the GPU.
  {
    // A grid with a 0 launches nothing: the output keeps its poison.
    OK(trident_buffer_write(bo, 0, poison.data(), n * 4, nullptr));
    trident_launch_config_t zero = TRIDENT_LAUNCH_CONFIG_INIT;
    zero.grid[0] = 0;
    OK(trident_kernel_launch(add, &zero, a, 4));
    OK(trident_device_synchronize(gpu));
    OK(trident_buffer_read(bo, 0, out.data(), n * 4, nullptr));
    int written = 0;
    for (int i = 0; i < n; ++i)
      written += !std::isnan(out[i]);
    CHECK(written == 0, "a zero grid wrote %d elements", written);
    std::printf("%s zero grid launches nothing\n", written ? "FAIL" : "ok  ");
    trident_launch_config_t huge = TRIDENT_LAUNCH_CONFIG_INIT;
    huge.grid[1] = 1u << 20;
    expectError(trident_kernel_launch(add, &huge, a, 4),
                "exceeds the device's limit of 65535 blocks along y");

    // What the driver says of the loaded binary.
    trident_kernel_info_t ai = TRIDENT_KERNEL_INFO_INIT;
    OK(trident_kernel_info(add, &ai));
    CHECK(ai.registers > 0 && ai.max_threads_per_block >= 128,
          "kernel attributes: %d registers, %d max threads", ai.registers,
          ai.max_threads_per_block);
    std::printf("ok   add_kernel: %d registers, %llu bytes local, at most %d "
                "threads (cuFuncGetAttribute)\n",
                ai.registers, (unsigned long long)ai.local_memory,
                ai.max_threads_per_block);

    // A misaligned pointer for *fp32:16 never reaches the device.
    std::vector<bundle::KernelArg> aligned = addArgs;
    for (int i = 0; i < 3; ++i)
      aligned[i].divisibility = 16;
    std::string adata;
    CHECK(bundle::write({entry("add_kernel", info.target, "cubin", cubin,
                               aligned, 4)},
                        adata, error),
          "bundle: %s", error.c_str());
    trident_module_t *ma = nullptr;
    trident_kernel_t *addAligned = nullptr;
    if (OK(trident_module_load_memory(gpu, adata.data(), adata.size(), &ma)) &&
        OK(trident_module_kernel(ma, "add_kernel", &addAligned))) {
      trident_arg_t shifted[4] = {a[0], a[1], a[2], i64(n - 1)};
      shifted[1].value.buffer.offset = 4;
      expectError(trident_kernel_launch(addAligned, &cfg, shifted, 4),
                  "argument 1 'y_ptr' of kernel 'add_kernel' (*fp32): the "
                  "pointer");
      OK(trident_kernel_launch(addAligned, &cfg, a, 4));
      OK(trident_device_synchronize(gpu));
    }
    trident_module_release(ma);

    // A cluster launch: programs of two CTAs.
    const int programs = 64;
    bundle::Entry ce =
        entry("cluster_rank", info.target, "cubin", cubin, {{"out", "*i32"}}, 1);
    ce.meta.numCtas = 2;
    ce.meta.clusterDims[0] = 2;
    ce.meta.requirements = {"cluster"};
    bundle::Entry se = entry("scratch_kernel", info.target, "cubin", cubin,
                             {{"out", "*i64"}}, 1);
    se.meta.requirements = {"scratch"};
    se.meta.globalScratchSize = 8;
    se.meta.globalScratchAlign = 128;
    std::string cdata;
    CHECK(bundle::write({ce, se}, cdata, error), "bundle: %s", error.c_str());
    trident_module_t *mc = nullptr;
    trident_kernel_t *ck = nullptr, *sk = nullptr;
    trident_buffer_t *bc = nullptr;
    OK(trident_buffer_allocate(gpu, 2 * programs * 8, &bc));
    if (OK(trident_module_load_memory(gpu, cdata.data(), cdata.size(), &mc)) &&
        OK(trident_module_kernel(mc, "cluster_rank", &ck)) &&
        OK(trident_module_kernel(mc, "scratch_kernel", &sk))) {
      std::vector<int> ranks(2 * programs, -7);
      OK(trident_buffer_write(bc, 0, ranks.data(), ranks.size() * 4, nullptr));
      trident_launch_config_t pc = TRIDENT_LAUNCH_CONFIG_INIT;
      pc.grid[0] = programs;
      trident_arg_t ca = buf(bc);
      OK(trident_kernel_launch(ck, &pc, &ca, 1));
      OK(trident_buffer_read(bc, 0, ranks.data(), ranks.size() * 4, nullptr));
      int wrong = 0;
      for (int i = 0; i < 2 * programs; ++i)
        wrong += ranks[i] != i % 2;
      CHECK(wrong == 0, "cluster launch: %d blocks with the wrong rank", wrong);
      std::printf("%s cluster launch: %d programs of 2 CTAs, ranks 0,1 "
                  "(cuLaunchKernelEx)\n", wrong ? "FAIL" : "ok  ", programs);
      // Scratch memory after the arguments, on a stream.
      std::vector<long long> sout(2 * programs, -9);
      OK(trident_buffer_write(bc, 0, sout.data(), sout.size() * 8, nullptr));
      pc.grid[0] = 2 * programs;
      pc.stream = stream;
      OK(trident_kernel_launch(sk, &pc, &ca, 1));
      OK(trident_stream_synchronize(stream));
      OK(trident_buffer_read(bc, 0, sout.data(), sout.size() * 8, nullptr));
      wrong = 0;
      for (int i = 0; i < 2 * programs; ++i)
        wrong += sout[i] != i;
      CHECK(wrong == 0, "scratch: %d blocks wrong", wrong);
      std::printf("%s scratch memory: %d blocks, 128-byte aligned, "
                  "stream-ordered\n", wrong ? "FAIL" : "ok  ", 2 * programs);
    }
    trident_buffer_release(bc);
    trident_module_release(mc);

    // A context switch behind the runtime's back (as an application may do
    // between calls): the next launch still runs in the device's context.
    void *cudaLib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    auto cuCtxSetCurrent = reinterpret_cast<int (*)(void *)>(
        dlsym(cudaLib, "cuCtxSetCurrent"));
    CHECK(cuCtxSetCurrent && cuCtxSetCurrent(nullptr) == 0, "cuCtxSetCurrent");
    OK(trident_buffer_write(bo, 0, poison.data(), n * 4, nullptr));
    CHECK(cuCtxSetCurrent(nullptr) == 0, "cuCtxSetCurrent");
    OK(trident_kernel_launch(add, &cfg, a, 4));
    OK(trident_device_synchronize(gpu));
    OK(trident_buffer_read(bo, 0, out.data(), n * 4, nullptr));
    bad = 0;
    for (int i = 0; i < n; ++i)
      bad += out[i] != x[i] + y[i];
    CHECK(bad == 0, "after a context switch: %d wrong", bad);
    std::printf("%s launch after the application cleared the current "
                "context\n", bad ? "FAIL" : "ok  ");

    // A native stream wrapped, not owned: releasing the wrapper leaves it.
    trident_stream_t *wrapped = nullptr;
    if (OK(trident_stream_wrap_native(gpu, trident_stream_native(stream),
                                      &wrapped))) {
      trident_launch_config_t wc = cfg;
      wc.stream = wrapped;
      OK(trident_kernel_launch(add, &wc, a, 4));
      trident_stream_release(wrapped);
      wc.stream = stream;
      OK(trident_kernel_launch(add, &wc, a, 4));
      OK(trident_stream_synchronize(stream));
      std::printf("ok   native stream wrapped and released without "
                  "destroying it\n");
    }
  }

  // Launch overhead: host time per launch of an empty kernel, for the
  // runtime (buffer and raw-pointer arguments) and, as the floor, the CUDA
  // driver's cuLaunchKernel called directly on the same cubin. Two ways:
  //  sustained - 10,000 launches back to back (once the driver's queue is
  //              full this measures the GPU's rate of empty kernels);
  //  host-side - the same 10,000 launches in batches of 200 with the stream
  //              drained between batches, timing only the launch calls.
  // Methods are interleaved; each figure is the median of 7 runs.
  trident_arg_t ea[2] = {buf(bx), i64(n)};
  trident_arg_t eraw[2] = {ea[0], ea[1]};
  eraw[0].kind = TRIDENT_ARG_POINTER;
  eraw[0].value.pointer = trident_buffer_address(bx);
  // All three launch on the device's default stream.
  trident_launch_config_t ecfg = {sizeof(trident_launch_config_t), {1, 1, 1}, nullptr};

  // The direct driver call, for the floor.
  using CUresult = int;
  void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  auto cuModuleLoadData = reinterpret_cast<CUresult (*)(void **, const void *)>(
      dlsym(cuda, "cuModuleLoadData"));
  auto cuModuleGetFunction =
      reinterpret_cast<CUresult (*)(void **, void *, const char *)>(
          dlsym(cuda, "cuModuleGetFunction"));
  auto cuLaunchKernel = reinterpret_cast<CUresult (*)(
      void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
      unsigned, void *, void **, void **)>(dlsym(cuda, "cuLaunchKernel"));
  void *rawModule = nullptr, *rawFn = nullptr;
  CHECK(cuModuleLoadData && cuModuleLoadData(&rawModule, cubin.data()) == 0,
        "cuModuleLoadData");
  CHECK(cuModuleGetFunction(&rawFn, rawModule, "empty_kernel") == 0,
        "cuModuleGetFunction");
  void *rawStream = nullptr;
  unsigned long long dptr =
      reinterpret_cast<unsigned long long>(trident_buffer_address(bx));
  int nval = n;
  void *rawArgs[2] = {&dptr, &nval};

  // Each method on the device's default stream and on a non-blocking
  // stream of its own.
  // The CUstream behind `stream`, for the floor.
  void *nativeStream = trident_stream_native(stream);
  const char *names[3] = {"trident, buffer argument",
                          "trident, raw pointer (checked)",
                          "cuLaunchKernel directly (floor)"};
  for (int streamKind = 0; streamKind < 2; ++streamKind) {
    ecfg.stream = streamKind ? stream : nullptr;
    rawStream = streamKind ? nativeStream : nullptr;
    auto launchOnce = [&](int method) {
      if (method == 2)
        return cuLaunchKernel(rawFn, 1, 1, 1, 32, 1, 1, 0, rawStream, rawArgs,
                              nullptr) == 0;
      trident_status_t st =
          trident_kernel_launch(empty, &ecfg, method == 0 ? ea : eraw, 2);
      if (st) {
        ok(st, "launch");
        return false;
      }
      return true;
    };
    for (int method = 0; method < 3; ++method)
      for (int i = 0; i < 2000; ++i)
        launchOnce(method);
    OK(trident_device_synchronize(gpu));
    std::vector<double> sustained[3], hostSide[3];
    const int launches = 10000, batch = 200;
    for (int rep = 0; rep < 7; ++rep) {
      for (int method = 0; method < 3; ++method) {
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < launches; ++i)
          launchOnce(method);
        auto t1 = std::chrono::steady_clock::now();
        OK(trident_device_synchronize(gpu));
        sustained[method].push_back(
            std::chrono::duration<double, std::micro>(t1 - t0).count() /
            launches);
        double calls = 0;
        for (int b = 0; b < launches / batch; ++b) {
          auto b0 = std::chrono::steady_clock::now();
          for (int i = 0; i < batch; ++i)
            launchOnce(method);
          calls += std::chrono::duration<double, std::micro>(
                       std::chrono::steady_clock::now() - b0).count();
          OK(trident_device_synchronize(gpu));
        }
        hostSide[method].push_back(calls / launches);
      }
    }
    auto median = [](std::vector<double> v) {
      std::sort(v.begin(), v.end());
      return v[v.size() / 2];
    };
    std::printf("launch overhead on %s, us per launch (median of 7 x 10,000 "
                "launches of an empty kernel):\n",
                streamKind ? "a non-blocking stream" : "the default stream");
    std::printf("  %-34s %10s %10s\n", "", "host-side", "sustained");
    for (int method = 0; method < 3; ++method)
      std::printf("  %-34s %10.2f %10.2f\n", names[method],
                  median(hostSide[method]), median(sustained[method]));
  }

  trident_event_release(e0);
  trident_event_release(e1);
  trident_stream_release(stream);
  trident_buffer_release(bx);
  trident_buffer_release(by);
  trident_buffer_release(bo);
  trident_buffer_release(bi);
  trident_buffer_release(br);
  trident_module_release(m);
  trident_runtime_release(rt);
  std::printf("%s: %d failures\n", failures ? "FAILED" : "PASSED", failures);
  return failures ? 1 : 0;
}
