//===- PluginAPI.h - the entry point every backend plugin exports -*- C++ -*-=//
//
// A backend plugin is a shared library that exports one C function,
//
//   extern "C" TridentPluginInfo tridentGetPluginInfo();
//
// returning the API version it was built against, its name and version,
// and a callback that registers its backends. This is the convention of
// LLVM's and MLIR's own plugins (llvmGetPassPluginInfo,
// mlirGetDialectPluginInfo). The host checks `apiVersion` before it calls
// anything else; a plugin built against another version is refused with
// both versions named. See docs/plugins.md.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_PLUGIN_PLUGINAPI_H
#define TRIDENT_PLUGIN_PLUGINAPI_H

#include <cstdint>

/// Bumped whenever Backend, Stage, StageContext or the registry change in a
/// way that breaks plugins built against an older Trident.
#define TRIDENT_PLUGIN_API_VERSION 1

/// The symbol the host looks up in a plugin.
#define TRIDENT_PLUGIN_ENTRY_POINT "tridentGetPluginInfo"

/// Marks the entry point of a plugin: exported with C linkage.
#define TRIDENT_PLUGIN_EXPORT extern "C" __attribute__((visibility("default")))

namespace trident {
class BackendRegistry;
} // namespace trident

extern "C" {
struct TridentPluginInfo {
  /// TRIDENT_PLUGIN_API_VERSION of the headers the plugin was built with.
  uint32_t apiVersion;
  /// A short name ("nvidia", "example"); static storage.
  const char *pluginName;
  /// The plugin's own version ("1.0.0"); part of every cache key.
  const char *pluginVersion;
  /// Registers the plugin's backends.
  void (*registerBackends)(trident::BackendRegistry *registry);
};
}

#endif // TRIDENT_PLUGIN_PLUGINAPI_H
