//===- Plugin.cpp - the NVIDIA backend plugin: targets, options, stages ---===//
//
// TTIR -> TTGIR and TTGIR -> LLVM dialect are core's GPU-backend kit's
// stages (GpuBackend.h) around this plugin's NVVM lowering; then LLVM IR
// (libdevice, O3) -> PTX (LLVM NVPTX) -> cubin (ptxas). Each stage can be
// emitted and dumped.
//
//===----------------------------------------------------------------------===//

#include "Target/Target.h"
#include "ToLLVM/TMAToLLVM.h"

#include "trident/Backends/Nvidia/Dialect/Dialect.h"
#include "trident/Backends/Nvidia/DotPlan.h"
#include "trident/Backends/Nvidia/Encodings.h"
#include "trident/Backends/Nvidia/Passes.h"
#include "trident/Backends/Nvidia/TensorDescriptors.h"
#include "trident/Plugin/GpuBackend.h"
#include "trident/Plugin/PluginAPI.h"
#include "trident/Plugin/Registry.h"
#include "trident/Version.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace {

int computeCapability(const trident::Target &t) {
  return std::atoi(t.arch.c_str());
}

class NvidiaBackend : public trident::GpuBackend {
public:
  NvidiaBackend()
      : GpuBackend({/*name=*/"nvidia", /*threadsPerWarp=*/32,
                    /*program=*/"CTA", /*maxThreads=*/1024,
                    /*numCtasOption=*/true, /*defaultNumStages=*/"3",
                    /*version=*/TRIDENT_VERSION_STRING}) {}

  std::vector<std::string> targets() const override {
    return {"cuda:80", "cuda:90", "cuda:100"};
  }
  bool supportsTarget(const trident::Target &t) const override {
    if (t.kind != "cuda" || t.arch.empty())
      return false;
    for (char c : t.arch)
      if (c < '0' || c > '9')
        return false;
    int cc = computeCapability(t);
    return cc >= 70 && cc <= 121;
  }
  std::string hash(const trident::Target &t,
                   const trident::Options &) const override {
    return hashPrefix(t) + "-ptxas:" + trident::nvidia::ptxasVersion();
  }

protected:
  std::vector<trident::OptionDef> vendorOptions() const override {
    return {{"based_accesses", "0",
             "for testing: loads and stores at a scalar base plus bounded "
             "offsets through core's based-access path (the address "
             "arithmetic of AMD's buffer instructions)",
             trident::checkBool}};
  }
  void registerVendorDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::NVVM::NVVMDialect,
                    mlir::triton::nvidia_gpu::NvidiaGPUDialect>();
    // #ttg.nvidia_mma is NVIDIA's: core parses it once this ran.
    trident::nvidia::registerNvidiaEncodings();
  }
  mlir::triton::gpu::DotPlanner
  dotPlanner(const trident::Target &t) const override {
    return trident::nvidia::dotPlanner(computeCapability(t));
  }
  /// TMA for tensor descriptors from sm_90 (TensorDescriptors.h).
  mlir::triton::gpu::DescriptorCopierRef
  descriptorCopier(const trident::Target &t) const override {
    return computeCapability(t) >= 90 ? trident::nvidia::tmaCopier() : nullptr;
  }
  /// From sm_90, TMA copies and wgmma's shared operands go through the
  /// asynchronous proxy: after ordinary accesses of the same bytes (a
  /// tensormap built in shared scratch, a reused reduction scratch), a
  /// `fence.proxy.async` (ttng.fence_async_shared) before them, as Triton
  /// 3.6's proxy-fence insertion places it.
  trident::AsyncProxy asyncProxy(const trident::Target &t) const override {
    if (computeCapability(t) < 90)
      return {};
    namespace ttng = mlir::triton::nvidia_gpu;
    trident::AsyncProxy proxy;
    proxy.buffers = [](mlir::Operation *op) {
      llvm::SmallVector<mlir::Value> out;
      if (auto c = llvm::dyn_cast<ttng::AsyncTMACopyGlobalToLocalOp>(op))
        out.push_back(c.getResult());
      else if (auto c = llvm::dyn_cast<ttng::AsyncTMACopyLocalToGlobalOp>(op))
        out.push_back(c.getSrc());
      else if (auto c = llvm::dyn_cast<ttng::AsyncTMAReduceOp>(op))
        out.push_back(c.getSrc());
      else if (auto d = llvm::dyn_cast<ttng::WarpGroupDotOp>(op))
        for (mlir::Value v : {mlir::Value(d.getA()), mlir::Value(d.getB())})
          if (llvm::isa<mlir::triton::gpu::MemDescType>(v.getType()))
            out.push_back(v);
      return out;
    };
    proxy.isFence = [](mlir::Operation *op) {
      return llvm::isa<ttng::FenceAsyncSharedOp>(op);
    };
    // The mbarrier ops act on barrier words, which the copies only signal
    // (Triton 3.6's proxy-fence insertion leaves them out too); the waits
    // for wgmma and TMA stores declare reads of the buffers those still
    // read, which are the proxy's, not ordinary loads.
    proxy.ignores = [](mlir::Operation *op) {
      return llvm::isa<ttng::InitBarrierOp, ttng::InvalBarrierOp,
                       ttng::BarrierExpectOp, ttng::ArriveBarrierOp,
                       ttng::WaitBarrierOp, ttng::WarpGroupDotWaitOp,
                       ttng::AsyncTMAStoreWaitOp>(op);
    };
    proxy.createFence = [](mlir::OpBuilder &b, mlir::Location loc) {
      ttng::FenceAsyncSharedOp::create(b, loc, /*bCluster=*/false);
    };
    return proxy;
  }
  /// The descriptors' loads and stores left outside pipelined loops as TMA
  /// copies (sm_90 on); wgmma in flight across the pipelined K loop
  /// (sm_90).
  void addTTGIRPasses(mlir::OpPassManager &pm,
                      const trident::Target &t) const override {
    int cc = computeCapability(t);
    if (cc >= 90)
      pm.addPass(trident::nvidia::createNvidiaLowerTensorDescriptors());
    if (cc >= 90 && cc < 100)
      pm.addPass(trident::nvidia::createNvidiaAsyncWarpGroupDots());
  }
  /// The most shared memory one CTA may use on sm_`cc` (the opt-in limit,
  /// CUDA programming guide's table of compute capabilities).
  /// cp.async from sm_80 on (TargetInfo::asyncCopy); loads staged in
  /// registers before it.
  std::string pipelineStrategy(const trident::Target &t) const override {
    return computeCapability(t) >= 80 ? "async-copy" : "registers";
  }
  trident::SharedMemoryLimit
  sharedMemoryLimit(const trident::Target &t) const override {
    int cc = computeCapability(t);
    uint64_t bytes;
    switch (cc) {
    case 70: case 72: bytes = 96 * 1024; break;
    case 75: bytes = 64 * 1024; break;
    case 80: case 87: bytes = 163 * 1024; break;
    case 86: case 89: case 120: case 121: bytes = 99 * 1024; break;
    default: bytes = cc >= 90 ? 227 * 1024 : 48 * 1024;
    }
    return {bytes, "shared memory", "a CTA on sm_" + std::to_string(cc)};
  }
  mlir::LogicalResult
  recordKernelParameters(mlir::ModuleOp module,
                         trident::StageContext &ctx) const override {
    ctx.metadata.tensorMaps.clear(); // a stage rerun starts afresh
    return trident::nvidia::recordTensorMapArguments(module, ctx.metadata);
  }
  std::unique_ptr<mlir::Pass>
  createLowering(const trident::Target &t, const trident::GpuOptions &,
                 const trident::Options &options,
                 std::string &error) const override {
    mlir::FailureOr<bool> based =
        trident::boolOption(options, "based_accesses", error);
    if (mlir::failed(based))
      return nullptr;
    trident::nvidia::ConvertTritonGPUToNVVMOptions o;
    o.computeCapability = computeCapability(t);
    o.basedAccesses = *based;
    return trident::nvidia::createConvertTritonGPUToNVVM(o);
  }
  std::vector<trident::Stage>
  binaryStages(const trident::Target &t) const override {
    using trident::Artifact;
    using trident::StageContext;
    int cc = computeCapability(t);
    auto llvmIR = trident::bytesStage(
        "llvm-ir", ".ll", false,
        [cc](Artifact &a, StageContext &, std::string &out, std::string &error) {
          return trident::nvidia::translateToLLVMIR(*a.module, cc, out, error);
        });
    auto ptx = trident::bytesStage(
        "ptx", ".ptx", false,
        [cc](Artifact &a, StageContext &c, std::string &out, std::string &error) {
          c.metadata.format = "ptx";
          return trident::nvidia::compileToPTX(a.bytes, cc, out, error);
        });
    auto cubin = trident::bytesStage(
        "cubin", ".cubin", true,
        [cc](Artifact &a, StageContext &c, std::string &out, std::string &error) {
          trident::nvidia::PtxasReport report;
          if (mlir::failed(
                  trident::nvidia::assemble(a.bytes, cc, out, report, error)))
            return mlir::failure();
          // What ptxas says costs speed (wgmma serialized) is a defect of
          // the lowering: said, not hidden.
          for (const std::string &w : report.performanceWarnings)
            llvm::errs() << "warning: ptxas, for " << c.metadata.kernel << ": "
                         << w << "\n";
          c.metadata.format = "cubin";
          c.metadata.registers = report.registers;
          c.metadata.spills = report.spillBytes;
          c.metadata.localMemory = report.stackBytes;
          c.metadata.maxThreads =
              uint32_t(c.metadata.numWarps * c.metadata.threadsPerWarp);
          return mlir::success();
        });
    return {llvmIR, ptx, cubin};
  }
};

void registerBackends(trident::BackendRegistry *registry) {
  trident::registerBackend(
      registry, std::make_unique<NvidiaBackend>(),
      {[] { return trident::nvidia::createConvertTritonGPUToNVVM(); },
       [] { return trident::nvidia::createNvidiaAsyncWarpGroupDots(); }});
}

} // namespace

TRIDENT_PLUGIN_EXPORT TridentPluginInfo tridentGetPluginInfo() {
  return {TRIDENT_PLUGIN_API_VERSION, "nvidia", TRIDENT_VERSION_STRING,
          registerBackends};
}
