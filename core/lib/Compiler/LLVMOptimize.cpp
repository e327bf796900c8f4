//===- LLVMOptimize.cpp - LLVM's O3 for a backend's target ----------------===//

#include "trident/Compiler/LLVMOptimize.h"

#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"

void trident::optimizeAtO3(llvm::Module &module, llvm::TargetMachine &machine,
                           bool slpVectorize) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PipelineTuningOptions tuning;
  tuning.SLPVectorization = slpVectorize;
  llvm::PassBuilder pb(&machine, tuning);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm =
      pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  mpm.run(module, mam);
}

bool trident::runPipeline(llvm::Module &module, llvm::TargetMachine &machine,
                          const std::string &pipeline, std::string &error) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(&machine);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm;
  if (llvm::Error e = pb.parsePassPipeline(mpm, pipeline)) {
    error = "bad LLVM pass pipeline '" + pipeline +
            "': " + llvm::toString(std::move(e));
    return false;
  }
  mpm.run(module, mam);
  return true;
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
  pm.run(module);
  out.assign(buffer.begin(), buffer.end());
  return true;
}
