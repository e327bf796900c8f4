//===- TargetInfo.h - what the shared GPU lowering asks of a target -*- C++ -*-===//
//
// The lowering of TTGIR to the LLVM dialect is shared by every GPU backend;
// the few things that differ between vendors go through this interface,
// which a backend implements (NVIDIA over NVVM and inline PTX, AMD over
// ROCDL): hardware ids, cross-lane shuffles, barriers, the shared-memory
// address space, predicated global loads and stores, atomics, printf and
// assertion failure, matrix loads from shared memory (optional), and how a
// kernel function is marked. The memory,
// atomic and debug hooks get a rewriter: a target without predicated
// instructions (AMD) branches around the access, splitting the block.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_CONVERSION_TRITONGPUTOLLVM_TARGETINFO_H
#define TRIDENT_CONVERSION_TRITONGPUTOLLVM_TARGETINFO_H

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Tools/LinearLayout.h"
#include "trident/Tools/SharedSwizzle.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Value.h"

#include <functional>
#include <optional>

namespace mlir {
namespace LLVM {
class LLVMFuncOp;
}
} // namespace mlir

namespace trident {

class TargetInfo {
public:
  virtual ~TargetInfo();

  /// Lanes per warp (32 on NVIDIA, 64 on AMD wave64).
  virtual int threadsPerWarp() const = 0;
  /// The thread's index in its CTA (x), as i32.
  virtual mlir::Value threadId(mlir::OpBuilder &b, mlir::Location loc) const = 0;
  /// tl.program_id(axis) and tl.num_programs(axis), as i32.
  virtual mlir::Value programId(mlir::OpBuilder &b, mlir::Location loc,
                                int axis) const = 0;
  virtual mlir::Value numPrograms(mlir::OpBuilder &b, mlir::Location loc,
                                  int axis) const = 0;
  /// The i32 `value` of the lane `lane ^ mask` of this warp.
  virtual mlir::Value shuffleXor(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value value, int mask) const = 0;
  /// Combines `acc` (one value per operand of a reduction) over all the
  /// lanes of the warp, with `combine` (a tuple and a tuple to a tuple),
  /// leaving the total in every lane -- where the target has a better way
  /// than shuffleXor butterflies. False (the default) lets the caller
  /// shuffle.
  using CombineFn = llvm::function_ref<llvm::SmallVector<mlir::Value>(
      llvm::ArrayRef<mlir::Value>, llvm::ArrayRef<mlir::Value>)>;
  virtual bool reduceWarp(mlir::RewriterBase &b, mlir::Location loc,
                          llvm::SmallVectorImpl<mlir::Value> &acc,
                          CombineFn combine) const {
    return false;
  }
  /// A barrier of all threads of the CTA (shared memory ordered too).
  virtual void barrier(mlir::OpBuilder &b, mlir::Location loc) const = 0;
  /// The LLVM address space of shared memory, and of global memory.
  virtual unsigned sharedAddressSpace() const = 0;
  virtual unsigned globalAddressSpace() const = 0;

  /// Loads `words` words of `wordBits` bits each from consecutive global
  /// memory at `ptr` when `pred` (i1) holds, else yields `other` (one i{wordBits}
  /// value per word). Returns one i{wordBits} value per word.
  virtual llvm::SmallVector<mlir::Value>
  loadGlobal(mlir::RewriterBase &b, mlir::Location loc, mlir::Value ptr,
             unsigned wordBits, unsigned words, mlir::Value pred,
             llvm::ArrayRef<mlir::Value> other) const = 0;
  /// Stores `values` (i{wordBits} each) to consecutive global memory at
  /// `ptr` when `pred` holds.
  virtual void storeGlobal(mlir::RewriterBase &b, mlir::Location loc,
                           mlir::Value ptr, unsigned wordBits,
                           llvm::ArrayRef<mlir::Value> values,
                           mlir::Value pred) const = 0;

  /// Whether the target has memory instructions that take a base address
  /// the whole program agrees on and a 32-bit offset per lane (AMD's
  /// buffer instructions). When it has, the lowering gives loads and stores
  /// whose pointers are such a base plus bounded offsets to
  /// loadGlobalBased and storeGlobalBased instead of loadGlobal and
  /// storeGlobal.
  virtual bool hasBasedAccesses() const { return false; }
  /// loadGlobal at `base` (a global pointer with the same value in every
  /// thread of the program) plus `byteOffset` (i32, non-negative; the
  /// access ends at or below 2^31 - 1); by default exactly that.
  virtual llvm::SmallVector<mlir::Value>
  loadGlobalBased(mlir::RewriterBase &b, mlir::Location loc, mlir::Value base,
                  mlir::Value byteOffset, unsigned wordBits, unsigned words,
                  mlir::Value pred, llvm::ArrayRef<mlir::Value> other) const;
  /// storeGlobal at `base` plus `byteOffset`, as loadGlobalBased.
  virtual void storeGlobalBased(mlir::RewriterBase &b, mlir::Location loc,
                                mlir::Value base, mlir::Value byteOffset,
                                unsigned wordBits,
                                llvm::ArrayRef<mlir::Value> values,
                                mlir::Value pred) const;

  /// Atomically applies `kind` to the `type` element at global `ptr` and
  /// `val` when `pred` (i1) holds, ordered by `sem` within `scope`. Returns
  /// the value that was there (0 where `pred` is false), or a null value
  /// when `wantOld` is false and none is computed; failure (an error at
  /// `loc`) for a type or kind the target has no instruction for.
  virtual mlir::FailureOr<mlir::Value>
  atomicRMW(mlir::RewriterBase &b, mlir::Location loc, mlir::triton::RMWOp kind,
            mlir::Type type, mlir::Value ptr, mlir::Value val, mlir::Value pred,
            mlir::triton::MemSemantic sem, mlir::triton::MemSyncScope scope,
            bool wantOld) const = 0;
  /// Atomic compare-and-swap of the `type` element at `ptr` when `pred`
  /// holds; returns the value read (0 where `pred` is false).
  virtual mlir::FailureOr<mlir::Value>
  atomicCAS(mlir::RewriterBase &b, mlir::Location loc, mlir::Type type,
            mlir::Value ptr, mlir::Value cmp, mlir::Value val, mlir::Value pred,
            mlir::triton::MemSemantic sem,
            mlir::triton::MemSyncScope scope) const = 0;
  /// Device printf of `format` (a generic pointer to a NUL-terminated
  /// string) with `args` (i32, i64, f64 or pointers, as C varargs promote).
  virtual void printf(mlir::RewriterBase &b, mlir::Location loc,
                      mlir::Value format, mlir::ValueRange args) const = 0;
  /// Stops the kernel reporting a failed assertion (generic pointers to
  /// strings; `line` i32).
  virtual void assertFail(mlir::RewriterBase &b, mlir::Location loc,
                          mlir::Value message, mlir::Value file,
                          mlir::Value line, mlir::Value function) const = 0;

  /// Matrix loads from shared memory (NVIDIA's ldmatrix): the read
  /// patterns (SharedSwizzle.h) of the loads this target has for elements
  /// of `elementBytes`, none by default. A conversion through shared
  /// memory places its tensor for the pattern that suits its writer best
  /// and reads it with loadSharedMatrix; so may a local_load.
  virtual std::vector<SharedMatrixPattern>
  sharedMatrixReads(int32_t elementBytes) const {
    return {};
  }
  /// Whether a matrix load or store of `pattern` can move the `n`
  /// registers of a tensor placed by `toOffset` (register, lane, warp ->
  /// offset), `copies` its repeated registers.
  virtual bool sharedMatrixFits(const SharedMatrixPattern &pattern,
                                const LinearLayout &toOffset, int32_t n,
                                uint32_t copies) const {
    return false;
  }
  /// Reads the `n` registers (LLVM element type `elem`) of a tensor with
  /// the matrix load of `pattern` from the memory at `base`, where
  /// `toOffset` (register, lane, warp -> offset) places each register's
  /// element. Registers `only` rejects keep their value from `have`;
  /// registers in `copies` repeat their first copy. Returns nothing, and
  /// emits nothing, when the placement does not suit the instruction.
  virtual std::optional<llvm::SmallVector<mlir::Value>>
  loadSharedMatrix(mlir::OpBuilder &b, mlir::Location loc,
                   const SharedMatrixPattern &pattern,
                   const LinearLayout &toOffset, mlir::Value base,
                   mlir::Type elem, int32_t n, uint32_t copies,
                   const std::function<bool(int32_t)> &only,
                   llvm::ArrayRef<mlir::Value> have) const {
    return std::nullopt;
  }

  /// Matrix stores to shared memory (NVIDIA's stmatrix), as the loads
  /// above: the patterns, none by default; a conversion whose reader has
  /// no matrix load places its tensor for the writer's pattern.
  virtual std::vector<SharedMatrixPattern>
  sharedMatrixWrites(int32_t elementBytes) const {
    return {};
  }
  /// Writes the registers `values` of a tensor with the matrix store of
  /// `pattern` to the memory at `base` (`toOffset`, `copies`, `only` as
  /// for loadSharedMatrix). False, and nothing emitted, when the placement
  /// does not suit the instruction.
  virtual bool storeSharedMatrix(mlir::OpBuilder &b, mlir::Location loc,
                                 const SharedMatrixPattern &pattern,
                                 const LinearLayout &toOffset, mlir::Value base,
                                 llvm::ArrayRef<mlir::Value> values,
                                 uint32_t copies,
                                 const std::function<bool(int32_t)> &only) const {
    return false;
  }

  /// Asynchronous copies from global to shared memory (NVIDIA's cp.async),
  /// which ttg.async_copy_global_to_local lowers to; a target without them
  /// refuses that op (its pipelines stage loads through registers).
  virtual bool hasAsyncCopy() const { return false; }
  /// Starts copying `bytes` (4, 8 or 16) from `src` (global) to `dst`
  /// (shared); where `pred` (i1, may be null: always) is false, zeros land.
  virtual void asyncCopy(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value dst, mlir::Value src, unsigned bytes,
                         mlir::Value pred,
                         mlir::triton::CacheModifier cache) const {}
  /// Closes the group of copies issued so far (ttg.async_commit_group).
  virtual void asyncCommitGroup(mlir::OpBuilder &b, mlir::Location loc) const {}
  /// Waits until all but the `pending` newest groups have landed
  /// (ttg.async_wait).
  virtual void asyncWait(mlir::OpBuilder &b, mlir::Location loc,
                         int pending) const {}

  /// Whether the target runs grid dependency control (NVIDIA's
  /// griddepcontrol, sm_90 on): where it does not, tl.extra.cuda's
  /// gdc_wait / gdc_launch_dependents are dropped (no-ops without a
  /// programmatic dependent launch; GridDependency.h).
  virtual bool hasGridDependencyControl() const { return false; }

  /// Marks `func` as a kernel entry of `threads` threads per block.
  virtual void markKernel(mlir::LLVM::LLVMFuncOp func, int threads) const = 0;
};

} // namespace trident

#endif // TRIDENT_CONVERSION_TRITONGPUTOLLVM_TARGETINFO_H
