//===- SharedAccess.h - registers to and from a shared-memory layout -*- C++ -*-===//
//
// How the registers of a distributed tensor sit in a piece of shared
// memory whose layout is a linear map offset -> element (a buffer's
// shared encoding, or a scratch layout a conversion derives): the
// tensor's layout composed with the inverse of the memory's gives
// register, lane, warp -> offset, a linear map whose lane and warp part
// is computed once per thread and whose register part is a constant.
// Runs of registers at consecutive aligned offsets move as one vector (up
// to 16 bytes). Used by local_alloc / local_load / local_store and by
// convert_layout through shared memory; ordering against other accesses
// is the caller's (or insert-shared-barriers') business.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_CONVERSION_TRITONGPUTOLLVM_SHAREDACCESS_H
#define TRIDENT_CONVERSION_TRITONGPUTOLLVM_SHAREDACCESS_H

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include <functional>

namespace trident {

struct BufferAccess {
  LinearLayout toOffset; ///< register, lane, warp -> "offset"
  int32_t vec = 1;       ///< registers per vector access
  uint32_t copies = 0;   ///< register bits that repeat an element
  mlir::Type slotType;   ///< the integer each element is stored as
  /// A tile's (memdesc_subslice's) first element's offset in its buffer,
  /// xor-ed into every offset: the tile's offsets are multiples of its
  /// sizes, so its elements' coordinates in the buffer are the tile's own
  /// or-ed with them, and the buffer's layout is linear.
  int32_t tileOffset = 0;

  /// How the registers of a tensor of `tensor` type sit in the buffer
  /// `memdesc` (its type's layout; for a tile, the buffer's).
  static mlir::FailureOr<BufferAccess> get(mlir::Operation *op,
                                           mlir::RankedTensorType tensor,
                                           mlir::Value memdesc);
  /// How the registers of `regs` (register, lane, warp -> element) sit in
  /// memory laid out as `memory` (offset -> element, the same outputs),
  /// elements of `elemType` (the tensor's).
  static mlir::FailureOr<BufferAccess> forLayouts(mlir::Operation *op,
                                                  const LinearLayout &regs,
                                                  const LinearLayout &memory,
                                                  mlir::Type elemType,
                                                  int32_t tileOffset = 0);

  /// The address of register `r`'s element (its run's first, for vectors)
  /// in the memory at `base`; `laneWarp` is the thread's part of the
  /// offset.
  mlir::Value address(mlir::OpBuilder &b, mlir::Location loc, mlir::Value base,
                      mlir::Value laneWarp, int32_t r) const;
};

/// Which registers an access takes (all when null).
using RegisterFilter = std::function<bool(int32_t reg)>;

/// Writes the registers `values` of a tensor into the memory at `base`.
void storeRegisters(mlir::OpBuilder &b, mlir::Location loc,
                    const BufferAccess &a, mlir::Value base,
                    llvm::ArrayRef<mlir::Value> values, const TargetInfo &t,
                    const RegisterFilter &only = nullptr);

/// Reads the registers of a tensor (LLVM element type `elem`, `n` of
/// them) from the memory at `base`; where `only` skips a register, its
/// value is taken from `have`.
llvm::SmallVector<mlir::Value>
loadRegisters(mlir::OpBuilder &b, mlir::Location loc, const BufferAccess &a,
              mlir::Value base, mlir::Type elem, int32_t n, const TargetInfo &t,
              const RegisterFilter &only = nullptr,
              llvm::ArrayRef<mlir::Value> have = {});

} // namespace trident

#endif
