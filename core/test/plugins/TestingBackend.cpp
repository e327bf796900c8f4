//===- TestingBackend.cpp - a backend plugin for Trident's own tests ------===//
//
// Backend "testing", targets test:1 and test:2, two stages:
//   lowered  (IR)     canonicalize, plus test-fail-on-store when the option
//                     fail_pass=1 is set (to test pass-failure reports)
//   blob     (binary) "TESTBLOB <flavor>\n" followed by the IR
// Its pass test-fail-on-store is registered on load, so that trident-opt
// --load-plugin can replay reproducers of it.
//
//===----------------------------------------------------------------------===//

#include "trident/Plugin/Backend.h"
#include "trident/Plugin/PluginAPI.h"
#include "trident/Plugin/Registry.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

namespace {

struct FailOnStorePass
    : public mlir::PassWrapper<FailOnStorePass,
                               mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FailOnStorePass)
  llvm::StringRef getArgument() const override { return "test-fail-on-store"; }
  llvm::StringRef getDescription() const override {
    return "Fails at the first tt.store (tests pass-failure reports)";
  }
  void runOnOperation() override {
    getOperation()->walk([&](mlir::Operation *op) {
      if (op->getName().getStringRef() == "tt.store") {
        op->emitError("test-fail-on-store: refusing this store");
        signalPassFailure();
        return mlir::WalkResult::interrupt();
      }
      return mlir::WalkResult::advance();
    });
  }
};

class TestingBackend : public trident::Backend {
public:
  std::string name() const override { return "testing"; }
  std::vector<std::string> targets() const override {
    return {"test:1", "test:2"};
  }
  std::vector<trident::OptionDef> options() const override {
    std::vector<trident::OptionDef> o = Backend::options();
    o.push_back({"flavor", "plain", "plain or fancy",
                 [](const std::string &v) -> std::string {
                   return v == "plain" || v == "fancy"
                              ? ""
                              : "expected 'plain' or 'fancy', got '" + v + "'";
                 }});
    o.push_back({"fail_pass", "0", "1 makes the lowered stage fail",
                 [](const std::string &v) -> std::string {
                   return v == "0" || v == "1" ? "" : "expected 0 or 1";
                 }});
    return o;
  }
  std::vector<trident::Stage> stages(const trident::Target &) const override {
    trident::Stage lowered{"lowered", ".mlir", false,
                           [](trident::Artifact &a, trident::StageContext &c) {
                             bool fail = c.options.at("fail_pass") == "1";
                             return c.runPasses(
                                 *a.module, [fail](mlir::OpPassManager &pm) {
                                   pm.addPass(mlir::createCanonicalizerPass());
                                   if (fail)
                                     pm.addPass(
                                         std::make_unique<FailOnStorePass>());
                                 });
                           }};
    trident::Stage blob{"blob", ".bin", true,
                        [](trident::Artifact &a, trident::StageContext &c) {
                          std::string text;
                          llvm::raw_string_ostream os(text);
                          a.module->print(os);
                          a.bytes = "TESTBLOB " + c.options.at("flavor") +
                                    "\n" + text;
                          a.module = nullptr;
                          c.metadata.format = "testblob";
                          c.metadata.threadsPerWarp = 1;
                          c.metadata.extra["flavor"] = c.options.at("flavor");
                          return mlir::success();
                        }};
    return {lowered, blob};
  }
  std::string hash(const trident::Target &t,
                   const trident::Options &o) const override {
    return "testing-1.0-" + t.str;
  }
};

void registerBackends(trident::BackendRegistry *registry) {
  static bool passRegistered = false;
  if (!passRegistered) {
    mlir::PassRegistration<FailOnStorePass>();
    passRegistered = true;
  }
  registry->add(std::make_unique<TestingBackend>());
}

} // namespace

TRIDENT_PLUGIN_EXPORT TridentPluginInfo tridentGetPluginInfo() {
  return {TRIDENT_PLUGIN_API_VERSION, "testing", "1.0", registerBackends};
}
