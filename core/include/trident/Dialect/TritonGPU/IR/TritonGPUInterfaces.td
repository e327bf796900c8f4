//===- TritonGPUInterfaces.td - what every encoding implements -*- tablegen -*-===//
//
// The interface through which core's passes and lowering see any
// distributed encoding, core's own or a vendor plugin's.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TRITONGPU_INTERFACES
#define TRIDENT_TRITONGPU_INTERFACES

include "mlir/IR/OpBase.td"

def TritonGPU_DistributedEncoding : AttrInterface<"DistributedEncoding"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    An encoding that spreads a tensor over the registers, lanes and warps of
    a program. Implemented by core's blocked and slice encodings and by
    vendor encodings that plugins add.
  }];
  let methods = [
    InterfaceMethod<[{
      The linear layout of a tensor of `shape` in this encoding: inputs
      "register", "lane", "warp" (and "block"), outputs dim0..dim{rank-1}.
    }], "::trident::LinearLayout", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<[{The number of tensor dimensions this encoding is for.}],
      "unsigned", "getRank", (ins)>,
  ];
}

#endif // TRIDENT_TRITONGPU_INTERFACES
