//===- Utility.h - helpers of the shared TTGIR lowering ---------*- C++ -*-===//
//
// For the shared lowering's patterns and a backend's own: per-thread
// element lists of distributed tensors (pack/unpack of the LLVM struct,
// element-by-element mapping), the tensor coordinates of each element (from the linear layout:
// constant for the register part, computed from the lane and warp ids for
// the rest), and the dynamic shared memory base.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
#define TRIDENT_CONVERSION_TRITONGPUTOLLVM_UTILITY_H

#include "trident/Conversion/TritonGPUToLLVM/Lowering.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Tools/LinearLayout.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

#include <functional>
#include <map>
#include <vector>

namespace trident {

/// The elements of a converted tensor value (an LLVM struct), or the value
/// itself for a scalar.
llvm::SmallVector<mlir::Value> unpack(mlir::OpBuilder &b, mlir::Location loc,
                                      mlir::Value v);
/// An LLVM struct of `structType` holding `values`.
mlir::Value pack(mlir::OpBuilder &b, mlir::Location loc,
                 mlir::Type structType, llvm::ArrayRef<mlir::Value> values);

/// Applies `fn` to each element of the converted `operands` (scalars are
/// one-element lists) and packs the results as `resultType`. With
/// `representatives` (see constantRepresentatives), an element whose
/// representative is another register takes that register's result.
mlir::Value mapElements(
    mlir::OpBuilder &b, mlir::Location loc, mlir::ValueRange operands,
    mlir::Type resultType,
    const std::function<mlir::Value(llvm::ArrayRef<mlir::Value>,
                                    mlir::Type elemType)> &fn,
    llvm::ArrayRef<int32_t> representatives = {});

/// For each register of a tensor of layout `ll` whose values are constant
/// over aligned runs of `constancy[d]` along each dimension d (AxisInfo),
/// the lowest register of the same thread known to hold an equal value:
/// registers that differ only in register bases that move one coordinate
/// bit below the run's length. Computing those once is what lets a mask
/// `offs < n` cost one compare per vector, not one per element (Triton's
/// deduplication).
llvm::SmallVector<int32_t>
constantRepresentatives(const LinearLayout &ll,
                        llvm::ArrayRef<int64_t> constancy);

/// The results of a reduce or scan combine region applied to the scalars
/// `a` (the earlier or accumulated values) and `b`: its ops cloned on them.
llvm::SmallVector<mlir::Value> inlineCombine(mlir::OpBuilder &b,
                                             mlir::Region &combine,
                                             llvm::ArrayRef<mlir::Value> a,
                                             llvm::ArrayRef<mlir::Value> x);

/// `v` (any scalar of 1 to 64 bits, or a pointer) as the i32 words a
/// 32-bit cross-lane operation moves -- one, or for 64 bits two (low,
/// high) -- and those words back as a value of `type`.
llvm::SmallVector<mlir::Value> toI32Words(mlir::OpBuilder &b,
                                          mlir::Location loc, mlir::Value v);
mlir::Value fromI32Words(mlir::OpBuilder &b, mlir::Location loc,
                         llvm::ArrayRef<mlir::Value> words, mlir::Type type);

/// `v` (any scalar: 1 to 64 bits, or a pointer) of the lane `lane ^ mask`,
/// through the target's 32-bit shuffles.
mlir::Value shuffleXorAny(mlir::OpBuilder &b, mlir::Location loc,
                          const TargetInfo &target, mlir::Value v, int mask);

mlir::Value i32Const(mlir::OpBuilder &b, mlir::Location loc, int64_t v);

/// The module's declaration of the external function `name` of `type`
/// (made at the module's start the first time).
mlir::LLVM::LLVMFuncOp declareFunction(mlir::OpBuilder &b, mlir::Location loc,
                                       mlir::Operation *anyOpInModule,
                                       llvm::StringRef name,
                                       mlir::LLVM::LLVMFunctionType type);

/// [0, num_warps * threadsPerWarp), the thread ids of a program of the
/// module `b` builds into (its ttg.num-warps), for a target's thread-id
/// op (LLVM then proves the bits of a thread's coordinates disjoint); null
/// where the module has no ttg.num-warps.
mlir::LLVM::ConstantRangeAttr threadIdRange(mlir::OpBuilder &b,
                                            int threadsPerWarp);

/// A target's thread-id op `Op` (x), as i32, with threadIdRange's range
/// where the module has one: knowing the id is in [0, threads per program)
/// lets LLVM prove a thread's coordinate bits disjoint from the registers'
/// (an xor becomes an add folded into the address).
template <typename Op>
mlir::Value threadIdOp(mlir::OpBuilder &b, mlir::Location loc,
                       int threadsPerWarp) {
  mlir::Type i32 = b.getI32Type();
  if (auto range = threadIdRange(b, threadsPerWarp))
    return Op::create(b, loc, i32, range);
  return Op::create(b, loc, i32);
}

/// The i32 a target's op of one axis gives (block id, grid size): `XOp`,
/// `YOp` or `ZOp` for `axis` 0, 1 or 2.
template <typename XOp, typename YOp, typename ZOp>
mlir::Value i32OfAxis(mlir::OpBuilder &b, mlir::Location loc, int axis) {
  mlir::Type i32 = b.getI32Type();
  if (axis == 0)
    return XOp::create(b, loc, i32);
  if (axis == 1)
    return YOp::create(b, loc, i32);
  return ZOp::create(b, loc, i32);
}

/// A float math op lowered to the LLVM intrinsic of the same meaning, for
/// f32 and f64 (and f16 with `withF16`), at `benefit`: a GPU backend adds
/// these for the operations its hardware has, ahead of its math library's
/// patterns, so that a kernel calls the library only for what needs it.
template <typename Op, typename LLVMOp>
struct DirectFloatOp : public mlir::ConvertOpToLLVMPattern<Op> {
  DirectFloatOp(mlir::LLVMTypeConverter &tc, unsigned benefit, bool withF16)
      : mlir::ConvertOpToLLVMPattern<Op>(tc, benefit), withF16(withF16) {}
  mlir::LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  mlir::ConversionPatternRewriter &rw) const override {
    mlir::Type t = op->getResult(0).getType();
    if (!t.isF32() && !t.isF64() && !(withF16 && t.isF16()))
      return mlir::failure();
    rw.replaceOp(op, LLVMOp::create(rw, op.getLoc(), t, adaptor.getOperands())
                         ->getResults());
    return mlir::success();
  }
  bool withF16;
};

/// What builds one value from the converted operands of an op.
using BuildValue = std::function<mlir::Value(
    mlir::RewriterBase &, mlir::Location, mlir::ValueRange)>;

/// An f32 op lowered by `build` (from the converted operands to the
/// result), at `benefit`; other types are left to later patterns. How a
/// target says how it does fast f32 math (ex2.approx, sqrt.approx,
/// v_sqrt_f32).
template <typename Op>
struct F32OpLowering : public mlir::ConvertOpToLLVMPattern<Op> {
  using Build = BuildValue;
  F32OpLowering(mlir::LLVMTypeConverter &tc, unsigned benefit, Build build)
      : mlir::ConvertOpToLLVMPattern<Op>(tc, benefit), build(std::move(build)) {}
  mlir::LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  mlir::ConversionPatternRewriter &rw) const override {
    if (!op.getType().isF32())
      return mlir::failure();
    rw.replaceOp(op, build(rw, op.getLoc(), adaptor.getOperands()));
    return mlir::success();
  }
  Build build;
};

/// The one result of inline assembly `text` with `constraints` over `args`
/// that has no side effects (CSE and DCE may treat it as arithmetic).
mlir::Value pureInlineAsm(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Type result, llvm::StringRef text,
                          llvm::StringRef constraints, mlir::ValueRange args);

/// DirectFloatOp for abs, ceil, floor, the two roundings, trunc, sqrt,
/// fma, copysign, maxnum and minnum.
void populateDirectFloatOpPatterns(TritonGPUToLLVMTypeConverter &tc,
                                   mlir::RewritePatternSet &patterns,
                                   unsigned benefit, bool withF16);

/// The hardware position of this thread: its lane in the warp, its warp,
/// and the thread id they come from (lane + warp * threads per warp).
struct ThreadIds {
  mlir::Value lane, warp, tid;
};
ThreadIds threadIds(mlir::OpBuilder &b, mlir::Location loc,
                    const TargetInfo &target);

/// The tensor coordinates (one i32 per dimension) of register `r` of this
/// thread in a tensor of layout `ll`.
llvm::SmallVector<mlir::Value>
elementCoords(mlir::OpBuilder &b, mlir::Location loc,
              const LinearLayout &ll, int32_t r, const ThreadIds &ids);
/// The part of the coordinates that depends on the lane and warp only:
/// elementCoords(r) = registerCoords(r) xor laneWarpCoords.
llvm::SmallVector<mlir::Value>
laneWarpCoords(mlir::OpBuilder &b, mlir::Location loc, const LinearLayout &ll,
               const ThreadIds &ids);

/// `laneWarp` (a laneWarpCoords entry for dimension `dim` of `ll`) xor
/// `part`, a constant coordinate from the registers: a disjoint or (which
/// LLVM folds into addresses as an add) where no lane or warp basis of
/// `ll` shares a bit with `part`.
mlir::Value withConstantPart(mlir::OpBuilder &b, mlir::Location loc,
                             const LinearLayout &ll, unsigned dim,
                             mlir::Value laneWarp, int32_t part);

/// Row-major linear index of `coords` in `shape`, as i32.
mlir::Value linearIndex(mlir::OpBuilder &b, mlir::Location loc,
                        llvm::ArrayRef<mlir::Value> coords,
                        llvm::ArrayRef<int64_t> shape);

/// The kernel's dynamic shared memory (a pointer of the shared address
/// space), declared once per module.
mlir::Value sharedBase(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Operation *anyOpInModule,
                       const TargetInfo &target);

/// Where `op`'s shared memory starts (its `allocation.offset` from the
/// allocation), for a pattern that uses `bytes` of it. Using more than
/// the allocation gave the op is an internal error, reported at the op
/// (and the lowering fails).
mlir::Value scratchBase(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Operation *op, LoweringContext &lc,
                        uint64_t bytes);

/// A tensor's trip through shared memory: every thread writes the elements
/// it holds at the positions an index function gives, a barrier, then
/// reads the elements its result registers hold. Used by convert_layout,
/// the shape ops and gather; correct for any pair of layouts. Ordering
/// against earlier users of the same range is insert-shared-barriers'
/// business.
class SharedImage {
public:
  /// The linear position of an element, from its coordinates in the tensor
  /// being written or read and its register number there.
  using IndexFn = std::function<mlir::Value(
      mlir::OpBuilder &, mlir::Location, llvm::SmallVector<mlir::Value> coords,
      int32_t reg)>;
  /// Room for `elements` values of `elemType` (the tensor's element type).
  SharedImage(mlir::OpBuilder &b, mlir::Location loc, LoweringContext &lc,
              mlir::Operation *op, int64_t elements, mlir::Type elemType);
  /// Which registers a write or read takes (all when null).
  using RegisterFilter = std::function<bool(int32_t reg)>;
  /// Writes the registers `values` of a tensor of `type`.
  void write(mlir::RankedTensorType type, llvm::ArrayRef<mlir::Value> values,
             const IndexFn &index, const RegisterFilter &only = nullptr);
  /// Reads the registers of a tensor of `type`, of LLVM element type `elem`
  /// (into `out`, one per register, where `only` takes them).
  llvm::SmallVector<mlir::Value> read(mlir::RankedTensorType type,
                                      mlir::Type elem, const IndexFn &index,
                                      const RegisterFilter &only = nullptr,
                                      llvm::ArrayRef<mlir::Value> out = {});
  /// The image is used again: a barrier (every read is done) before the
  /// next writes.
  void nextRound();
  /// Row-major positions in `shape`.
  static IndexFn rowMajor(llvm::ArrayRef<int64_t> shape);

private:
  mlir::Value slot(mlir::Value index);
  mlir::OpBuilder &b;
  mlir::Location loc;
  LoweringContext &lc;
  ThreadIds ids;
  mlir::Type slotType;
  mlir::Value base;
  bool readBarrier = false;
};

/// The registers of a layout by the register part of their coordinates
/// (what `ll` gives register r with lane and warp 0), copies in order: a
/// pattern that needs the register holding a given element of the
/// thread's (a dot's operand fragments) looks it up here.
std::map<std::vector<int32_t>, llvm::SmallVector<int32_t>>
registersByCoords(const LinearLayout &ll);

/// The registers of `ll` that hold distinct elements (register bases that
/// are zero hold copies, see LinearLayout::resizedTo).
int32_t numRegisters(const LinearLayout &ll);

/// Whether this thread is the one that acts for the elements of a value of
/// `type` it holds, when several threads hold them: the thread whose free
/// lane and warp bits of the layout are zero (thread 0 for a scalar). Null
/// when every thread owns what it holds.
mlir::Value ownerPredicate(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Type type, const TargetInfo &target);

/// Splits the current block at the insertion point and moves the insertion
/// point into a new block that runs only when `pred` holds and falls through
/// to the rest. Returns the rest's first block: the caller continues there
/// after filling the conditional block.
mlir::Block *beginConditional(mlir::RewriterBase &rw, mlir::Location loc,
                              mlir::Value pred);
/// Closes the conditional block begun by beginConditional.
void endConditional(mlir::RewriterBase &rw, mlir::Location loc,
                    mlir::Block *rest);

/// A generic pointer to a NUL-terminated constant string global of the
/// module holding `anyOpInModule` (one global per distinct text).
mlir::Value stringConstant(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Operation *anyOpInModule,
                           llvm::StringRef text, const TargetInfo &target);

/// Bit-casts `v` to an integer of its width and back.
mlir::Value toInt(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v);
mlir::Value fromInt(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                    mlir::Type type);

} // namespace trident

#endif // TRIDENT_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
