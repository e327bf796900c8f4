//===- TestPasses.h - trident-opt's passes for testing analyses --*- C++ -*-===//
//
// Passes that exist only in trident-opt, for lit tests of core's GPU layer
// at the pass level: `test-print-axis-info` (AxisInfo's facts as remarks)
// and `test-lower-tritongpu` (core's TTGIR -> LLVM lowering over a testing
// TargetInfo whose hooks are calls to external `@__test_*` functions, so
// that the shared patterns are checked without NVPTX, AMDGPU or ptxas).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_OPT_TEST_TESTPASSES_H
#define TRIDENT_OPT_TEST_TESTPASSES_H

namespace mlir {
class DialectRegistry;
}

namespace trident::test {

void registerTestPasses();
/// The test-only dialects (TestDialect.cpp: a backend's memory space).
void registerTestDialects(mlir::DialectRegistry &registry);

} // namespace trident::test

#endif // TRIDENT_OPT_TEST_TESTPASSES_H
