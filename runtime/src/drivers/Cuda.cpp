//===- Cuda.cpp - the CUDA driver, through libcuda.so.1 loaded at run time -===//
//
// No link-time dependency on CUDA: the driver API is resolved with dlsym
// from libcuda.so.1 (or TRIDENT_CUDA_LIBRARY). A machine without it has no
// CUDA devices and the driver says why. What CUDA shares with HIP is in
// GpuDriver; this is CUDA's part: its symbols and numbers, contexts,
// architectures, cluster and cooperative launches, pointer and stream
// checks. Each device uses its primary context, retained when the device
// is first used; the current context is compared on every call (as
// Triton's launcher does), so an application that switches devices or
// contexts between calls is never served a stale one. Kernels get the
// >48 KiB dynamic shared memory opt-in when their metadata asks for it;
// cluster and cooperative launches go through cuLaunchKernelEx.
//
//===----------------------------------------------------------------------===//

#include "GpuDriver.h"

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <utility>

namespace trident::rt {
namespace {

// The few CUDA driver types and constants used (values from cuda.h).
using CUresult = GpuResult;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
constexpr int kAttrMaxThreadsPerBlock = 1, kAttrMaxGridX = 5,
              kAttrMaxSharedPerBlock = 8, kAttrWarpSize = 10,
              kAttrMultiprocessors = 16, kAttrCCMajor = 75, kAttrCCMinor = 76,
              kAttrCooperativeLaunch = 95, kAttrMaxSharedOptin = 97;
constexpr int kPointerAttrAccessFlags = 16, kPointerAttrDeviceOrdinal = 9;
constexpr int kAccessReadWrite = 3;
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

const GpuVendor kCuda = {
    /*driver=*/"cuda",
    /*label=*/"CUDA",
    /*libraryVariable=*/"TRIDENT_CUDA_LIBRARY",
    /*libraries=*/{"libcuda.so.1"},
    /*libraryShown=*/nullptr,
    /*noLibraryHint=*/"no NVIDIA driver on this machine?",
    /*missingSymbolHint=*/"driver too old?",
    /*noDevices=*/"the CUDA driver reports no devices",
    kAttrMultiprocessors,
    kAttrWarpSize,
    kAttrMaxSharedPerBlock,
    kAttrMaxSharedOptin,
};

/// The calls only the cuda driver makes (CUDA_FN in CudaFunctions.def).
struct CudaApi {
#define GPU_FN(operation, symbol)
#define GPU_OPTIONAL_FN GPU_FN
#define CUDA_FN(symbol, ...) GpuFn<CUresult (*)(__VA_ARGS__)> symbol;
#define CUDA_OPTIONAL_FN CUDA_FN
#include "CudaFunctions.def"
#undef CUDA_OPTIONAL_FN
#undef CUDA_FN
#undef GPU_OPTIONAL_FN
#undef GPU_FN
};

class CudaDevice : public GpuDevice {
public:
  CudaDevice(GpuDriver &driver, const CudaApi &cuda, int ordinal, CUdevice dev)
      : GpuDevice(driver, ordinal, dev), cuda_(cuda) {}
  ~CudaDevice() override {
    if (ctx_.load())
      cuda_.cuDevicePrimaryCtxRelease_v2.fn(handle_);
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
      return arch_ >= 90 && cuda_.cuLaunchKernelEx;
    if (requirement == "cooperative")
      return cooperative_ && cuda_.cuLaunchKernelEx;
    if (requirement == "tma")
      return arch_ >= 90 && cuda_.cuTensorMapEncodeTiled;
    return GpuDevice::supports(requirement);
  }
  trident_status_t encodeTensorMap(const TensorMapRequest &r,
                                   void *out) override {
    // CUtensorMapDataType by the bundle's element names (cuda.h): fp8
    // and i8 travel as bytes, as in Triton.
    static const std::pair<const char *, int> kTypes[] = {
        {"i8", 0},   {"u8", 0},    {"fp8e4nv", 0}, {"fp8e5", 0},
        {"fp8e4b15", 0}, {"i16", 1}, {"u16", 1},   {"u32", 2},
        {"i32", 3},  {"u64", 4},   {"i64", 5},     {"fp16", 6},
        {"fp32", 7}, {"fp64", 8},  {"bf16", 9}};
    int type = -1;
    for (const auto &[n, t] : kTypes)
      if (r.element == n)
        type = t;
    if (type < 0)
      return makeStatus(TRIDENT_INVALID_ARGUMENT,
                        "no TMA descriptor holds elements of type " +
                            r.element);
    size_t rank = r.shape.size();
    // cuda.h orders every list innermost first; global strides are in
    // bytes and leave out the innermost (1 element).
    unsigned long long dims[5], strides[5];
    unsigned box[5], elementStrides[5];
    for (size_t i = 0; i < rank; ++i) {
      dims[i] = r.shape[rank - 1 - i];
      box[i] = r.box[rank - 1 - i];
      elementStrides[i] = 1;
      if (i + 1 < rank)
        strides[i] = r.strides[rank - 2 - i] * r.elementBytes;
    }
    constexpr int kInterleaveNone = 0, kL2Promotion128B = 2;
    int swizzle = r.swizzle == 128 ? 3 : r.swizzle == 64 ? 2
                  : r.swizzle == 32 ? 1 : 0;
    return call(cuda_.cuTensorMapEncodeTiled, out, type, unsigned(rank),
                const_cast<void *>(r.base), dims, strides, box,
                elementStrides, kInterleaveNone, swizzle, kL2Promotion128B,
                r.nanPadding ? 1 : 0);
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
        if (api_.deviceAttribute.fn(&v, a, handle_) != 0)
          return false;
        out = v;
        return true;
      }
    return false;
  }
  std::string checkPointer(const void *address) override {
    int ordinal = -1;
    if (cuda_.cuPointerGetAttribute.fn(&ordinal, kPointerAttrDeviceOrdinal,
                                       CUdeviceptr(address)) != 0)
      return notThisDevice();
    if (ordinal == ordinal_)
      return "";
    // Another GPU's memory: usable when this context has peer access.
    int flags = 0;
    if (bound() &&
        cuda_.cuPointerGetAttribute.fn(&flags, kPointerAttrAccessFlags,
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
    if (!cuda_.cuStreamGetCtx)
      return "";
    CUcontext ctx = nullptr, mine = nullptr;
    if (trident_status_t s = context(mine))
      return takeMessage(s);
    if (trident_status_t s =
            call(cuda_.cuStreamGetCtx, CUstream(native), &ctx))
      return takeMessage(s);
    if (ctx != mine)
      return "the stream belongs to another CUDA context than the primary "
             "context of device " + std::to_string(ordinal_) + " (" + name + ")";
    return "";
  }

protected:
  /// The architecture, and the limits GpuDevice::init does not read;
  /// needs no context.
  trident_status_t initVendor() override {
    int major = 0, minor = 0, v = 0;
    if (trident_status_t s = deviceAttribute(kAttrCCMajor, major))
      return s;
    if (trident_status_t s = deviceAttribute(kAttrCCMinor, minor))
      return s;
    arch_ = major * 10 + minor;
    target = "cuda:" + std::to_string(arch_);
    for (int i = 0; i < 3; ++i) {
      if (trident_status_t s = deviceAttribute(kAttrMaxGridX + i, v))
        return s;
      info.max_grid[i] = uint32_t(v);
    }
    if (trident_status_t s = deviceAttribute(kAttrMaxThreadsPerBlock,
                                             info.max_threads_per_block))
      return s;
    if (trident_status_t s = deviceAttribute(kAttrCooperativeLaunch, v))
      return s;
    cooperative_ = v != 0;
    return nullptr;
  }

  /// Makes the device's context current on this thread unless it is: the
  /// application may have switched contexts since the last call.
  trident_status_t bind() override {
    CUcontext ctx = ctx_.load(std::memory_order_acquire);
    if (!ctx)
      if (trident_status_t s = context(ctx))
        return s;
    CUcontext current = nullptr;
    if (cuda_.cuCtxGetCurrent.fn(&current) == 0 && current == ctx)
      return nullptr;
    return call(cuda_.cuCtxSetCurrent, ctx);
  }

  std::string imageName(const bundle::KernelMetadata &m) const override {
    return m.format;
  }

  /// Cluster and cooperative kernels through cuLaunchKernelEx.
  trident_status_t launchKernel(void *fn, const bundle::KernelMetadata &m,
                                const uint32_t grid[3], unsigned block,
                                void **args, void *stream) override {
    bool cluster = m.clusterDims[0] * m.clusterDims[1] * m.clusterDims[2] > 1;
    bool cooperative = false;
    for (const std::string &r : m.requirements)
      cooperative |= r == "cooperative";
    if (!cluster && !cooperative)
      return GpuDevice::launchKernel(fn, m, grid, block, args, stream);
    if (!cuda_.cuLaunchKernelEx)
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
    return call(cuda_.cuLaunchKernelEx, &config, CUfunction(fn), args,
                nullptr);
  }

private:
  /// Retains the primary context the first time the device is used.
  trident_status_t context(CUcontext &out) {
    std::lock_guard<std::mutex> lock(ctxMutex_);
    if (!ctx_.load()) {
      CUcontext ctx = nullptr;
      if (trident_status_t s =
              call(cuda_.cuDevicePrimaryCtxRetain, &ctx, handle_))
        return s;
      ctx_.store(ctx);
    }
    out = ctx_.load();
    return nullptr;
  }

  const CudaApi &cuda_;
  std::mutex ctxMutex_;
  std::atomic<CUcontext> ctx_{nullptr}; ///< set once, under ctxMutex_
  int arch_ = 0;
  bool cooperative_ = false;
};

class CudaDriver : public GpuDriver {
public:
  CudaDriver() : GpuDriver(kCuda) {}
  // Devices go before cuda_, which they use to release their contexts.
  ~CudaDriver() override { devices.clear(); }

protected:
  void resolveSymbols() override {
#define GPU_FN(operation, symbol) resolve(api.operation, #symbol);
#define GPU_OPTIONAL_FN(operation, symbol) resolve(api.operation, #symbol, false);
#define CUDA_FN(symbol, ...) resolve(cuda_.symbol, #symbol);
#define CUDA_OPTIONAL_FN(symbol, ...) resolve(cuda_.symbol, #symbol, false);
#include "CudaFunctions.def"
#undef CUDA_OPTIONAL_FN
#undef CUDA_FN
#undef GPU_OPTIONAL_FN
#undef GPU_FN
  }
  void errorStrings(GpuResult r, const char *&errorName,
                    const char *&text) const override {
    if (cuda_.cuGetErrorName)
      cuda_.cuGetErrorName.fn(r, &errorName);
    if (cuda_.cuGetErrorString)
      cuda_.cuGetErrorString.fn(r, &text);
  }
  trident_status_t createDevice(int ordinal,
                                std::unique_ptr<GpuDevice> &out) override {
    CUdevice dev = 0;
    if (trident_status_t s = call(cuda_.cuDeviceGet, &dev, ordinal))
      return s;
    out = std::make_unique<CudaDevice>(*this, cuda_, ordinal, dev);
    return nullptr;
  }

private:
  CudaApi cuda_;
};

} // namespace

std::unique_ptr<Driver> createCudaDriver() {
  auto d = std::make_unique<CudaDriver>();
  d->open();
  return d;
}

} // namespace trident::rt
