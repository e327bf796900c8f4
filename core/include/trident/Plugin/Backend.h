//===- Backend.h - what a backend plugin implements --------------*- C++ -*-===//
//
// A Backend turns core TTIR into a binary for the targets it supports. It
// states its name and targets, its options (with defaults and checks), the
// dialects it needs, and its stages in order -- each a step from the
// previous artifact to the next (TTIR -> TTGIR -> LLVM IR -> PTX -> cubin,
// say) -- and a hash of everything that changes its output. The compile
// driver owns everything around the stages: the frontend, the core TTIR
// pipeline, IR dumps, timing, caching, bundling and error reporting.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_PLUGIN_BACKEND_H
#define TRIDENT_PLUGIN_BACKEND_H

#include "trident/Bundle.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
class MLIRContext;
class OpPassManager;
} // namespace mlir

namespace trident {

/// A compile target as Triton names them: `cuda:90`, `hip:gfx942`, `cpu`.
/// `kind` is the part before the colon, `arch` the part after (may be empty).
struct Target {
  std::string str;
  std::string kind;
  std::string arch;
  /// Parses `text`; returns false when it is not `kind[:arch]` with
  /// identifier-like parts.
  static bool parse(const std::string &text, Target &out);
};

/// One option of a backend.
struct OptionDef {
  std::string name;
  std::string defaultValue;
  std::string help;
  /// Returns an error message when `value` is not acceptable, else "".
  std::function<std::string(const std::string &value)> check;
};

/// Option values by name, after defaults have been applied.
using Options = std::map<std::string, std::string>;

/// Checks for OptionDef::check.
std::string checkPositiveInt(const std::string &value);
std::string checkPowerOfTwo(const std::string &value);

/// What one stage hands to the next: an MLIR module (IR stages) or bytes
/// (text such as PTX or LLVM IR, or a binary).
struct Artifact {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::string bytes;
  bool isModule() const { return static_cast<bool>(module); }
};

/// What the driver gives a stage.
struct StageContext {
  mlir::MLIRContext &context;
  const Target &target;
  const Options &options;
  /// The kernel's metadata; stages fill in what they decide
  /// (threadsPerWarp, sharedMemory, format, extra).
  bundle::KernelMetadata &metadata;
  /// Runs passes on `module` with the driver's instrumentation: IR dumps,
  /// --print-ir-after-all, timing, and on failure a reproducer (the
  /// stage's input and passes) plus the command that replays it. Stages
  /// should run their passes here.
  std::function<mlir::LogicalResult(
      mlir::ModuleOp module,
      const std::function<void(mlir::OpPassManager &)> &build)>
      runPasses;
  /// Reports an error that is not tied to a location (a tool failed, ...).
  std::function<void(const std::string &message)> error;
};

/// For a GPU backend's stage after its lowering to LLVM: records the
/// module's `ttg.shared` bytes in the metadata, and fails with an error
/// naming both figures when they exceed `limit`, the most that one `unit`
/// ("a CTA on sm_90", "a workgroup on gfx942") has of `memory` ("shared
/// memory", "LDS").
mlir::LogicalResult recordSharedMemory(mlir::ModuleOp module,
                                       StageContext &ctx, uint64_t limit,
                                       const std::string &memory,
                                       const std::string &unit);

/// One step of a backend's lowering.
struct Stage {
  std::string name;      ///< ttgir, llir, ptx, cubin, ...
  std::string extension; ///< for dumps and -o: .mlir, .ll, .ptx, .cubin
  bool binaryOutput = false;
  std::function<mlir::LogicalResult(Artifact &artifact, StageContext &ctx)> run;
};

/// What a stage that makes text or a binary runs: fills `out` from `in`
/// (and may fill `ctx.metadata`), or fails with `error`.
using MakeBytes = std::function<mlir::LogicalResult(
    Artifact &in, StageContext &ctx, std::string &out, std::string &error)>;

/// A stage whose output is text or a binary made by `make`: on success the
/// artifact becomes `out` (a module it held is dropped); on failure
/// `error` is reported. The shape of every stage after a backend's last
/// IR stage (LLVM IR text, assembly, objects).
Stage bytesStage(std::string name, std::string extension, bool binaryOutput,
                 MakeBytes make);

class Backend {
public:
  virtual ~Backend();

  /// The backend's name; unique among loaded plugins.
  virtual std::string name() const = 0;
  /// The targets it compiles for (`cuda:90`, ...), for --list-backends.
  virtual std::vector<std::string> targets() const = 0;
  /// Whether it compiles for `target`; by default, whether it is listed.
  virtual bool supportsTarget(const Target &target) const;
  /// Its options. The default has num_warps (4) and num_stages (3); a
  /// backend adding its own should include these.
  virtual std::vector<OptionDef> options() const;
  /// Adds the dialects its stages create.
  virtual void registerDialects(mlir::DialectRegistry &registry) const;
  /// Its stages, in order, for `target`. The first receives core TTIR.
  virtual std::vector<Stage> stages(const Target &target) const = 0;
  /// A hash (any printable string) of everything besides the input that
  /// changes its output: plugin version, tool versions (ptxas, ...).
  virtual std::string hash(const Target &target, const Options &options) const = 0;
};

} // namespace trident

#endif // TRIDENT_PLUGIN_BACKEND_H
