//===- Allocation.h - where each use of shared memory lives -----*- C++ -*-===//
//
// Shared memory is used two ways in TTGIR: as scratch that one op needs
// while it runs (a layout conversion, shape op or gather through shared
// memory, a reduction or scan across warps, a histogram, the broadcast of
// an atomic's old value), and as buffers (`ttg.local_alloc`) that live
// from their allocation to their last use. The allocation gives each an
// offset such that two that are live at once never overlap: scratch is
// live at its op only, a buffer over the ops between its allocation and
// its last use (a use inside a loop keeps it live to the loop's end).
// Placement is greedy, largest first, at the lowest aligned offset free
// of everything live at the same time. A call reserves what its callee
// uses, at offset 0 (the callee's offsets are absolute).
//
// The result is written into the IR, Triton's way: `allocation.offset`
// on each op that uses shared memory, `ttg.shared` (total bytes) on the
// module, which the backend copies into the binary's metadata.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_ANALYSIS_ALLOCATION_H
#define TRIDENT_ANALYSIS_ALLOCATION_H

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/SmallVector.h"

namespace trident {

/// The attribute an op that uses shared memory gets: its byte offset.
inline constexpr llvm::StringLiteral kAllocationOffset = "allocation.offset";
/// On a function: the bytes of shared memory it uses (its calls included).
inline constexpr llvm::StringLiteral kAllocationSize = "allocation.size";
/// On the module: the bytes of shared memory the kernel needs.
inline constexpr llvm::StringLiteral kSharedBytes = "ttg.shared";
/// Every offset is a multiple of this (of its encoding's alignment for a
/// local_alloc buffer, when larger: 1024 for NVIDIA's 128-byte swizzle).
inline constexpr uint64_t kSharedAlignment = 16;

/// The bytes one element of `t` takes in shared memory (i1 a byte,
/// pointers 8); `t` is a TTGIR element type or its LLVM conversion.
unsigned sharedSlotBytes(mlir::Type t);

/// The bytes of shared memory `op` needs as scratch while it runs; 0 when
/// it needs none. The shared lowering's patterns use no more than this.
uint64_t scratchBytes(mlir::Operation *op);

/// Whether a reduction across warps has few enough partials (a row's, a
/// small slice's) that one group of lanes combines them by shuffles, its
/// totals then in a second region of its scratch. The lowering and
/// scratchBytes both ask this.
bool reduceCombinesInLanes(mlir::triton::ReduceOp reduce);

/// A layout conversion through shared memory whose image would exceed
/// kConversionChunkBytes goes in rounds ("chunks"): the top bits of a
/// dimension's coordinate that only registers set, in both layouts, pick
/// the round (the same registers in every thread), and each round's image
/// is the tensor with those bits dropped. Per dimension, how many top bits
/// split it; all zero when the conversion goes in one round.
llvm::SmallVector<int32_t>
conversionChunkBits(mlir::RankedTensorType src, mlir::RankedTensorType dst);
inline constexpr uint64_t kConversionChunkBytes = 16384;

/// The local_alloc whose buffer `memdesc` describes, through any chain of
/// views (memdesc_index, _subslice, _trans, _reshape); null when it comes
/// from elsewhere (a function argument, a loop-carried value).
mlir::Operation *rootAllocation(mlir::Value memdesc);

/// The bytes of the buffer a `!ttg.memdesc` value describes.
uint64_t bufferBytes(mlir::Type memdesc);

/// One range of shared memory an op reads or writes.
struct SharedAccess {
  uint64_t begin = 0, end = 0;
  bool read = false, write = false;
};
/// The bytes of the whole buffer (its root allocation) a memdesc value
/// describes, after allocateSharedMemory; all of shared memory when its
/// origin is unknown. Neither read nor write is set.
SharedAccess bufferAccess(mlir::Value memdesc);

/// The shared memory `op` touches, after allocateSharedMemory: what it
/// declares reading or writing on the SharedMemory resource (the buffer
/// of the memdesc the effect is on: local_load, local_store, a plugin's
/// ops), its scratch (read and written), a call's callee's. A buffer of
/// unknown origin is all of shared memory.
llvm::SmallVector<SharedAccess> sharedAccesses(mlir::Operation *op);

/// Allocates the shared memory of every function of `module` (callees
/// first) and writes the attributes above. Fails, with an error at the op,
/// when a function is called recursively.
mlir::LogicalResult allocateSharedMemory(mlir::ModuleOp module);

} // namespace trident

#endif // TRIDENT_ANALYSIS_ALLOCATION_H
