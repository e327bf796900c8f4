//===- TritonDialect.td - the tt dialect (TTIR) ------------*- tablegen -*-===//
//
// TTIR is the hardware-neutral IR every Trident kernel is lowered to first.
// Its textual form is Triton 3.6's, so that IR dumped by Triton parses here
// unchanged and IR printed here reads like Triton's.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TRITON_DIALECT
#define TRIDENT_TRITON_DIALECT

include "mlir/IR/OpBase.td"

def Triton_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::mlir::triton";
  let summary = "Triton IR (TTIR): block-level, hardware-neutral kernel IR";
  let description = [{
    The `tt` dialect describes a kernel as one program instance operating on
    power-of-two shaped tensors: pointer arithmetic on tensors of pointers,
    masked loads and stores, atomics, dot products, reductions and scans.
    Everything else (integer and float arithmetic, math functions, structured
    control flow) comes from the upstream `arith`, `math`, `scf` and `cf`
    dialects, as in Triton.
  }];
  let dependentDialects = [
    "arith::ArithDialect",
    "math::MathDialect",
    "scf::SCFDialect",
    "cf::ControlFlowDialect",
    "ub::UBDialect"
  ];
  let extraClassDeclaration = [{
    void registerTypes();
  }];
  let hasConstantMaterializer = 1;
  let useDefaultTypePrinterParser = 1;
}

#endif // TRIDENT_TRITON_DIALECT
