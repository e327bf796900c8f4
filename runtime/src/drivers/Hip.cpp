//===- Hip.cpp - the HIP driver, through libamdhip64.so loaded at run time -===//
//
// Like the CUDA driver: resolved with dlsym from libamdhip64.so (or
// TRIDENT_HIP_LIBRARY), no link-time dependency, every failing call a
// status naming the call. Targets are named after the device's ISA
// (`hip:gfx942`), read from hipDeviceProp_t.gcnArchName of ROCm 6. HIP
// calls act on the current device, so each call first selects this one.
//
//===----------------------------------------------------------------------===//

#include "../Internal.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>

namespace trident::rt {
namespace {

using hipError = int;
// Values of ROCm 6 (hip_runtime_api.h).
constexpr int kAttrMultiprocessors = 63, kAttrWarpSize = 87,
              kAttrMaxSharedPerBlock = 74, kAttrSharedOptin = 75;
constexpr int kFuncAttrMaxDynamicShared = 8;
constexpr unsigned kStreamNonBlocking = 1;
constexpr int kMemoryTypeDevice = 2;
constexpr size_t kGcnArchNameOffset = 1160; // in hipDeviceProp_tR0600

struct Api {
  void *lib = nullptr;
#define HIP_FN(name, ...) hipError (*name)(__VA_ARGS__) = nullptr;
#include "HipFunctions.def"
#undef HIP_FN
  const char *(*hipGetErrorName)(hipError) = nullptr;
  const char *(*hipGetErrorString)(hipError) = nullptr;
  std::string describe(hipError r) const {
    const char *name = hipGetErrorName ? hipGetErrorName(r) : nullptr;
    const char *text = hipGetErrorString ? hipGetErrorString(r) : nullptr;
    return std::string(name ? name : "HIP error " + std::to_string(r)) +
           (text ? std::string(" (") + text + ")" : "");
  }
};

trident_status_t check(const Api &api, hipError r, const char *call) {
  if (r == 0)
    return nullptr;
  return makeStatus(r == 2 ? TRIDENT_OUT_OF_MEMORY : TRIDENT_DRIVER_ERROR,
                    std::string(call) + " failed: " + api.describe(r));
}
#define HIP(call, ...) check(api_, api_.call(__VA_ARGS__), #call)

struct PointerAttributes { // hipPointerAttribute_t of ROCm 6
  int type;
  int device;
  void *devicePointer;
  void *hostPointer;
  int isManaged;
  unsigned allocationFlags;
};

class HipDevice : public Device {
public:
  HipDevice(const Api &api, int ordinal) : api_(api), ordinal_(ordinal) {}

  trident_status_t init() {
    char buf[256] = {0};
    if (trident_status_t s = HIP(hipDeviceGetName, buf, int(sizeof(buf)), ordinal_))
      return s;
    name = buf;
    driver = "hip";
    std::vector<char> props(8192, 0);
    if (trident_status_t s = HIP(hipGetDevicePropertiesR0600, props.data(), ordinal_))
      return s;
    std::string arch(props.data() + kGcnArchNameOffset,
                     strnlen(props.data() + kGcnArchNameOffset, 256));
    arch = arch.substr(0, arch.find(':'));
    if (arch.rfind("gfx", 0) != 0)
      return makeStatus(TRIDENT_UNAVAILABLE,
                        "cannot read the ISA name of " + name +
                            " (unexpected hipDeviceProp_t layout)");
    arch_ = arch;
    target = "hip:" + arch;
    int v = 0;
    auto attr = [&](int a, int &out) {
      return HIP(hipDeviceGetAttribute, &out, a, ordinal_);
    };
    if (trident_status_t s = attr(kAttrMultiprocessors, info.multiprocessor_count))
      return s;
    if (trident_status_t s = attr(kAttrWarpSize, info.warp_size))
      return s;
    if (trident_status_t s = attr(kAttrMaxSharedPerBlock, v))
      return s;
    info.shared_memory_per_block = size_t(v);
    if (trident_status_t s = attr(kAttrSharedOptin, v))
      return s;
    info.shared_memory_per_block_optin = size_t(v);
    size_t mem = 0;
    if (trident_status_t s = HIP(hipDeviceTotalMem, &mem, ordinal_))
      return s;
    info.total_memory = mem;
    info.max_threads_per_block = 1024; // every AMD GPU; grid limits unchecked
    return nullptr;
  }

  trident_status_t bind() {
    thread_local int current = -1;
    if (current == ordinal_)
      return nullptr;
    if (trident_status_t s = HIP(hipSetDevice, ordinal_))
      return s;
    current = ordinal_;
    return nullptr;
  }

  trident_status_t allocate(size_t bytes, void **a) override {
    if (trident_status_t s = bind())
      return s;
    return HIP(hipMalloc, a, bytes);
  }
  void release(void *a) override {
    if (!bind())
      api_.hipFree(a);
  }
  trident_status_t copyIn(void *dst, const void *src, size_t n,
                          void *stream) override {
    if (trident_status_t s = bind())
      return s;
    if (stream)
      return HIP(hipMemcpyHtoDAsync, dst, src, n, stream);
    return HIP(hipMemcpyHtoD, dst, src, n);
  }
  trident_status_t copyOut(void *dst, const void *src, size_t n,
                           void *stream) override {
    if (trident_status_t s = bind())
      return s;
    if (stream)
      return HIP(hipMemcpyDtoHAsync, dst, src, n, stream);
    return HIP(hipMemcpyDtoH, dst, src, n);
  }
  trident_status_t hostAllocate(size_t bytes, void **p) override {
    if (trident_status_t s = bind())
      return s;
    return HIP(hipHostMalloc, p, bytes, 0u);
  }
  void hostFree(void *p) override {
    if (!bind())
      api_.hipHostFree(p);
  }
  trident_status_t streamCreate(void **s) override {
    if (trident_status_t st = bind())
      return st;
    return HIP(hipStreamCreateWithFlags, s, kStreamNonBlocking);
  }
  void streamDestroy(void *s) override {
    if (!bind())
      api_.hipStreamDestroy(s);
  }
  trident_status_t streamSynchronize(void *s) override {
    if (trident_status_t st = bind())
      return st;
    return HIP(hipStreamSynchronize, s);
  }
  trident_status_t synchronize() override {
    if (trident_status_t st = bind())
      return st;
    return HIP(hipDeviceSynchronize);
  }
  trident_status_t eventCreate(void **e) override {
    if (trident_status_t st = bind())
      return st;
    return HIP(hipEventCreate, e);
  }
  void eventDestroy(void *e) override { api_.hipEventDestroy(e); }
  trident_status_t eventRecord(void *e, void *s) override {
    if (trident_status_t st = bind())
      return st;
    return HIP(hipEventRecord, e, s);
  }
  trident_status_t eventSynchronize(void *e) override {
    return HIP(hipEventSynchronize, e);
  }
  trident_status_t eventElapsed(void *a, void *b, float *ms) override {
    return HIP(hipEventElapsedTime, ms, a, b);
  }

  int compatibility(const bundle::KernelMetadata &m) const override {
    // Code objects are specific to one ISA.
    return m.target == target && m.format == "hsaco" ? 3 : 0;
  }
  trident_status_t loadModule(const bundle::Entry &e, void **module) override {
    if (trident_status_t st = bind())
      return st;
    if (trident_status_t st = HIP(hipModuleLoadData, module, e.binary.data())) {
      st->message += " (loading the code object of kernel '" + e.meta.kernel +
                     "' for " + e.meta.target + ")";
      return st;
    }
    return nullptr;
  }
  void unloadModule(void *m) override {
    if (!bind())
      api_.hipModuleUnload(m);
  }
  trident_status_t getFunction(void *module, const bundle::KernelMetadata &m,
                               void **fn) override {
    if (trident_status_t st = bind())
      return st;
    if (trident_status_t st = HIP(hipModuleGetFunction, fn, module,
                                  m.kernel.c_str()))
      return st;
    if (m.sharedMemory > info.shared_memory_per_block_optin)
      return makeStatus(TRIDENT_INVALID_ARGUMENT,
                        "kernel '" + m.kernel + "' needs " +
                            std::to_string(m.sharedMemory) +
                            " bytes of shared memory; " + name +
                            " allows at most " +
                            std::to_string(info.shared_memory_per_block_optin));
    if (m.sharedMemory > info.shared_memory_per_block)
      if (trident_status_t st = HIP(hipFuncSetAttribute, *fn,
                                    kFuncAttrMaxDynamicShared,
                                    int(m.sharedMemory)))
        return st;
    return nullptr;
  }
  trident_status_t launch(void *fn, const bundle::KernelMetadata &m,
                          const uint32_t grid[3], void **args, size_t,
                          void *stream) override {
    if (trident_status_t st = bind())
      return st;
    unsigned block = unsigned(m.numWarps * m.threadsPerWarp);
    return HIP(hipModuleLaunchKernel, fn, grid[0], grid[1], grid[2], block, 1u,
               1u, unsigned(m.sharedMemory), stream, args, nullptr);
  }
  std::string checkPointer(const void *address) override {
    PointerAttributes a{};
    if (api_.hipPointerGetAttributes(&a, address) == 0 &&
        a.type == kMemoryTypeDevice && a.device == ordinal_)
      return "";
    return "the pointer does not point to memory of device " + target + " (" +
           name + ")";
  }
  // Scratch memory, clusters and cooperative launches come with the AMD
  // backend; until then kernels that need them are refused by name.
  bool supports(const std::string &) const override { return false; }
  trident_status_t scratchAllocate(size_t, size_t, void *, void **) override {
    return makeStatus(TRIDENT_UNAVAILABLE,
                      "the hip driver has no scratch memory yet");
  }
  void scratchRelease(void *, void *) override {}

private:
  const Api &api_;
  int ordinal_;
  std::string arch_;
};

class HipDriver : public Driver {
public:
  HipDriver() {
    name = "hip";
    const char *env = std::getenv("TRIDENT_HIP_LIBRARY");
    std::vector<std::string> candidates =
        env && *env ? std::vector<std::string>{env}
                    : std::vector<std::string>{"libamdhip64.so",
                                               "libamdhip64.so.6",
                                               "libamdhip64.so.7"};
    std::string errors;
    for (const std::string &c : candidates) {
      api_.lib = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (api_.lib)
        break;
      const char *why = dlerror();
      errors += (errors.empty() ? "" : "; ") + std::string(why ? why : c);
    }
    if (!api_.lib) {
      unavailable = "libamdhip64.so could not be loaded: " + errors +
                    " (no ROCm on this machine?)";
      return;
    }
    bool ok = true;
#define HIP_FN(fname, ...)                                                     \
  api_.fname = reinterpret_cast<decltype(api_.fname)>(dlsym(api_.lib, #fname)); \
  if (!api_.fname && ok) {                                                     \
    unavailable = "libamdhip64.so lacks " #fname " (ROCm older than 6?)";      \
    ok = false;                                                                \
  }
#include "HipFunctions.def"
#undef HIP_FN
    api_.hipGetErrorName = reinterpret_cast<decltype(api_.hipGetErrorName)>(
        dlsym(api_.lib, "hipGetErrorName"));
    api_.hipGetErrorString = reinterpret_cast<decltype(api_.hipGetErrorString)>(
        dlsym(api_.lib, "hipGetErrorString"));
    if (!ok)
      return;
    if (hipError r = api_.hipInit(0)) {
      unavailable = "hipInit failed: " + api_.describe(r);
      return;
    }
    int count = 0;
    if (hipError r = api_.hipGetDeviceCount(&count)) {
      unavailable = "hipGetDeviceCount failed: " + api_.describe(r);
      return;
    }
    for (int i = 0; i < count; ++i) {
      auto d = std::make_unique<HipDevice>(api_, i);
      if (trident_status_t s = d->init()) {
        unavailable += "device " + std::to_string(i) + ": " +
                       trident_status_message(s) + "; ";
        trident_status_free(s);
        continue;
      }
      devices.push_back(std::move(d));
    }
    if (count == 0)
      unavailable = "the HIP runtime reports no devices";
  }

private:
  Api api_;
};

} // namespace

std::unique_ptr<Driver> createHipDriver() {
  return std::make_unique<HipDriver>();
}

} // namespace trident::rt
