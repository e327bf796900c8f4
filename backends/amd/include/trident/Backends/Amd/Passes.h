//===- Passes.h - the AMD backend's passes ----------------------*- C++ -*-===//
//
// The conversion of TTGIR to the LLVM dialect for AMD GPUs (ROCDL).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_AMD_PASSES_H
#define TRIDENT_BACKENDS_AMD_PASSES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Pass/Pass.h"

namespace trident::amd {

#define GEN_PASS_DECL
#include "trident/Backends/Amd/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "trident/Backends/Amd/Passes.h.inc"

} // namespace trident::amd

#endif // TRIDENT_BACKENDS_AMD_PASSES_H
