//===- TritonGPUOps.td - ttg operations --------------------*- tablegen -*-===//

#ifndef TRIDENT_TRITONGPU_OPS
#define TRIDENT_TRITONGPU_OPS

include "trident/Dialect/TritonGPU/IR/TritonGPUAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/BuiltinTypes.td"

class TritonGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonGPU_Dialect, mnemonic, traits>;

def TTG_ConvertLayoutOp : TritonGPU_Op<"convert_layout",
    [SameOperandsAndResultShape, SameOperandsAndResultElementType, Pure]> {
  let summary = "moves a tensor to another layout";
  let description = [{
    The same tensor in another encoding. Lowered, from the two linear
    layouts, to nothing, a permutation of registers, warp shuffles or a
    trip through shared memory.
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

#endif // TRIDENT_TRITONGPU_OPS
