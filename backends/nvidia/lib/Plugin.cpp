//===- Plugin.cpp - the NVIDIA backend plugin: targets, options, stages ---===//
//
// TTIR -> TTGIR (core's layout assignment) -> LLVM dialect (core's shared
// lowering over the NVIDIA TargetInfo) -> LLVM IR (libdevice, O3) -> PTX
// (LLVM NVPTX) -> cubin (ptxas). Each stage can be emitted and dumped.
//
//===----------------------------------------------------------------------===//

#include "Target/Target.h"

#include "trident/Backends/Nvidia/Encodings.h"
#include "trident/Backends/Nvidia/Passes.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/Transforms/Passes.h"
#include "trident/Plugin/Backend.h"
#include "trident/Plugin/PluginAPI.h"
#include "trident/Plugin/Registry.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"

#include <cstdlib>

namespace {

constexpr const char *kVersion = "0.1.0";

int computeCapability(const trident::Target &t) {
  return std::atoi(t.arch.c_str());
}

/// The most shared memory one CTA may use on sm_`cc` (the opt-in limit,
/// CUDA programming guide's table of compute capabilities).
uint64_t sharedMemoryLimit(int cc) {
  switch (cc) {
  case 70: case 72: return 96 * 1024;
  case 75: return 64 * 1024;
  case 80: case 87: return 163 * 1024;
  case 86: case 89: case 120: case 121: return 99 * 1024;
  default: return cc >= 90 ? 227 * 1024 : 48 * 1024;
  }
}

class NvidiaBackend : public trident::Backend {
public:
  std::string name() const override { return "nvidia"; }
  std::vector<std::string> targets() const override {
    return {"cuda:80", "cuda:90", "cuda:100"};
  }
  bool supportsTarget(const trident::Target &t) const override {
    if (t.kind != "cuda" || t.arch.empty())
      return false;
    for (char c : t.arch)
      if (c < '0' || c > '9')
        return false;
    int cc = computeCapability(t);
    return cc >= 70 && cc <= 121;
  }
  std::vector<trident::OptionDef> options() const override {
    std::vector<trident::OptionDef> o = Backend::options();
    o.push_back({"num_ctas", "1", "CTAs per program (1 until clusters come)",
                 trident::checkPositiveInt});
    o.push_back({"based_accesses", "0",
                 "for testing: loads and stores at a scalar base plus bounded "
                 "offsets through core's based-access path (the address "
                 "arithmetic of AMD's buffer instructions)",
                 [](const std::string &v) {
                   return v == "0" || v == "1" ? std::string()
                                               : std::string("0 or 1");
                 }});
    for (trident::OptionDef &d : o)
      if (d.name == "num_warps")
        d.check = [](const std::string &v) {
          std::string why = trident::checkPowerOfTwo(v);
          if (!why.empty())
            return why;
          return std::atoi(v.c_str()) > 32
                     ? std::string("at most 32 warps (1024 threads) per CTA")
                     : std::string();
        };
    return o;
  }
  void registerDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect,
                    mlir::triton::gpu::TritonGPUDialect>();
    // #ttg.nvidia_mma is NVIDIA's: core parses it once this ran.
    trident::nvidia::registerNvidiaEncodings();
  }
  std::vector<trident::Stage> stages(const trident::Target &t) const override {
    using trident::Artifact;
    using trident::StageContext;
    int cc = computeCapability(t);
    trident::Stage ttgir{
        "ttgir", ".mlir", false, [t](Artifact &a, StageContext &c) {
          int warps = std::atoi(c.options.at("num_warps").c_str());
          int ctas = std::atoi(c.options.at("num_ctas").c_str());
          c.metadata.threadsPerWarp = 32;
          c.metadata.numCtas = ctas;
          return c.runPasses(*a.module, [&](mlir::OpPassManager &pm) {
            mlir::triton::gpu::ConvertTritonToTritonGPUOptions o;
            o.numWarps = warps;
            o.threadsPerWarp = 32;
            o.numCtas = ctas;
            o.target = t.str;
            mlir::triton::gpu::buildTritonToTritonGPUPipeline(pm, o);
          });
        }};
    trident::Stage llir{
        "llir", ".mlir", false, [cc](Artifact &a, StageContext &c) {
          bool based = c.options.at("based_accesses") == "1";
          if (mlir::failed(c.runPasses(*a.module, [&](mlir::OpPassManager &pm) {
                trident::nvidia::ConvertTritonGPUToNVVMOptions o;
                o.computeCapability = cc;
                o.basedAccesses = based;
                mlir::triton::gpu::buildTritonGPUToLLVMPipeline(
                    pm, trident::nvidia::createConvertTritonGPUToNVVM(o));
              })))
            return mlir::failure();
          return trident::recordSharedMemory(
              *a.module, c, sharedMemoryLimit(cc), "shared memory",
              "a CTA on sm_" + std::to_string(cc));
        }};
    auto llvmIR = trident::bytesStage(
        "llvm-ir", ".ll", false,
        [cc](Artifact &a, StageContext &, std::string &out, std::string &error) {
          return trident::nvidia::translateToLLVMIR(*a.module, cc, out, error);
        });
    auto ptx = trident::bytesStage(
        "ptx", ".ptx", false,
        [cc](Artifact &a, StageContext &c, std::string &out, std::string &error) {
          c.metadata.format = "ptx";
          return trident::nvidia::compileToPTX(a.bytes, cc, out, error);
        });
    auto cubin = trident::bytesStage(
        "cubin", ".cubin", true,
        [cc](Artifact &a, StageContext &c, std::string &out, std::string &error) {
          trident::nvidia::PtxasReport report;
          if (mlir::failed(
                  trident::nvidia::assemble(a.bytes, cc, out, report, error)))
            return mlir::failure();
          c.metadata.format = "cubin";
          c.metadata.registers = report.registers;
          c.metadata.spills = report.spillBytes;
          c.metadata.localMemory = report.stackBytes;
          c.metadata.maxThreads =
              uint32_t(c.metadata.numWarps * c.metadata.threadsPerWarp);
          return mlir::success();
        });
    return {ttgir, llir, llvmIR, ptx, cubin};
  }
  std::string hash(const trident::Target &t,
                   const trident::Options &) const override {
    return std::string("nvidia-") + kVersion + "-llvm" LLVM_VERSION_STRING "-" +
           t.str + "-ptxas:" + trident::nvidia::ptxasVersion();
  }
};

void registerBackends(trident::BackendRegistry *registry) {
  static bool once = [] {
    mlir::registerAllPasses();
    return true;
  }();
  (void)once;
  // Through the registry: a name clash is an error, not an abort.
  registry->registerPass(
      [] { return trident::nvidia::createConvertTritonGPUToNVVM(); });
  registry->add(std::make_unique<NvidiaBackend>());
}

} // namespace

TRIDENT_PLUGIN_EXPORT TridentPluginInfo tridentGetPluginInfo() {
  return {TRIDENT_PLUGIN_API_VERSION, "nvidia", kVersion, registerBackends};
}
