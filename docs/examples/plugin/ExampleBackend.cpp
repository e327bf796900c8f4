//===- ExampleBackend.cpp - a complete Trident backend plugin, out of tree --===//
//
// Backend "example" for the target "example": three stages that show what
// a real backend does, without a real instruction set.
//
//   example-ir   (IR)     core TTIR through this plugin's own pass,
//                         example-count-ops, which records the number of
//                         operations as a module attribute
//   example-asm  (text)   one line per operation: a stand-in for PTX/AMDGCN
//   example-bin  (binary) the "assembled" kernel: a header and the text
//
// Build it against an installed Trident alone (see CMakeLists.txt and
// docs/plugins.md), then:
//   TRIDENT_PLUGIN_PATH=$PWD/build/example_backend.so tridentc --list-backends
//
//===----------------------------------------------------------------------===//

#include "trident/Plugin/Backend.h"
#include "trident/Plugin/PluginAPI.h"
#include "trident/Plugin/Registry.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include <string>

namespace {

constexpr const char *kVersion = "1.0.0";

/// A pass owned by the plugin. Passes registered in the registration
/// callback are also available to `trident-opt --load-plugin`.
struct CountOpsPass
    : public mlir::PassWrapper<CountOpsPass,
                               mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CountOpsPass)
  llvm::StringRef getArgument() const override { return "example-count-ops"; }
  llvm::StringRef getDescription() const override {
    return "Records the number of operations as example.num_ops";
  }
  void runOnOperation() override {
    int64_t n = 0;
    getOperation()->walk([&](mlir::Operation *) { ++n; });
    mlir::Builder b(&getContext());
    getOperation()->setAttr("example.num_ops", b.getI64IntegerAttr(n));
  }
};

class ExampleBackend : public trident::Backend {
public:
  std::string name() const override { return "example"; }
  std::vector<std::string> targets() const override { return {"example"}; }

  std::vector<trident::OptionDef> options() const override {
    std::vector<trident::OptionDef> opts = Backend::options();
    opts.push_back({"comment", "none", "a word copied into the assembly",
                    [](const std::string &v) -> std::string {
                      return v.find_first_of(" \n") == std::string::npos
                                 ? ""
                                 : "expected one word";
                    }});
    return opts;
  }

  std::vector<trident::Stage> stages(const trident::Target &) const override {
    trident::Stage ir{"example-ir", ".mlir", /*binaryOutput=*/false,
                      [](trident::Artifact &a, trident::StageContext &ctx) {
                        return ctx.runPasses(*a.module, [](mlir::OpPassManager &pm) {
                          pm.addPass(mlir::createCanonicalizerPass());
                          pm.addPass(std::make_unique<CountOpsPass>());
                        });
                      }};
    trident::Stage assembly{
        "example-asm", ".s", false,
        [](trident::Artifact &a, trident::StageContext &ctx) {
          std::string text = "; example assembly, comment=" +
                             ctx.options.at("comment") + "\n";
          a.module->walk([&](mlir::Operation *op) {
            text += "  " + op->getName().getStringRef().str() + "\n";
          });
          a.bytes = text;
          a.module = nullptr; // from here on the artifact is bytes
          return mlir::success();
        }};
    trident::Stage binary{
        "example-bin", ".bin", true,
        [](trident::Artifact &a, trident::StageContext &ctx) {
          a.bytes = std::string("EXMPLBIN", 8) + a.bytes;
          // What the runtime needs to launch the kernel.
          ctx.metadata.format = "example-bin";
          ctx.metadata.threadsPerWarp = 1;
          ctx.metadata.sharedMemory = 0;
          return mlir::success();
        }};
    return {ir, assembly, binary};
  }

  std::string hash(const trident::Target &target,
                   const trident::Options &) const override {
    // Everything besides the input that changes the output: our version
    // (options and target are hashed by the driver).
    return std::string("example-") + kVersion;
  }
};

void registerBackends(trident::BackendRegistry *registry) {
  // Our pass by name (trident-opt --example-count-ops), then the backend.
  trident::registerBackend(registry, std::make_unique<ExampleBackend>(),
                           {[] { return std::make_unique<CountOpsPass>(); }});
}

} // namespace

TRIDENT_PLUGIN_EXPORT TridentPluginInfo tridentGetPluginInfo() {
  return {TRIDENT_PLUGIN_API_VERSION, "example", kVersion, registerBackends};
}
