//===- TritonBuildersTest.cpp - C++ builders, verifiers, core pipeline ----===//
//
// The frontend builds TTIR through these builders: each must infer result
// types that verify, and verifiers must report through diagnostics.
//
//===----------------------------------------------------------------------===//

#include "trident/Compiler/Pipeline.h"
#include "trident/Compiler/Registration.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::triton;

namespace {

class TritonBuildersTest : public ::testing::Test {
protected:
  TritonBuildersTest() : builder(&context) {
    DialectRegistry registry;
    trident::registerCoreDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    loc = builder.getUnknownLoc();
    module = ModuleOp::create(loc);
    auto fnType = builder.getFunctionType(
        {getPointerType(builder.getF32Type()), builder.getI32Type()}, {});
    func = FuncOp::create(builder, loc, "kernel", fnType);
    module.push_back(func);
    Block *entry = func.addEntryBlock();
    builder.setInsertionPointToStart(entry);
  }
  ~TritonBuildersTest() override { module->erase(); }

  /// Ends the function and verifies the whole module.
  LogicalResult finish() {
    ReturnOp::create(builder, loc);
    return verify(module);
  }

  Value range(int n) {
    return MakeRangeOp::create(
        builder, loc, RankedTensorType::get({n}, builder.getI32Type()), 0, n);
  }

  MLIRContext context;
  OpBuilder builder;
  Location loc = UnknownLoc::get(&context);
  ModuleOp module;
  FuncOp func;
};

TEST_F(TritonBuildersTest, LoadInfersItsResultFromThePointer) {
  Value base = func.getArgument(0);
  auto ptrsType = RankedTensorType::get({128}, base.getType());
  Value ptrs = SplatOp::create(builder, loc, ptrsType, base);
  ptrs = AddPtrOp::create(builder, loc, ptrsType, ptrs, range(128));
  auto load = LoadOp::create(builder, loc, ptrs, Value(), Value());
  EXPECT_EQ(load.getType(),
            RankedTensorType::get({128}, builder.getF32Type()));
  StoreOp::create(builder, loc, ptrs, load, Value(), ArrayRef<int32_t>{},
                  CacheModifier::NONE, EvictionPolicy::NORMAL);
  EXPECT_TRUE(succeeded(finish()));
}

TEST_F(TritonBuildersTest, ShapeBuildersInferShapes) {
  Value r = range(32);
  auto expanded = ExpandDimsOp::create(builder, loc, r, 1);
  EXPECT_EQ(cast<RankedTensorType>(expanded.getType()).getShape(),
            ArrayRef<int64_t>({32, 1}));
  auto trans = TransOp::create(builder, loc, expanded, ArrayRef<int32_t>{1, 0});
  EXPECT_EQ(cast<RankedTensorType>(trans.getType()).getShape(),
            ArrayRef<int64_t>({1, 32}));
  auto joined = JoinOp::create(builder, loc, r, r);
  EXPECT_EQ(cast<RankedTensorType>(joined.getType()).getShape(),
            ArrayRef<int64_t>({32, 2}));
  auto split = SplitOp::create(builder, loc, joined);
  EXPECT_EQ(split.getOutLHS().getType(), r.getType());
  auto reshaped =
      ReshapeOp::create(builder, loc, ArrayRef<int64_t>{4, 8}, r, false);
  EXPECT_EQ(cast<RankedTensorType>(reshaped.getType()).getShape(),
            ArrayRef<int64_t>({4, 8}));
  EXPECT_TRUE(succeeded(finish()));
}

TEST_F(TritonBuildersTest, ReduceBuilderDropsTheAxis) {
  auto reshaped = ReshapeOp::create(builder, loc, ArrayRef<int64_t>{4, 8},
                                    range(32), false);
  auto reduce = ReduceOp::create(builder, loc, ValueRange{reshaped}, 1);
  EXPECT_EQ(reduce.getResult()[0].getType(),
            RankedTensorType::get({4}, builder.getI32Type()));
  Block *body = builder.createBlock(&reduce.getCombineOp());
  Value a = body->addArgument(builder.getI32Type(), loc);
  Value b = body->addArgument(builder.getI32Type(), loc);
  Value sum = arith::AddIOp::create(builder, loc, a, b);
  ReduceReturnOp::create(builder, loc, ValueRange{sum});
  builder.setInsertionPointAfter(reduce);
  auto total = ReduceOp::create(builder, loc, ValueRange{reduce.getResult()[0]}, 0);
  EXPECT_EQ(total.getResult()[0].getType(), builder.getI32Type());
  Block *body2 = builder.createBlock(&total.getCombineOp());
  Value c = body2->addArgument(builder.getI32Type(), loc);
  Value d = body2->addArgument(builder.getI32Type(), loc);
  ReduceReturnOp::create(builder, loc,
                         ValueRange{arith::MaxSIOp::create(builder, loc, c, d)});
  builder.setInsertionPointAfter(total);
  EXPECT_TRUE(succeeded(finish()));
}

TEST_F(TritonBuildersTest, VerifierReportsTheMismatch) {
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  auto f16 = RankedTensorType::get({16, 16}, builder.getF16Type());
  auto f16k = RankedTensorType::get({16, 32}, builder.getF16Type());
  auto f32 = RankedTensorType::get({16, 16}, builder.getF32Type());
  Value a = arith::ConstantOp::create(builder, loc, f16k,
                                      builder.getZeroAttr(f16k));
  Value b = arith::ConstantOp::create(builder, loc, f16,
                                      builder.getZeroAttr(f16));
  Value c = arith::ConstantOp::create(builder, loc, f32,
                                      builder.getZeroAttr(f32));
  DotOp::create(builder, loc, f32, a, b, c, InputPrecision::IEEE, 0);
  EXPECT_TRUE(failed(finish()));
  EXPECT_EQ(message,
            "'tt.dot' op reduction dimension of a (K=32) does not match that "
            "of b (K=16)");
}

TEST_F(TritonBuildersTest, CorePipelineRunsFromCpp) {
  const char *source = R"mlir(
    tt.func private @twice(%x: i32) -> i32 {
      %0 = arith.addi %x, %x : i32
      tt.return %0 : i32
    }
    tt.func public @k(%p: !tt.ptr<i32>) {
      %v = tt.load %p : !tt.ptr<i32>
      %t = tt.call @twice(%v) : (i32) -> i32
      tt.store %p, %t : !tt.ptr<i32>
      tt.return
    }
  )mlir";
  OwningOpRef<ModuleOp> parsed = parseSourceString<ModuleOp>(source, &context);
  ASSERT_TRUE(parsed);
  PassManager pm(&context);
  trident::buildCoreTTIRPipeline(pm);
  ASSERT_TRUE(succeeded(pm.run(*parsed)));
  int funcs = 0, calls = 0;
  parsed->walk([&](Operation *op) {
    funcs += isa<FuncOp>(op);
    calls += isa<CallOp>(op);
  });
  EXPECT_EQ(funcs, 1);
  EXPECT_EQ(calls, 0);
}

} // namespace
