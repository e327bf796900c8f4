//===- LLVMOptimize.h - LLVM's O3 for a backend's target --------*- C++ -*-===//
//
// Every backend that emits LLVM IR runs LLVM's standard per-module pipeline
// for its target machine before code generation; this is that step, once.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_COMPILER_LLVMOPTIMIZE_H
#define TRIDENT_COMPILER_LLVMOPTIMIZE_H

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace trident {

/// Runs LLVM's default O3 module pipeline on `module`, with the target's
/// analyses and passes from `machine`. `slpVectorize` adds the SLP
/// vectorizer (off in LLVM's default tuning; clang turns it on at -O2),
/// which forms packed instructions where the target has them (AMD's
/// v_pk_add_f32, say).
void optimizeAtO3(llvm::Module &module, llvm::TargetMachine &machine,
                  bool slpVectorize = false);

} // namespace trident

#endif // TRIDENT_COMPILER_LLVMOPTIMIZE_H
