//===- Registration.cpp - dialects and passes of Trident's core -----------===//

#include "trident/Compiler/Registration.h"

#include "trident/Compiler/Pipeline.h"
#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/Triton/Transforms/Passes.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

void trident::registerCoreDialects(mlir::DialectRegistry &registry) {
  using namespace mlir;
  registry.insert<triton::TritonDialect, triton::gpu::TritonGPUDialect,
                  arith::ArithDialect,
                  math::MathDialect, scf::SCFDialect, cf::ControlFlowDialect,
                  ub::UBDialect, func::FuncDialect, LLVM::LLVMDialect,
                  gpu::GPUDialect>(); // gpu.barrier is tl.debug_barrier
}

void trident::registerCorePasses() {
  mlir::registerTransformsPasses();
  mlir::triton::registerTritonPasses();
  mlir::triton::gpu::registerTritonGPUPasses();
  registerCorePipeline();
}
