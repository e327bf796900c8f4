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
void buildLinalgPipeline(mlir::OpPassManager &pm);
void buildLLVMPipeline(mlir::OpPassManager &pm);
/// "x86_64-pc-linux-gnu/sapphirerapids": what the code is compiled for.
std::string hostDescription();
mlir::LogicalResult translateToLLVMIR(mlir::ModuleOp module, std::string &text,
                                      std::string &error);
mlir::LogicalResult compileObject(const std::string &llvmIR,
                                  std::string &object, std::string &error);
mlir::LogicalResult linkSharedObject(const std::string &object,
                                     std::string &so, std::string &error);
/// Fills what the bundle says of a host shared object: its format, one
/// thread per warp, no shared memory, and the host it was compiled for.
void describeSharedObject(trident::bundle::KernelMetadata &metadata);

} // namespace trident::cpu

#endif // TRIDENT_BACKENDS_CPU_PIPELINE_H
