//===- OpsGen.cpp - generated definitions of the tt operations ------------===//
//
// Only the ODS-generated code lives here, so that editing a verifier or a
// folder does not recompile it. Hand-written parts of the ops are in
// OpVerifiers.cpp, OpFolders.cpp and FuncOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

#include "trident/Dialect/Triton/IR/OpsEnums.cpp.inc"

#define GET_OP_CLASSES
#include "trident/Dialect/Triton/IR/Ops.cpp.inc"
