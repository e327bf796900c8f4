//===- TestLowering.cpp - core's TTGIR -> LLVM over a testing target ------===//
//
// `test-lower-tritongpu`: core's shared lowering (lowerTritonGPUToLLVM)
// with a TargetInfo whose every hook is a call to an external function
// named for it (`@__test_thread_id`, `@__test_barrier`,
// `@__test_shuffle_xor_i32_i32`, `@__test_load_global_b32x4_...`), the
// argument types appended to the name so that each declaration has one
// type. Lit tests then see what core's patterns ask of a target, and the
// LLVM they build around it, without any vendor's dialect or tools.
// Run after allocate-shared-memory and insert-shared-barriers, as a
// backend does. Shared memory is address space 3, global memory 1.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Conversion/TritonGPUToLLVM/Lowering.h"
#include "trident/Conversion/TritonGPUToLLVM/TargetInfo.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {

std::string mangle(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (auto p = dyn_cast<LLVM::LLVMPointerType>(t))
    return "p" + std::to_string(p.getAddressSpace());
  os << t;
  std::string out;
  for (char c : s)
    out += isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}

/// A call of the external `@<base>_<arg types>` (declared on first use).
Value callTest(OpBuilder &b, Location loc, StringRef base, Type result,
               ValueRange args) {
  std::string name = base.str();
  for (Value a : args)
    name += "_" + mangle(a.getType());
  Operation *at = b.getInsertionBlock()->getParentOp();
  auto module = isa<ModuleOp>(at) ? cast<ModuleOp>(at)
                                  : at->getParentOfType<ModuleOp>();
  auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
  Type ret = result ? result : LLVM::LLVMVoidType::get(b.getContext());
  if (!fn) {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(module.getBody());
    SmallVector<Type> types(args.getTypes());
    fn = LLVM::LLVMFuncOp::create(b, loc, name,
                                  LLVM::LLVMFunctionType::get(ret, types));
  }
  auto call = LLVM::CallOp::create(b, loc, fn, args);
  return result ? call.getResult() : Value();
}

class TestTargetInfo : public trident::TargetInfo {
public:
  explicit TestTargetInfo(int threadsPerWarp) : lanes(threadsPerWarp) {}
  int threadsPerWarp() const override { return lanes; }
  Value threadId(OpBuilder &b, Location loc) const override {
    return callTest(b, loc, "__test_thread_id", b.getI32Type(), {});
  }
  Value programId(OpBuilder &b, Location loc, int axis) const override {
    return callTest(b, loc, "__test_program_id", b.getI32Type(),
                    {trident::i32Const(b, loc, axis)});
  }
  Value numPrograms(OpBuilder &b, Location loc, int axis) const override {
    return callTest(b, loc, "__test_num_programs", b.getI32Type(),
                    {trident::i32Const(b, loc, axis)});
  }
  Value shuffleXor(OpBuilder &b, Location loc, Value value,
                   int mask) const override {
    return callTest(b, loc, "__test_shuffle_xor", b.getI32Type(),
                    {value, trident::i32Const(b, loc, mask)});
  }
  void barrier(OpBuilder &b, Location loc) const override {
    callTest(b, loc, "__test_barrier", Type(), {});
  }
  unsigned sharedAddressSpace() const override { return 3; }
  unsigned globalAddressSpace() const override { return 1; }
  SmallVector<Value> loadGlobal(RewriterBase &b, Location loc, Value ptr,
                                unsigned wordBits, unsigned words, Value pred,
                                ArrayRef<Value> other) const override {
    SmallVector<Value> args = {ptr, pred};
    args.append(other.begin(), other.end());
    Type word = b.getIntegerType(wordBits);
    std::string name = "__test_load_global_b" + std::to_string(wordBits) +
                       "x" + std::to_string(words);
    if (words == 1)
      return {callTest(b, loc, name, word, args)};
    Value v = callTest(b, loc, name, VectorType::get({int64_t(words)}, word),
                       args);
    SmallVector<Value> out;
    for (unsigned i = 0; i < words; ++i)
      out.push_back(LLVM::ExtractElementOp::create(b, loc, v, trident::i32Const(b, loc, i)));
    return out;
  }
  void storeGlobal(RewriterBase &b, Location loc, Value ptr, unsigned wordBits,
                   ArrayRef<Value> values, Value pred) const override {
    SmallVector<Value> args = {ptr, pred};
    args.append(values.begin(), values.end());
    callTest(b, loc,
             "__test_store_global_b" + std::to_string(wordBits) + "x" +
                 std::to_string(values.size()),
             Type(), args);
  }
  FailureOr<Value> atomicRMW(RewriterBase &b, Location loc,
                             triton::RMWOp kind, Type type, Value ptr,
                             Value val, Value pred, triton::MemSemantic,
                             triton::MemSyncScope, bool) const override {
    return callTest(b, loc,
                    "__test_atomic_" + triton::stringifyRMWOp(kind).str(),
                    type, {ptr, val, pred});
  }
  FailureOr<Value> atomicCAS(RewriterBase &b, Location loc, Type type,
                             Value ptr, Value cmp, Value val, Value pred,
                             triton::MemSemantic,
                             triton::MemSyncScope) const override {
    return callTest(b, loc, "__test_atomic_cas", type, {ptr, cmp, val, pred});
  }
  void printf(RewriterBase &b, Location loc, Value format,
              ValueRange args) const override {
    SmallVector<Value> all = {format};
    all.append(args.begin(), args.end());
    callTest(b, loc, "__test_printf", Type(), all);
  }
  void assertFail(RewriterBase &b, Location loc, Value message, Value file,
                  Value line, Value function) const override {
    callTest(b, loc, "__test_assert_fail", Type(),
             {message, file, line, function});
  }
  void markKernel(LLVM::LLVMFuncOp func, int threads) const override {
    func->setAttr("test.kernel_threads",
                  IntegerAttr::get(IntegerType::get(func.getContext(), 32),
                                   threads));
  }

private:
  int lanes;
};

struct TestLoweringPass
    : public PassWrapper<TestLoweringPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestLoweringPass)
  TestLoweringPass() = default;
  TestLoweringPass(const TestLoweringPass &other) : PassWrapper(other) {}
  StringRef getArgument() const override { return "test-lower-tritongpu"; }
  StringRef getDescription() const override {
    return "core's TTGIR to LLVM lowering over a testing target whose hooks "
           "are calls to external @__test_* functions";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect>();
  }
  Option<int> threadsPerWarp{*this, "threads-per-warp",
                             llvm::cl::desc("lanes per warp"),
                             llvm::cl::init(32)};
  void runOnOperation() override {
    TestTargetInfo target(threadsPerWarp);
    if (failed(trident::lowerTritonGPUToLLVM(getOperation(), target)))
      signalPassFailure();
  }
};

} // namespace

namespace trident::test {
void registerTestAxisInfo();
void registerTestPasses() {
  registerTestAxisInfo();
  PassRegistration<TestLoweringPass>();
}
} // namespace trident::test
