//===- TritonGPUOps.td - ttg operations --------------------*- tablegen -*-===//

#ifndef TRIDENT_TRITONGPU_OPS
#define TRIDENT_TRITONGPU_OPS

include "trident/Dialect/TritonGPU/IR/TritonGPUAttrs.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/BuiltinTypes.td"
include "trident/Dialect/Triton/IR/TritonTypes.td"
include "trident/Dialect/Triton/IR/TritonAttrDefs.td"

class TritonGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonGPU_Dialect, mnemonic, traits>;

// Shared memory as a resource of the memory-effect interfaces: the local_*
// ops declare what they do to it, on the memdesc they touch, and the
// barrier analysis reads those effects (trident::sharedAccesses): an op a
// plugin defines (wgmma reading its operands, a TMA copy writing a buffer)
// is ordered like them once it declares its effects on this resource.
def TTG_SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;
// Global memory, as tt.load and tt.store declare it.
def TTG_GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;

// A view: a memdesc of (part of) the buffer its operand describes, reading
// or writing nothing itself. Allocation and barriers trace views back to
// their local_alloc (trident::rootAllocation).
def TTG_MemDescViewTrait : NativeOpTrait<"MemDescViewTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
}

// Writes that land later than the op that issues them (an asynchronous
// copy into shared memory): the barrier analysis keeps them pending until
// an op with TTG_MemWaitOpTrait, and only a barrier after that wait orders
// them for other threads. A plugin's asynchronous writes take the trait
// too.
def TTG_AsyncWriteTrait : NativeOpTrait<"AsyncWriteTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
}
// Waits until the thread's earlier asynchronous writes have landed (all,
// or all but the newest groups its op says).
def TTG_MemWaitOpTrait : NativeOpTrait<"MemWaitOpTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
}

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
    [MemoryEffects<[MemAlloc<TTG_SharedMemory>, MemWrite<TTG_SharedMemory>]>]> {
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

def TTG_LocalLoadOp : TritonGPU_Op<"local_load"> {
  let summary = "reads a shared-memory buffer into a distributed tensor";
  let description = [{
    The optional `token` names the async_wait whose copies this read
    follows (Triton's pipelined TTGIR); it orders nothing by itself.
  }];
  let arguments = (ins Arg<TTG_MemDescType, "the buffer",
                           [MemRead<TTG_SharedMemory>]>:$src,
                       Optional<TTG_AsyncToken>:$token);
  let results = (outs AnyRankedTensor:$result);
  let builders = [
    OpBuilder<(ins "Type":$result, "Value":$src),
              [{ build($_builder, $_state, result, src, Value()); }]>
  ];
  let assemblyFormat = "$src (`token` $token^)? attr-dict `:` qualified(type($src)) `->` type($result)";
  let hasVerifier = 1;
}

def TTG_LocalStoreOp : TritonGPU_Op<"local_store"> {
  let summary = "writes a distributed tensor into a mutable shared-memory buffer";
  let arguments = (ins AnyRankedTensor:$src,
                       Arg<TTG_MemDescType, "the buffer",
                           [MemWrite<TTG_SharedMemory>]>:$dst);
  let assemblyFormat = "$src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))";
  let hasVerifier = 1;
}

def TTG_LocalDeallocOp : TritonGPU_Op<"local_dealloc"> {
  let summary = "frees a shared-memory buffer";
  let arguments = (ins Arg<TTG_MemDescType, "the buffer",
                           [MemFree<TTG_SharedMemory>]>:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
}

def TTG_GlobalScratchAllocOp : TritonGPU_Op<"global_scratch_alloc", [
    MemoryEffects<[MemAlloc<TTG_GlobalMemory>]>]> {
  let summary = "global memory of the program's own for the kernel's run";
  let description = [{
    `%p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 :
    i32} : !tt.ptr<i8>` (Triton 3.6's text): `nbytes` of global memory that
    belong to this program, aligned to `alignment`. tritongpu-allocate-
    global-scratch places every one in a region per program (the module's
    `ttg.global_scratch_memory_size` and `_alignment`, which the bundle
    carries as global_scratch_size / _align with requires=scratch); the
    runtime allocates grid x size bytes at each launch and passes them as
    the kernel's hidden scratch pointer; the lowering adds the program's
    linear id times the size and the op's offset. (NVIDIA's TMA
    descriptors made in the kernel live there.)
  }];
  let arguments = (ins I32Attr:$nbytes, I32Attr:$alignment);
  let results = (outs Arg<TT_Ptr, "", [MemAlloc<TTG_GlobalMemory>]>:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def TTG_MemDescIndexOp : TritonGPU_Op<"memdesc_index",
    [Pure, TTG_MemDescViewTrait]> {
  let summary = "one buffer of a multi-buffered allocation";
  let description = [{
    `%b = ttg.memdesc_index %bufs[%i] : !ttg.memdesc<3x128x64xf16, #shared,
    #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>`
    (Triton 3.6's text): buffer `%i` along the leading dimension (a
    pipeline's stages), which may be any size. The buffers lie one after
    another; each has the encoding's layout.
  }];
  let arguments = (ins TTG_MemDescType:$src, I32:$index);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescSubsliceOp : TritonGPU_Op<"memdesc_subslice",
    [Pure, TTG_MemDescViewTrait]> {
  let summary = "a tile of a buffer at constant offsets";
  let description = [{
    `%t = ttg.memdesc_subslice %b [0, 32] : !ttg.memdesc<128x64xf16, ...>
    -> !ttg.memdesc<128x32xf16, ..., 128x64>`: the elements from `offsets`
    on, of the result's shape; the result keeps the buffer's shape as its
    allocation shape. Each offset is a multiple of the result's size along
    its dimension (a tile of the buffer's layout).
  }];
  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$offsets);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src $offsets attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescTransOp : TritonGPU_Op<"memdesc_trans",
    [Pure, TTG_MemDescViewTrait]> {
  let summary = "a buffer read with its dimensions permuted";
  let description = [{
    `%t = ttg.memdesc_trans %b {order = array<i32: 1, 0>} :
    !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16,
    #shared1, #smem>`: the same bytes, dimension i of the result being the
    operand's `order[i]`; the result's encoding describes them so.
  }];
  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$order);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescReshapeOp : TritonGPU_Op<"memdesc_reshape",
    [Pure, TTG_MemDescViewTrait]> {
  let summary = "a buffer read in another shape";
  let description = [{
    `%r = ttg.memdesc_reshape %b : !ttg.memdesc<32x1x4x64xf16, #shared2,
    #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared3, #smem, mutable>`:
    the same bytes and as many elements, in the result's shape and
    encoding.
  }];
  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
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

def TTG_AsyncCopyGlobalToLocalOp : TritonGPU_Op<"async_copy_global_to_local",
    [TTG_AsyncWriteTrait, AttrSizedOperandSegments,
     OptionalTypesMatchWith<"mask is i1 of the shape of src", "src", "mask",
                   "::mlir::triton::getI1SameShape(::mlir::triton::getPointeeType($_self))">,
     OptionalTypesMatchWith<"other has the type of the copied value", "src", "other",
                   "::mlir::triton::getPointeeType($_self)">]> {
  let summary = "starts copying a tensor of global memory into shared memory";
  let description = [{
    Each element the pointer tensor `src` points to is copied to its place
    in the buffer `result` (a memdesc of the tensor's shape), without
    passing through registers, and lands later: a read of the buffer must
    follow an async_wait covering this copy's group (async_commit_group)
    and a barrier. Masked-off elements get `other` (which must be 0 or
    absent: the hardware fills zeros). `contiguity` bounds the elements
    one copy instruction may take. Triton 3.6's text:
    `%t = ttg.async_copy_global_to_local %ptrs, %buf mask %m other %o :
    tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem,
    mutable>`.
  }];
  let arguments = (ins
    Arg<TT_PtrTensor, "the elements to copy", [MemRead<TTG_GlobalMemory>]>:$src,
    Arg<TTG_MemDescType, "the buffer", [MemWrite<TTG_SharedMemory>]>:$result,
    Optional<TT_BoolTensor>:$mask,
    Optional<TT_Type>:$other,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
    DefaultValuedAttr<I32Attr, "1">:$contiguity);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $src `,` $result (`mask` $mask^)? (`other` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_AsyncCommitGroupOp : TritonGPU_Op<"async_commit_group"> {
  let summary = "closes the group of asynchronous copies issued so far";
  let description = [{
    The copies this thread issued since the last commit form one group,
    which an async_wait counts. `%g = ttg.async_commit_group tokens %t`.
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$inputTokens);
  let results = (outs TTG_AsyncToken:$asyncToken);
  let assemblyFormat = "(`tokens` $inputTokens^)? attr-dict";
}

def TTG_AsyncWaitOp : TritonGPU_Op<"async_wait", [TTG_MemWaitOpTrait]> {
  let summary = "waits for the thread's older groups of asynchronous copies";
  let description = [{
    Returns once all but the `num` newest committed groups of this
    thread's copies have landed. Other threads see them after a barrier
    that follows (insert-shared-barriers puts one before the first read).
    `%w = ttg.async_wait %g {num = 1 : i32}`.
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$asyncToken, I32Attr:$num);
  let results = (outs TTG_AsyncToken:$retToken);
  let assemblyFormat = "($asyncToken^)? attr-dict";
}

#endif // TRIDENT_TRITONGPU_OPS
