//===- LLVMOptimize.h - LLVM's O3 and codegen for a backend's target -*- C++ -*-===//
//
// Every backend that emits LLVM IR translates its LLVM dialect for its
// target machine, links the device library it calls (libdevice, ocml),
// runs LLVM's standard per-module pipeline, then reads the IR of that
// stage back and generates assembly or an object from it; these are those
// steps, once.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_COMPILER_LLVMOPTIMIZE_H
#define TRIDENT_COMPILER_LLVMOPTIMIZE_H

#include "llvm/Support/CodeGen.h"

#include <functional>
#include <memory>
#include <string>

namespace mlir {
class DialectRegistry;
class ModuleOp;
} // namespace mlir

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
} // namespace llvm

namespace trident {

/// The LLVM IR of `module` (the LLVM dialect and the dialects whose
/// translations `addTranslations` registers: NVVM, ROCDL), with `machine`'s
/// triple and data layout; null with `error` when translation fails.
std::unique_ptr<llvm::Module> translateForMachine(
    mlir::ModuleOp module, llvm::LLVMContext &context,
    llvm::TargetMachine &machine,
    const std::function<void(mlir::DialectRegistry &)> &addTranslations,
    std::string &error);

/// Links into `module` what it uses of the bitcode library at `path`
/// (libdevice.10.bc, ocml.bc), for `module`'s triple and data layout;
/// false with `error` when it cannot be read or linked.
bool linkBitcodeLibrary(llvm::Module &module, const std::string &path,
                        std::string &error);

/// Runs LLVM's default O3 module pipeline on `module`, with the target's
/// analyses and passes from `machine`. `slpVectorize` adds the SLP
/// vectorizer (off in LLVM's default tuning; clang turns it on at -O2),
/// which forms packed instructions where the target has them (AMD's
/// v_pk_add_f32, say).
void optimizeAtO3(llvm::Module &module, llvm::TargetMachine &machine,
                  bool slpVectorize = false);

/// Runs the textual pass `pipeline` (opt's -passes syntax, e.g.
/// "function(slp-vectorizer,instcombine)") on `module` for `machine`;
/// false with `error` when the pipeline does not parse.
bool runPipeline(llvm::Module &module, llvm::TargetMachine &machine,
                 const std::string &pipeline, std::string &error);

/// The module of `llvmIR` (a stage's LLVM IR text), or null with `error`
/// naming `stage`.
std::unique_ptr<llvm::Module> parseLLVMIR(const std::string &llvmIR,
                                          llvm::LLVMContext &context,
                                          const std::string &stage,
                                          std::string &error);

/// `module`'s assembly or object code for `machine` into `out`; false with
/// `error` when the target cannot emit that kind of file.
bool emitCode(llvm::Module &module, llvm::TargetMachine &machine,
              llvm::CodeGenFileType type, std::string &out,
              std::string &error);

} // namespace trident

#endif // TRIDENT_COMPILER_LLVMOPTIMIZE_H
