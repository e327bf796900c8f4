//===- TestDialect.cpp - a backend's memory space, for lit tests ----------===//
//
// `#test_vendor.scratchpad`: a memory space as a plugin would add one
// (Blackwell's tensor memory), an attribute of the plugin's own dialect
// implementing core's MemorySpace interface, not shared memory. Lit tests
// use it to check that core's allocation, barriers and lowering leave such
// buffers to their plugin.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"

namespace trident::test {
namespace {

class ScratchpadAttr
    : public mlir::Attribute::AttrBase<
          ScratchpadAttr, mlir::Attribute, mlir::AttributeStorage,
          mlir::triton::gpu::MemorySpace::Trait> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ScratchpadAttr)
  using Base::Base;
  static constexpr llvm::StringLiteral name = "test_vendor.scratchpad";
  static ScratchpadAttr get(mlir::MLIRContext *ctx) { return Base::get(ctx); }
  bool isSharedMemory() const { return false; }
};

class TestVendorDialect : public mlir::Dialect {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestVendorDialect)
  explicit TestVendorDialect(mlir::MLIRContext *ctx)
      : mlir::Dialect(getDialectNamespace(), ctx,
                      mlir::TypeID::get<TestVendorDialect>()) {
    addAttributes<ScratchpadAttr>();
  }
  static llvm::StringRef getDialectNamespace() { return "test_vendor"; }
  mlir::Attribute parseAttribute(mlir::DialectAsmParser &p,
                                 mlir::Type) const override {
    if (succeeded(p.parseOptionalKeyword("scratchpad")))
      return ScratchpadAttr::get(getContext());
    p.emitError(p.getNameLoc(), "test_vendor has one attribute: scratchpad");
    return {};
  }
  void printAttribute(mlir::Attribute,
                      mlir::DialectAsmPrinter &p) const override {
    p << "scratchpad";
  }
};

} // namespace

void registerTestDialects(mlir::DialectRegistry &registry) {
  registry.insert<TestVendorDialect>();
}

} // namespace trident::test

