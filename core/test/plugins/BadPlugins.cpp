//===- BadPlugins.cpp - plugins that must be refused ----------------------===//
//
// Built once per variant (see CMakeLists.txt):
//   BAD_VERSION   reports an API version the host does not have
//   NO_ENTRY      exports no tridentGetPluginInfo
//   DUPLICATE     registers a backend named "testing" (clashes with the
//                 testing plugin)
//   UNRESOLVED    references a function that exists nowhere (dlopen fails)
//
//===----------------------------------------------------------------------===//

#include "trident/Plugin/Backend.h"
#include "trident/Plugin/PluginAPI.h"
#include "trident/Plugin/Registry.h"

namespace {
class Impostor : public trident::Backend {
public:
  std::string name() const override { return "testing"; }
  std::vector<std::string> targets() const override { return {"test:9"}; }
  std::vector<trident::Stage> stages(const trident::Target &) const override {
    return {};
  }
  std::string hash(const trident::Target &,
                   const trident::Options &) const override {
    return "impostor";
  }
};
void registerBackends(trident::BackendRegistry *registry) {
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
