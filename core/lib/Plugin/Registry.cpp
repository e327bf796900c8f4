//===- Registry.cpp - loading backend plugins -----------------------------===//

#include "trident/Plugin/Registry.h"

#include "trident/Compiler/Registration.h"
#include "trident/Plugin/PluginAPI.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

#include <map>
#include <mutex>

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cstdlib>
#include <dlfcn.h>

namespace trident {

Backend::~Backend() = default;

void registerBackend(
    BackendRegistry *registry, std::unique_ptr<Backend> backend,
    const std::vector<std::function<std::unique_ptr<mlir::Pass>()>> &passes) {
  static bool once = [] {
    mlir::registerAllPasses();
    return true;
  }();
  (void)once;
  for (const auto &make : passes)
    registry->registerPass(make);
  registry->add(std::move(backend));
}

bool Backend::supportsTarget(const Target &target) const {
  for (const std::string &t : targets())
    if (t == target.str)
      return true;
  return false;
}

std::vector<OptionDef> Backend::options() const {
  return {{"num_warps", "4", "warps per program (a power of two)",
           checkPowerOfTwo},
          {"num_stages", "3", "software pipelining stages", checkPositiveInt}};
}

void Backend::registerDialects(mlir::DialectRegistry &) const {}

mlir::LogicalResult recordSharedMemory(mlir::ModuleOp module,
                                       StageContext &ctx, uint64_t limit,
                                       const std::string &memory,
                                       const std::string &unit) {
  if (auto s = module->getAttrOfType<mlir::IntegerAttr>("ttg.shared"))
    ctx.metadata.sharedMemory = uint64_t(s.getInt());
  if (ctx.metadata.sharedMemory <= limit)
    return mlir::success();
  // Name the kernel (the module's public function) and where it is.
  std::string where, kernel = "the kernel";
  module.walk([&](mlir::FunctionOpInterface f) {
    auto sym = mlir::dyn_cast<mlir::SymbolOpInterface>(f.getOperation());
    if (f.isExternal() || !sym || !sym.isPublic())
      return mlir::WalkResult::advance();
    kernel = "kernel '" + sym.getName().str() + "'";
    if (auto loc = mlir::dyn_cast<mlir::FileLineColLoc>(f.getLoc()))
      where = loc.getFilename().str() + ":" + std::to_string(loc.getLine()) +
              ":" + std::to_string(loc.getColumn()) + ": ";
    return mlir::WalkResult::interrupt();
  });
  ctx.error(where + "out of " + memory + ": " + kernel + " needs " +
            std::to_string(ctx.metadata.sharedMemory) + " bytes, and " + unit +
            " has at most " + std::to_string(limit) +
            " (smaller blocks or fewer stages need less)");
  return mlir::failure();
}

Stage bytesStage(std::string name, std::string extension, bool binaryOutput,
                 MakeBytes make) {
  auto run = [make = std::move(make)](Artifact &a, StageContext &c) {
    std::string out, error;
    if (mlir::failed(make(a, c, out, error))) {
      c.error(error.empty() ? "the stage failed without saying why" : error);
      return mlir::failure();
    }
    a.module = nullptr;
    a.bytes = std::move(out);
    return mlir::success();
  };
  return {std::move(name), std::move(extension), binaryOutput, std::move(run)};
}

std::string checkPositiveInt(const std::string &v) {
  if (v.empty() || v.size() > 6 ||
      v.find_first_not_of("0123456789") != std::string::npos || std::stol(v) <= 0)
    return "expected a positive integer, got '" + v + "'";
  return "";
}

std::string checkPowerOfTwo(const std::string &v) {
  std::string e = checkPositiveInt(v);
  if (!e.empty())
    return e;
  long n = std::stol(v);
  if (n & (n - 1))
    return "expected a power of two, got '" + v + "'";
  return "";
}

bool Target::parse(const std::string &text, Target &out) {
  auto ident = [](const std::string &s) {
    if (s.empty())
      return false;
    for (char c : s)
      if (!std::isalnum((unsigned char)c) && c != '_' && c != '-' && c != '.')
        return false;
    return true;
  };
  size_t colon = text.find(':');
  out.str = text;
  out.kind = text.substr(0, colon);
  out.arch = colon == std::string::npos ? "" : text.substr(colon + 1);
  return ident(out.kind) && (colon == std::string::npos || ident(out.arch));
}

BackendRegistry::BackendRegistry() = default;
// Plugins stay loaded for the life of the process: their code registered
// types and dialects that may outlive the registry.
BackendRegistry::~BackendRegistry() = default;

void BackendRegistry::add(std::unique_ptr<Backend> backend) {
  if (!backend) {
    registrationError_ = "registered a null backend";
    return;
  }
  std::string name;
  std::vector<std::string> targets;
  try {
    name = backend->name();
    targets = backend->targets();
  } catch (const std::exception &e) {
    registrationError_ = std::string("its backend threw: ") + e.what();
    return;
  } catch (...) {
    registrationError_ = "its backend threw";
    return;
  }
  if (const Entry *other = findByName(name)) {
    registrationError_ = "backend '" + name + "' is already provided by " +
                         other->path + " (plugin '" + other->pluginName + "')";
    return;
  }
  // One target, one backend: which would compile it would depend on the
  // order plugins load in.
  for (const Entry &other : entries_)
    for (const std::string &t : targets) {
      std::vector<std::string> theirs;
      try {
        theirs = other.backend->targets();
      } catch (...) {
      }
      if (std::find(theirs.begin(), theirs.end(), t) != theirs.end()) {
        registrationError_ = "backend '" + name + "' claims target '" + t +
                             "', which backend '" + other.backend->name() +
                             "' of " + other.path + " already compiles";
        return;
      }
    }
  Entry e;
  e.backend = std::move(backend);
  e.pluginName = loadingName_ ? loadingName_ : "<builtin>";
  e.pluginVersion = loadingVersion_ ? loadingVersion_ : "";
  e.path = loadingPath_.empty() ? "<builtin>" : loadingPath_;
  entries_.push_back(std::move(e));
}

/// Why `path` (followed through links) cannot be a plugin file: empty for
/// a regular file and for one that does not exist (dlopen says so then).
static std::string notAPluginFile(const std::string &path) {
  namespace fs = llvm::sys::fs;
  fs::file_status st;
  if (fs::status(path, st) || st.type() == fs::file_type::regular_file)
    return "";
  fs::file_type t = st.type();
  const char *what = t == fs::file_type::directory_file   ? "a directory"
                     : t == fs::file_type::fifo_file      ? "a FIFO"
                     : t == fs::file_type::character_file ? "a character device"
                     : t == fs::file_type::block_file     ? "a block device"
                     : t == fs::file_type::socket_file    ? "a socket"
                                                          : "a special file";
  return std::string("it is ") + what + ", not a regular file";
}

namespace {
/// Passes registered through BackendRegistry::registerPass, process-wide
/// as MLIR's pass registry is: name -> (the pass's type, who registered it).
struct PluginPasses {
  std::mutex mutex;
  std::map<std::string, std::pair<mlir::TypeID, std::string>> byName;
};
PluginPasses &pluginPasses() {
  static PluginPasses p;
  return p;
}
} // namespace

void BackendRegistry::registerPass(
    const std::function<std::unique_ptr<mlir::Pass>()> &make) {
  std::string who = loadingName_ ? loadingName_ : "a plugin";
  auto fail = [&](const std::string &why) {
    if (!registrationError_.empty())
      registrationError_ += "; ";
    registrationError_ += why;
  };
  std::unique_ptr<mlir::Pass> pass = make ? make() : nullptr;
  if (!pass)
    return fail("a pass factory returned no pass");
  std::string name = pass->getArgument().str();
  if (name.empty())
    return fail("it registers a pass without a name ('" +
                pass->getName().str() + "' has no getArgument())");
  PluginPasses &p = pluginPasses();
  std::lock_guard<std::mutex> lock(p.mutex);
  auto it = p.byName.find(name);
  if (it != p.byName.end()) {
    if (it->second.first == pass->getTypeID())
      return; // the same pass again
    return fail("its pass '" + name + "' has the name of a pass plugin '" +
                it->second.second + "' registered");
  }
  if (mlir::PassInfo::lookup(name))
    return fail("its pass '" + name +
                "' has the name of a pass of Trident's core or of MLIR");
  p.byName.emplace(name, std::make_pair(pass->getTypeID(), who));
  mlir::registerPass(make);
}

bool BackendRegistry::loadPlugin(const std::string &path, std::string &error) {
  for (const Entry &e : entries_)
    if (e.path == path)
      return true; // already loaded
  // A bare file name would make dlopen search the library path; a plugin
  // named on the command line is a file.
  std::string file = path.find('/') == std::string::npos ? "./" + path : path;
  // dlopen of a FIFO waits for a writer, forever.
  if (std::string why = notAPluginFile(file); !why.empty()) {
    error = "cannot load plugin " + path + ": " + why;
    return false;
  }
  void *handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *msg = dlerror();
    error = "cannot load plugin " + path + ": " + (msg ? msg : "dlopen failed");
    return false;
  }
  using GetInfo = TridentPluginInfo (*)();
  auto get = reinterpret_cast<GetInfo>(dlsym(handle, TRIDENT_PLUGIN_ENTRY_POINT));
  if (!get) {
    error = "plugin " + path + " does not export " TRIDENT_PLUGIN_ENTRY_POINT
            "(); is it a Trident backend plugin?";
    dlclose(handle);
    return false;
  }
  TridentPluginInfo info = get();
  if (info.apiVersion != TRIDENT_PLUGIN_API_VERSION) {
    error = "plugin " + path + " was built for Trident plugin API version " +
            std::to_string(info.apiVersion) + ", but this Trident has API "
            "version " + std::to_string(TRIDENT_PLUGIN_API_VERSION) +
            "; rebuild the plugin against this Trident";
    dlclose(handle);
    return false;
  }
  if (!info.registerBackends || !info.pluginName) {
    error = "plugin " + path + " returned incomplete plugin info (no name or "
            "no registration callback)";
    dlclose(handle);
    return false;
  }
  size_t before = entries_.size();
  loadingName_ = info.pluginName;
  loadingVersion_ = info.pluginVersion ? info.pluginVersion : "";
  loadingPath_ = path;
  registrationError_.clear();
  // Core's pass names are taken before any plugin registers its own.
  static std::once_flag corePasses;
  std::call_once(corePasses, [] { registerCorePasses(); });
  try {
    info.registerBackends(this);
  } catch (const std::exception &e) {
    registrationError_ = std::string("its registration threw: ") + e.what();
  } catch (...) {
    registrationError_ = "its registration threw";
  }
  loadingName_ = loadingVersion_ = nullptr;
  loadingPath_.clear();
  handles_.push_back(handle); // its code may already be referenced
  // The plugin file's identity for cache keys (a rebuilt plugin of the
  // same version must not reuse another's binaries).
  std::string fileHash;
  if (auto buffer = llvm::MemoryBuffer::getFile(file, /*IsText=*/false,
                                                /*RequiresNullTerminator=*/false))
    fileHash = llvm::utohexstr(llvm::xxh3_64bits(llvm::arrayRefFromStringRef(
                                   (*buffer)->getBuffer())),
                               /*LowerCase=*/true, /*Width=*/16);
  for (size_t i = before; i < entries_.size(); ++i)
    entries_[i].fileHash = fileHash;
  if (!registrationError_.empty()) {
    entries_.resize(before);
    error = "plugin " + path + ": " + registrationError_;
    return false;
  }
  if (entries_.size() == before) {
    error = "plugin " + path + " registered no backend";
    return false;
  }
  return true;
}

std::string BackendRegistry::installedPluginDir() {
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&BackendRegistry::installedPluginDir),
             &info) && info.dli_fname) {
    std::string lib = info.dli_fname;
    size_t slash = lib.rfind('/');
    std::string dir = slash == std::string::npos ? "." : lib.substr(0, slash);
    return dir + "/trident/plugins";
  }
  return "";
}


void BackendRegistry::loadDefaultPlugins(std::vector<std::string> &errors,
                                         std::vector<std::string> *warnings) {
  std::vector<std::string> &skipped = warnings ? *warnings : errors;
  std::vector<std::string> places;
  std::string installed = installedPluginDir();
  const char *skip = std::getenv("TRIDENT_DISABLE_INSTALLED_PLUGINS");
  if (!installed.empty() && !(skip && *skip && std::string(skip) != "0"))
    places.push_back(installed);
  if (const char *env = std::getenv("TRIDENT_PLUGIN_PATH"))
    for (llvm::StringRef part : llvm::split(env, ':'))
      if (!part.empty())
        places.push_back(part.str());
  for (const std::string &place : places) {
    std::vector<std::string> files;
    if (llvm::sys::fs::is_directory(place)) {
      std::error_code ec;
      for (llvm::sys::fs::directory_iterator it(place, ec), end;
           !ec && it != end; it.increment(ec))
        if (llvm::StringRef(it->path()).ends_with(".so") &&
            llvm::sys::path::filename(it->path()).size() > 3)
          files.push_back(place + "/" +
                          llvm::sys::path::filename(it->path()).str());
      std::sort(files.begin(), files.end());
    } else if (place != installed) {
      files.push_back(place);
    }
    for (const std::string &f : files) {
      // Something else named *.so in a plugin directory (a FIFO, a
      // directory) is not a plugin: skipped, not waited on.
      if (std::string why = notAPluginFile(f); !why.empty()) {
        skipped.push_back("skipping " + f + " in the plugin directory: " + why);
        continue;
      }
      std::string error;
      if (!loadPlugin(f, error))
        errors.push_back(error);
    }
  }
}

const BackendRegistry::Entry *
BackendRegistry::findByName(const std::string &name) const {
  for (const Entry &e : entries_)
    if (e.backend->name() == name)
      return &e;
  return nullptr;
}

const BackendRegistry::Entry *
BackendRegistry::findForTarget(const Target &target, std::string &error) const {
  for (const Entry &e : entries_) {
    try {
      if (e.backend->supportsTarget(target))
        return &e;
    } catch (const std::exception &x) {
      error = "backend '" + e.backend->name() + "' of " + e.path +
              " threw in supportsTarget(): " + x.what();
      return nullptr;
    } catch (...) {
      error = "backend '" + e.backend->name() + "' of " + e.path +
              " threw in supportsTarget()";
      return nullptr;
    }
  }
  std::string known;
  for (const Entry &e : entries_)
    for (const std::string &t : e.backend->targets())
      known += (known.empty() ? "" : ", ") + t;
  error = "unknown target '" + target.str + "'" +
          (known.empty() ? std::string("; no backend plugin is loaded (see "
                                       "tridentc --list-backends and "
                                       "TRIDENT_PLUGIN_PATH)")
                         : "; the loaded backends support: " + known);
  return nullptr;
}

} // namespace trident
