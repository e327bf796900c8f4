//===- Target.h - from the LLVM dialect to an AMDGPU code object -*- C++ -*-===//
//
// LLVM IR for amdgcn-amd-amdhsa (ocml and ockl from the ROCm device
// libraries linked when the kernel calls them, their __oclc_* control
// constants defined for the target, O3), AMDGPU assembly through LLVM's
// AMDGPU backend, an object through LLVM MC, and the hsaco through ld.lld
// with undefined symbols an error. The kernel's resources are read back
// from the code object's metadata note.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_AMD_TARGET_H
#define TRIDENT_BACKENDS_AMD_TARGET_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"

#include <cstdint>
#include <string>

namespace trident::amd {

/// Whether LLVM's AMDGPU backend knows `arch` (gfx942, gfx90a, ...).
bool isKnownArch(const std::string &arch);

/// The LLVM IR of `module`, optimized at O3 for `arch` (without the SLP
/// vectorizer, which compileToAssembly tries), the device libraries linked
/// in where they are called. False with `error` when a
/// library is needed and cannot be found or read, or a call stays
/// undefined.
mlir::LogicalResult translateToLLVMIR(mlir::ModuleOp module,
                                      const std::string &arch,
                                      std::string &llvmIR, std::string &error);

/// AMDGPU assembly of `llvmIR` for `arch`: the cheaper of two codes,
/// `llvmIR` as it is under LLVM's default scheduler, and `llvmIR` SLP-
/// vectorized (packed fp32 and fp16 instructions) under the scheduler that
/// minimizes registers; cheaper is fewer spills, then fewer VGPRs, then
/// fewer instructions. The assembly's first line says which it is.
mlir::LogicalResult compileToAssembly(const std::string &llvmIR,
                                      const std::string &arch,
                                      std::string &assembly,
                                      std::string &error);

/// The hsaco of `assembly`: assembled in process, linked by ld.lld.
mlir::LogicalResult assembleAndLink(const std::string &assembly,
                                    const std::string &arch,
                                    std::string &hsaco, std::string &error);

/// What the code object's metadata says about one kernel.
struct KernelResources {
  uint64_t vgprs = 0, sgprs = 0, agprs = 0;
  uint64_t vgprSpills = 0, sgprSpills = 0;
  uint64_t ldsBytes = 0;     ///< .group_segment_fixed_size
  uint64_t privateBytes = 0; ///< .private_segment_fixed_size (scratch)
  uint64_t kernargBytes = 0;
  uint64_t wavefrontSize = 0;
  uint64_t maxWorkgroupSize = 0;
};
mlir::LogicalResult readKernelResources(const std::string &hsaco,
                                        const std::string &kernel,
                                        KernelResources &out,
                                        std::string &error);

/// ld.lld's path, or "" with `why`.
std::string findLinker(std::string &why);
/// Where the device libraries are, or "" with `why`.
std::string findDeviceLibraries(std::string &why);

} // namespace trident::amd

#endif // TRIDENT_BACKENDS_AMD_TARGET_H
