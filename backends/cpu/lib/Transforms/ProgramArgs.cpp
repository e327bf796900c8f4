//===- ProgramArgs.cpp - program ids become function arguments ------------===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Cpu/Passes.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

namespace trident::cpu {
#define GEN_PASS_DEF_CPUADDPROGRAMARGS
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;
namespace tt = mlir::triton;

namespace {

struct AddProgramArgs
    : public trident::cpu::impl::CpuAddProgramArgsBase<AddProgramArgs> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder b(module.getContext());
    Type i32 = b.getI32Type();
    for (auto func : module.getOps<tt::FuncOp>()) {
      if (func.isExternal())
        continue;
      Block &entry = func.getBody().front();
      unsigned first = entry.getNumArguments();
      SmallVector<Type> inputs(func.getFunctionType().getInputs());
      for (int i = 0; i < 6; ++i) {
        entry.addArgument(i32, func.getLoc());
        inputs.push_back(i32);
      }
      func.setFunctionType(
          b.getFunctionType(inputs, func.getFunctionType().getResults()));
      func->setAttr(trident::cpu::kProgramArgsAttr, b.getUnitAttr());
      if (auto attrs = func.getArgAttrsAttr()) {
        SmallVector<Attribute> all(attrs.begin(), attrs.end());
        all.resize(inputs.size(), b.getDictionaryAttr({}));
        func.setArgAttrsAttr(b.getArrayAttr(all));
      }
      func.walk([&](Operation *op) {
        if (auto pid = dyn_cast<tt::GetProgramIdOp>(op)) {
          pid.replaceAllUsesWith(
              entry.getArgument(first + unsigned(pid.getAxis())));
          pid.erase();
        } else if (auto np = dyn_cast<tt::GetNumProgramsOp>(op)) {
          np.replaceAllUsesWith(
              entry.getArgument(first + 3 + unsigned(np.getAxis())));
          np.erase();
        } else if (auto call = dyn_cast<tt::CallOp>(op)) {
          for (int i = 0; i < 6; ++i)
            call->insertOperands(call->getNumOperands(),
                                 entry.getArgument(first + i));
        }
      });
    }
  }
};

} // namespace
