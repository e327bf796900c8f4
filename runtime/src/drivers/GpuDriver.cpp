//===- GpuDriver.cpp - what the CUDA and HIP drivers share ----------------===//
//
// Every failing vendor call becomes a status naming the call and the
// vendor's error name and text. Each call first makes the device current
// (bind); calls that cannot report an error (release, destroy) are skipped
// when that fails.
//
//===----------------------------------------------------------------------===//

#include "GpuDriver.h"

#include <cstdlib>
#include <dlfcn.h>

namespace trident::rt {

static_assert(sizeof(void *) == sizeof(unsigned long long),
              "device addresses are passed as pointers (GpuApi)");

std::string takeMessage(trident_status_t s) {
  std::string m = trident_status_message(s);
  trident_status_free(s);
  return m;
}

//===-- GpuDriver -----------------------------------------------------------===//

GpuDriver::GpuDriver(const GpuVendor &vendor) : vendor(vendor) {
  name = vendor.driver;
}

void *GpuDriver::lookup(const char *symbol, bool required) {
  void *p = dlsym(lib_, symbol);
  if (!p && required && unavailable.empty())
    unavailable = libraryShown_ + " lacks " + symbol + " (" +
                  vendor.missingSymbolHint + ")";
  return p;
}

void GpuDriver::open() {
  const char *env = std::getenv(vendor.libraryVariable);
  std::vector<std::string> candidates =
      env && *env ? std::vector<std::string>{env} : vendor.libraries;
  libraryShown_ = vendor.libraryShown ? vendor.libraryShown : candidates[0];
  std::string errors;
  for (const std::string &c : candidates) {
    lib_ = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (lib_)
      break;
    const char *why = dlerror();
    errors += (errors.empty() ? "" : "; ") +
              (why ? std::string(why) : c + ": dlopen failed");
  }
  if (!lib_) {
    unavailable = libraryShown_ + " could not be loaded: " + errors + " (" +
                  vendor.noLibraryHint + ")";
    return;
  }
  resolveSymbols();
  if (!unavailable.empty())
    return;
  if (trident_status_t s = call(api.init, 0u)) {
    unavailable = takeMessage(s);
    return;
  }
  int count = 0;
  if (trident_status_t s = call(api.deviceCount, &count)) {
    unavailable = takeMessage(s);
    return;
  }
  for (int i = 0; i < count; ++i) {
    std::unique_ptr<GpuDevice> d;
    trident_status_t s = createDevice(i, d);
    if (!s)
      s = d->init();
    if (s) {
      unavailable += "device " + std::to_string(i) + ": " + takeMessage(s) + "; ";
      continue;
    }
    devices.push_back(std::move(d));
  }
  if (count == 0)
    unavailable = vendor.noDevices;
}

std::string GpuDriver::describe(GpuResult r) const {
  const char *errorName = nullptr, *text = nullptr;
  errorStrings(r, errorName, text);
  return (errorName ? std::string(errorName)
                    : std::string(vendor.label) + " error " +
                          std::to_string(r)) +
         (text ? std::string(" (") + text + ")" : "");
}

trident_status_t GpuDriver::check(GpuResult r, const char *symbol) const {
  if (r == 0)
    return nullptr;
  // 2 is CUDA_ERROR_OUT_OF_MEMORY and hipErrorOutOfMemory.
  return makeStatus(r == 2 ? TRIDENT_OUT_OF_MEMORY : TRIDENT_DRIVER_ERROR,
                    std::string(symbol) + " failed: " + describe(r));
}

//===-- GpuDevice -----------------------------------------------------------===//

GpuDevice::GpuDevice(GpuDriver &driver, int ordinal, int handle)
    : driver_(driver), api_(driver.api), ordinal_(ordinal), handle_(handle) {}

trident_status_t GpuDevice::init() {
  char buf[256] = {0};
  if (trident_status_t s =
          call(api_.deviceName, buf, int(sizeof(buf)), handle_))
    return s;
  name = buf;
  driver = driver_.vendor.driver;
  if (trident_status_t s = initVendor())
    return s;
  const GpuVendor &v = driver_.vendor;
  int value = 0;
  if (trident_status_t s =
          deviceAttribute(v.attrMultiprocessors, info.multiprocessor_count))
    return s;
  if (trident_status_t s = deviceAttribute(v.attrWarpSize, info.warp_size))
    return s;
  if (trident_status_t s = deviceAttribute(v.attrSharedPerBlock, value))
    return s;
  info.shared_memory_per_block = size_t(value);
  if (trident_status_t s = deviceAttribute(v.attrSharedPerBlockOptin, value))
    return s;
  info.shared_memory_per_block_optin = size_t(value);
  size_t memory = 0;
  if (trident_status_t s = call(api_.deviceTotalMemory, &memory, handle_))
    return s;
  info.total_memory = memory;
  return nullptr;
}

bool GpuDevice::bound() {
  trident_status_t s = bind();
  bool ok = !s;
  trident_status_free(s);
  return ok;
}

std::string GpuDevice::notThisDevice() const {
  return "the pointer does not point to memory of device " + target + " (" +
         name + ")";
}

trident_status_t GpuDevice::loadModule(const bundle::Entry &e,
                                       void **module) {
  if (trident_status_t s = bind())
    return s;
  // data() ends in a NUL, so PTX is passed as the C string it must be.
  if (trident_status_t s =
          create(module, api_.moduleLoadData, e.binary.data())) {
    s->message += " (loading " + imageName(e.meta) + " of kernel '" +
                  e.meta.kernel + "' for " + e.meta.target + ")";
    return s;
  }
  return nullptr;
}

trident_status_t GpuDevice::getFunction(void *module,
                                        const bundle::KernelMetadata &m,
                                        void **function) {
  if (trident_status_t s = bind())
    return s;
  void *f = nullptr;
  if (trident_status_t s =
          call(api_.moduleGetFunction, &f, module,
               (m.symbol.empty() ? m.kernel : m.symbol).c_str()))
    return s;
  if (m.sharedMemory > info.shared_memory_per_block_optin)
    return makeStatus(TRIDENT_INVALID_ARGUMENT,
                      "kernel '" + m.kernel + "' needs " +
                          std::to_string(m.sharedMemory) +
                          " bytes of shared memory; " + name +
                          " allows at most " +
                          std::to_string(info.shared_memory_per_block_optin));
  // Beyond the default limit (48 KiB on every NVIDIA GPU) a kernel must
  // opt in to its dynamic shared memory.
  if (m.sharedMemory > info.shared_memory_per_block)
    if (trident_status_t s = call(api_.funcSetAttribute, f,
                                  kGpuFuncAttrMaxDynamicShared,
                                  int(m.sharedMemory)))
      return s;
  *function = f;
  return nullptr;
}

Device::FunctionAttributes GpuDevice::functionAttributes(void *function) {
  FunctionAttributes a;
  if (!api_.funcGetAttribute)
    return a;
  auto get = [&](int attribute, int &value) {
    return api_.funcGetAttribute.fn(&value, attribute, function) == 0;
  };
  int v = 0;
  if (get(kGpuFuncAttrNumRegs, v))
    a.registers = v;
  if (get(kGpuFuncAttrLocalBytes, v))
    a.localMemory = uint64_t(v);
  if (get(kGpuFuncAttrMaxThreads, v))
    a.maxThreadsPerBlock = v;
  return a;
}

trident_status_t GpuDevice::scratchAllocate(size_t bytes, size_t align,
                                            void *stream, void **address) {
  if (!api_.mallocAsync)
    return makeStatus(TRIDENT_UNAVAILABLE,
                      "the " + driver + " driver has no scratch memory yet");
  // Stream-ordered allocations are aligned to at least 256 bytes.
  if (align > 256)
    return makeStatus(TRIDENT_INVALID_ARGUMENT,
                      "scratch alignment " + std::to_string(align) +
                          " is above the 256 bytes the " +
                          driver_.vendor.label + " driver gives");
  if (trident_status_t s = bind())
    return s;
  return create(address, api_.mallocAsync, bytes, stream);
}

} // namespace trident::rt
