//===- TargetInfo.h - the shared GPU lowering's NVIDIA side -----*- C++ -*-===//
//
// NVVM ops for ids, shuffles and barriers; inline PTX for predicated global
// loads, stores and atomics (MLIR has no op with a predicate and an `other`
// value); vprintf and __assertfail, which the CUDA driver provides;
// ldmatrix (and .trans) for 16-bit tiles read from shared memory, stmatrix
// (sm_90) for those written; cp.async (sm_80) for asynchronous copies.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_NVIDIA_TARGETINFO_H
#define TRIDENT_BACKENDS_NVIDIA_TARGETINFO_H

#include "trident/Conversion/TritonGPUToLLVM/TargetInfo.h"

namespace trident::nvidia {

class NvidiaTargetInfo : public TargetInfo {
public:
  /// `basedAccesses`: take core's based-access path (a scalar base plus
  /// bounded offsets, through the default loadGlobalBased /
  /// storeGlobalBased), which the AMD buffer instructions use: a way to
  /// check that path's address arithmetic on NVIDIA hardware.
  explicit NvidiaTargetInfo(int computeCapability, bool basedAccesses = false)
      : cc_(computeCapability), based_(basedAccesses) {}
  bool hasBasedAccesses() const override { return based_; }
  int threadsPerWarp() const override { return 32; }
  mlir::Value threadId(mlir::OpBuilder &b, mlir::Location loc) const override;
  mlir::Value programId(mlir::OpBuilder &b, mlir::Location loc,
                        int axis) const override;
  mlir::Value numPrograms(mlir::OpBuilder &b, mlir::Location loc,
                          int axis) const override;
  mlir::Value shuffleXor(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value value, int mask) const override;
  void barrier(mlir::OpBuilder &b, mlir::Location loc) const override;
  unsigned sharedAddressSpace() const override { return 3; }
  unsigned globalAddressSpace() const override { return 1; }
  llvm::SmallVector<mlir::Value>
  loadGlobal(mlir::RewriterBase &b, mlir::Location loc, mlir::Value ptr,
             unsigned wordBits, unsigned words, mlir::Value pred,
             llvm::ArrayRef<mlir::Value> other) const override;
  void storeGlobal(mlir::RewriterBase &b, mlir::Location loc, mlir::Value ptr,
                   unsigned wordBits, llvm::ArrayRef<mlir::Value> values,
                   mlir::Value pred) const override;
  mlir::FailureOr<mlir::Value>
  atomicRMW(mlir::RewriterBase &b, mlir::Location loc, mlir::triton::RMWOp kind,
            mlir::Type type, mlir::Value ptr, mlir::Value val, mlir::Value pred,
            mlir::triton::MemSemantic sem, mlir::triton::MemSyncScope scope,
            bool wantOld) const override;
  mlir::FailureOr<mlir::Value>
  atomicCAS(mlir::RewriterBase &b, mlir::Location loc, mlir::Type type,
            mlir::Value ptr, mlir::Value cmp, mlir::Value val, mlir::Value pred,
            mlir::triton::MemSemantic sem,
            mlir::triton::MemSyncScope scope) const override;
  void printf(mlir::RewriterBase &b, mlir::Location loc, mlir::Value format,
              mlir::ValueRange args) const override;
  void assertFail(mlir::RewriterBase &b, mlir::Location loc, mlir::Value message,
                  mlir::Value file, mlir::Value line,
                  mlir::Value function) const override;
  std::vector<SharedMatrixPattern>
  sharedMatrixReads(int32_t elementBytes) const override;
  std::optional<llvm::SmallVector<mlir::Value>>
  loadSharedMatrix(mlir::OpBuilder &b, mlir::Location loc,
                   const SharedMatrixPattern &pattern,
                   const LinearLayout &toOffset, mlir::Value base,
                   mlir::Type elem, int32_t n, uint32_t copies,
                   const std::function<bool(int32_t)> &only,
                   llvm::ArrayRef<mlir::Value> have) const override;
  std::vector<SharedMatrixPattern>
  sharedMatrixWrites(int32_t elementBytes) const override;
  bool sharedMatrixFits(const SharedMatrixPattern &pattern,
                        const LinearLayout &toOffset, int32_t n,
                        uint32_t copies) const override;
  bool storeSharedMatrix(mlir::OpBuilder &b, mlir::Location loc,
                         const SharedMatrixPattern &pattern,
                         const LinearLayout &toOffset, mlir::Value base,
                         llvm::ArrayRef<mlir::Value> values, uint32_t copies,
                         const std::function<bool(int32_t)> &only) const override;
  bool hasAsyncCopy() const override { return cc_ >= 80; }
  bool hasGridDependencyControl() const override { return cc_ >= 90; }
  void asyncCopy(mlir::OpBuilder &b, mlir::Location loc, mlir::Value dst,
                 mlir::Value src, unsigned bytes, mlir::Value pred,
                 mlir::triton::CacheModifier cache) const override;
  void asyncCommitGroup(mlir::OpBuilder &b, mlir::Location loc) const override;
  void asyncWait(mlir::OpBuilder &b, mlir::Location loc,
                 int pending) const override;
  void markKernel(mlir::LLVM::LLVMFuncOp func, int threads) const override;

private:
  int cc_;
  bool based_;
};

} // namespace trident::nvidia

#endif // TRIDENT_BACKENDS_NVIDIA_TARGETINFO_H
