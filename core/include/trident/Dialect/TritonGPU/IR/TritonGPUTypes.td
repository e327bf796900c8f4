//===- TritonGPUTypes.td - ttg types ------------------------*- tablegen -*-===//

#ifndef TRIDENT_TRITONGPU_TYPES
#define TRIDENT_TRITONGPU_TYPES

include "trident/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "mlir/IR/AttrTypeBase.td"

def TTG_MemDescType : TypeDef<TritonGPU_Dialect, "MemDesc"> {
  let mnemonic = "memdesc";
  let summary = "a buffer in shared memory, described";
  let description = [{
    `!ttg.memdesc<128x64xf16, #shared, #smem, mutable>` (Triton's text):
    the shape and element type of a tensor held in memory (not registers),
    its shared encoding, its memory space, whether it may be written, and,
    for a view into a larger allocation (a pipeline's buffers), the
    allocation's shape after a comma (`, 3x128x64`).
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "Type":$elementType, "Attribute":$encoding,
                        "Attribute":$memorySpace, "bool":$mutableMemory,
                        ArrayRefParameter<"int64_t">:$allocShape);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_AsyncToken : TypeDef<TritonGPU_Dialect, "AsyncToken"> {
  let mnemonic = "async.token";
  let summary = "the completion of asynchronous copies";
  let description = [{
    `!ttg.async.token` (Triton's text): what async_copy_global_to_local,
    async_commit_group and async_wait return, so that a wait names the
    copies it waits for and a local_load the wait it follows. It carries
    no value at run time.
  }];
}

#endif // TRIDENT_TRITONGPU_TYPES
