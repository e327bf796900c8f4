//===- BadPlugins.cpp - plugins that must be refused ----------------------===//
//
// Built once per variant (see CMakeLists.txt):
//   BAD_VERSION   reports an API version the host does not have
//   NO_ENTRY      exports no tridentGetPluginInfo
//   DUPLICATE     registers a backend named "testing" (clashes with the
//                 testing plugin)
//   UNRESOLVED    references a function that exists nowhere (dlopen fails)
//   EMPTY_STAGES  backend "empty" (test:9) with no stages
//   NO_RUN        backend "norun" (test:9) whose stage has no run function
//   THROW_STAGES  backend "thrower" (test:9) whose stages() throws
//   THROW_RUN     backend "thrower" (test:9) whose stage throws when run
//   THROW_REGISTER  a registration callback that throws
//   SAME_TARGET   backend "clash" claiming test:1 (the testing plugin's)
//
//===----------------------------------------------------------------------===//

#include "trident/Plugin/Backend.h"
#include "trident/Plugin/PluginAPI.h"
#include "trident/Plugin/Registry.h"

#include "mlir/Pass/Pass.h"

#include <stdexcept>

namespace {
#if defined(EMPTY_STAGES)
constexpr const char *kName = "empty";
#elif defined(NO_RUN)
constexpr const char *kName = "norun";
#elif defined(THROW_STAGES) || defined(THROW_RUN)
constexpr const char *kName = "thrower";
#elif defined(SAME_TARGET)
constexpr const char *kName = "clash";
#else
constexpr const char *kName = "testing";
#endif

class Impostor : public trident::Backend {
public:
  std::string name() const override { return kName; }
  std::vector<std::string> targets() const override {
#ifdef SAME_TARGET
    return {"test:1"};
#else
    return {"test:9"};
#endif
  }
  std::vector<trident::Stage> stages(const trident::Target &) const override {
#if defined(THROW_STAGES)
    throw std::runtime_error("stages are not ready");
#elif defined(NO_RUN)
    return {trident::Stage{"half", ".txt", false, nullptr}};
#elif defined(THROW_RUN)
    return {trident::Stage{"boom", ".txt", false,
                           [](trident::Artifact &, trident::StageContext &)
                               -> mlir::LogicalResult {
                             throw std::logic_error("stage exploded");
                           }}};
#else
    return {};
#endif
  }
  std::string hash(const trident::Target &,
                   const trident::Options &) const override {
    return "impostor";
  }
};
#ifdef PASS_CLASH
/// A pass of its own under a name core already uses.
struct ClashingPass
    : public mlir::PassWrapper<ClashingPass, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ClashingPass)
  llvm::StringRef getArgument() const override {
    return "convert-triton-to-tritongpu";
  }
  void runOnOperation() override {}
};
#endif
void registerBackends(trident::BackendRegistry *registry) {
#ifdef THROW_REGISTER
  throw std::runtime_error("registration went wrong");
#endif
#ifdef PASS_CLASH
  registry->registerPass([] { return std::make_unique<ClashingPass>(); });
#endif
  registry->add(std::make_unique<Impostor>());
}
} // namespace

#ifdef UNRESOLVED
extern "C" int tridentTestMissingFunction();
extern "C" __attribute__((visibility("default"))) int tridentTestUse() {
  return tridentTestMissingFunction();
}
#endif

#ifndef NO_ENTRY
TRIDENT_PLUGIN_EXPORT TridentPluginInfo tridentGetPluginInfo() {
#ifdef BAD_VERSION
  return {999, "bad-version", "0.0", registerBackends};
#else
  return {TRIDENT_PLUGIN_API_VERSION, "impostor", "0.0", registerBackends};
#endif
}
#else
extern "C" __attribute__((visibility("default"))) int notAPlugin() {
  return 42;
}
#endif
