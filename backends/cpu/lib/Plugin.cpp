//===- Plugin.cpp - the cpu backend plugin --------------------------------===//
//
// Backend "cpu", target "cpu": the host CPU. Its binaries are shared
// objects with the cpu kernel ABI of trident/runtime.h, run by the
// runtime's cpu driver over the grid on a thread pool.
//
//===----------------------------------------------------------------------===//

#include "Target/Pipeline.h"

#include "trident/Backends/Cpu/Passes.h"
#include "trident/Plugin/Backend.h"
#include "trident/Plugin/GpuBackend.h" // checkBool
#include "trident/Plugin/PluginAPI.h"
#include "trident/Plugin/Registry.h"
#include "trident/Version.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

namespace {

class CpuBackend : public trident::Backend {
public:
  std::string name() const override { return "cpu"; }
  std::vector<std::string> targets() const override { return {"cpu"}; }
  void registerDialects(mlir::DialectRegistry &registry) const override {
    trident::cpu::registerCpuDialects(registry);
  }
  std::vector<trident::OptionDef> options() const override {
    std::vector<trident::OptionDef> o = Backend::options();
    o.push_back({"checked", "0",
                 "check every load, store and atomic against the memory the "
                 "launch can reach; an access outside it fails the launch "
                 "naming file:line (slow: for debugging)",
                 trident::checkBool});
    return o;
  }
  std::vector<trident::Stage> stages(const trident::Target &) const override {
    using trident::Artifact;
    using trident::StageContext;
    using namespace trident::cpu;
    trident::Stage linalg{
        "linalg", ".mlir", false, [](Artifact &a, StageContext &c) {
          recordKernels(*a.module);
          auto it = c.options.find("checked");
          bool checked = it != c.options.end() && it->second == "1";
          return c.runPasses(*a.module, [checked](mlir::OpPassManager &pm) {
            buildLinalgPipeline(pm, checked);
          });
        }};
    trident::Stage llvmIR{"llvm-ir", ".mlir", false,
                          [](Artifact &a, StageContext &c) {
                            return c.runPasses(*a.module, buildLLVMPipeline);
                          }};
    auto llir = trident::bytesStage(
        "llir", ".ll", false,
        [](Artifact &a, StageContext &, std::string &out, std::string &error) {
          return translateToLLVMIR(*a.module, out, error);
        });
    auto obj = trident::bytesStage(
        "obj", ".o", true,
        [](Artifact &a, StageContext &c, std::string &out, std::string &error) {
          return compileObject(a.bytes, out, c.metadata, error);
        });
    auto so = trident::bytesStage(
        "host-so", ".so", true,
        [](Artifact &a, StageContext &c, std::string &out, std::string &error) {
          if (mlir::failed(linkSharedObject(a.bytes, out, error)))
            return mlir::failure();
          describeSharedObject(c.metadata);
          return mlir::success();
        });
    return {linalg, llvmIR, llir, obj, so};
  }
  std::string hash(const trident::Target &,
                   const trident::Options &) const override {
    // The code is compiled for this host's CPU, with this LLVM and lld.
    return std::string("cpu-") + TRIDENT_VERSION_STRING +
           "-llvm" LLVM_VERSION_STRING "-" + trident::cpu::hostDescription();
  }
};

void registerBackends(trident::BackendRegistry *registry) {
  using namespace trident::cpu;
  trident::registerBackend(
      registry, std::make_unique<CpuBackend>(),
      {[] { return createCpuInlineAll(); },
       [] { return createCpuAddProgramArgs(); },
       [] { return createCpuEraseGpuHints(); },
       [] { return createCpuGuardIntegerDivision(); },
       [] { return createCpuConvertTritonToLinalg(); },
       [] { return createCpuAddKernelWrapper(); },
       [] { return createCpuMemRefCopyToLinalg(); },
       [] { return createCpuExpandAtomics(); },
       [] { return createCpuFuseElementwise(); },
       [] { return createCpuFreshElementwiseInits(); },
       [] { return createCpuUnrollSmallLoops(); },
       [] { return createCpuOutlineDots(); },
       [] { return createCpuSplitLargeFunctions(); },
       [] { return createCpuBarePointerCalls(); },
       [] { return createCpuReturnThroughMemory(); }});
}

} // namespace

TRIDENT_PLUGIN_EXPORT TridentPluginInfo tridentGetPluginInfo() {
  return {TRIDENT_PLUGIN_API_VERSION, "cpu", TRIDENT_VERSION_STRING,
          registerBackends};
}
