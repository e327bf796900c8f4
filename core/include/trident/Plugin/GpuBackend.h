//===- GpuBackend.h - the kit a GPU backend plugin is built from -*- C++ -*-===//
//
// Every GPU backend runs the same two first stages: `ttgir` (core's layout
// assignment over the TTIR, for the target's warp size and the launch's
// num_warps / num_ctas) and `llir` (core's shared TTGIR -> LLVM lowering
// around the vendor's conversion pass, then the shared-memory limit check).
// After those, each vendor has its own steps to a binary (PTX and cubin,
// AMDGPU assembly and hsaco). GpuBackend owns the shared part -- options,
// their checks and their parsing into GpuOptions, the dialects every GPU
// backend needs, the two stages, the hash's common prefix -- so that a
// vendor's plugin writes only what is its own:
//
//   class MyBackend : public trident::GpuBackend {
//     MyBackend() : GpuBackend({"mine", 32, "CTA"}) {}
//     std::vector<std::string> targets() const override;
//     SharedMemoryLimit sharedMemoryLimit(const Target &) const override;
//     std::unique_ptr<mlir::Pass> createLowering(...) const override;
//     std::vector<Stage> binaryStages(const Target &) const override;
//     std::string hash(...) const override;
//   };
//
// A GPU plugin's registration callback is then trident::registerBackend
// (Registry.h).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_PLUGIN_GPUBACKEND_H
#define TRIDENT_PLUGIN_GPUBACKEND_H

#include "trident/Plugin/Backend.h"
#include "trident/Analysis/Membar.h"
#include "trident/Dialect/TritonGPU/Transforms/DescriptorCopier.h"
#include "trident/Dialect/TritonGPU/Transforms/DotPlan.h"

#include <cstdint>
#include <functional>
#include <memory>

namespace mlir {
class Pass;
class OpPassManager;
} // namespace mlir

namespace trident {

/// The launch options every GPU backend takes, parsed in one place from the
/// driver's strings (which the options' checks have already accepted).
struct GpuOptions {
  int numWarps = 4;
  /// 1 where the backend has no num_ctas option.
  int numCtas = 1;
  int numStages = 3;

  /// Reads num_warps, num_stages and (where present) num_ctas; on a value
  /// that is not a positive integer, fails with `error` naming the option.
  static mlir::FailureOr<GpuOptions> parse(const Options &options,
                                           std::string &error);
};

/// Reads option `name` of `options` as 0/1 (false with `error` naming it
/// otherwise, or where it is missing).
mlir::FailureOr<bool> boolOption(const Options &options,
                                 const std::string &name, std::string &error);
/// Reads option `name` as an integer >= 0.
mlir::FailureOr<int> intOption(const Options &options, const std::string &name,
                               std::string &error);

/// OptionDef checks: "0" or "1"; an integer in [1, hi] (and 0 when
/// `zeroMeansDefault`), with `what` ("waves per EU") in the message.
std::string checkBool(const std::string &value);
std::function<std::string(const std::string &)>
checkIntAtMost(int hi, std::string what, bool zeroMeansDefault = false);

/// Where one program's shared memory ends on a target, for the llir stage's
/// check: at most `bytes` of `memory` ("shared memory", "LDS") in `unit`
/// ("a CTA on sm_90", "a workgroup on gfx942").
struct SharedMemoryLimit {
  uint64_t bytes;
  std::string memory;
  std::string unit;
};

/// Renames the module's symbols that PTX or the AMDGPU assembler would
/// refuse (`kernél`, `核`, a space or `/` in TTIR): `_tk_` and their
/// bytes, escaped. The kernel's new symbol goes to `metadata.symbol`; its
/// name stays the user's. Every GPU backend's llir stage calls it first.
void renameForAssemblers(mlir::ModuleOp module,
                         bundle::KernelMetadata &metadata);

class GpuBackend : public Backend {
public:
  /// What is fixed for every target of the backend.
  struct Traits {
    std::string name;   ///< "nvidia", "amd": the backend's name
    int threadsPerWarp; ///< 32, 64
    std::string program; ///< what one program runs as: "CTA", "workgroup"
    /// The most threads one program may have (num_warps * threadsPerWarp).
    int maxThreads = 1024;
    /// Whether the backend takes num_ctas (CTAs per program).
    bool numCtasOption = false;
    /// num_stages' default (Triton's: 3 on NVIDIA, 2 on AMD).
    std::string defaultNumStages = "3";
    /// The plugin's version, first in every hash.
    std::string version;
  };
  explicit GpuBackend(Traits traits);

  std::string name() const final { return traits_.name; }
  /// num_warps (a power of two, at most maxThreads / threadsPerWarp),
  /// num_stages, num_ctas where the backend has it, then vendorOptions().
  std::vector<OptionDef> options() const final;
  /// LLVM, TTG and the vendor's dialects (registerVendorDialects).
  void registerDialects(mlir::DialectRegistry &registry) const final;
  /// ttgir, llir, then binaryStages(target).
  std::vector<Stage> stages(const Target &target) const final;

  const Traits &traits() const { return traits_; }

protected:
  /// The backend's own options beside the common ones.
  virtual std::vector<OptionDef> vendorOptions() const { return {}; }
  /// The dialects its own stages and encodings need (NVVM, ROCDL, ...).
  virtual void registerVendorDialects(mlir::DialectRegistry &registry) const {}
  /// How the ttgir stage lays out each tt.dot on `target` (DotPlan.h):
  /// the vendor's matrix unit where it takes the dot, core's FMA dot
  /// (fmaDotPlan) where not. The default plans every dot on FMA.
  virtual mlir::triton::gpu::DotPlanner dotPlanner(const Target &target) const {
    return {};
  }
  /// How the ttgir stage pipelines loops whose loads feed dots on
  /// `target` (tritongpu-schedule-loops, tritongpu-pipeline):
  /// "async-copy" (copies into multi-buffered shared memory, which the
  /// llir stage's TargetInfo must lower: hasAsyncCopy) or "registers"
  /// (loads one iteration ahead, any target; the default).
  virtual std::string pipelineStrategy(const Target &target) const {
    return "registers";
  }
  /// How `target` copies tensor descriptors' blocks into shared memory
  /// (DescriptorCopier.h: NVIDIA's TMA from sm_90); null (the default)
  /// rewrites descriptors to pointer arithmetic. A backend that returns
  /// one lowers the tt.descriptor_load / tt.descriptor_store left outside
  /// pipelined loops in its own TTGIR passes.
  virtual mlir::triton::gpu::DescriptorCopierRef
  descriptorCopier(const Target &target) const {
    return nullptr;
  }
  /// The vendor's own TTGIR passes, run at the end of the ttgir stage
  /// (after layout assignment and the pipeliner): what its matrix unit's
  /// ops need once the loops are pipelined. None by default.
  virtual void addTTGIRPasses(mlir::OpPassManager &pm,
                              const Target &target) const {}
  /// The target's asynchronous proxy (trident/Analysis/Membar.h: which
  /// ops read or write shared memory apart from ordinary loads and stores,
  /// and its fence), whose fences the llir stage inserts with the
  /// barriers. None by default.
  virtual AsyncProxy asyncProxy(const Target &target) const { return {}; }
  /// The shared-memory limit of one program on `target`.
  virtual SharedMemoryLimit sharedMemoryLimit(const Target &target) const = 0;
  /// Called by the llir stage with the TTGIR it is about to lower: what
  /// the binary's parameters add to the metadata beyond the signature
  /// (NVIDIA: tensor descriptors passed as TMA descriptors, which the
  /// runtime encodes). Nothing by default.
  virtual mlir::LogicalResult recordKernelParameters(mlir::ModuleOp module,
                                                     StageContext &ctx) const {
    return mlir::success();
  }
  /// The vendor's TTGIR -> LLVM conversion pass for `target`, set up from
  /// the parsed options (its own through boolOption / intOption); null with
  /// `error` when an option is wrong.
  virtual std::unique_ptr<mlir::Pass>
  createLowering(const Target &target, const GpuOptions &gpu,
                 const Options &options, std::string &error) const = 0;
  /// The stages from the LLVM dialect to the binary.
  virtual std::vector<Stage> binaryStages(const Target &target) const = 0;

  /// "<name>-<version>-llvm<LLVM version>-<target>": the part of hash()
  /// every GPU backend shares; a backend appends its tools' versions.
  std::string hashPrefix(const Target &target) const;

private:
  Traits traits_;
};

} // namespace trident

#endif // TRIDENT_PLUGIN_GPUBACKEND_H
