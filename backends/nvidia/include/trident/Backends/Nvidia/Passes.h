//===- Passes.h - the NVIDIA backend's passes -------------------*- C++ -*-===//
//
// The conversion of TTGIR to the LLVM dialect for NVIDIA GPUs, and the
// TTGIR pass that makes wgmma asynchronous in pipelined loops.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_NVIDIA_PASSES_H
#define TRIDENT_BACKENDS_NVIDIA_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Pass/Pass.h"
#include "trident/Backends/Nvidia/Dialect/Dialect.h"

namespace trident::nvidia {

#define GEN_PASS_DECL
#include "trident/Backends/Nvidia/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "trident/Backends/Nvidia/Passes.h.inc"

} // namespace trident::nvidia

#endif // TRIDENT_BACKENDS_NVIDIA_PASSES_H
