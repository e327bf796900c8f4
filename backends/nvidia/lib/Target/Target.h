//===- Target.h - from the LLVM dialect to PTX and cubin --------*- C++ -*-===//
//
// LLVM IR for NVPTX (libdevice linked when the kernel calls it, O3), PTX
// through LLVM's NVPTX backend, and cubin through the CUDA toolkit's ptxas
// (found via TRIDENT_PTXAS, CUDA_HOME or PATH), with what ptxas reports
// about registers and spills.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_NVIDIA_TARGET_H
#define TRIDENT_BACKENDS_NVIDIA_TARGET_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"

#include <string>
#include <vector>

namespace trident::nvidia {

/// `sm_90a` for 90 and above (the architecture-specific features Triton
/// uses), `sm_80` below.
std::string smName(int cc);

/// The LLVM IR of `module`, optimized at O3 for `cc`, libdevice linked in
/// where it is called. False with `error` when libdevice is needed and
/// cannot be found or read.
mlir::LogicalResult translateToLLVMIR(mlir::ModuleOp module, int cc,
                                      std::string &llvmIR, std::string &error);

/// PTX of `llvmIR` for `cc`.
mlir::LogicalResult compileToPTX(const std::string &llvmIR, int cc,
                                 std::string &ptx, std::string &error);

/// The ptxas to use, or "" with `why` saying where it was looked for.
std::string findPtxas(std::string &why);
/// `ptxas --version`'s last line, for the backend hash ("" without ptxas).
std::string ptxasVersion();

struct PtxasReport {
  unsigned registers = 0, spillBytes = 0, stackBytes = 0;
  /// ptxas's "Potential Performance Loss" lines (wgmma serialized, ...):
  /// the lowering should never cause them; the cubin stage prints them.
  std::vector<std::string> performanceWarnings;
};
/// Assembles `ptx` for `cc` into `cubin`.
mlir::LogicalResult assemble(const std::string &ptx, int cc,
                             std::string &cubin, PtxasReport &report,
                             std::string &error);

} // namespace trident::nvidia

#endif // TRIDENT_BACKENDS_NVIDIA_TARGET_H
