//===- Plugin.cpp - the AMD backend plugin: targets, options, stages ------===//
//
// TTIR -> TTGIR (core's layout assignment, wave64) -> LLVM dialect (core's
// shared lowering over the AMD TargetInfo) -> LLVM IR (ocml/ockl, O3) ->
// AMDGPU assembly (LLVM AMDGPU) -> hsaco (LLVM MC, ld.lld). Each stage can
// be emitted and dumped.
//
//===----------------------------------------------------------------------===//

#include "Target/Target.h"

#include "trident/Backends/Amd/Passes.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/Transforms/Passes.h"
#include "trident/Plugin/Backend.h"
#include "trident/Plugin/PluginAPI.h"
#include "trident/Plugin/Registry.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/FileSystem.h"

#include <cstdlib>

namespace {

constexpr const char *kVersion = "0.1.0";

/// The wave64 CDNA GPUs this backend compiles for (LLVM's names).
bool isSupportedArch(const std::string &arch) {
  return arch == "gfx90a" || arch == "gfx940" || arch == "gfx941" ||
         arch == "gfx942" || arch == "gfx950";
}

/// LDS one workgroup may use (AMD Instinct ISA guides: 64 KiB on CDNA2
/// and CDNA3, 160 KiB on CDNA4).
uint64_t ldsLimit(const std::string &arch) {
  return arch == "gfx950" ? 160 * 1024 : 64 * 1024;
}

class AmdBackend : public trident::Backend {
public:
  std::string name() const override { return "amd"; }
  std::vector<std::string> targets() const override {
    return {"hip:gfx942", "hip:gfx90a", "hip:gfx950"};
  }
  bool supportsTarget(const trident::Target &t) const override {
    return t.kind == "hip" && isSupportedArch(t.arch) &&
           trident::amd::isKnownArch(t.arch);
  }
  std::vector<trident::OptionDef> options() const override {
    std::vector<trident::OptionDef> o = Backend::options();
    for (trident::OptionDef &d : o) {
      if (d.name == "num_warps")
        d.check = [](const std::string &v) {
          std::string why = trident::checkPowerOfTwo(v);
          if (!why.empty())
            return why;
          return std::atoi(v.c_str()) > 16
                     ? std::string("at most 16 warps (1024 threads) per "
                                   "workgroup")
                     : std::string();
        };
      if (d.name == "num_stages")
        d.defaultValue = "2"; // Triton's default on AMD
    }
    o.push_back({"buffer_ops", "1",
                 "buffer loads and stores where the pointers are a scalar "
                 "base plus offsets of known range (Triton's default on AMD)",
                 [](const std::string &v) {
                   return v == "0" || v == "1" ? std::string()
                                               : std::string("0 or 1");
                 }});
    o.push_back({"waves_per_eu", "0",
                 "occupancy hint: waves per execution unit (0: the "
                 "compiler's choice)",
                 [](const std::string &v) {
                   if (v == "0")
                     return std::string();
                   std::string why = trident::checkPositiveInt(v);
                   return why.empty() && std::atoi(v.c_str()) > 8
                              ? std::string("at most 8 waves per EU")
                              : why;
                 }});
    return o;
  }
  void registerDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::LLVM::LLVMDialect, mlir::ROCDL::ROCDLDialect,
                    mlir::triton::gpu::TritonGPUDialect>();
  }
  std::vector<trident::Stage> stages(const trident::Target &t) const override {
    using trident::Artifact;
    using trident::StageContext;
    std::string arch = t.arch;
    trident::Stage ttgir{
        "ttgir", ".mlir", false, [t](Artifact &a, StageContext &c) {
          int warps = std::atoi(c.options.at("num_warps").c_str());
          c.metadata.threadsPerWarp = 64;
          c.metadata.numCtas = 1;
          return c.runPasses(*a.module, [&](mlir::OpPassManager &pm) {
            mlir::triton::gpu::ConvertTritonToTritonGPUOptions o;
            o.numWarps = warps;
            o.threadsPerWarp = 64;
            o.numCtas = 1;
            o.target = t.str;
            mlir::triton::gpu::buildTritonToTritonGPUPipeline(pm, o);
          });
        }};
    trident::Stage llir{
        "llir", ".mlir", false, [arch](Artifact &a, StageContext &c) {
          int wavesPerEu = std::atoi(c.options.at("waves_per_eu").c_str());
          bool bufferOps = c.options.at("buffer_ops") == "1";
          if (mlir::failed(c.runPasses(*a.module, [&](mlir::OpPassManager &pm) {
                trident::amd::ConvertTritonGPUToROCDLOptions o;
                o.arch = arch;
                o.wavesPerEu = wavesPerEu;
                o.bufferOps = bufferOps;
                mlir::triton::gpu::buildTritonGPUToLLVMPipeline(
                    pm, trident::amd::createConvertTritonGPUToROCDL(o));
              })))
            return mlir::failure();
          return trident::recordSharedMemory(*a.module, c, ldsLimit(arch),
                                             "LDS", "a workgroup on " + arch);
        }};
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
                  out, c.metadata.kernel, r, error)))
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
    return {ttgir, llir, llvmIR, amdgcn, hsaco};
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
    return std::string("amd-") + kVersion + "-llvm" LLVM_VERSION_STRING "-" +
           t.str + "-devicelibs:" + id;
  }
};

void registerBackends(trident::BackendRegistry *registry) {
  static bool once = [] {
    mlir::registerAllPasses();
    return true;
  }();
  (void)once;
  registry->registerPass(
      [] { return trident::amd::createConvertTritonGPUToROCDL(); });
  registry->add(std::make_unique<AmdBackend>());
}

} // namespace

TRIDENT_PLUGIN_EXPORT TridentPluginInfo tridentGetPluginInfo() {
  return {TRIDENT_PLUGIN_API_VERSION, "amd", kVersion, registerBackends};
}
