//===- Lowering.h - TTGIR to the LLVM dialect, shared by GPU backends -*- C++ -*-===//
//
// Every tensor with a distributed encoding becomes, in each thread, an LLVM
// struct of the elements that thread holds (its registers, in the order of
// the encoding's linear layout). The patterns here lower TTGIR op families
// -- elementwise, float conversions, view (splat, broadcast, expand_dims, make_range,
// convert_layout), shape (trans, reshape, join, split, cat), memory
// (addptr, load, store), the FMA dot, shared memory (local_alloc, local_load,
// local_store, barriers), reductions, functions and program ids -- over a
// backend's TargetInfo. The module must have been through
// allocate-shared-memory and insert-shared-barriers. A backend's conversion pass
// calls lowerTritonGPUToLLVM, adding its own patterns (math libraries,
// vendor ops) through `extra`.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_CONVERSION_TRITONGPUTOLLVM_LOWERING_H
#define TRIDENT_CONVERSION_TRITONGPUTOLLVM_LOWERING_H

#include "trident/Conversion/TritonGPUToLLVM/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

#include <functional>

namespace mlir::triton {
class AxisInfoAnalysis;
}

namespace trident {

/// What every pattern needs besides its op. Shared memory comes from the
/// allocation (allocate-shared-memory, run before the lowering): a pattern
/// takes its op's range through scratchBase (Utility.h), which sets
/// `allocationError` when the op was not given enough.
struct LoweringContext {
  const TargetInfo &target;
  const mlir::triton::AxisInfoAnalysis &axisInfo;
  int numWarps;
  bool allocationError = false;
};

/// Tensors to per-thread structs, pointers to LLVM pointers of the global
/// address space.
class TritonGPUToLLVMTypeConverter : public mlir::LLVMTypeConverter {
public:
  TritonGPUToLLVMTypeConverter(mlir::MLIRContext *ctx,
                               const TargetInfo &target);
};

void populateElementwiseOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, mlir::RewritePatternSet &patterns,
    LoweringContext &lc);
/// tt.fp_to_fp into and out of fp8 and rounding toward zero, in integer
/// arithmetic (a backend with conversion instructions overrides it with a
/// pattern of higher benefit).
void populateFloatConversionOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, mlir::RewritePatternSet &patterns,
    LoweringContext &lc);
void populateViewOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns,
                                  LoweringContext &lc);
void populateMemoryOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    LoweringContext &lc);
void populateShapeOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                   mlir::RewritePatternSet &patterns,
                                   LoweringContext &lc);
void populateReduceOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    LoweringContext &lc);
void populateAtomicOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    LoweringContext &lc);
void populateDebugOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                   mlir::RewritePatternSet &patterns,
                                   LoweringContext &lc);
void populateScanOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns,
                                  LoweringContext &lc);
void populateGatherOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    LoweringContext &lc);
void populateHistogramOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, mlir::RewritePatternSet &patterns,
    LoweringContext &lc);
void populateSharedMemoryOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, mlir::RewritePatternSet &patterns,
    LoweringContext &lc);
/// Core's FMA dot (blocked accumulators); a vendor's matrix-unit patterns
/// come through `extra` at a higher benefit.
void populateDotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                 mlir::RewritePatternSet &patterns,
                                 LoweringContext &lc);
void populateFuncOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns,
                                  LoweringContext &lc);

/// Lowers the TTGIR `module` to the LLVM dialect (scf through cf, after
/// AxisInfo has read the loops). The module keeps `ttg.shared`, the shared
/// memory the kernel needs. `extra` may add a backend's patterns.
mlir::LogicalResult lowerTritonGPUToLLVM(
    mlir::ModuleOp module, const TargetInfo &target,
    const std::function<void(TritonGPUToLLVMTypeConverter &,
                             mlir::RewritePatternSet &)> &extra = {});

} // namespace trident

#endif // TRIDENT_CONVERSION_TRITONGPUTOLLVM_LOWERING_H
