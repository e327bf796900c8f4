//===- Pipeline.h - the cpu backend's lowering steps ------------*- C++ -*-===//
//
// The steps behind the cpu backend's stages (see Pipeline.cpp), used by
// Plugin.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_CPU_PIPELINE_H
#define TRIDENT_BACKENDS_CPU_PIPELINE_H

#include "trident/Bundle.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir {
class DialectRegistry;
class OpPassManager;
} // namespace mlir

namespace trident::cpu {

void registerCpuDialects(mlir::DialectRegistry &registry);
/// Names the module's public kernels in `trident.kernels`, before they are
/// inlined and lowered: the kernels cpu-add-kernel-wrapper gives entry
/// points to.
void recordKernels(mlir::ModuleOp module);
/// TTIR to linalg; `checked`: every memory access checked at run time
/// (cpu-check-memory-accesses).
void buildLinalgPipeline(mlir::OpPassManager &pm, bool checked = false);
void buildLLVMPipeline(mlir::OpPassManager &pm);
/// "x86_64-pc-linux-gnu/sapphirerapids": what the code is compiled for.
std::string hostDescription();
mlir::LogicalResult translateToLLVMIR(mlir::ModuleOp module, std::string &text,
                                      std::string &error);
/// Compiles to an object file, and records in `metadata` what the host
/// counts as a kernel's registers and shared memory (describeSharedObject).
mlir::LogicalResult compileObject(const std::string &llvmIR,
                                  std::string &object,
                                  trident::bundle::KernelMetadata &metadata,
                                  std::string &error);
/// The vector registers a core of this host gives a program: 32 with
/// AVX-512 and on AArch64, else 16.
int hostVectorRegisters();
mlir::LogicalResult linkSharedObject(const std::string &object,
                                     std::string &so, std::string &error);
/// Fills what the bundle says of a host shared object: its format, one
/// thread per warp and the host it was compiled for. `registers` (the
/// host's vector registers) and `shared_memory` (the bytes a program
/// allocates for its tensors: its static stack allocations and fixed-size
/// heap buffers, the host's counterpart of a GPU's shared memory) come
/// from compileObject.
void describeSharedObject(trident::bundle::KernelMetadata &metadata);

} // namespace trident::cpu

#endif // TRIDENT_BACKENDS_CPU_PIPELINE_H
