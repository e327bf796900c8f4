//===- LLVMOptimize.cpp - LLVM's O3 for a backend's target ----------------===//

#include "trident/Compiler/LLVMOptimize.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"

/// Runs the passes `build` adds to a module pass manager, from a pass
/// builder for `machine` with every analysis registered.
static bool runWith(
    llvm::Module &module, llvm::TargetMachine &machine,
    llvm::PipelineTuningOptions tuning,
    llvm::function_ref<bool(llvm::PassBuilder &, llvm::ModulePassManager &)>
        build) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(&machine, tuning);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm;
  if (!build(pb, mpm))
    return false;
  mpm.run(module, mam);
  return true;
}

void trident::optimizeAtO3(llvm::Module &module, llvm::TargetMachine &machine,
                           bool slpVectorize) {
  llvm::PipelineTuningOptions tuning;
  tuning.SLPVectorization = slpVectorize;
  runWith(module, machine, tuning,
          [](llvm::PassBuilder &pb, llvm::ModulePassManager &mpm) {
            mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
            return true;
          });
}

bool trident::runPipeline(llvm::Module &module, llvm::TargetMachine &machine,
                          const std::string &pipeline, std::string &error) {
  return runWith(
      module, machine, llvm::PipelineTuningOptions(),
      [&](llvm::PassBuilder &pb, llvm::ModulePassManager &mpm) {
        if (llvm::Error e = pb.parsePassPipeline(mpm, pipeline)) {
          error = "bad LLVM pass pipeline '" + pipeline +
                  "': " + llvm::toString(std::move(e));
          return false;
        }
        return true;
      });
}

std::unique_ptr<llvm::Module> trident::parseLLVMIR(const std::string &llvmIR,
                                                   llvm::LLVMContext &context,
                                                   const std::string &stage,
                                                   std::string &error) {
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> m =
      llvm::parseIR(llvm::MemoryBufferRef(llvmIR, "kernel.ll"), diag, context);
  if (!m)
    error = "cannot parse the " + stage + " stage: " + diag.getMessage().str();
  return m;
}

namespace {
/// The errors the code generator reports (an inline asm constraint the
/// target does not have, ...), kept for the caller: without a handler the
/// LLVMContext prints them and exits the process, which, with another
/// candidate compiling on a second thread, ended in a crash.
struct CodegenErrors {
  std::string text;
  static void handle(const llvm::DiagnosticInfo *info, void *self) {
    if (!info || info->getSeverity() != llvm::DS_Error)
      return;
    std::string message;
    llvm::raw_string_ostream os(message);
    llvm::DiagnosticPrinterRawOStream printer(os);
    info->print(printer);
    auto &text = static_cast<CodegenErrors *>(self)->text;
    if (text.empty()) // the first is the cause; more repeat it elsewhere
      text = message;
  }
};
} // namespace

bool trident::emitCode(llvm::Module &module, llvm::TargetMachine &machine,
                       llvm::CodeGenFileType type, std::string &out,
                       std::string &error) {
  llvm::SmallString<0> buffer;
  llvm::raw_svector_ostream os(buffer);
  llvm::legacy::PassManager pm;
  if (machine.addPassesToEmitFile(pm, os, nullptr, type)) {
    error = "the " + machine.getTargetTriple().str() + " target cannot emit " +
            (type == llvm::CodeGenFileType::ObjectFile ? "object files"
                                                       : "assembly");
    return false;
  }
  llvm::LLVMContext &context = module.getContext();
  auto previous = context.getDiagnosticHandlerCallBack();
  void *previousContext = context.getDiagnosticContext();
  CodegenErrors errors;
  context.setDiagnosticHandlerCallBack(&CodegenErrors::handle, &errors);
  pm.run(module);
  context.setDiagnosticHandlerCallBack(previous, previousContext);
  if (!errors.text.empty()) {
    error = "the " + machine.getTargetTriple().str() +
            " code generator: " + errors.text;
    return false;
  }
  out.assign(buffer.begin(), buffer.end());
  return true;
}

std::unique_ptr<llvm::Module> trident::translateForMachine(
    mlir::ModuleOp module, llvm::LLVMContext &context,
    llvm::TargetMachine &machine,
    const std::function<void(mlir::DialectRegistry &)> &addTranslations,
    std::string &error) {
  mlir::DialectRegistry registry;
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  addTranslations(registry);
  module.getContext()->appendDialectRegistry(registry);
  std::unique_ptr<llvm::Module> m = mlir::translateModuleToLLVMIR(module, context);
  if (!m) {
    error = "translation of the LLVM dialect to LLVM IR failed";
    return nullptr;
  }
  m->setTargetTriple(machine.getTargetTriple());
  m->setDataLayout(machine.createDataLayout());
  return m;
}

bool trident::linkBitcodeLibrary(llvm::Module &module, const std::string &path,
                                 std::string &error) {
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> lib =
      llvm::parseIRFile(path, diag, module.getContext());
  if (!lib) {
    error = "cannot read " + path + ": " + diag.getMessage().str();
    return false;
  }
  lib->setTargetTriple(module.getTargetTriple());
  lib->setDataLayout(module.getDataLayout());
  if (llvm::Linker::linkModules(module, std::move(lib),
                                llvm::Linker::Flags::LinkOnlyNeeded)) {
    error = "linking " + path + " failed";
    return false;
  }
  return true;
}
