//===- GpuBackend.cpp - the shared part of every GPU backend plugin -------===//

#include "trident/Plugin/GpuBackend.h"

#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Config/llvm-config.h"

#include <algorithm>

namespace trident {

mlir::FailureOr<int> intOption(const Options &options, const std::string &name,
                               std::string &error) {
  auto it = options.find(name);
  if (it == options.end()) {
    error = "option '" + name + "' is missing";
    return mlir::failure();
  }
  const std::string &v = it->second;
  if (v.empty() || v.size() > 9 ||
      v.find_first_not_of("0123456789") != std::string::npos) {
    error = "option '" + name + "': expected an integer, got '" + v + "'";
    return mlir::failure();
  }
  return std::stoi(v);
}

mlir::FailureOr<bool> boolOption(const Options &options,
                                 const std::string &name, std::string &error) {
  mlir::FailureOr<int> v = intOption(options, name, error);
  if (mlir::failed(v))
    return mlir::failure();
  if (*v > 1) {
    error = "option '" + name + "': expected 0 or 1, got '" +
            options.at(name) + "'";
    return mlir::failure();
  }
  return *v == 1;
}

mlir::FailureOr<GpuOptions> GpuOptions::parse(const Options &options,
                                              std::string &error) {
  GpuOptions o;
  auto positive = [&](const std::string &name, int &out) {
    mlir::FailureOr<int> v = intOption(options, name, error);
    if (mlir::succeeded(v) && *v == 0)
      error = "option '" + name + "': expected a positive integer, got '0'";
    if (mlir::failed(v) || *v == 0)
      return false;
    out = *v;
    return true;
  };
  if (!positive("num_warps", o.numWarps) ||
      !positive("num_stages", o.numStages))
    return mlir::failure();
  if (options.count("num_ctas") && !positive("num_ctas", o.numCtas))
    return mlir::failure();
  return o;
}

std::string checkBool(const std::string &value) {
  return value == "0" || value == "1" ? std::string() : std::string("0 or 1");
}

std::function<std::string(const std::string &)>
checkIntAtMost(int hi, std::string what, bool zeroMeansDefault) {
  return [hi, what = std::move(what), zeroMeansDefault](const std::string &v) {
    if (zeroMeansDefault && v == "0")
      return std::string();
    std::string why = checkPositiveInt(v);
    if (why.empty() && std::stol(v) > hi)
      return "at most " + std::to_string(hi) + " " + what;
    return why;
  };
}

GpuBackend::GpuBackend(Traits traits) : traits_(std::move(traits)) {}

std::vector<OptionDef> GpuBackend::options() const {
  std::vector<OptionDef> o = Backend::options();
  int maxWarps = traits_.maxThreads / traits_.threadsPerWarp;
  std::string limit = std::to_string(maxWarps) + " warps (" +
                      std::to_string(traits_.maxThreads) + " threads) per " +
                      traits_.program;
  for (OptionDef &d : o) {
    if (d.name == "num_warps")
      d.check = [maxWarps, limit](const std::string &v) {
        std::string why = checkPowerOfTwo(v);
        if (why.empty() && std::stol(v) > maxWarps)
          return "at most " + limit;
        return why;
      };
    if (d.name == "num_stages")
      d.defaultValue = traits_.defaultNumStages;
  }
  if (traits_.numCtasOption)
    o.push_back({"num_ctas", "1", "CTAs per program (1 until clusters come)",
                 checkPositiveInt});
  for (OptionDef &d : vendorOptions())
    o.push_back(std::move(d));
  return o;
}

void GpuBackend::registerDialects(mlir::DialectRegistry &registry) const {
  registry.insert<mlir::LLVM::LLVMDialect,
                  mlir::triton::gpu::TritonGPUDialect>();
  registerVendorDialects(registry);
}

/// Whether PTX and the AMDGPU assembler take `name` as a symbol as it is.
static bool assemblerSafe(llvm::StringRef name) {
  if (name.empty() || llvm::isDigit(name.front()))
    return false;
  return llvm::all_of(name, [](char ch) {
    return llvm::isAlnum(ch) || ch == '_';
  });
}

/// `name` as such a symbol: `_tk_` then its bytes, letters and digits as
/// they are, `_` as `__`, any other byte as `_` and two hex digits (one
/// name maps to one symbol, and back).
static std::string mangleForAssemblers(llvm::StringRef name) {
  std::string out = "_tk_";
  for (unsigned char ch : name) {
    if (llvm::isAlnum(ch)) {
      out += char(ch);
    } else if (ch == '_') {
      out += "__";
    } else {
      out += '_';
      out += llvm::hexdigit(ch >> 4);
      out += llvm::hexdigit(ch & 15);
    }
  }
  return out;
}

void renameForAssemblers(mlir::ModuleOp module,
                         bundle::KernelMetadata &metadata) {
  mlir::SymbolTable table(module);
  for (mlir::Operation &op : module.getBody()->getOperations()) {
    auto sym = llvm::dyn_cast<mlir::SymbolOpInterface>(&op);
    if (!sym || assemblerSafe(sym.getName()))
      continue;
    std::string old = sym.getName().str(), renamed = mangleForAssemblers(old);
    while (table.lookup(renamed))
      renamed += "_";
    if (mlir::failed(mlir::SymbolTable::replaceAllSymbolUses(
            &op, mlir::StringAttr::get(module.getContext(), renamed), module)))
      continue;
    table.setSymbolName(&op, renamed);
    if (old == metadata.kernel)
      metadata.symbol = renamed;
  }
}

std::vector<Stage> GpuBackend::stages(const Target &target) const {
  int threadsPerWarp = traits_.threadsPerWarp;
  mlir::triton::gpu::DotPlanner planner = dotPlanner(target);
  std::string strategy = pipelineStrategy(target);
  int64_t sharedLimit = int64_t(sharedMemoryLimit(target).bytes);
  mlir::triton::gpu::DescriptorCopierRef copier = descriptorCopier(target);
  Stage ttgir{"ttgir", ".mlir", false,
              [this, target, threadsPerWarp, planner, strategy, sharedLimit,
               copier](Artifact &a, StageContext &c) {
                std::string error;
                mlir::FailureOr<GpuOptions> gpu =
                    GpuOptions::parse(c.options, error);
                if (mlir::failed(gpu)) {
                  c.error(error);
                  return mlir::failure();
                }
                c.metadata.threadsPerWarp = threadsPerWarp;
                c.metadata.numCtas = gpu->numCtas;
                return c.runPasses(*a.module, [&](mlir::OpPassManager &pm) {
                  mlir::triton::gpu::ConvertTritonToTritonGPUOptions o;
                  o.numWarps = gpu->numWarps;
                  o.threadsPerWarp = threadsPerWarp;
                  o.numCtas = gpu->numCtas;
                  o.target = target.str;
                  mlir::triton::gpu::buildTritonToTritonGPUPipeline(
                      pm, o, planner, copier);
                  mlir::triton::gpu::buildPipelineLoopsPipeline(
                      pm, gpu->numStages, strategy, sharedLimit, copier);
                  addTTGIRPasses(pm, target);
                });
              }};
  Stage llir{"llir", ".mlir", false, [this, target](Artifact &a,
                                                    StageContext &c) {
               // Symbols the targets' assemblers take: the user's name
               // stays the kernel's in the metadata and in messages.
               renameForAssemblers(*a.module, c.metadata);
               std::string error;
               mlir::FailureOr<GpuOptions> gpu =
                   GpuOptions::parse(c.options, error);
               if (mlir::failed(recordKernelParameters(*a.module, c)))
                 return mlir::failure();
               std::unique_ptr<mlir::Pass> lowering;
               if (mlir::succeeded(gpu))
                 lowering = createLowering(target, *gpu, c.options, error);
               if (!lowering) {
                 c.error(error.empty() ? "no lowering for " + target.str
                                       : error);
                 return mlir::failure();
               }
               if (mlir::failed(
                       c.runPasses(*a.module, [&](mlir::OpPassManager &pm) {
                         mlir::triton::gpu::buildTritonGPUToLLVMPipeline(
                             pm, std::move(lowering), asyncProxy(target));
                       })))
                 return mlir::failure();
               // Global scratch (tritongpu-allocate-global-scratch): the
               // runtime allocates it per program and passes it.
               if (auto size = (*a.module)->getAttrOfType<mlir::IntegerAttr>(
                       mlir::triton::gpu::kGlobalScratchSize)) {
                 c.metadata.globalScratchSize = uint64_t(size.getInt());
                 if (auto align =
                         (*a.module)->getAttrOfType<mlir::IntegerAttr>(
                             mlir::triton::gpu::kGlobalScratchAlignment))
                   c.metadata.globalScratchAlign = uint64_t(align.getInt());
                 if (std::find(c.metadata.requirements.begin(),
                               c.metadata.requirements.end(),
                               "scratch") == c.metadata.requirements.end())
                   c.metadata.requirements.push_back("scratch");
               }
               SharedMemoryLimit limit = sharedMemoryLimit(target);
               return recordSharedMemory(*a.module, c, limit.bytes,
                                         limit.memory, limit.unit);
             }};
  std::vector<Stage> all = {ttgir, llir};
  for (Stage &s : binaryStages(target))
    all.push_back(std::move(s));
  return all;
}

std::string GpuBackend::hashPrefix(const Target &target) const {
  return traits_.name + "-" + traits_.version + "-llvm" LLVM_VERSION_STRING
         "-" + target.str;
}

} // namespace trident
