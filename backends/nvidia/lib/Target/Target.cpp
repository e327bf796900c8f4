//===- Target.cpp - LLVM IR, PTX and cubin for NVIDIA GPUs ----------------===//

#include "Target.h"

#include "trident/Support/TempFile.h"
#include "trident/Compiler/LLVMOptimize.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

#include <cstdlib>
#include <mutex>
#include <regex>

namespace trident::nvidia {

namespace {

constexpr const char *kTriple = "nvptx64-nvidia-cuda";
/// The newest PTX version LLVM 22's NVPTX backend and CUDA 13's ptxas both
/// take.
constexpr const char *kPtxFeature = "+ptx88";

void initNVPTX() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

std::unique_ptr<llvm::TargetMachine> machine(int cc, std::string &error) {
  initNVPTX();
  std::string lookupError;
  llvm::Triple triple(kTriple);
  const llvm::Target *t = llvm::TargetRegistry::lookupTarget(triple, lookupError);
  if (!t) {
    error = "LLVM has no NVPTX target: " + lookupError;
    return nullptr;
  }
  llvm::TargetOptions opts;
  opts.AllowFPOpFusion = llvm::FPOpFusion::Fast;
  opts.TrapUnreachable = true;
  return std::unique_ptr<llvm::TargetMachine>(t->createTargetMachine(
      triple, smName(cc), kPtxFeature, opts, llvm::Reloc::PIC_, std::nullopt,
      llvm::CodeGenOptLevel::Aggressive));
}

/// libdevice.10.bc from TRIDENT_LIBDEVICE, CUDA_HOME, or the toolkit's
/// standard places.
std::string findLibdevice(std::string &why) {
  std::vector<std::string> candidates;
  if (const char *e = std::getenv("TRIDENT_LIBDEVICE"); e && *e)
    candidates.push_back(e);
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *e = std::getenv(var); e && *e)
      candidates.push_back(std::string(e) + "/nvvm/libdevice/libdevice.10.bc");
  candidates.push_back("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc");
  candidates.push_back("/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc");
  for (const std::string &c : candidates)
    if (llvm::sys::fs::exists(c))
      return c;
  why = "libdevice.10.bc not found (looked in";
  for (const std::string &c : candidates)
    why += " " + c;
  why += "); set TRIDENT_LIBDEVICE or CUDA_HOME";
  return "";
}

} // namespace

std::string smName(int cc) {
  return "sm_" + std::to_string(cc) + (cc >= 90 ? "a" : "");
}

mlir::LogicalResult translateToLLVMIR(mlir::ModuleOp module, int cc,
                                      std::string &out, std::string &error) {
  std::unique_ptr<llvm::TargetMachine> tm = machine(cc, error);
  if (!tm)
    return mlir::failure();
  llvm::LLVMContext llvmCtx;
  std::unique_ptr<llvm::Module> m = trident::translateForMachine(
      module, llvmCtx, *tm,
      [](mlir::DialectRegistry &r) { mlir::registerNVVMDialectTranslation(r); },
      error);
  if (!m)
    return mlir::failure();

  // libdevice, only when something calls it; only what is called.
  bool needsLibdevice = false;
  for (llvm::Function &f : *m)
    needsLibdevice |= f.isDeclaration() && f.getName().starts_with("__nv_");
  if (needsLibdevice) {
    std::string why;
    std::string path = findLibdevice(why);
    if (path.empty()) {
      error = "the kernel calls libdevice, but " + why;
      return mlir::failure();
    }
    if (!trident::linkBitcodeLibrary(*m, path, error))
      return mlir::failure();
    for (llvm::Function &f : *m)
      if (!f.isDeclaration() && f.getName().starts_with("__nv_"))
        f.setLinkage(llvm::GlobalValue::InternalLinkage);
  }
  // IEEE denormals (libdevice's non-ftz paths).
  m->addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", uint32_t(0));

  trident::optimizeAtO3(*m, *tm);
  llvm::raw_string_ostream os(out);
  m->print(os, nullptr);
  return mlir::success();
}

mlir::LogicalResult compileToPTX(const std::string &llvmIR, int cc,
                                 std::string &ptx, std::string &error) {
  llvm::LLVMContext llvmCtx;
  std::unique_ptr<llvm::Module> m =
      trident::parseLLVMIR(llvmIR, llvmCtx, "llvm-ir", error);
  if (!m)
    return mlir::failure();
  std::unique_ptr<llvm::TargetMachine> tm = machine(cc, error);
  if (!tm)
    return mlir::failure();
  return mlir::success(trident::emitCode(
      *m, *tm, llvm::CodeGenFileType::AssemblyFile, ptx, error));
}

std::string findPtxas(std::string &why) {
  std::vector<std::string> tried;
  if (const char *e = std::getenv("TRIDENT_PTXAS"); e && *e) {
    if (llvm::sys::fs::can_execute(e))
      return e;
    why = std::string("TRIDENT_PTXAS=") + e + " is not an executable";
    return "";
  }
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *e = std::getenv(var); e && *e) {
      std::string p = std::string(e) + "/bin/ptxas";
      if (llvm::sys::fs::can_execute(p))
        return p;
      tried.push_back(p);
    }
  if (auto p = llvm::sys::findProgramByName("ptxas"))
    return *p;
  tried.push_back("ptxas on PATH");
  std::string def = "/usr/local/cuda/bin/ptxas";
  if (llvm::sys::fs::can_execute(def))
    return def;
  tried.push_back(def);
  why = "no ptxas found (tried";
  for (const std::string &t : tried)
    why += " " + t;
  why += "); install the CUDA toolkit or set TRIDENT_PTXAS";
  return "";
}

/// Runs `ptxas` with `args`; its standard error into `err`.
static int runPtxas(const std::string &ptxas, std::vector<std::string> args,
                    std::string &out, std::string &err) {
  llvm::SmallString<128> outFile, errFile;
  llvm::sys::fs::createTemporaryFile("trident-ptxas", "out", outFile);
  llvm::sys::fs::createTemporaryFile("trident-ptxas", "err", errFile);
  std::vector<llvm::StringRef> argv = {ptxas};
  for (const std::string &a : args)
    argv.push_back(a);
  std::optional<llvm::StringRef> redirects[] = {std::nullopt,
                                                llvm::StringRef(outFile),
                                                llvm::StringRef(errFile)};
  std::string execError;
  // A bound against a hung ptxas, not a budget: a large unrolled kernel
  // takes ptxas a minute or more on a loaded machine.
  int rc = llvm::sys::ExecuteAndWait(ptxas, argv, std::nullopt, redirects, 600,
                                     0, &execError);
  auto slurp = [](llvm::StringRef f) {
    auto b = llvm::MemoryBuffer::getFile(f);
    return b ? (*b)->getBuffer().str() : std::string();
  };
  out = slurp(outFile);
  err = slurp(errFile) + execError;
  llvm::sys::fs::remove(outFile);
  llvm::sys::fs::remove(errFile);
  return rc;
}

std::string ptxasVersion() {
  static std::string version = [] {
    std::string why;
    std::string ptxas = findPtxas(why);
    if (ptxas.empty())
      return std::string("none");
    std::string out, err;
    if (runPtxas(ptxas, {"--version"}, out, err) != 0)
      return std::string("unknown");
    while (!out.empty() && out.back() == '\n')
      out.pop_back();
    size_t nl = out.rfind('\n');
    return nl == std::string::npos ? out : out.substr(nl + 1);
  }();
  return version;
}

mlir::LogicalResult assemble(const std::string &ptx, int cc,
                             std::string &cubin, PtxasReport &report,
                             std::string &error) {
  std::string why;
  std::string ptxas = findPtxas(why);
  if (ptxas.empty()) {
    error = "cannot make a cubin: " + why + " (--emit ptx works without it)";
    return mlir::failure();
  }
  llvm::SmallString<128> in, out;
  if (!trident::writeTemporaryFile("trident-kernel", "ptx", ptx, in,
                                   "PTX file", error))
    return mlir::failure();
  llvm::sys::fs::createTemporaryFile("trident-kernel", "cubin", out);
  std::string stdoutText, stderrText;
  int rc = runPtxas(ptxas,
                    {"-v", "--gpu-name=" + smName(cc), "-O3", std::string(in),
                     "-o", std::string(out)},
                    stdoutText, stderrText);
  llvm::sys::fs::remove(in);
  if (rc != 0) {
    llvm::sys::fs::remove(out);
    error = "ptxas failed (exit " + std::to_string(rc) + "): " + stderrText;
    return mlir::failure();
  }
  auto buffer = llvm::MemoryBuffer::getFile(out);
  llvm::sys::fs::remove(out);
  if (!buffer) {
    error = "ptxas wrote no cubin";
    return mlir::failure();
  }
  cubin = (*buffer)->getBuffer().str();
  std::smatch mt;
  std::string text = stdoutText + stderrText;
  if (std::regex_search(text, mt, std::regex("Used ([0-9]+) registers")))
    report.registers = unsigned(std::stoul(mt[1]));
  if (std::regex_search(text, mt,
                        std::regex("([0-9]+) bytes spill stores, ([0-9]+) "
                                   "bytes spill loads")))
    report.spillBytes = unsigned(std::stoul(mt[1]) + std::stoul(mt[2]));
  if (std::regex_search(text, mt, std::regex("([0-9]+) bytes stack frame")))
    report.stackBytes = unsigned(std::stoul(mt[1]));
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(text).split(lines, '\n');
  for (llvm::StringRef line : lines)
    if (line.contains("Potential Performance Loss"))
      report.performanceWarnings.push_back(line.trim().str());
  return mlir::success();
}

} // namespace trident::nvidia
