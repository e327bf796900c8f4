//===- TritonGPUOps.td - ttg operations --------------------*- tablegen -*-===//

#ifndef TRIDENT_TRITONGPU_OPS
#define TRIDENT_TRITONGPU_OPS

include "trident/Dialect/TritonGPU/IR/TritonGPUAttrs.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUTypes.td"
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

def TTG_LocalAllocOp : TritonGPU_Op<"local_alloc",
    [MemoryEffects<[MemAlloc<DefaultResource>]>]> {
  let summary = "allocates a buffer in shared memory, optionally filled";
  let description = [{
    `%m = ttg.local_alloc %t : (tensor<...>) -> !ttg.memdesc<...>` puts a
    tensor in shared memory; `ttg.local_alloc : () -> !ttg.memdesc<...,
    mutable>` makes an empty buffer for local_store. The buffer's offset
    comes from the shared-memory allocation (`allocation.offset`); it lives
    until its last use.
  }];
  let arguments = (ins Optional<AnyRankedTensor>:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def TTG_LocalLoadOp : TritonGPU_Op<"local_load",
    [MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "reads a shared-memory buffer into a distributed tensor";
  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` type($result)";
  let hasVerifier = 1;
}

def TTG_LocalStoreOp : TritonGPU_Op<"local_store",
    [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "writes a distributed tensor into a mutable shared-memory buffer";
  let arguments = (ins AnyRankedTensor:$src, TTG_MemDescType:$dst);
  let assemblyFormat = "$src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))";
  let hasVerifier = 1;
}

def TTG_LocalDeallocOp : TritonGPU_Op<"local_dealloc",
    [MemoryEffects<[MemFree<DefaultResource>]>]> {
  let summary = "frees a shared-memory buffer";
  let arguments = (ins TTG_MemDescType:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
}

def TTG_BarrierOp : TritonGPU_Op<"barrier"> {
  let summary = "waits for every thread of the CTA and orders its memory accesses";
  let description = [{
    `ttg.barrier local` (Triton's text): no thread continues before every
    thread of the CTA has arrived, and the accesses to the listed memories
    (`local`: shared memory; `global_read`, `global_write`; joined by `|`)
    before it are visible to those after it. Inserted by
    trident-insert-shared-barriers where shared-memory accesses conflict.
  }];
  let arguments = (ins I32Attr:$addrSpace);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The bits of `addrSpace`.
    static constexpr int32_t kLocal = 1, kGlobalRead = 2, kGlobalWrite = 4;
  }];
}

#endif // TRIDENT_TRITONGPU_OPS
