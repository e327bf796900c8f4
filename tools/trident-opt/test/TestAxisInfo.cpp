//===- TestAxisInfo.cpp - AxisInfo's facts as remarks ---------------------===//
//
// `test-print-axis-info`: for every integer, pointer or tensor-of-those
// result in the module, a remark at its op:
//   <name>: contiguity = [..], divisibility = [..], constancy = [..],
//   constant_value = N | <none>
// (name: the result's SSA name as printed, e.g. %offs).
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {

bool analysed(Type t) {
  if (auto tensor = dyn_cast<RankedTensorType>(t))
    t = tensor.getElementType();
  return isa<IntegerType, triton::PointerType>(t);
}

std::string list(ArrayRef<int64_t> v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

struct TestAxisInfoPass
    : public PassWrapper<TestAxisInfoPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAxisInfoPass)
  StringRef getArgument() const override { return "test-print-axis-info"; }
  StringRef getDescription() const override {
    return "print AxisInfo's contiguity, divisibility, constancy and constant "
           "of every integer and pointer value as remarks";
  }
  void runOnOperation() override {
    ModuleOp m = getOperation();
    triton::AxisInfoAnalysis info(m);
    AsmState state(m);
    auto report = [&](Value v, Operation *at) {
      if (!analysed(v.getType()))
        return;
      triton::AxisInfo a = info.get(v);
      std::string name;
      llvm::raw_string_ostream os(name);
      v.printAsOperand(os, state);
      at->emitRemark() << name << ": contiguity = " << list(a.contiguity)
                       << ", divisibility = " << list(a.divisibility)
                       << ", constancy = " << list(a.constancy)
                       << ", constant_value = "
                       << (a.constant ? std::to_string(*a.constant)
                                      : std::string("<none>"));
    };
    m.walk([&](Operation *op) {
      // Block arguments (function arguments, loop-carried values) first,
      // at their region's owner.
      for (Region &r : op->getRegions())
        for (Block &b : r)
          for (BlockArgument arg : b.getArguments())
            report(arg, op);
      for (Value v : op->getResults())
        report(v, op);
    });
  }
};

} // namespace

namespace trident::test {
void registerTestAxisInfo() { PassRegistration<TestAxisInfoPass>(); }
} // namespace trident::test
