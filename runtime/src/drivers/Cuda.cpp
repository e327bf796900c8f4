//===- Cuda.cpp - the CUDA driver, through libcuda.so.1 loaded at run time -===//
//
// No link-time dependency on CUDA: the driver API is resolved with dlsym
// from libcuda.so.1 (or TRIDENT_CUDA_LIBRARY). A machine without it has no
// CUDA devices and the driver says why. Every failing call becomes a status
// naming the call and CUDA's error name and text. Each device uses its
// primary context, retained when the device is first used; the current
// context is compared on every call (as Triton's launcher does), so an
// application that switches devices or contexts between calls is never
// served a stale one. Kernels get the >48 KiB dynamic shared memory opt-in
// when their metadata asks for it; cluster and cooperative launches go
// through cuLaunchKernelEx.
//
//===----------------------------------------------------------------------===//

#include "../Internal.h"

#include <atomic>
#include <cstdlib>
#include <dlfcn.h>
#include <mutex>
#include <utility>

namespace trident::rt {
namespace {

// The few CUDA driver types and constants used (values from cuda.h).
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;
constexpr int kAttrMaxThreadsPerBlock = 1, kAttrMaxGridX = 5,
              kAttrMaxSharedPerBlock = 8, kAttrWarpSize = 10,
              kAttrMultiprocessors = 16, kAttrCCMajor = 75, kAttrCCMinor = 76,
              kAttrCooperativeLaunch = 95, kAttrMaxSharedOptin = 97;
constexpr int kFuncAttrMaxThreads = 0, kFuncAttrLocalBytes = 3,
              kFuncAttrNumRegs = 4, kFuncAttrMaxDynamicShared = 8;
constexpr int kPointerAttrAccessFlags = 16, kPointerAttrDeviceOrdinal = 9;
constexpr int kAccessReadWrite = 3;
constexpr unsigned kStreamNonBlocking = 1;
constexpr uintptr_t kStreamLegacy = 1, kStreamPerThread = 2;
constexpr int kLaunchAttrCooperative = 2, kLaunchAttrClusterDimension = 4;

// cuLaunchKernelEx's configuration (layout of cuda.h, CUDA 12 and later).
struct CUlaunchAttribute {
  int id;
  char pad[8 - sizeof(int)];
  union {
    char bytes[64];
    int cooperative;
    struct {
      unsigned x, y, z;
    } clusterDim;
  } value;
};
struct CUlaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream hStream;
  CUlaunchAttribute *attrs;
  unsigned numAttrs;
};

struct Api {
  void *lib = nullptr;
#define CUDA_FN(name, ...) CUresult (*name)(__VA_ARGS__) = nullptr;
#define CUDA_OPTIONAL_FN CUDA_FN
#include "CudaFunctions.def"
#undef CUDA_OPTIONAL_FN
#undef CUDA_FN
  CUresult (*cuGetErrorName)(CUresult, const char **) = nullptr;
  CUresult (*cuGetErrorString)(CUresult, const char **) = nullptr;

  std::string describe(CUresult r) const {
    const char *name = nullptr, *text = nullptr;
    if (cuGetErrorName)
      cuGetErrorName(r, &name);
    if (cuGetErrorString)
      cuGetErrorString(r, &text);
    return std::string(name ? name : "CUDA error " + std::to_string(r)) +
           (text ? std::string(" (") + text + ")" : "");
  }
};

/// A status for a failed call, or NULL.
trident_status_t check(const Api &api, CUresult r, const char *call) {
  if (r == 0)
    return nullptr;
  return makeStatus(r == 2 ? TRIDENT_OUT_OF_MEMORY : TRIDENT_DRIVER_ERROR,
                    std::string(call) + " failed: " + api.describe(r));
}
#define CU(call, ...) check(api_, api_.call(__VA_ARGS__), #call)

class CudaDevice : public Device {
public:
  CudaDevice(const Api &api, int ordinal, CUdevice dev)
      : api_(api), ordinal_(ordinal), dev_(dev) {}
  ~CudaDevice() override {
    if (ctx_.load())
      api_.cuDevicePrimaryCtxRelease_v2(dev_);
  }

  /// Reads the device's properties; needs no context.
  trident_status_t init() {
    char buf[256] = {0};
    if (trident_status_t s = CU(cuDeviceGetName, buf, int(sizeof(buf)), dev_))
      return s;
    name = buf;
    int major = 0, minor = 0, v = 0;
    auto attr = [&](int a, int &out) {
      return CU(cuDeviceGetAttribute, &out, a, dev_);
    };
    if (trident_status_t s = attr(kAttrCCMajor, major))
      return s;
    if (trident_status_t s = attr(kAttrCCMinor, minor))
      return s;
    arch_ = major * 10 + minor;
    target = "cuda:" + std::to_string(arch_);
    driver = "cuda";
    if (trident_status_t s = attr(kAttrMultiprocessors, info.multiprocessor_count))
      return s;
    if (trident_status_t s = attr(kAttrWarpSize, info.warp_size))
      return s;
    if (trident_status_t s = attr(kAttrMaxSharedPerBlock, v))
      return s;
    info.shared_memory_per_block = size_t(v);
    if (trident_status_t s = attr(kAttrMaxSharedOptin, v))
      return s;
    info.shared_memory_per_block_optin = size_t(v);
    for (int i = 0; i < 3; ++i) {
      if (trident_status_t s = attr(kAttrMaxGridX + i, v))
        return s;
      info.max_grid[i] = uint32_t(v);
    }
    if (trident_status_t s = attr(kAttrMaxThreadsPerBlock,
                                  info.max_threads_per_block))
      return s;
    if (trident_status_t s = attr(kAttrCooperativeLaunch, v))
      return s;
    cooperative_ = v != 0;
    size_t mem = 0;
    if (trident_status_t s = CU(cuDeviceTotalMem_v2, &mem, dev_))
      return s;
    info.total_memory = mem;
    return nullptr;
  }

  /// Retains the primary context the first time the device is used.
  trident_status_t context(CUcontext &out) {
    std::lock_guard<std::mutex> lock(ctxMutex_);
    if (!ctx_.load()) {
      CUcontext ctx = nullptr;
      if (trident_status_t s = CU(cuDevicePrimaryCtxRetain, &ctx, dev_))
        return s;
      ctx_.store(ctx);
    }
    out = ctx_.load();
    return nullptr;
  }

  /// Makes the device's context current on this thread unless it is: the
  /// application may have switched contexts since the last call.
  trident_status_t bind() {
    CUcontext ctx = ctx_.load(std::memory_order_acquire);
    if (!ctx)
      if (trident_status_t s = context(ctx))
        return s;
    CUcontext current = nullptr;
    if (api_.cuCtxGetCurrent(&current) == 0 && current == ctx)
      return nullptr;
    return CU(cuCtxSetCurrent, ctx);
  }

  trident_status_t allocate(size_t bytes, void **address) override {
    if (trident_status_t s = bind())
      return s;
    CUdeviceptr p = 0;
    if (trident_status_t s = CU(cuMemAlloc_v2, &p, bytes))
      return s;
    *address = reinterpret_cast<void *>(p);
    return nullptr;
  }
  void release(void *address) override {
    if (!bind())
      api_.cuMemFree_v2(CUdeviceptr(address));
  }
  trident_status_t copyIn(void *dst, const void *src, size_t n,
                          void *stream) override {
    if (trident_status_t s = bind())
      return s;
    if (stream)
      return CU(cuMemcpyHtoDAsync_v2, CUdeviceptr(dst), src, n,
                CUstream(stream));
    return CU(cuMemcpyHtoD_v2, CUdeviceptr(dst), src, n);
  }
  trident_status_t copyOut(void *dst, const void *src, size_t n,
                           void *stream) override {
    if (trident_status_t s = bind())
      return s;
    if (stream)
      return CU(cuMemcpyDtoHAsync_v2, dst, CUdeviceptr(src), n,
                CUstream(stream));
    return CU(cuMemcpyDtoH_v2, dst, CUdeviceptr(src), n);
  }
  trident_status_t hostAllocate(size_t bytes, void **p) override {
    if (trident_status_t s = bind())
      return s;
    return CU(cuMemAllocHost_v2, p, bytes);
  }
  void hostFree(void *p) override {
    if (!bind())
      api_.cuMemFreeHost(p);
  }

  trident_status_t streamCreate(void **s) override {
    if (trident_status_t st = bind())
      return st;
    CUstream st = nullptr;
    if (trident_status_t e = CU(cuStreamCreate, &st, kStreamNonBlocking))
      return e;
    *s = st;
    return nullptr;
  }
  void streamDestroy(void *s) override {
    if (!bind())
      api_.cuStreamDestroy_v2(CUstream(s));
  }
  trident_status_t streamSynchronize(void *s) override {
    if (trident_status_t st = bind())
      return st;
    return CU(cuStreamSynchronize, CUstream(s));
  }
  trident_status_t synchronize() override {
    if (trident_status_t st = bind())
      return st;
    return CU(cuCtxSynchronize);
  }
  trident_status_t eventCreate(void **e) override {
    if (trident_status_t st = bind())
      return st;
    CUevent ev = nullptr;
    if (trident_status_t st = CU(cuEventCreate, &ev, 0u))
      return st;
    *e = ev;
    return nullptr;
  }
  void eventDestroy(void *e) override {
    if (!bind())
      api_.cuEventDestroy_v2(CUevent(e));
  }
  trident_status_t eventRecord(void *e, void *s) override {
    if (trident_status_t st = bind())
      return st;
    return CU(cuEventRecord, CUevent(e), CUstream(s));
  }
  trident_status_t eventSynchronize(void *e) override {
    return CU(cuEventSynchronize, CUevent(e));
  }
  trident_status_t eventElapsed(void *a, void *b, float *ms) override {
    return CU(cuEventElapsedTime, ms, CUevent(a), CUevent(b));
  }

  int compatibility(const bundle::KernelMetadata &m) const override {
    if (m.target.rfind("cuda:", 0) != 0)
      return 0;
    int arch = std::atoi(m.target.c_str() + 5);
    if (m.format == "cubin")
      return arch == arch_ ? 3 : 0; // cubins run on their architecture
    if (m.format == "ptx")
      return arch == arch_ ? 2 : arch < arch_ ? 1 : 0; // the driver JITs
    return 0;
  }
  bool supports(const std::string &requirement) const override {
    if (requirement == "cluster")
      return arch_ >= 90 && api_.cuLaunchKernelEx;
    if (requirement == "cooperative")
      return cooperative_ && api_.cuLaunchKernelEx;
    if (requirement == "scratch")
      return api_.cuMemAllocAsync && api_.cuMemFreeAsync;
    return false;
  }
  trident_status_t loadModule(const bundle::Entry &e, void **module) override {
    if (trident_status_t st = bind())
      return st;
    std::string image = e.binary;
    if (e.meta.format == "ptx")
      image.push_back('\0'); // PTX is loaded as a C string
    CUmodule m = nullptr;
    if (trident_status_t st = CU(cuModuleLoadData, &m, image.data())) {
      st->message += " (loading " + e.meta.format + " of kernel '" +
                     e.meta.kernel + "' for " + e.meta.target + ")";
      return st;
    }
    *module = m;
    return nullptr;
  }
  void unloadModule(void *m) override {
    if (!bind())
      api_.cuModuleUnload(CUmodule(m));
  }
  trident_status_t getFunction(void *module, const bundle::KernelMetadata &m,
                               void **fn) override {
    if (trident_status_t st = bind())
      return st;
    CUfunction f = nullptr;
    if (trident_status_t st = CU(cuModuleGetFunction, &f, CUmodule(module),
                                 m.kernel.c_str()))
      return st;
    if (m.sharedMemory > info.shared_memory_per_block_optin)
      return makeStatus(TRIDENT_INVALID_ARGUMENT,
                        "kernel '" + m.kernel + "' needs " +
                            std::to_string(m.sharedMemory) +
                            " bytes of shared memory; " + name +
                            " allows at most " +
                            std::to_string(info.shared_memory_per_block_optin));
    if (m.sharedMemory > 48 * 1024)
      if (trident_status_t st = CU(cuFuncSetAttribute, f,
                                   kFuncAttrMaxDynamicShared,
                                   int(m.sharedMemory)))
        return st;
    *fn = f;
    return nullptr;
  }
  FunctionAttributes functionAttributes(void *fn) override {
    FunctionAttributes a;
    int v = 0;
    if (api_.cuFuncGetAttribute(&v, kFuncAttrNumRegs, CUfunction(fn)) == 0)
      a.registers = v;
    if (api_.cuFuncGetAttribute(&v, kFuncAttrLocalBytes, CUfunction(fn)) == 0)
      a.localMemory = uint64_t(v);
    if (api_.cuFuncGetAttribute(&v, kFuncAttrMaxThreads, CUfunction(fn)) == 0)
      a.maxThreadsPerBlock = v;
    return a;
  }
  trident_status_t launch(void *fn, const bundle::KernelMetadata &m,
                          const uint32_t grid[3], void **args, size_t,
                          void *stream) override {
    if (trident_status_t st = bind())
      return st;
    unsigned block = unsigned(m.numWarps * m.threadsPerWarp);
    bool cluster = m.clusterDims[0] * m.clusterDims[1] * m.clusterDims[2] > 1;
    bool cooperative = false;
    for (const std::string &r : m.requirements)
      cooperative |= r == "cooperative";
    if (!cluster && !cooperative)
      return CU(cuLaunchKernel, CUfunction(fn), grid[0], grid[1], grid[2],
                block, 1u, 1u, unsigned(m.sharedMemory), CUstream(stream),
                args, nullptr);
    if (!api_.cuLaunchKernelEx)
      return makeStatus(TRIDENT_UNAVAILABLE,
                        "kernel '" + m.kernel + "' needs cuLaunchKernelEx, "
                        "which this CUDA driver lacks");
    CUlaunchAttribute attrs[2] = {};
    unsigned n = 0;
    if (cluster) {
      attrs[n].id = kLaunchAttrClusterDimension;
      attrs[n].value.clusterDim = {m.clusterDims[0], m.clusterDims[1],
                                   m.clusterDims[2]};
      ++n;
    }
    if (cooperative) {
      attrs[n].id = kLaunchAttrCooperative;
      attrs[n].value.cooperative = 1;
      ++n;
    }
    CUlaunchConfig config{grid[0], grid[1], grid[2], block, 1u, 1u,
                          unsigned(m.sharedMemory), CUstream(stream), attrs, n};
    return CU(cuLaunchKernelEx, &config, CUfunction(fn), args, nullptr);
  }
  trident_status_t scratchAllocate(size_t bytes, size_t align, void *stream,
                                   void **address) override {
    // Stream-ordered allocations are aligned to at least 256 bytes.
    if (align > 256)
      return makeStatus(TRIDENT_INVALID_ARGUMENT,
                        "scratch alignment " + std::to_string(align) +
                            " is above the 256 bytes the CUDA driver gives");
    if (trident_status_t st = bind())
      return st;
    CUdeviceptr p = 0;
    if (trident_status_t st = CU(cuMemAllocAsync, &p, bytes, CUstream(stream)))
      return st;
    *address = reinterpret_cast<void *>(p);
    return nullptr;
  }
  void scratchRelease(void *address, void *stream) override {
    if (!bind())
      api_.cuMemFreeAsync(CUdeviceptr(address), CUstream(stream));
  }
  bool attribute(const std::string &name, int64_t &out) override {
    // CUdevice_attribute numbers (cuda.h), stable across CUDA versions.
    static const std::pair<const char *, int> kAttributes[] = {
        {"max_registers_per_block", 12},
        {"clock_rate_khz", 13},
        {"memory_clock_rate_khz", 36},
        {"global_memory_bus_width", 37},
        {"l2_cache_size", 38},
        {"max_threads_per_multiprocessor", 39},
        {"max_shared_memory_per_multiprocessor", 81},
        {"max_registers_per_multiprocessor", 82},
    };
    for (const auto &[n, a] : kAttributes)
      if (name == n) {
        int v = 0;
        if (api_.cuDeviceGetAttribute(&v, a, dev_) != 0)
          return false;
        out = v;
        return true;
      }
    return false;
  }
  std::string checkPointer(const void *address) override {
    int ordinal = -1;
    if (api_.cuPointerGetAttribute(&ordinal, kPointerAttrDeviceOrdinal,
                                   CUdeviceptr(address)) != 0)
      return "the pointer does not point to memory of device " + target +
             " (" + name + ")";
    if (ordinal == ordinal_)
      return "";
    // Another GPU's memory: usable when this context has peer access.
    int flags = 0;
    if (!bind() && api_.cuPointerGetAttribute(&flags, kPointerAttrAccessFlags,
                                              CUdeviceptr(address)) == 0 &&
        flags == kAccessReadWrite)
      return "";
    return "the pointer is memory of CUDA device " + std::to_string(ordinal) +
           ", and peer access to it from device " + std::to_string(ordinal_) +
           " (" + name + ") is not enabled (cuCtxEnablePeerAccess)";
  }
  std::string checkNativeStream(void *native) override {
    uintptr_t v = reinterpret_cast<uintptr_t>(native);
    if (v == 0 || v == kStreamLegacy || v == kStreamPerThread)
      return "";
    if (!api_.cuStreamGetCtx)
      return "";
    CUcontext ctx = nullptr, mine = nullptr;
    if (trident_status_t s = context(mine)) {
      std::string m = trident_status_message(s);
      trident_status_free(s);
      return m;
    }
    if (CUresult r = api_.cuStreamGetCtx(CUstream(native), &ctx))
      return "cuStreamGetCtx failed: " + api_.describe(r);
    if (ctx != mine)
      return "the stream belongs to another CUDA context than the primary "
             "context of device " + std::to_string(ordinal_) + " (" + name + ")";
    return "";
  }

private:
  const Api &api_;
  int ordinal_;
  CUdevice dev_;
  std::mutex ctxMutex_;
  std::atomic<CUcontext> ctx_{nullptr}; ///< set once, under ctxMutex_
  int arch_ = 0;
  bool cooperative_ = false;
};

class CudaDriver : public Driver {
public:
  CudaDriver() {
    name = "cuda";
    const char *env = std::getenv("TRIDENT_CUDA_LIBRARY");
    std::string lib = env && *env ? env : "libcuda.so.1";
    api_.lib = dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!api_.lib) {
      const char *why = dlerror();
      unavailable = lib + " could not be loaded: " +
                    (why ? why : "dlopen failed") +
                    " (no NVIDIA driver on this machine?)";
      return;
    }
    bool ok = true;
#define CUDA_FN(fname, ...)                                                    \
  api_.fname = reinterpret_cast<decltype(api_.fname)>(dlsym(api_.lib, #fname)); \
  if (!api_.fname && ok) {                                                     \
    unavailable = lib + " lacks " #fname " (driver too old?)";                 \
    ok = false;                                                                \
  }
#include "CudaFunctions.def"
#undef CUDA_FN
#define CUDA_FN(fname, ...)
#define CUDA_OPTIONAL_FN(fname, ...)                                           \
  api_.fname = reinterpret_cast<decltype(api_.fname)>(dlsym(api_.lib, #fname));
#include "CudaFunctions.def"
#undef CUDA_OPTIONAL_FN
#undef CUDA_FN
    api_.cuGetErrorName = reinterpret_cast<decltype(api_.cuGetErrorName)>(
        dlsym(api_.lib, "cuGetErrorName"));
    api_.cuGetErrorString = reinterpret_cast<decltype(api_.cuGetErrorString)>(
        dlsym(api_.lib, "cuGetErrorString"));
    if (!ok)
      return;
    if (CUresult r = api_.cuInit(0)) {
      unavailable = "cuInit failed: " + api_.describe(r);
      return;
    }
    int count = 0;
    if (CUresult r = api_.cuDeviceGetCount(&count)) {
      unavailable = "cuDeviceGetCount failed: " + api_.describe(r);
      return;
    }
    for (int i = 0; i < count; ++i) {
      CUdevice dev;
      if (CUresult r = api_.cuDeviceGet(&dev, i)) {
        unavailable += "device " + std::to_string(i) + ": cuDeviceGet failed: " +
                       api_.describe(r) + "; ";
        continue;
      }
      auto d = std::make_unique<CudaDevice>(api_, i, dev);
      if (trident_status_t s = d->init()) {
        unavailable += "device " + std::to_string(i) + ": " +
                       trident_status_message(s) + "; ";
        trident_status_free(s);
        continue;
      }
      devices.push_back(std::move(d));
    }
    if (count == 0)
      unavailable = "the CUDA driver reports no devices";
  }
  // The library stays loaded: contexts may be in use until process exit.
  ~CudaDriver() override { devices.clear(); }

private:
  Api api_;
};

} // namespace

std::unique_ptr<Driver> createCudaDriver() {
  return std::make_unique<CudaDriver>();
}

} // namespace trident::rt
