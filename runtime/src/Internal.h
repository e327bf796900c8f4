//===- Internal.h - the runtime's objects and its driver interface -*- C++ -*-===//
//
// What stands behind the C API's opaque handles, and the interface each
// driver (cuda, hip, cpu) implements. Drivers work in raw device addresses
// and opaque native handles; argument checking, bundle selection and packing
// are done once, above them, in Runtime.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_RUNTIME_INTERNAL_H
#define TRIDENT_RUNTIME_INTERNAL_H

#include "trident/Bundle.h"
#include "trident/runtime.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace trident::rt {

/// A status carrying `code` and `message` (never NULL).
trident_status_t makeStatus(trident_status_code_t code, std::string message);

/// One device of a driver.
class Device {
public:
  virtual ~Device() = default;

  std::string name, target, driver;
  trident_device_info_t info{};

  virtual trident_status_t allocate(size_t bytes, void **address) = 0;
  virtual void release(void *address) = 0;
  virtual trident_status_t copyIn(void *dst, const void *src, size_t bytes,
                                  void *stream) = 0;
  virtual trident_status_t copyOut(void *dst, const void *src, size_t bytes,
                                   void *stream) = 0;
  virtual trident_status_t hostAllocate(size_t bytes, void **pointer) = 0;
  virtual void hostFree(void *pointer) = 0;

  virtual trident_status_t streamCreate(void **stream) = 0;
  virtual void streamDestroy(void *stream) = 0;
  virtual trident_status_t streamSynchronize(void *stream) = 0;
  virtual trident_status_t synchronize() = 0;
  virtual trident_status_t eventCreate(void **event) = 0;
  virtual void eventDestroy(void *event) = 0;
  virtual trident_status_t eventRecord(void *event, void *stream) = 0;
  virtual trident_status_t eventSynchronize(void *event) = 0;
  virtual trident_status_t eventElapsed(void *start, void *end, float *ms) = 0;

  /// How well this device can run an entry: 0 not at all, higher is better
  /// (an exact target beats a compatible one).
  virtual int compatibility(const bundle::KernelMetadata &meta) const = 0;
  /// Whether this device knows how to honour a metadata requirement
  /// ("cluster", "scratch", "cooperative"). Unknown ones are refused.
  virtual bool supports(const std::string &requirement) const = 0;
  virtual trident_status_t loadModule(const bundle::Entry &entry,
                                      void **module) = 0;
  virtual void unloadModule(void *module) = 0;
  virtual trident_status_t getFunction(void *module,
                                       const bundle::KernelMetadata &meta,
                                       void **function) = 0;
  /// What the driver knows of a loaded function (zeros where it does not).
  struct FunctionAttributes {
    int registers = 0;
    uint64_t localMemory = 0;
    int maxThreadsPerBlock = 0;
  };
  virtual FunctionAttributes functionAttributes(void *function) {
    (void)function;
    return {};
  }
  /// `args[i]` points to argument i's value. `grid` counts blocks (programs
  /// times cluster dims). Asynchronous on GPUs.
  virtual trident_status_t launch(void *function,
                                  const bundle::KernelMetadata &meta,
                                  const uint32_t grid[3], void **args,
                                  size_t numArgs, void *stream) = 0;
  /// Memory for one launch's scratch, ordered on `stream`: usable by work
  /// queued after the allocation, released after the work queued before
  /// the release.
  virtual trident_status_t scratchAllocate(size_t bytes, size_t align,
                                           void *stream, void **address) = 0;
  virtual void scratchRelease(void *address, void *stream) = 0;
  /// Empty when a kernel on this device may use `address`; otherwise why
  /// not ("does not point to memory of cuda:90 (NVIDIA H200)").
  virtual std::string checkPointer(const void *address) = 0;
  /// A device attribute by name (trident_device_attribute); false when
  /// the device does not know it.
  virtual bool attribute(const std::string &name, int64_t &out) {
    (void)name;
    (void)out;
    return false;
  }
  /// Makes [address, address + bytes), memory the application allocated,
  /// usable by kernels of this device (trident_buffer_wrap); undone by
  /// unwrap. By default: both ends must pass checkPointer.
  virtual trident_status_t wrap(void *address, size_t bytes);
  virtual void unwrap(void *address, size_t bytes) {
    (void)address;
    (void)bytes;
  }
  /// Empty when `native` is a stream of this device; otherwise why not.
  virtual std::string checkNativeStream(void *native) {
    (void)native;
    return "";
  }
  /// A TMA descriptor (requirement "tma"): the tensor at `base` of `shape`
  /// and `strides` (both in tensor order, outermost first; strides in
  /// elements, the last one 1), copied in blocks of `box` into shared
  /// memory swizzled by `swizzle` bytes; out-of-bounds elements read as
  /// NaN with `nanPadding`, else zero.
  struct TensorMapRequest {
    std::string element; ///< the bundle's element name: fp16, bf16, ...
    unsigned elementBytes = 0;
    const void *base = nullptr;
    std::vector<uint64_t> shape, strides;
    std::vector<uint32_t> box;
    uint32_t swizzle = 0;
    bool nanPadding = false;
  };
  /// Writes the 128-byte descriptor to `out` (64-byte aligned); an error
  /// saying why when the device or the tensor cannot have one.
  virtual trident_status_t encodeTensorMap(const TensorMapRequest &request,
                                           void *out) {
    (void)request;
    (void)out;
    return makeStatus(TRIDENT_UNAVAILABLE,
                      "TMA descriptors are made for CUDA devices only");
  }
};

class Driver {
public:
  virtual ~Driver() = default;
  std::string name;
  /// Empty when available.
  std::string unavailable;
  std::vector<std::unique_ptr<Device>> devices;
};

std::unique_ptr<Driver> createCudaDriver();
std::unique_ptr<Driver> createHipDriver();
std::unique_ptr<Driver> createCpuDriver();

/// For each kernel in `entries`, the indices of the entries `device` runs
/// best (those of the highest compatibility; several when they differ in
/// specialization), in bundle order. Kernels it cannot run are absent.
std::map<std::string, std::vector<size_t>>
selectEntries(const Device &device, const std::vector<bundle::Entry> &entries);

/// "add_kernel for cuda:90 (cubin), add_kernel for cpu (host-so)".
std::string describeEntries(const std::vector<bundle::Entry> &entries);

/// TRIDENT_INVALID_ARGUMENT with `message`.
trident_status_t invalid(std::string message);

} // namespace trident::rt

struct trident_device_s;
struct trident_stream_s;

namespace trident::rt {

/// An error unless `stream` (may be NULL: the default) is one of `device`.
trident_status_t checkStream(const trident_device_s *device,
                             const trident_stream_s *stream);

/// Writes `full` into the caller's `out`, a struct versioned by size
/// (its first field, struct_size, says how large the caller's type is):
/// the fields that fit, zeros past what this runtime knows; the caller's
/// struct_size is kept.
template <typename T>
inline trident_status_t writeVersioned(T *out, const T &full,
                                       const char *function) {
  size_t n = out->struct_size;
  if (n < sizeof(size_t))
    return invalid(std::string(function) + ": out_info->struct_size is " +
                   std::to_string(n) + "; set it to the struct's size (" +
                   std::to_string(sizeof(T)) + " in this runtime's header)");
  auto *bytes = reinterpret_cast<unsigned char *>(out);
  const auto *from = reinterpret_cast<const unsigned char *>(&full);
  size_t known = std::min(n, sizeof(T));
  std::memcpy(bytes + sizeof(size_t), from + sizeof(size_t),
              known - sizeof(size_t));
  if (n > sizeof(T))
    std::memset(bytes + sizeof(T), 0, n - sizeof(T));
  return nullptr;
}


} // namespace trident::rt

/// A C API function's pointer argument that must not be NULL.
#define REQUIRE(ptr, what)                                                     \
  do {                                                                         \
    if (!(ptr))                                                                \
      return ::trident::rt::invalid(std::string(__func__) +                    \
                                    ": " what " is NULL");                     \
  } while (0)

namespace trident::rt {

} // namespace trident::rt

// The C API's handles.
struct trident_status_s {
  trident_status_code_t code;
  std::string message;
};

struct trident_device_s {
  trident_runtime_s *runtime;
  trident::rt::Device *impl;
  size_t index;
};

struct trident_runtime_s {
  std::vector<std::unique_ptr<trident::rt::Driver>> drivers;
  std::vector<std::unique_ptr<trident_device_s>> devices;
};

struct trident_buffer_s {
  trident_device_s *device;
  void *address;
  size_t size;
  bool owned = true; ///< false for wrapped application memory
};

struct trident_stream_s {
  trident_device_s *device;
  void *native;
  bool owned; ///< false for wrapped application streams
};

struct trident_event_s {
  trident_device_s *device;
  void *native;
};

/// How one launch argument is checked and passed.
struct trident_arg_spec_s {
  enum Kind { Pointer, Int, Float } kind;
  int bits;        ///< 1, 8, 16, 32, 64
  bool isSigned;   ///< ints
  bool isBF16;     ///< floats of 16 bits
  std::string name, type;
};

/// One entry of a kernel: a binary specialized one way.
struct trident_kernel_variant_s {
  trident::bundle::KernelMetadata meta;
  void *function = nullptr;
  trident::rt::Device::FunctionAttributes attributes;
  bool scratch = false;     ///< pass the two hidden scratch pointers
  size_t specialized = 0;   ///< how many arguments carry a specialization
  /// For each argument, the index of the meta.tensorMaps entry it heads,
  /// or -1; empty when the kernel takes no TMA descriptor.
  std::vector<int> tensorMapAt;
  std::vector<std::string> spellings; ///< each argument's, `*fp32:16`
};

struct trident_kernel_s {
  trident_module_s *module;
  std::vector<trident_arg_spec_s> args;
  /// Most specialized first.
  std::vector<trident_kernel_variant_s> variants;
};

struct trident_module_s {
  trident_device_s *device;
  /// For each kernel the device can run: the chosen entries and their
  /// native modules.
  struct Loaded {
    trident::bundle::Entry entry;
    void *native = nullptr;
  };
  std::map<std::string, std::vector<Loaded>> loaded;
  /// What the bundle held, for messages.
  std::string contents;
  std::mutex mutex;
  std::map<std::string, std::unique_ptr<trident_kernel_s>> kernels;
};

#endif // TRIDENT_RUNTIME_INTERNAL_H
