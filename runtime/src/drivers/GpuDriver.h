//===- GpuDriver.h - what the CUDA and HIP drivers share ---------*- C++ -*-===//
//
// CUDA's driver API and HIP's runtime API have the same shape: a library
// loaded with dlopen, calls returning an integer error code, devices,
// modules loaded from an image, functions, launches with a kernelParams
// array, memory, streams and events. The two drivers differ in names,
// numbers and a few calls, not in logic, so the logic is here once:
//
//  - GpuApi: the calls both make, one field per operation in one
//    signature, filled by each driver with its own symbols (its
//    *Functions.def says which);
//  - GpuVendor: the names, messages and attribute numbers that differ;
//  - GpuDriver: loads the library, resolves the symbols, turns error codes
//    into statuses and enumerates the devices;
//  - GpuDevice: every Device operation that is the same call on both.
//
// What a vendor does differently is a virtual hook: how a device becomes
// current (bind), its properties beyond the common ones, which entries it
// runs (compatibility), how an image is named in messages, the launch of
// kernels that need more than the plain call, pointer and stream checks.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_RUNTIME_DRIVERS_GPUDRIVER_H
#define TRIDENT_RUNTIME_DRIVERS_GPUDRIVER_H

#include "../Internal.h"

#include <string>
#include <vector>

namespace trident::rt {

/// CUresult, hipError_t: 0 is success.
using GpuResult = int;

/// The message of `s`, which is freed.
std::string takeMessage(trident_status_t s);

/// A call resolved from the vendor library: its address and its symbol, for
/// messages ("cuMemAlloc_v2 failed: ..."). Null when the library lacks it.
template <typename F> struct GpuFn {
  F fn = nullptr;
  const char *symbol = "";
  explicit operator bool() const { return fn != nullptr; }
};

/// The calls both drivers make, in one signature each. Handles (contexts,
/// modules, functions, streams, events) are opaque pointers on both, and so
/// are device addresses: CUdeviceptr is a 64-bit integer, passed and stored
/// like a pointer on the 64-bit platforms the runtime supports. Device
/// arguments are CUdevice / the HIP ordinal, both int.
struct GpuApi {
  GpuFn<GpuResult (*)(unsigned flags)> init;
  GpuFn<GpuResult (*)(int *count)> deviceCount;
  GpuFn<GpuResult (*)(char *name, int size, int device)> deviceName;
  GpuFn<GpuResult (*)(int *value, int attribute, int device)> deviceAttribute;
  GpuFn<GpuResult (*)(size_t *bytes, int device)> deviceTotalMemory;
  /// All work of the current device (context).
  GpuFn<GpuResult (*)()> synchronize;

  GpuFn<GpuResult (*)(void **address, size_t bytes)> malloc;
  GpuFn<GpuResult (*)(void *address)> free;
  GpuFn<GpuResult (*)(void *dst, const void *src, size_t bytes)> copyHtoD,
      copyDtoH;
  GpuFn<GpuResult (*)(void *dst, const void *src, size_t bytes, void *stream)>
      copyHtoDAsync, copyDtoHAsync;
  GpuFn<GpuResult (*)(void **pointer, size_t bytes, unsigned flags)>
      hostMalloc;
  GpuFn<GpuResult (*)(void *pointer)> hostFree;

  GpuFn<GpuResult (*)(void **stream, unsigned flags)> streamCreate;
  GpuFn<GpuResult (*)(void *stream)> streamDestroy, streamSynchronize;
  GpuFn<GpuResult (*)(void **event, unsigned flags)> eventCreate;
  GpuFn<GpuResult (*)(void *event)> eventDestroy, eventSynchronize;
  GpuFn<GpuResult (*)(void *event, void *stream)> eventRecord;
  GpuFn<GpuResult (*)(float *ms, void *start, void *end)> eventElapsed;

  GpuFn<GpuResult (*)(void **module, const void *image)> moduleLoadData;
  GpuFn<GpuResult (*)(void *module)> moduleUnload;
  GpuFn<GpuResult (*)(void **function, void *module, const char *name)>
      moduleGetFunction;
  GpuFn<GpuResult (*)(void *function, int attribute, int value)>
      funcSetAttribute;
  GpuFn<GpuResult (*)(void *function, unsigned gridX, unsigned gridY,
                      unsigned gridZ, unsigned blockX, unsigned blockY,
                      unsigned blockZ, unsigned sharedBytes, void *stream,
                      void **params, void **extra)>
      launchKernel;

  // Optional: features that need them are refused without them.
  /// Registers, local memory, thread limit of a loaded function.
  GpuFn<GpuResult (*)(int *value, int attribute, void *function)>
      funcGetAttribute;
  /// Stream-ordered memory, for kernels' scratch.
  GpuFn<GpuResult (*)(void **address, size_t bytes, void *stream)>
      mallocAsync;
  GpuFn<GpuResult (*)(void *address, void *stream)> freeAsync;
};

/// What differs between the vendors as data.
struct GpuVendor {
  const char *driver; ///< "cuda": Driver::name and Device::driver
  const char *label;  ///< "CUDA": "CUDA error 999" when the code has no name
  const char *libraryVariable; ///< "TRIDENT_CUDA_LIBRARY" overrides...
  std::vector<std::string> libraries; ///< ...these, tried in order
  /// How messages name the library; null: the one tried.
  const char *libraryShown;
  const char *noLibraryHint;      ///< "no NVIDIA driver on this machine?"
  const char *missingSymbolHint;  ///< "driver too old?"
  const char *noDevices;          ///< "the CUDA driver reports no devices"
  /// deviceAttribute numbers of the device info both report.
  int attrMultiprocessors, attrWarpSize, attrSharedPerBlock,
      attrSharedPerBlockOptin;
};

/// Function attribute numbers, the same in CUfunction_attribute and
/// hipFunction_attribute.
constexpr int kGpuFuncAttrMaxThreads = 0, kGpuFuncAttrLocalBytes = 3,
              kGpuFuncAttrNumRegs = 4, kGpuFuncAttrMaxDynamicShared = 8;
/// CU_STREAM_NON_BLOCKING, hipStreamNonBlocking.
constexpr unsigned kGpuStreamNonBlocking = 1;

class GpuDevice;

class GpuDriver : public Driver {
public:
  /// Devices are destroyed first: they use the library until the end. The
  /// library stays loaded, as contexts may be in use until process exit.
  ~GpuDriver() override { devices.clear(); }

  /// Loads the library, resolves the symbols, initializes the API and
  /// creates the devices; on failure `unavailable` says why. Called once,
  /// after construction (it calls the hooks below).
  void open();

  /// "CUDA_ERROR_OUT_OF_MEMORY (out of memory)".
  std::string describe(GpuResult r) const;
  /// A status for a failed call naming it, or NULL.
  trident_status_t check(GpuResult r, const char *symbol) const;
  template <typename F, typename... Args>
  trident_status_t call(const GpuFn<F> &f, Args... args) const {
    return check(f.fn(args...), f.symbol);
  }

  const GpuVendor &vendor;
  GpuApi api;

protected:
  explicit GpuDriver(const GpuVendor &vendor);

  /// Resolves `symbol` into `f`; a missing required one makes the driver
  /// unavailable (the first one missing is named). Returns whether found.
  template <typename F>
  bool resolve(GpuFn<F> &f, const char *symbol, bool required = true) {
    f.fn = reinterpret_cast<F>(lookup(symbol, required));
    f.symbol = symbol;
    return f.fn != nullptr;
  }

  // The vendor's part.
  /// Resolves every symbol the driver uses (its *Functions.def).
  virtual void resolveSymbols() = 0;
  /// The vendor's name and text for an error code; null when it has none.
  virtual void errorStrings(GpuResult r, const char *&errorName,
                            const char *&text) const = 0;
  /// The device of ordinal `ordinal`, not yet initialized.
  virtual trident_status_t createDevice(int ordinal,
                                        std::unique_ptr<GpuDevice> &out) = 0;

private:
  void *lookup(const char *symbol, bool required);

  void *lib_ = nullptr;
  std::string libraryShown_;
};

class GpuDevice : public Device {
public:
  /// `handle`: the device argument of the vendor's calls (CUdevice from
  /// cuDeviceGet; HIP takes the ordinal).
  GpuDevice(GpuDriver &driver, int ordinal, int handle);

  /// Reads the device's properties: name, then the vendor's (initVendor),
  /// then the info both report.
  trident_status_t init();

  // Memory, streams and events: the device bound, one call each.
  trident_status_t allocate(size_t bytes, void **address) override {
    if (trident_status_t s = bind())
      return s;
    return create(address, api_.malloc, bytes);
  }
  void release(void *address) override {
    if (bound())
      api_.free.fn(address);
  }
  trident_status_t copyIn(void *dst, const void *src, size_t bytes,
                          void *stream) override {
    if (trident_status_t s = bind())
      return s;
    if (stream)
      return call(api_.copyHtoDAsync, dst, src, bytes, stream);
    return call(api_.copyHtoD, dst, src, bytes);
  }
  trident_status_t copyOut(void *dst, const void *src, size_t bytes,
                           void *stream) override {
    if (trident_status_t s = bind())
      return s;
    if (stream)
      return call(api_.copyDtoHAsync, dst, src, bytes, stream);
    return call(api_.copyDtoH, dst, src, bytes);
  }
  trident_status_t hostAllocate(size_t bytes, void **pointer) override {
    if (trident_status_t s = bind())
      return s;
    return create(pointer, api_.hostMalloc, bytes, 0u);
  }
  void hostFree(void *pointer) override {
    if (bound())
      api_.hostFree.fn(pointer);
  }
  trident_status_t streamCreate(void **stream) override {
    if (trident_status_t s = bind())
      return s;
    return create(stream, api_.streamCreate, kGpuStreamNonBlocking);
  }
  void streamDestroy(void *stream) override {
    if (bound())
      api_.streamDestroy.fn(stream);
  }
  trident_status_t streamSynchronize(void *stream) override {
    if (trident_status_t s = bind())
      return s;
    return call(api_.streamSynchronize, stream);
  }
  trident_status_t synchronize() override {
    if (trident_status_t s = bind())
      return s;
    return call(api_.synchronize);
  }
  trident_status_t eventCreate(void **event) override {
    if (trident_status_t s = bind())
      return s;
    return create(event, api_.eventCreate, 0u);
  }
  void eventDestroy(void *event) override {
    if (bound())
      api_.eventDestroy.fn(event);
  }
  trident_status_t eventRecord(void *event, void *stream) override {
    if (trident_status_t s = bind())
      return s;
    return call(api_.eventRecord, event, stream);
  }
  trident_status_t eventSynchronize(void *event) override {
    return call(api_.eventSynchronize, event);
  }
  trident_status_t eventElapsed(void *start, void *end, float *ms) override {
    return call(api_.eventElapsed, ms, start, end);
  }

  /// "scratch" when the library has stream-ordered memory.
  bool supports(const std::string &requirement) const override {
    return requirement == "scratch" && api_.mallocAsync && api_.freeAsync;
  }
  trident_status_t loadModule(const bundle::Entry &entry,
                              void **module) override;
  void unloadModule(void *module) override {
    if (bound())
      api_.moduleUnload.fn(module);
  }
  /// With the shared memory opt-in the metadata asks for.
  trident_status_t getFunction(void *module,
                               const bundle::KernelMetadata &meta,
                               void **function) override;
  FunctionAttributes functionAttributes(void *function) override;
  trident_status_t launch(void *function, const bundle::KernelMetadata &meta,
                          const uint32_t grid[3], void **args, size_t,
                          void *stream) override {
    if (trident_status_t s = bind())
      return s;
    unsigned block = unsigned(meta.numWarps * meta.threadsPerWarp);
    return launchKernel(function, meta, grid, block, args, stream);
  }
  trident_status_t scratchAllocate(size_t bytes, size_t align, void *stream,
                                   void **address) override;
  void scratchRelease(void *address, void *stream) override {
    if (api_.freeAsync && bound())
      api_.freeAsync.fn(address, stream);
  }

protected:
  // The vendor's part.
  /// Makes this device current on the calling thread.
  virtual trident_status_t bind() = 0;
  /// Sets `target` and the properties only this vendor reads.
  virtual trident_status_t initVendor() = 0;
  /// How load errors name an entry's image ("ptx", "the code object").
  virtual std::string imageName(const bundle::KernelMetadata &meta) const = 0;
  /// The launch, the device bound: by default the plain call.
  virtual trident_status_t launchKernel(void *function,
                                        const bundle::KernelMetadata &meta,
                                        const uint32_t grid[3], unsigned block,
                                        void **args, void *stream) {
    return call(api_.launchKernel, function, grid[0], grid[1], grid[2], block,
                1u, 1u, unsigned(meta.sharedMemory), stream, args, nullptr);
  }

  /// bind() for calls that cannot report an error (release, destroy).
  bool bound();
  /// Device attribute number `attribute` of the vendor's enumeration.
  trident_status_t deviceAttribute(int attribute, int &out) const {
    return call(api_.deviceAttribute, &out, attribute, handle_);
  }
  template <typename F, typename... Args>
  trident_status_t call(const GpuFn<F> &f, Args... args) const {
    return driver_.call(f, args...);
  }
  /// call(f, &handle, args...), setting `*out` only when it succeeds.
  template <typename F, typename... Args>
  trident_status_t create(void **out, const GpuFn<F> &f, Args... args) const {
    void *handle = nullptr;
    if (trident_status_t s = call(f, &handle, args...))
      return s;
    *out = handle;
    return nullptr;
  }
  /// checkPointer's answer for memory that is not this device's.
  std::string notThisDevice() const;

  GpuDriver &driver_;
  const GpuApi &api_;
  int ordinal_;
  int handle_;
};

} // namespace trident::rt

#endif // TRIDENT_RUNTIME_DRIVERS_GPUDRIVER_H
