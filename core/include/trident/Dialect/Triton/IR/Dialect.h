//===- Dialect.h - the tt dialect (TTIR) ------------------------*- C++ -*-===//
//
// Public entry point of TTIR: the dialect, its types, enums and operations.
// Include this header to build or inspect TTIR.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_TRITON_IR_DIALECT_H
#define TRIDENT_DIALECT_TRITON_IR_DIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "trident/Dialect/Triton/IR/Traits.h"
#include "trident/Dialect/Triton/IR/Types.h"

#include "trident/Dialect/Triton/IR/OpsEnums.h.inc"
#include "trident/Dialect/Triton/IR/Dialect.h.inc"

namespace mlir::triton {
/// The memory resource loads, stores and atomics act on.
struct GlobalMemory : public SideEffects::Resource::Base<GlobalMemory> {
  StringRef getName() final { return "<GlobalMemory>"; }
};
} // namespace mlir::triton

#define GET_OP_CLASSES
#include "trident/Dialect/Triton/IR/Ops.h.inc"

#endif // TRIDENT_DIALECT_TRITON_IR_DIALECT_H
