//===- MemRefCopyToLinalg.cpp - memref.copy as linalg.copy ----------------===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Cpu/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace trident::cpu {
#define GEN_PASS_DEF_CPUMEMREFCOPYTOLINALG
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;

namespace {

struct MemRefCopyToLinalg
    : public trident::cpu::impl::CpuMemRefCopyToLinalgBase<MemRefCopyToLinalg> {
  void runOnOperation() override {
    getOperation().walk([](memref::CopyOp copy) {
      OpBuilder b(copy);
      linalg::CopyOp::create(b, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    });
  }
};

} // namespace
