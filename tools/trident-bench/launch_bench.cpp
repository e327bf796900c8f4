//===- launch_bench.cpp - host cost of one kernel launch, without Python ----===//
//
//   trident-launch-bench BUNDLE KERNEL
//
// The floor under the Python package's launch path: the host time of
// trident_kernel_launch for KERNEL of BUNDLE (its arguments: pointers get a
// device buffer, integers 4096, floats 0.5), and of the CUDA driver's
// cuLaunchKernel for the same binary with the same arguments. Each round
// times 500 launches on the host, then synchronizes outside the timing; the
// figures are medians over 41 rounds, in microseconds per launch.
// Needs a CUDA device; links only the runtime (no LLVM).
//
//===----------------------------------------------------------------------===//

#include "trident/ArgType.h"
#include "trident/Bundle.h"
#include "trident/runtime.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <vector>

namespace {

constexpr int kRounds = 41, kLaunches = 500;

int fail(const std::string &what) {
  std::fprintf(stderr, "trident-launch-bench: %s\n", what.c_str());
  return 1;
}

bool ok(trident_status_t s, const char *what) {
  if (!s)
    return true;
  std::fprintf(stderr, "trident-launch-bench: %s: %s\n", what,
               trident_status_message(s));
  trident_status_free(s);
  return false;
}

template <typename Launch, typename Sync>
double median(Launch launch, Sync sync) {
  for (int i = 0; i < 200; ++i)
    launch();
  sync();
  std::vector<double> us;
  for (int r = 0; r < kRounds; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < kLaunches; ++i)
      launch();
    auto t1 = std::chrono::steady_clock::now();
    sync();
    us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() /
                 kLaunches);
  }
  std::sort(us.begin(), us.end());
  return us[us.size() / 2];
}

// The driver API calls the direct measurement needs (cuda.h types as
// opaque pointers and ints).
using CUresult = int;
struct Cuda {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDeviceGet)(int *, int);
  CUresult (*cuDevicePrimaryCtxRetain)(void **, int);
  CUresult (*cuCtxSetCurrent)(void *);
  CUresult (*cuModuleLoadData)(void **, const void *);
  CUresult (*cuModuleGetFunction)(void **, void *, const char *);
  CUresult (*cuMemAlloc_v2)(unsigned long long *, size_t);
  CUresult (*cuLaunchKernel)(void *, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, void *, void **,
                             void **);
  CUresult (*cuCtxSynchronize)();
};

} // namespace

int main(int argc, char **argv) {
  if (argc != 3)
    return fail("usage: trident-launch-bench BUNDLE KERNEL");
  std::string data, error;
  if (!trident::bundle::readFile(argv[1], data, error))
    return fail(std::string(argv[1]) + ": " + error);
  std::vector<trident::bundle::Entry> entries;
  if (!trident::bundle::read(data, entries, error))
    return fail(std::string(argv[1]) + ": " + error);
  const trident::bundle::Entry *entry = nullptr;
  for (const auto &e : entries)
    if (e.meta.kernel == argv[2] && e.meta.format == "cubin")
      entry = &e;
  if (!entry)
    return fail(std::string("no cubin of kernel '") + argv[2] + "' in the bundle");

  trident_runtime_t *rt;
  trident_device_t *dev;
  if (!ok(trident_runtime_create(&rt), "runtime") ||
      !ok(trident_runtime_find_device(rt, "cuda", &dev), "cuda device"))
    return 1;
  trident_module_t *module;
  trident_kernel_t *kernel;
  trident_buffer_t *buffer;
  if (!ok(trident_module_load_memory(dev, data.data(), data.size(), &module),
          "load") ||
      !ok(trident_module_kernel(module, argv[2], &kernel), "kernel") ||
      !ok(trident_buffer_allocate(dev, 1 << 16, &buffer), "buffer"))
    return 1;
  const auto &args = entry->meta.args;
  std::vector<trident_arg_t> targs(args.size());
  std::vector<unsigned long long> slots;
  for (size_t i = 0; i < args.size(); ++i) {
    trident::bundle::ArgType t;
    if (!trident::bundle::ArgType::parse(args[i].type, t))
      return fail("argument " + args[i].name + " has an unknown type '" +
                  args[i].type + "'");
    if (t.isPointer()) {
      targs[i].kind = TRIDENT_ARG_POINTER;
      targs[i].value.pointer = trident_buffer_address(buffer);
    } else if (t.isFloat) {
      targs[i].kind = TRIDENT_ARG_FLOAT;
      targs[i].value.f = 0.5;
    } else {
      targs[i].kind = TRIDENT_ARG_INT;
      targs[i].value.i = args[i].equalsOne ? 1 : 4096;
    }
  }
  trident_launch_config_t config = TRIDENT_LAUNCH_CONFIG_INIT;
  bool failed = false;
  double viaRuntime = median(
      [&] {
        if (!failed && !ok(trident_kernel_launch(kernel, &config, targs.data(),
                                                 targs.size()),
                           "launch"))
          failed = true;
      },
      [&] { ok(trident_device_synchronize(dev), "synchronize"); });
  if (failed)
    return 1;

  void *lib = dlopen("libcuda.so.1", RTLD_NOW);
  if (!lib)
    return fail("libcuda.so.1: " + std::string(dlerror()));
  Cuda cu;
#define LOAD(f) *reinterpret_cast<void **>(&cu.f) = dlsym(lib, #f)
  LOAD(cuInit); LOAD(cuDeviceGet); LOAD(cuDevicePrimaryCtxRetain);
  LOAD(cuCtxSetCurrent); LOAD(cuModuleLoadData); LOAD(cuModuleGetFunction);
  LOAD(cuMemAlloc_v2); LOAD(cuLaunchKernel); LOAD(cuCtxSynchronize);
#undef LOAD
  int device = 0;
  void *ctx = nullptr, *mod = nullptr, *fn = nullptr;
  unsigned long long mem = 0;
  if (cu.cuInit(0) || cu.cuDeviceGet(&device, 0) ||
      cu.cuDevicePrimaryCtxRetain(&ctx, device) || cu.cuCtxSetCurrent(ctx) ||
      cu.cuModuleLoadData(&mod, entry->binary.data()) ||
      cu.cuModuleGetFunction(&fn, mod, argv[2]) || cu.cuMemAlloc_v2(&mem, 1 << 16))
    return fail("setting up the direct CUDA launch failed");
  // The binary's parameters: those not specialized to 1, 8 bytes each.
  std::vector<unsigned long long> values;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].equalsOne)
      continue;
    unsigned long long v = 4096;
    trident::bundle::ArgType t;
    trident::bundle::ArgType::parse(args[i].type, t);
    if (t.isPointer())
      v = mem;
    else if (t.element == "fp32") {
      float f = 0.5f;
      v = 0;
      std::memcpy(&v, &f, 4);
    }
    values.push_back(v);
  }
  std::vector<void *> params;
  for (auto &v : values)
    params.push_back(&v);
  unsigned block = unsigned(entry->meta.numWarps * entry->meta.threadsPerWarp);
  double direct = median(
      [&] {
        cu.cuLaunchKernel(fn, 1, 1, 1, block, 1, 1,
                          unsigned(entry->meta.sharedMemory), nullptr,
                          params.data(), nullptr);
      },
      [&] { cu.cuCtxSynchronize(); });
  std::printf("%s (%zu args): trident_kernel_launch %.2f us/launch, "
              "cuLaunchKernel %.2f us/launch (host, median of %d rounds of %d)\n",
              argv[2], args.size(), viaRuntime, direct, kRounds, kLaunches);
  trident_buffer_release(buffer);
  trident_module_release(module);
  trident_runtime_release(rt);
  return 0;
}
