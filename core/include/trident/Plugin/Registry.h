//===- Registry.h - loaded plugins and the backends they registered -*- C++ -*-===//
//
// The host side of the plugin boundary: loads plugin files (dlopen, then the
// API-version check, then the registration callback), keeps every backend
// with the plugin it came from, and finds the backend for a target. Every
// failure is a message naming the file and the cause; nothing is called in
// a plugin whose API version differs from the host's.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_PLUGIN_REGISTRY_H
#define TRIDENT_PLUGIN_REGISTRY_H

#include "trident/Plugin/Backend.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class Pass;
}

namespace trident {

class BackendRegistry {
public:
  struct Entry {
    std::unique_ptr<Backend> backend;
    std::string pluginName;
    std::string pluginVersion;
    std::string path; ///< the plugin file, or "<builtin>"
    /// A hash of the plugin file's bytes: a rebuilt plugin never reuses
    /// cache entries of the old one, whatever its version says.
    std::string fileHash;
  };

  BackendRegistry();
  ~BackendRegistry();

  /// Called by a plugin's registration callback. A second backend of the
  /// same name is refused; the error is reported by loadPlugin.
  void add(std::unique_ptr<Backend> backend);

  /// Called by a plugin's registration callback to make one of its passes
  /// known by name (trident-opt, textual pipelines, reproducers). MLIR
  /// aborts the process when two different passes take one name; here a
  /// name already taken -- by core, MLIR or another plugin -- makes the
  /// plugin's registration fail with an error naming the pass and its
  /// owner. The same pass registered again is a no-op.
  void registerPass(const std::function<std::unique_ptr<mlir::Pass>()> &make);

  /// Loads the plugin at `path`. Returns false with `error` set when the
  /// file cannot be loaded, lacks the entry point, was built for another
  /// API version, or registers a backend whose name is taken.
  bool loadPlugin(const std::string &path, std::string &error);

  /// Loads every plugin in the install's plugin directory (unless
  /// TRIDENT_DISABLE_INSTALLED_PLUGINS is set to something other than 0)
  /// and on TRIDENT_PLUGIN_PATH (entries separated by ':'; each a plugin file
  /// or a directory of them). Problems are appended to `errors`; loading
  /// goes on. Files in a directory that are not regular files (a FIFO
  /// named x.so would block dlopen) are skipped with a message in
  /// `warnings` (in `errors` when it is null).
  void loadDefaultPlugins(std::vector<std::string> &errors,
                          std::vector<std::string> *warnings = nullptr);

  /// The directory plugins are installed in: lib/trident/plugins next to
  /// libtrident-core.
  static std::string installedPluginDir();

  const std::vector<Entry> &entries() const { return entries_; }
  const Entry *findByName(const std::string &name) const;
  /// The backend for `target`; null with `error` listing what is loaded
  /// when none supports it.
  const Entry *findForTarget(const Target &target, std::string &error) const;

private:
  std::vector<Entry> entries_;
  // Set while a plugin's callback runs.
  const char *loadingName_ = nullptr;
  const char *loadingVersion_ = nullptr;
  std::string loadingPath_;
  std::string registrationError_;
  std::vector<void *> handles_;
};

/// The whole of a plugin's registerBackends callback, for most plugins:
/// registers MLIR's own passes once (for trident-opt --load-plugin and the
/// reproducers of failing passes), then `passes` through `registry`
/// (registerPass: a name clash is an error, not an abort), then `backend`.
void registerBackend(
    BackendRegistry *registry, std::unique_ptr<Backend> backend,
    const std::vector<std::function<std::unique_ptr<mlir::Pass>()>> &passes);

} // namespace trident

#endif // TRIDENT_PLUGIN_REGISTRY_H
