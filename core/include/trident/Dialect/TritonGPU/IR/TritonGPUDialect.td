//===- TritonGPUDialect.td - the ttg dialect (TTGIR) -------*- tablegen -*-===//
//
// TTGIR is TTIR with a layout on every tensor: how its elements are spread
// over the registers, lanes and warps of a program (distributed encodings)
// or laid out in shared memory. The base dialect is vendor-neutral; vendor
// encodings (MMA, MFMA) come from backend plugins and implement the same
// interface. Textual forms follow Triton 3.6.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TRITONGPU_DIALECT
#define TRIDENT_TRITONGPU_DIALECT

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def TritonGPU_Dialect : Dialect {
  let name = "ttg";
  let cppNamespace = "::mlir::triton::gpu";
  let summary = "Triton GPU IR (TTGIR): TTIR with tensor layouts";
  let description = [{
    Tensors in TTGIR carry an encoding attribute that says which hardware
    index holds which element. Every encoding converts to a linear layout
    (trident/Tools/LinearLayout.h), and every decision the lowering makes
    is read off that map. Module attributes give the launch shape:
    `ttg.num-warps`, `ttg.threads-per-warp`, `ttg.num-ctas`, `ttg.target`.
  }];
  let dependentDialects = ["triton::TritonDialect"];
  // Attributes parse by hand: after core's mnemonics, the encodings
  // backend plugins registered (VendorEncodingAttr).
  let useDefaultAttributePrinterParser = 0;
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &os) const override;
    void registerTypes();
    static constexpr llvm::StringLiteral kNumWarps = "ttg.num-warps";
    static constexpr llvm::StringLiteral kThreadsPerWarp = "ttg.threads-per-warp";
    static constexpr llvm::StringLiteral kNumCtas = "ttg.num-ctas";
    static constexpr llvm::StringLiteral kTarget = "ttg.target";
    /// The module's `ttg.num-warps` (4 when absent), and so on.
    static int getNumWarps(ModuleOp module);
    static int getThreadsPerWarp(ModuleOp module);
  }];
}

#endif // TRIDENT_TRITONGPU_DIALECT
