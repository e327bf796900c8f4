//===- TMAToLLVM.h - ttng TMA and mbarrier ops to PTX -----------*- C++ -*-===//
//
// The NVIDIA lowering's patterns for Hopper's bulk tensor copies (TMA)
// and the mbarriers that signal them: init / inval / expect / wait /
// arrive on an mbarrier, async_tma_copy_global_to_local (cp.async.bulk.
// tensor into shared memory, completing on an mbarrier), local_to_global
// and async_tma_reduce (bulk groups), async_tma_store_wait. A host
// descriptor (a `!tt.tensordesc` kernel parameter) is the 128-byte
// CUtensorMap passed by value (`.param .align 64 .b8 [128]`); the
// lowering uses the parameter's address as the instruction's tensor map.
// docs/architecture.md ("TMA on sm_90") has the design.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_NVIDIA_TOLLVM_TMATOLLVM_H
#define TRIDENT_BACKENDS_NVIDIA_TOLLVM_TMATOLLVM_H

#include "trident/Conversion/TritonGPUToLLVM/Lowering.h"

#include "trident/Bundle.h"

#include "mlir/IR/BuiltinOps.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trident::nvidia {

/// How one block of a TMA buffer is split into copy messages: the box of
/// each message (tensor order, each dimension at most 256 elements; the
/// contiguous one as wide as the swizzle) and the swizzle in bytes (32,
/// 64, 128). The same box is what the host encodes into the CUtensorMap.
struct TmaBox {
  std::vector<int64_t> box;
  int swizzleBytes = 0;
};

/// The box of a 2-D buffer of `shape` (at least 8 rows) in `encoding`, a
/// swizzled, not transposed #ttg.nvmma_shared; or an error message in
/// `why`.
bool tmaBoxOf(mlir::Attribute encoding, llvm::ArrayRef<int64_t> shape,
              unsigned elementBits, TmaBox &out, std::string &why);

void populateTMAPatterns(TritonGPUToLLVMTypeConverter &tc,
                         mlir::RewritePatternSet &patterns,
                         const TargetInfo &target);

/// Gives the kernels' `!tt.tensordesc` parameters of `module` (TTGIR,
/// before the lowering) the CUtensorMap parameter form once lowered:
/// records which they are, to be applied by markTensorMapParameters.
struct TensorMapParameters {
  std::vector<std::pair<std::string, std::vector<unsigned>>> kernels;
};
TensorMapParameters findTensorMapParameters(mlir::ModuleOp module);
/// `byval([128 x i8]) align 64 "nvvm.grid_constant"` on each recorded
/// parameter of the lowered module.
void markTensorMapParameters(mlir::ModuleOp module,
                             const TensorMapParameters &params);

/// For each `!tt.tensordesc` parameter of the kernel in `module` (TTGIR,
/// its block type carrying the shared layout the copies use): a
/// TensorMapArg on the descriptor's launch arguments in `meta` (the k-th
/// descriptor parameter is the k-th `NAME`, `NAME.pack.shape0`, ... run of
/// them) and the requirement "tma". Errors at the parameter's location.
mlir::LogicalResult recordTensorMapArguments(mlir::ModuleOp module,
                                             trident::bundle::KernelMetadata &meta);

} // namespace trident::nvidia

#endif // TRIDENT_BACKENDS_NVIDIA_TOLLVM_TMATOLLVM_H
