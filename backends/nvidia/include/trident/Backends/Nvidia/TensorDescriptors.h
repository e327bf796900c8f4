//===- TensorDescriptors.h - tensor descriptors through TMA ------*- C++ -*-===//
//
// The NVIDIA plugin's side of tensor descriptors on sm_90 and later: the
// DescriptorCopier core's passes use (a kernel's descriptor parameters are
// kept, and the pipeliner runs their loads ahead as TMA copies into
// #ttg.nvmma_shared rings completing on mbarriers), and the encoding a
// descriptor's block carries in TTGIR. nvidia-lower-tensor-descriptors
// (Passes.td) lowers what the pipeliner leaves.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_NVIDIA_TENSORDESCRIPTORS_H
#define TRIDENT_BACKENDS_NVIDIA_TENSORDESCRIPTORS_H

#include "trident/Dialect/TritonGPU/Transforms/DescriptorCopier.h"

namespace trident::nvidia {

/// The #ttg.nvmma_shared encoding TMA copies of `type`'s block use: not
/// transposed, swizzled as wide as the contiguous dimension's bytes allow
/// (128, 64 or 32, as Triton's default for descriptors); null for a block
/// TMA does not take here (rank other than 2, fewer than 8 rows, under 32
/// contiguous bytes, elements not 1, 2 or 4 bytes).
mlir::Attribute tmaEncoding(mlir::triton::TensorDescType type);

/// The copier of sm_90's TMA.
mlir::triton::gpu::DescriptorCopierRef tmaCopier();

} // namespace trident::nvidia

#endif // TRIDENT_BACKENDS_NVIDIA_TENSORDESCRIPTORS_H
