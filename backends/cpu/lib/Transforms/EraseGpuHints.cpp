//===- EraseGpuHints.cpp - barriers and assumptions off the host ----------===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Cpu/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace trident::cpu {
#define GEN_PASS_DEF_CPUERASEGPUHINTS
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;

namespace {
struct EraseGpuHints
    : public trident::cpu::impl::CpuEraseGpuHintsBase<EraseGpuHints> {
  void runOnOperation() override {
    getOperation().walk([](gpu::BarrierOp b) { b.erase(); });
    getOperation().walk([](LLVM::AssumeOp a) { a.erase(); });
  }
};
} // namespace
