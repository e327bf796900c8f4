//===- Hip.cpp - the HIP driver, through libamdhip64.so loaded at run time -===//
//
// Like the CUDA driver: resolved with dlsym from libamdhip64.so (or
// TRIDENT_HIP_LIBRARY), no link-time dependency, what it shares with CUDA
// in GpuDriver. HIP's part: its symbols and numbers, targets named after
// the device's ISA (`hip:gfx942`, read from hipDeviceProp_t.gcnArchName of
// ROCm 6), and binding: HIP calls act on the current device, so each call
// first selects this one. ROCm 5 (Debian 12's HIP 5.2) is refused by its
// version, before any call whose ABI differs.
//
//===----------------------------------------------------------------------===//

#include "GpuDriver.h"

#include <cstring>

namespace trident::rt {
namespace {

using hipError = GpuResult;
// hipDeviceAttribute_t numbers of ROCm 6 (hip_runtime_api.h).
constexpr int kAttrMultiprocessors = 63, kAttrWarpSize = 87,
              kAttrMaxSharedPerBlock = 74, kAttrSharedOptin = 75;
// What the device properties and pointer attributes look like in ROCm 6.
constexpr int kMemoryTypeDevice = 2;        // hipMemoryType
constexpr size_t kGcnArchNameOffset = 1160; // in hipDeviceProp_tR0600
struct PointerAttributes {                  // hipPointerAttribute_t
  int type;
  int device;
  void *devicePointer;
  void *hostPointer;
  int isManaged;
  unsigned allocationFlags;
};

const GpuVendor kHip = {
    /*driver=*/"hip",
    /*label=*/"HIP",
    /*libraryVariable=*/"TRIDENT_HIP_LIBRARY",
    /*libraries=*/{"libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.7"},
    /*libraryShown=*/"libamdhip64.so",
    /*noLibraryHint=*/"no ROCm on this machine?",
    /*missingSymbolHint=*/"ROCm older than 6?",
    /*noDevices=*/"the HIP runtime reports no devices",
    kAttrMultiprocessors,
    kAttrWarpSize,
    kAttrMaxSharedPerBlock,
    kAttrSharedOptin,
};

/// The calls only the hip driver makes (HIP_FN in HipFunctions.def), and
/// the error strings (which HIP returns rather than passing back).
struct HipApi {
#define GPU_FN(operation, symbol)
#define HIP_FN(symbol, ...) GpuFn<hipError (*)(__VA_ARGS__)> symbol;
#include "HipFunctions.def"
#undef HIP_FN
#undef GPU_FN
  GpuFn<const char *(*)(hipError)> hipGetErrorName, hipGetErrorString;
};

class HipDevice : public GpuDevice {
public:
  HipDevice(GpuDriver &driver, const HipApi &hip, int ordinal)
      : GpuDevice(driver, ordinal, ordinal), hip_(hip) {}

  int compatibility(const bundle::KernelMetadata &m) const override {
    // Code objects are specific to one ISA.
    return m.target == target && m.format == "hsaco" ? 3 : 0;
  }
  std::string checkPointer(const void *address) override {
    PointerAttributes a{};
    if (hip_.hipPointerGetAttributes.fn(&a, address) == 0 &&
        a.type == kMemoryTypeDevice && a.device == ordinal_)
      return "";
    return notThisDevice();
  }
  // Scratch memory, clusters and cooperative launches come with the AMD
  // backend; until then kernels that need them are refused by name (the
  // stream-ordered allocation calls are not resolved).

protected:
  /// The ISA, from the device properties.
  trident_status_t initVendor() override {
    std::vector<char> props(8192, 0);
    if (trident_status_t s =
            call(hip_.hipGetDevicePropertiesR0600, props.data(), ordinal_))
      return s;
    std::string arch(props.data() + kGcnArchNameOffset,
                     strnlen(props.data() + kGcnArchNameOffset, 256));
    arch = arch.substr(0, arch.find(':'));
    if (arch.rfind("gfx", 0) != 0)
      return makeStatus(TRIDENT_UNAVAILABLE,
                        "cannot read the ISA name of " + name +
                            " (unexpected hipDeviceProp_t layout)");
    target = "hip:" + arch;
    info.max_threads_per_block = 1024; // every AMD GPU; grid limits unchecked
    return nullptr;
  }

  trident_status_t bind() override {
    thread_local int current = -1;
    if (current == ordinal_)
      return nullptr;
    if (trident_status_t s = call(hip_.hipSetDevice, ordinal_))
      return s;
    current = ordinal_;
    return nullptr;
  }

  std::string imageName(const bundle::KernelMetadata &) const override {
    return "the code object";
  }

private:
  const HipApi &hip_;
};

class HipDriver : public GpuDriver {
public:
  HipDriver() : GpuDriver(kHip) {}
  // Devices go before hip_, which they refer to.
  ~HipDriver() override { devices.clear(); }

protected:
  /// Symbols that differ between ROCm versions (the device properties call
  /// of 5.x and 6, say) are resolved here, after the table.
  void resolveSymbols() override {
    // ROCm 5 has other device properties and memory type numbers under
    // the same names: refuse it by its version before using anything.
    GpuFn<hipError (*)(int *)> runtimeVersion;
    if (!resolve(runtimeVersion, "hipRuntimeGetVersion"))
      return;
    int version = 0;
    if (runtimeVersion.fn(&version) != 0)
      version = 0;
    // HIP_VERSION: major * 10000000 + minor * 100000 + patch.
    if (version < 60000000) {
      unavailable = "the HIP runtime is version " +
                    std::to_string(version / 10000000) + "." +
                    std::to_string(version / 100000 % 100) + "." +
                    std::to_string(version % 100000) +
                    "; Trident's HIP driver needs ROCm 6 or later (ROCm 5 "
                    "lays out device properties and numbers memory types "
                    "differently)";
      return;
    }
#define GPU_FN(operation, symbol) resolve(api.operation, #symbol);
#define HIP_FN(symbol, ...) resolve(hip_.symbol, #symbol);
#include "HipFunctions.def"
#undef HIP_FN
#undef GPU_FN
    resolve(hip_.hipGetErrorName, "hipGetErrorName", false);
    resolve(hip_.hipGetErrorString, "hipGetErrorString", false);
  }
  void errorStrings(hipError r, const char *&errorName,
                    const char *&text) const override {
    errorName = hip_.hipGetErrorName ? hip_.hipGetErrorName.fn(r) : nullptr;
    text = hip_.hipGetErrorString ? hip_.hipGetErrorString.fn(r) : nullptr;
  }
  trident_status_t createDevice(int ordinal,
                                std::unique_ptr<GpuDevice> &out) override {
    out = std::make_unique<HipDevice>(*this, hip_, ordinal);
    return nullptr;
  }

private:
  HipApi hip_;
};

} // namespace

std::unique_ptr<Driver> createHipDriver() {
  auto d = std::make_unique<HipDriver>();
  d->open();
  return d;
}

} // namespace trident::rt
