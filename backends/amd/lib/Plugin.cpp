//===- Plugin.cpp - the AMD backend plugin: targets, options, stages ------===//
//
// TTIR -> TTGIR (wave64) and TTGIR -> LLVM dialect are core's GPU-backend
// kit's stages (GpuBackend.h) around this plugin's ROCDL lowering; then
// LLVM IR (ocml/ockl, O3) -> AMDGPU assembly (LLVM AMDGPU) -> hsaco (LLVM
// MC, ld.lld). Each stage can be emitted and dumped.
//
//===----------------------------------------------------------------------===//

#include "Target/Target.h"

#include "trident/Backends/Amd/DotPlan.h"
#include "trident/Backends/Amd/Encodings.h"
#include "trident/Backends/Amd/Passes.h"
#include "trident/Plugin/GpuBackend.h"
#include "trident/Plugin/PluginAPI.h"
#include "trident/Plugin/Registry.h"
#include "trident/Version.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/DialectRegistry.h"

#include "llvm/Support/FileSystem.h"

namespace {

/// The wave64 CDNA GPUs this backend compiles for (LLVM's names).
bool isSupportedArch(const std::string &arch) {
  return arch == "gfx90a" || arch == "gfx940" || arch == "gfx941" ||
         arch == "gfx942" || arch == "gfx950";
}

class AmdBackend : public trident::GpuBackend {
public:
  AmdBackend()
      : GpuBackend({/*name=*/"amd", /*threadsPerWarp=*/64,
                    /*program=*/"workgroup", /*maxThreads=*/1024,
                    /*numCtasOption=*/false,
                    /*defaultNumStages=*/"2", // Triton's default on AMD
                    /*version=*/TRIDENT_VERSION_STRING}) {}

  std::vector<std::string> targets() const override {
    return {"hip:gfx942", "hip:gfx90a", "hip:gfx950"};
  }
  bool supportsTarget(const trident::Target &t) const override {
    return t.kind == "hip" && isSupportedArch(t.arch) &&
           trident::amd::isKnownArch(t.arch);
  }
  std::string hash(const trident::Target &t,
                   const trident::Options &) const override {
    // The device libraries by place and size (a new ROCm changes both).
    std::string why;
    std::string libs = trident::amd::findDeviceLibraries(why);
    std::string id = libs.empty() ? "none" : libs;
    for (const char *lib : {"/ocml.bc", "/ockl.bc"}) {
      uint64_t size = 0;
      if (!libs.empty() && !llvm::sys::fs::file_size(libs + lib, size))
        id += ":" + std::to_string(size);
    }
    return hashPrefix(t) + "-devicelibs:" + id;
  }

protected:
  std::vector<trident::OptionDef> vendorOptions() const override {
    return {{"buffer_ops", "1",
             "buffer loads and stores where the pointers are a scalar "
             "base plus offsets of known range (Triton's default on AMD)",
             trident::checkBool},
            {"waves_per_eu", "0",
             "occupancy hint: waves per execution unit (0: the "
             "compiler's choice)",
             trident::checkIntAtMost(8, "waves per EU",
                                     /*zeroMeansDefault=*/true)}};
  }
  void registerVendorDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::ROCDL::ROCDLDialect>();
    // #ttg.amd_mfma is AMD's: core parses it once this ran.
    trident::amd::registerAmdEncodings();
  }
  mlir::triton::gpu::DotPlanner
  dotPlanner(const trident::Target &t) const override {
    return trident::amd::dotPlanner(t.arch);
  }
  /// LDS one workgroup may use (AMD Instinct ISA guides: 64 KiB on CDNA2
  /// and CDNA3, 160 KiB on CDNA4).
  trident::SharedMemoryLimit
  sharedMemoryLimit(const trident::Target &t) const override {
    return {t.arch == "gfx950" ? 160 * 1024u : 64 * 1024u, "LDS",
            "a workgroup on " + t.arch};
  }
  std::unique_ptr<mlir::Pass>
  createLowering(const trident::Target &t, const trident::GpuOptions &,
                 const trident::Options &options,
                 std::string &error) const override {
    mlir::FailureOr<bool> bufferOps =
        trident::boolOption(options, "buffer_ops", error);
    mlir::FailureOr<int> wavesPerEu =
        trident::intOption(options, "waves_per_eu", error);
    if (mlir::failed(bufferOps) || mlir::failed(wavesPerEu))
      return nullptr;
    trident::amd::ConvertTritonGPUToROCDLOptions o;
    o.arch = t.arch;
    o.wavesPerEu = *wavesPerEu;
    o.bufferOps = *bufferOps;
    return trident::amd::createConvertTritonGPUToROCDL(o);
  }
  std::vector<trident::Stage>
  binaryStages(const trident::Target &t) const override {
    using trident::Artifact;
    using trident::StageContext;
    std::string arch = t.arch;
    auto llvmIR = trident::bytesStage(
        "llvm-ir", ".ll", false,
        [arch](Artifact &a, StageContext &, std::string &out,
               std::string &error) {
          return trident::amd::translateToLLVMIR(*a.module, arch, out, error);
        });
    auto amdgcn = trident::bytesStage(
        "amdgcn", ".s", false,
        [arch](Artifact &a, StageContext &c, std::string &out,
               std::string &error) {
          c.metadata.format = "amdgcn";
          return trident::amd::compileToAssembly(a.bytes, arch, out, error);
        });
    auto hsaco = trident::bytesStage(
        "hsaco", ".hsaco", true,
        [arch](Artifact &a, StageContext &c, std::string &out,
               std::string &error) {
          if (mlir::failed(
                  trident::amd::assembleAndLink(a.bytes, arch, out, error)))
            return mlir::failure();
          trident::amd::KernelResources r;
          if (mlir::failed(trident::amd::readKernelResources(
                  out,
                  c.metadata.symbol.empty() ? c.metadata.kernel
                                            : c.metadata.symbol,
                  r, error)))
            return mlir::failure();
          c.metadata.format = "hsaco";
          c.metadata.registers = uint32_t(r.vgprs);
          // Spilled registers are 4 bytes each, stored and loaded.
          c.metadata.spills = uint32_t(4 * (r.vgprSpills + r.sgprSpills));
          c.metadata.localMemory = r.privateBytes;
          c.metadata.maxThreads = uint32_t(r.maxWorkgroupSize);
          c.metadata.extra["vgpr_count"] = std::to_string(r.vgprs);
          c.metadata.extra["sgpr_count"] = std::to_string(r.sgprs);
          c.metadata.extra["agpr_count"] = std::to_string(r.agprs);
          c.metadata.extra["vgpr_spill_count"] = std::to_string(r.vgprSpills);
          c.metadata.extra["sgpr_spill_count"] = std::to_string(r.sgprSpills);
          c.metadata.extra["lds_static_bytes"] = std::to_string(r.ldsBytes);
          c.metadata.extra["kernarg_bytes"] = std::to_string(r.kernargBytes);
          c.metadata.extra["wavefront_size"] = std::to_string(r.wavefrontSize);
          if (r.wavefrontSize != 64) {
            error = "the code object was built for wavefront size " +
                    std::to_string(r.wavefrontSize) + ", not 64";
            return mlir::failure();
          }
          return mlir::success();
        });
    return {llvmIR, amdgcn, hsaco};
  }
};

void registerBackends(trident::BackendRegistry *registry) {
  trident::registerBackend(
      registry, std::make_unique<AmdBackend>(),
      {[] { return trident::amd::createConvertTritonGPUToROCDL(); }});
}

} // namespace

TRIDENT_PLUGIN_EXPORT TridentPluginInfo tridentGetPluginInfo() {
  return {TRIDENT_PLUGIN_API_VERSION, "amd", TRIDENT_VERSION_STRING,
          registerBackends};
}
