//===- TargetInfo.h - the shared GPU lowering's AMD side ---------*- C++ -*-===//
//
// ROCDL for AMD Instinct GPUs in wave64 (gfx90a, gfx942, gfx950): workgroup
// and workitem ids, cross-lane exchange through DPP, ds_swizzle and
// ds_bpermute, whole-wavefront reductions by DPP row shifts and row
// broadcasts then v_readlane, s_barrier between workgroup-scope fences, LDS as address
// space 3. Accesses at a uniform base plus bounded lane offsets are buffer
// loads and stores (raw.ptr.buffer.*), a masked-off lane's offset out of
// the buffer's range (it reads 0 and writes nothing); other masked accesses
// are a branch around an ordinary one, which the AMDGPU backend turns into
// exec-mask predication.
// printf goes through ockl's hostcall services.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_AMD_TARGETINFO_H
#define TRIDENT_BACKENDS_AMD_TARGETINFO_H

#include "trident/Conversion/TritonGPUToLLVM/TargetInfo.h"

#include <string>

namespace trident::amd {

class AmdTargetInfo : public TargetInfo {
public:
  /// `arch` is the ISA name: gfx942, gfx90a, ...; `bufferOps` whether
  /// loads and stores at a scalar base plus bounded offsets are buffer
  /// instructions.
  AmdTargetInfo(std::string arch, bool bufferOps)
      : arch_(std::move(arch)), bufferOps_(bufferOps) {}
  int threadsPerWarp() const override { return 64; }
  mlir::Value threadId(mlir::OpBuilder &b, mlir::Location loc) const override;
  mlir::Value programId(mlir::OpBuilder &b, mlir::Location loc,
                        int axis) const override;
  mlir::Value numPrograms(mlir::OpBuilder &b, mlir::Location loc,
                          int axis) const override;
  mlir::Value shuffleXor(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value value, int mask) const override;
  bool reduceWarp(mlir::RewriterBase &b, mlir::Location loc,
                  llvm::SmallVectorImpl<mlir::Value> &acc,
                  CombineFn combine) const override;
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
  bool hasBasedAccesses() const override { return bufferOps_; }
  llvm::SmallVector<mlir::Value>
  loadGlobalBased(mlir::RewriterBase &b, mlir::Location loc, mlir::Value base,
                  mlir::Value byteOffset, unsigned wordBits, unsigned words,
                  mlir::Value pred,
                  llvm::ArrayRef<mlir::Value> other) const override;
  void storeGlobalBased(mlir::RewriterBase &b, mlir::Location loc,
                        mlir::Value base, mlir::Value byteOffset,
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
  void assertFail(mlir::RewriterBase &b, mlir::Location loc,
                  mlir::Value message, mlir::Value file, mlir::Value line,
                  mlir::Value function) const override;
  void markKernel(mlir::LLVM::LLVMFuncOp func, int threads) const override;

private:
  std::string arch_;
  bool bufferOps_;
};

} // namespace trident::amd

#endif // TRIDENT_BACKENDS_AMD_TARGETINFO_H
