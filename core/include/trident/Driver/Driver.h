//===- Driver.h - the compile driver: kernel source to binaries --*- C++ -*-===//
//
// One driver serves tridentc, the runtime's compile-on-demand path and
// Python: kernel source + kernel name + signature + constexprs +
// target + options -> frontend -> core TTIR pipeline -> the backend's stages
// -> binary plus metadata. Around the stages it owns IR dumps
// (--dump-ir / TRIDENT_DUMP_DIR), --print-ir-after-all, per-stage timings,
// reproducers for failing passes, and the on-disk cache.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DRIVER_DRIVER_H
#define TRIDENT_DRIVER_DRIVER_H

#include "trident/Bundle.h"
#include "trident/Driver/KernelFrontend.h"
#include "trident/Plugin/Registry.h"

#include <map>
#include <string>
#include <vector>

namespace trident {

/// The version of the compiler; part of every cache key.
extern const char kTridentVersion[];

/// The version and a hash of the compiler's own libraries and of
/// `frontend`'s ("0.1.0+1f2e..."): what tells two builds apart (the Python
/// package keys its bundle store and tuning results on it).
std::string compilerBuildId(const KernelFrontend &frontend);

struct CompileOptions {
  /// Backend options by name (num_warps, num_stages and the backend's own);
  /// they are the one source of num_warps and num_stages.
  std::map<std::string, std::string> backendOptions;
  /// Stop after this stage and return its output: `ttir-raw` (the
  /// frontend's), `ttir` (after the core pipeline) or one of the backend's
  /// stages. Empty: the last stage.
  std::string emit;
  /// Write every stage's output here (with source locations). Empty: the
  /// TRIDENT_DUMP_DIR environment variable, if set.
  std::string dumpDir;
  bool printIrAfterAll = false;
  /// Print MLIR's time per pass of every stage to stderr (tridentc
  /// --pass-timings), to find the pass a slow compile spends its time in.
  bool passTimings = false;
  /// Remarks to report (`layouts`: trident/Analysis/LayoutRemarks.h), at
  /// the user's file:line:col, into CompiledKernel::remarks.
  std::vector<std::string> remarks;
  /// Use the on-disk cache for final-stage compiles.
  bool useCache = true;
  /// On a failing or crashing pass, write the IR before it and a replay
  /// command (MLIR's local crash reproducer, which also turns a crash in a
  /// pass into an error). Off with TRIDENT_NO_REPRODUCER=1, e.g. to let a
  /// debugger see the crash.
  bool reproducers = true;
  std::string cacheDir; ///< empty: Cache::defaultDirectory() (may be off)
  /// The remote cache behind the on-disk one (RemoteCache.h):
  /// redis://host:port/db; empty: TRIDENT_REMOTE_CACHE, if set.
  std::string remoteCache;
};

struct StageTime {
  std::string stage;
  double milliseconds = 0;
};

/// The outcome of compiling one kernel for one target.
struct CompiledKernel {
  std::string stage;  ///< the stage whose output `output` is
  bool binaryOutput = false;
  std::string output; ///< text (IR, PTX) or bytes (a binary)
  bundle::KernelMetadata metadata;
  bool fromCache = false;
  std::string cacheKey;
  /// Which level served it: "local hit", "remote hit", "miss" (compiled),
  /// or "off" (no cache asked).
  std::string cacheOutcome = "off";
  /// Bytes read from / queued for the remote cache by this compile, and
  /// the milliseconds its lookup took.
  uint64_t remoteBytesRead = 0, remoteBytesWritten = 0;
  double remoteMilliseconds = 0;
  std::vector<StageTime> times;
  /// Warnings (a discarded corrupt cache entry, a cache that cannot be
  /// written); the compile still succeeded.
  std::vector<std::string> warnings;
  /// Remarks asked for with CompileOptions::remarks, formatted.
  std::vector<std::string> remarks;
};

class Driver {
public:
  /// Kernel sources go through `frontend` (TTIR and TTGIR files need none).
  Driver(const BackendRegistry &registry, const KernelFrontend &frontend)
      : registry_(registry), frontend_(frontend) {}

  /// Compiles `spec.kernel` of `source` for `target`. On failure returns
  /// false; `errors` holds formatted diagnostics (`file:line:col: error:`
  /// with the source line and a caret where there is a location).
  bool compile(const SourceFile &source,
               const KernelSpec &spec, const std::string &target,
               const CompileOptions &options, CompiledKernel &out,
               std::vector<std::string> &errors) const;

  /// The stage names for `target`, in order (ttir-raw, ttir, backend...).
  bool stageNames(const std::string &target, std::vector<std::string> &out,
                  std::string &error) const;

private:
  bool compileTTIR(const SourceFile &source,
                   const KernelSpec &spec,
                   const CompileOptions &options, CompiledKernel &out,
                   std::vector<std::string> &errors) const;
  bool compileFor(const SourceFile &source,
                  const KernelSpec &spec, const Target &target,
                  const BackendRegistry::Entry &entry,
                  const CompileOptions &options, CompiledKernel &out,
                  std::vector<std::string> &errors) const;

  const BackendRegistry &registry_;
  const KernelFrontend &frontend_;
};

} // namespace trident

#endif // TRIDENT_DRIVER_DRIVER_H
