//===- Dialect.h - the ttng dialect (NVIDIA's TTGIR ops) --------*- C++ -*-===//
//
// NVIDIA's own TTGIR ops under Triton 3.6's `ttng` names: warpgroup MMA
// (wgmma) with its wait, the async-proxy fence, and Hopper's TMA copies,
// mbarriers and device-made descriptors (NvidiaGPUOps.td). The plugin
// registers the dialect with its others (Plugin.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_NVIDIA_DIALECT_DIALECT_H
#define TRIDENT_BACKENDS_NVIDIA_DIALECT_DIALECT_H

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "trident/Backends/Nvidia/Dialect/Dialect.h.inc"

#define GET_OP_CLASSES
#include "trident/Backends/Nvidia/Dialect/Ops.h.inc"

namespace trident::nvidia {

/// Whether `enc` is `#ttg.nvidia_mma` of version `major` (2: mma.sync,
/// 3: wgmma).
bool isNvidiaMma(mlir::Attribute enc, int major);

} // namespace trident::nvidia

#endif // TRIDENT_BACKENDS_NVIDIA_DIALECT_DIALECT_H
