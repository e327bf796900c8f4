//===- Common.h - shared by the TTIR to linalg patterns ---------*- C++ -*-===//
//
// Private to lib/Conversion/TritonToLinalg/: the type converter, what more
// than one op family uses, and the populate function of each family (the
// pass, in TritonToLinalg.cpp, adds them all); CheckMemory.cpp (the
// checked mode's pass, run before it) uses the helpers too.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_CPU_CONVERSION_TRITONTOLINALG_COMMON_H
#define TRIDENT_BACKENDS_CPU_CONVERSION_TRITONTOLINALG_COMMON_H

#include "trident/Backends/Cpu/Passes.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Transforms/DialectConversion.h"

#include <string>

namespace trident::cpu::tritontolinalg {

/// Pointers become i64 addresses and fp8 values their bytes (i8); tensors
/// of them tensors of those. Block pointers are not converted.
class PtrTypeConverter : public mlir::TypeConverter {
public:
  PtrTypeConverter(mlir::MLIRContext *ctx);
};

mlir::Value emptyLike(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::RankedTensorType t);

/// Builds a loop nest over `shape`, threading `inits` through every level;
/// `body(indices, iterArgs)` returns the new iter values.
llvm::SmallVector<mlir::Value>
loopNest(mlir::OpBuilder &b, mlir::Location loc, llvm::ArrayRef<int64_t> shape,
         mlir::ValueRange inits,
         llvm::function_ref<llvm::SmallVector<mlir::Value>(
             mlir::OpBuilder &, mlir::ValueRange, mlir::ValueRange)>
             body,
         llvm::SmallVector<mlir::Value> indices = {});

/// The zero of the integer or float type `t`.
mlir::Value zeroOf(mlir::OpBuilder &b, mlir::Location loc, mlir::Type t);

/// Calls `body(b, indices)` for each element of `shape` (once when scalar).
void forEachElement(
    mlir::OpBuilder &b, mlir::Location loc, llvm::ArrayRef<int64_t> shape,
    llvm::function_ref<void(mlir::OpBuilder &, mlir::ValueRange)> body);

/// The address of a NUL-terminated constant string (a private global of
/// `module`).
mlir::Value stringConstant(mlir::OpBuilder &b, mlir::ModuleOp module,
                           mlir::Location loc, llvm::StringRef text);

/// The program ids: the first three of the six arguments
/// cpu-add-program-args appended to the function enclosing `op`. Empty,
/// with an error on `op`, when that pass did not run on it.
llvm::SmallVector<mlir::Value> programIds(mlir::Operation *op);

/// The module's external global `name`, a function pointer null until the
/// runtime sets it after loading the shared object (the cpu kernel ABI's
/// trident_cpu_assert_hook and trident_cpu_check_hook); made on first use.
mlir::LLVM::GlobalOp runtimeHook(mlir::OpBuilder &b, mlir::ModuleOp module,
                                 mlir::Location loc, llvm::StringRef name);

/// "file:line" of the first file location in `loc` ("<unknown>": none).
std::string sourcePosition(mlir::Location loc);

/// Element `idx` of the tensor `v`; `v` itself when it is a scalar or null.
mlir::Value elementAt(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                      mlir::ValueRange idx);

/// An op rebuilt as one `DstOp` from its converted operands and result
/// types, without its attributes. Registered once per pair of ops by the
/// families that have such ops.
template <typename SrcOp, typename DstOp>
struct OneToOne : public mlir::OpConversionPattern<SrcOp> {
  using mlir::OpConversionPattern<SrcOp>::OpConversionPattern;
  mlir::LogicalResult
  matchAndRewrite(SrcOp op, typename SrcOp::Adaptor a,
                  mlir::ConversionPatternRewriter &rewriter) const override {
    llvm::SmallVector<mlir::Type> results;
    if (mlir::failed(this->getTypeConverter()->convertTypes(
            op->getResultTypes(), results)))
      return mlir::failure();
    rewriter.replaceOpWithNewOp<DstOp>(op, results, a.getOperands());
    return mlir::success();
  }
};

/// Ops the cpu backend cannot lower yet: a located error.
template <typename Op>
struct UnsupportedPattern : public mlir::OpConversionPattern<Op> {
  UnsupportedPattern(const mlir::TypeConverter &tc, mlir::MLIRContext *ctx,
                     const char *what)
      : mlir::OpConversionPattern<Op>(tc, ctx), what(what) {}
  mlir::LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor,
                  mlir::ConversionPatternRewriter &) const override {
    return op.emitError(std::string(what) +
                        " is not supported by the cpu backend yet");
  }
  const char *what;
};

/// The op families, one file each.
/// Shapes.cpp: make_range, splat, broadcast, expand_dims, reshape, trans,
/// join, split, cat, gather.
void populateShapePatterns(const mlir::TypeConverter &converter,
                           mlir::RewritePatternSet &patterns);
/// Memory.cpp: pointer arithmetic and casts, loads, stores.
void populateMemoryPatterns(const mlir::TypeConverter &converter,
                            mlir::RewritePatternSet &patterns);
/// Atomics.cpp: atomic_rmw, atomic_cas.
void populateAtomicPatterns(const mlir::TypeConverter &converter,
                            mlir::RewritePatternSet &patterns);
/// Reductions.cpp: reduce, scan, dot, histogram.
void populateReductionPatterns(const mlir::TypeConverter &converter,
                               mlir::RewritePatternSet &patterns);
/// Elementwise.cpp: fp8 and float conversions, bitcasts, clamp, mulhi,
/// precise math, extern_elementwise.
void populateElementwisePatterns(const mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);
/// Debug.cpp: print, assert.
void populateDebugPatterns(const mlir::TypeConverter &converter,
                           mlir::RewritePatternSet &patterns);

} // namespace trident::cpu::tritontolinalg

#endif // TRIDENT_BACKENDS_CPU_CONVERSION_TRITONTOLINALG_COMMON_H
