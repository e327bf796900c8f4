//===- Passes.h - passes of the cpu backend ---------------------*- C++ -*-===//
//
// Declarations of the cpu backend's passes (descriptions in Passes.td).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_CPU_PASSES_H
#define TRIDENT_BACKENDS_CPU_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace trident::cpu {

/// The unit attribute cpu-add-program-args puts on each function it gave
/// the six program-id arguments; what reads them (tt.print, tt.assert)
/// checks for it rather than assume the trailing arguments are there.
constexpr const char kProgramArgsAttr[] = "trident.program_args";

#define GEN_PASS_DECL
#include "trident/Backends/Cpu/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "trident/Backends/Cpu/Passes.h.inc"

} // namespace trident::cpu

#endif // TRIDENT_BACKENDS_CPU_PASSES_H
