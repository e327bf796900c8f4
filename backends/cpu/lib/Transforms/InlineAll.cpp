//===- InlineAll.cpp - clear noinline before the inliner -------------------===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Cpu/Passes.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

namespace trident::cpu {
#define GEN_PASS_DEF_CPUINLINEALL
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;
namespace tt = mlir::triton;

namespace {

struct InlineAll : public trident::cpu::impl::CpuInlineAllBase<InlineAll> {
  void runOnOperation() override {
    OpBuilder b(&getContext());
    for (auto func : getOperation().getOps<tt::FuncOp>())
      func->setAttr("noinline", b.getBoolAttr(false));
  }
};

} // namespace
