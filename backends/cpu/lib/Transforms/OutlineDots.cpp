//===- OutlineDots.cpp - one function per dot shape in dot-heavy kernels --===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Cpu/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

#include <map>

namespace trident::cpu {
#define GEN_PASS_DEF_CPUOUTLINEDOTS
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;

namespace {
struct OutlineDots
    : public trident::cpu::impl::CpuOutlineDotsBase<OutlineDots> {
  using CpuOutlineDotsBase::CpuOutlineDotsBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // One function per (op, operand types), shared by every kernel.
    std::map<std::string, func::FuncOp> outlined;
    for (func::FuncOp fn :
         llvm::to_vector(module.getOps<func::FuncOp>())) {
      if (fn.isExternal() || fn.getName().starts_with("trident.dot."))
        continue;
      SmallVector<linalg::LinalgOp> dots;
      fn.walk([&](linalg::LinalgOp op) {
        if (isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op) &&
            op.hasPureBufferSemantics())
          dots.push_back(op);
      });
      if (dots.size() < minDots)
        continue;
      for (linalg::LinalgOp dot : dots) {
        std::string key;
        llvm::raw_string_ostream os(key);
        os << dot->getName();
        for (Type t : dot->getOperandTypes())
          os << "," << t;
        func::FuncOp &callee = outlined[key];
        if (!callee) {
          OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
          auto type = b.getFunctionType(dot->getOperandTypes(), {});
          callee = func::FuncOp::create(
              b, dot->getLoc(),
              "trident.dot." + std::to_string(outlined.size() - 1), type);
          callee.setPrivate();
          Block *body = callee.addEntryBlock();
          b.setInsertionPointToStart(body);
          IRMapping map;
          map.map(dot->getOperands(), body->getArguments());
          b.clone(*dot, map);
          func::ReturnOp::create(b, dot->getLoc());
        }
        OpBuilder b(dot);
        func::CallOp::create(b, dot->getLoc(), callee, dot->getOperands());
        dot->erase();
      }
    }
  }
};
} // namespace
