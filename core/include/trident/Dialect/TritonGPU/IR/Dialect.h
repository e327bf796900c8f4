//===- Dialect.h - the ttg dialect (TTGIR) ----------------------*- C++ -*-===//
//
// Public entry point of TTGIR: the dialect, its encodings (blocked, slice,
// linear, dot_op, swizzled_shared; vendor encodings through the registry below)
// with their linear layouts, the DistributedEncoding interface vendor
// encodings implement, and its operations.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_TRITONGPU_IR_DIALECT_H
#define TRIDENT_DIALECT_TRITONGPU_IR_DIALECT_H

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Tools/LinearLayout.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/TensorEncoding.h"

#include <functional>
#include <string>
#include <vector>

#include "trident/Dialect/TritonGPU/IR/Dialect.h.inc"

#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton::gpu {
/// Shared memory, as a resource of the memory-effect interfaces.
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  StringRef getName() final { return "<SharedMemory>"; }
};
/// Marks the memdesc view ops (memdesc_index, _subslice, _trans,
/// _reshape): their result describes part of their operand's buffer.
template <typename ConcreteType>
class MemDescViewTrait
    : public ::mlir::OpTrait::TraitBase<ConcreteType, MemDescViewTrait> {};
/// Shared-memory writes that land later than the op (TTG_AsyncWriteTrait).
template <typename ConcreteType>
class AsyncWriteTrait
    : public ::mlir::OpTrait::TraitBase<ConcreteType, AsyncWriteTrait> {};
/// Waits for the thread's earlier asynchronous writes (TTG_MemWaitOpTrait).
template <typename ConcreteType>
class MemWaitOpTrait
    : public ::mlir::OpTrait::TraitBase<ConcreteType, MemWaitOpTrait> {};
} // namespace mlir::triton::gpu
#include "trident/Dialect/TritonGPU/IR/AttrInterfaces.h.inc"
#include "trident/Dialect/TritonGPU/IR/OpInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "trident/Dialect/TritonGPU/IR/Attrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/TritonGPU/IR/Types.h.inc"

#define GET_OP_CLASSES
#include "trident/Dialect/TritonGPU/IR/Ops.h.inc"

namespace mlir::triton::gpu {
/// tritongpu-allocate-global-scratch's attributes (Triton 3.6's names): on
/// each ttg.global_scratch_alloc its offset in the program's region, on the
/// module the region's bytes and alignment.
inline constexpr const char *kGlobalScratchOffset =
    "ttg.global_scratch_memory_offset";
inline constexpr const char *kGlobalScratchSize =
    "ttg.global_scratch_memory_size";
inline constexpr const char *kGlobalScratchAlignment =
    "ttg.global_scratch_memory_alignment";
} // namespace mlir::triton::gpu

namespace mlir::triton::gpu {

/// What a backend plugin gives core for one of its encodings, spelled
/// `#ttg.<name><{key = value, ...}>` as Triton writes it (a
/// VendorEncodingAttr holds the fields).
struct VendorEncodingInfo {
  std::string name;                  ///< "nvidia_mma"
  std::string alias;                 ///< printed alias: "mma" -> #mma
  std::vector<std::string> printOrder; ///< fields, in Triton's order
  /// Checks the fields; errors through `emitError`.
  std::function<LogicalResult(DictionaryAttr,
                              function_ref<InFlightDiagnostic()> emitError)>
      verify;
  /// The rank of the tensors the encoding is for.
  std::function<unsigned(DictionaryAttr)> rank;
  /// Its linear layout for a tensor of `shape`.
  std::function<trident::LinearLayout(DictionaryAttr, ArrayRef<int64_t>)>
      toLinearLayout;
  /// Optional: the layout of a dot operand with this parent.
  std::function<FailureOr<trident::LinearLayout>(
      DictionaryAttr, unsigned opIdx, unsigned kWidth, ArrayRef<int64_t>)>
      dotOperand;
  /// A shared-memory encoding (a memdesc's), not a distributed one: its
  /// linear layout maps "offset" (in elements) to dims, and `alignment`
  /// gives the bytes a buffer in it must be aligned to (16 when unset).
  bool shared = false;
  std::function<uint64_t(DictionaryAttr)> alignment;
};
/// The rank of the tensors a shared encoding describes (`fallback` where
/// the encoding does not say): a memdesc may have one more, leading,
/// dimension of buffers.
size_t sharedEncodingRank(Attribute enc, size_t fallback);

/// Registers a vendor encoding (the first registration of a name stays);
/// the registry is process-wide, filled by plugins as they register
/// dialects. Refused, with `error`, for a name core uses or an info
/// without a name, rank or linear layout.
bool registerVendorEncoding(VendorEncodingInfo info,
                            std::string *error = nullptr);
/// The registered encoding `name`; null when none is.
const VendorEncodingInfo *findVendorEncoding(StringRef name);

/// Whether a buffer of `memdesc` type lives in the CTA's shared memory
/// (core allocates, orders and lowers it), not in a backend's own memory
/// space (MemorySpace).
bool inSharedMemory(Type memdesc);

/// The linear layout of `type`'s encoding (which must be distributed).
trident::LinearLayout toLinearLayout(RankedTensorType type);
/// The linear layout of a shared-memory buffer ("offset", in elements, to
/// dims) of the memdesc's shape.
trident::LinearLayout toLinearLayout(MemDescType type);

/// The default blocked encoding of a tensor of `shape`: one element per
/// thread, lanes then warps along the minor dimension first (Triton's
/// getDefaultBlockedEncoding).
BlockedEncodingAttr defaultBlockedEncoding(MLIRContext *ctx,
                                           ArrayRef<int64_t> shape,
                                           int numWarps, int threadsPerWarp);

/// A blocked encoding holding `sizePerThread` consecutive elements along
/// `order[0]` and distributing the rest of `shape` as Triton's coalesce
/// pass does.
BlockedEncodingAttr blockedEncodingFor(MLIRContext *ctx,
                                       ArrayRef<int64_t> shape,
                                       ArrayRef<unsigned> order,
                                       unsigned sizePerThread, int numWarps,
                                       int threadsPerWarp);

/// How ttg.convert_layout moves a tensor between two layouts, read off
/// their linear layouts: not at all (the same layout), within each thread
/// (the lanes and warps hold the same elements: the registers are
/// renumbered), or through shared memory. `withinWarps` says whether the
/// warps hold the same elements (only lanes of one warp exchange data).
struct LayoutConversion {
  enum Kind { None, Registers, SharedMemory } kind = None;
  bool withinWarps = false;
};
LayoutConversion classifyConversion(RankedTensorType from,
                                    RankedTensorType to);

} // namespace mlir::triton::gpu

#endif // TRIDENT_DIALECT_TRITONGPU_IR_DIALECT_H
