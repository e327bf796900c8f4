//===- LayoutRemarks.h - what a kernel's layouts cost, for its author -*- C++ -*-===//
//
// `tridentc --remarks=layouts`: on TTGIR (after the backend's ttgir stage,
// or given as input), one remark at the user's file:line:col for every
// layout conversion left (how it is done: renumbered registers or shared
// memory, and the bytes) and for every load or store that is not one
// 128-bit access per run of registers (how many elements it moves at once
// and what bounds it: the layout, the pointers' contiguity or alignment,
// the mask), and for every tt.dot whose target said why it chose its
// instruction (core's FMA dot instead of a matrix unit). What the shared
// lowering then does is what the remarks say: both read the same
// classifyConversion and planVectorAccess.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_ANALYSIS_LAYOUTREMARKS_H
#define TRIDENT_ANALYSIS_LAYOUTREMARKS_H

#include "mlir/IR/BuiltinOps.h"

namespace trident {

/// Emits the remarks as MLIR remark diagnostics located at the ops.
/// Returns how many it emitted.
unsigned emitLayoutRemarks(mlir::ModuleOp module);

} // namespace trident

#endif // TRIDENT_ANALYSIS_LAYOUTREMARKS_H
