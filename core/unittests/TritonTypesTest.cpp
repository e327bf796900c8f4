//===- TritonTypesTest.cpp - !tt.ptr and the type helpers -----------------===//

#include "trident/Compiler/Registration.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/AsmParser/AsmParser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::triton;

namespace {

class TritonTypesTest : public ::testing::Test {
protected:
  TritonTypesTest() {
    DialectRegistry registry;
    trident::registerCoreDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }
  std::string print(Type type) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << type;
    return s;
  }
  MLIRContext context;
};

TEST_F(TritonTypesTest, PointerPrintsDefaultAddressSpaceImplicitly) {
  auto f32 = Float32Type::get(&context);
  EXPECT_EQ(print(getPointerType(f32)), "!tt.ptr<f32>");
  EXPECT_EQ(print(PointerType::get(f32, 3)), "!tt.ptr<f32, 3>");
  EXPECT_EQ(getPointerType(f32), parseType("!tt.ptr<f32, 1>", &context));
}

TEST_F(TritonTypesTest, PointeeOfTensorOfPointers) {
  auto f16 = Float16Type::get(&context);
  auto ptrs = RankedTensorType::get({4, 8}, getPointerType(f16));
  EXPECT_EQ(getPointeeType(ptrs), RankedTensorType::get({4, 8}, f16));
  EXPECT_EQ(getPointeeType(getPointerType(f16)), f16);
  EXPECT_FALSE(getPointeeType(f16));
  EXPECT_EQ(getPointerTypeSameShape(RankedTensorType::get({4, 8}, f16)), ptrs);
}

TEST_F(TritonTypesTest, MaskHasTheShapeOfItsValue) {
  auto i1 = IntegerType::get(&context, 1);
  auto f32 = Float32Type::get(&context);
  EXPECT_EQ(getI1SameShape(RankedTensorType::get({16}, f32)),
            RankedTensorType::get({16}, i1));
  EXPECT_EQ(getI1SameShape(f32), i1);
}

TEST_F(TritonTypesTest, BlockPointers) {
  auto f16 = Float16Type::get(&context);
  auto block = getPointerType(RankedTensorType::get({64, 32}, f16));
  EXPECT_TRUE(isTensorPointerType(block));
  EXPECT_FALSE(isTensorPointerType(getPointerType(f16)));
  EXPECT_EQ(getElementTypeOfTensorPointerType(block), f16);
  EXPECT_EQ(getAddressSpace(PointerType::get(f16, 3)), 3);
}

TEST_F(TritonTypesTest, BitWidthCountsPointersAs64) {
  auto f16 = Float16Type::get(&context);
  EXPECT_EQ(getElementBitWidth(getPointerType(f16)), 64u);
  EXPECT_EQ(getElementBitWidth(RankedTensorType::get({2}, f16)), 16u);
}

TEST_F(TritonTypesTest, MalformedPointerTypeIsAnErrorNotACrash) {
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  EXPECT_FALSE(parseType("!tt.ptr<f32, -2>", &context));
  EXPECT_NE(message.find("address space must be non-negative"),
            std::string::npos)
      << message;
  EXPECT_FALSE(parseType("!tt.ptr<>", &context));
  EXPECT_FALSE(parseType("!tt.ptr<f32", &context));
}

} // namespace
