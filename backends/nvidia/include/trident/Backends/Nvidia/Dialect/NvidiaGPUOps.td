//===- NvidiaGPUOps.td - the ttng dialect: NVIDIA's own TTGIR ops -*- tablegen -*-===//
//
// The NVIDIA plugin's ops of TTGIR, under Triton 3.6's `ttng` names and
// text, so that Triton's sm_90 TTGIR parses with the plugin loaded. Each
// declares its effects on core's shared-memory resource, which is how
// core's allocation and barrier analyses order them against the local_*
// ops without knowing them.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_NVIDIA_GPU_OPS
#define TRIDENT_NVIDIA_GPU_OPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUTypes.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUInterfaces.td"
include "trident/Dialect/Triton/IR/TritonTypes.td"
include "trident/Dialect/Triton/IR/TritonAttrDefs.td"

def NvidiaGPU_Dialect : Dialect {
  let name = "ttng";
  let cppNamespace = "::mlir::triton::nvidia_gpu";
  let summary = "NVIDIA's own TTGIR ops (warpgroup MMA, TMA, mbarriers, proxy fences)";
  let description = [{
    Registered by the NVIDIA backend plugin. Hopper's tensor-core path:
    `ttng.warp_group_dot` (wgmma) with operands in shared memory, its
    `ttng.warp_group_dot_wait`, and `ttng.fence_async_shared` (ordering
    generic-proxy writes of shared memory before the async proxy reads
    them). Hopper's tensor memory accelerator: mbarriers in shared memory
    (`init_barrier`, `barrier_expect`, `wait_barrier`, `arrive_barrier`,
    `inval_barrier`), bulk tensor copies through a descriptor
    (`async_tma_copy_global_to_local`, `async_tma_copy_local_to_global`,
    `async_tma_reduce`, `async_tma_store_wait`) and descriptors made on the
    device (`tensormap_create`, `tensormap_fenceproxy_acquire`,
    `reinterpret_tensor_descriptor`). The TMA and mbarrier ops parse and
    print as Triton 3.6 writes them; their lowering is not built yet (the
    Hopper issue): a module holding one stops at the LLVM stage naming it.
  }];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect",
                           "::mlir::triton::TritonDialect"];
}

// Core's memory resources (TritonGPUOps.td), named here for the effects.
def TTNG_SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;
def TTNG_GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;

class NvidiaGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<NvidiaGPU_Dialect, mnemonic, traits>;

def TTNG_TensorOrMemDesc : AnyTypeOf<[AnyRankedTensor, TTG_MemDescType],
                                     "a tensor or a memdesc">;

def TTNG_WarpGroupDotOp : NvidiaGPU_Op<"warp_group_dot", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"the accumulator has the result's type", "d", "c", "$_self">]> {
  let summary = "a warpgroup matrix multiply-accumulate (wgmma): d = a * b + c";
  let description = [{
    `%d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32,
    isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> *
    !ttg.memdesc<64x256xf16, #shared1, #smem> -> tensor<128x256xf32, #mma>`:
    `a` is a buffer in `#ttg.nvmma_shared` or a tensor in registers
    (`#ttg.dot_op` of the accumulator's encoding), `b` a buffer, `c` and
    the result a `#ttg.nvidia_mma` version 3 tensor. With `useC` false at
    run time the accumulator is not read (d = a * b). `isAsync`: the
    result is ready only after a `ttng.warp_group_dot_wait` that leaves
    fewer groups pending than were issued after this one; the buffers are
    read until then. inputPrecision is tt.dot's (0: tf32, 1: tf32x3,
    2: ieee), maxNumImpreciseAcc its fp8 accumulation bound.
  }];
  let arguments = (ins TTNG_TensorOrMemDesc:$a,
                       TTG_MemDescType:$b,
                       AnyRankedTensor:$c,
                       Optional<I1>:$useC,
                       DefaultValuedAttr<I32Attr, "0">:$inputPrecision,
                       DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc,
                       DefaultValuedAttr<BoolAttr, "false">:$isAsync);
  let results = (outs AnyRankedTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` $useC^)? attr-dict
    `:` type($a) `*` qualified(type($b)) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TTNG_WarpGroupDotWaitOp : NvidiaGPU_Op<"warp_group_dot_wait", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "waits until at most `pendings` wgmma groups are in flight";
  let description = [{
    `%r:3 = ttng.warp_group_dot_wait %acc, %a, %b {pendings = 1 : i32} :
    tensor<...>, !ttg.memdesc<...>, !ttg.memdesc<...>`: the results are
    the inputs (accumulators of the asynchronous dots waited for, and the
    buffers they read), available once no more than `pendings` groups of
    warpgroup MMAs issued before it are in flight. The buffers count as
    read until here (so a barrier before their next write comes after it).
  }];
  let arguments = (ins Variadic<TTNG_TensorOrMemDesc>:$inputs,
                       I32Attr:$pendings);
  let results = (outs Variadic<TTNG_TensorOrMemDesc>:$outputs);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs)";
  let hasVerifier = 1;
}

def TTNG_FenceAsyncSharedOp : NvidiaGPU_Op<"fence_async_shared"> {
  let summary = "orders shared-memory writes before the async proxy's reads";
  let description = [{
    `ttng.fence_async_shared {bCluster = false}`: `fence.proxy.async` (of
    the CTA's shared memory, or the cluster's with bCluster): what threads
    wrote to shared memory with ordinary stores (a local_alloc from
    registers) is visible to wgmma and TMA reads issued after it.
  }];
  let arguments = (ins DefaultValuedAttr<BoolAttr, "false">:$bCluster);
  let assemblyFormat = "attr-dict";
}

//===-- mbarriers ----------------------------------------------------------===//

def TTNG_InitBarrierOp : NvidiaGPU_Op<"init_barrier", [
    MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "initializes an mbarrier: `count` arrivals complete a phase";
  let description = [{
    `ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>`:
    the 64-bit mbarrier at `%bar` starts its phase 0, which completes when
    `count` threads have arrived and every transaction byte announced by
    `barrier_expect` has landed.
  }];
  let arguments = (ins TTG_MemDescType:$alloc, I32Attr:$count);
  let assemblyFormat = "$alloc `,` $count attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_InvalBarrierOp : NvidiaGPU_Op<"inval_barrier", [
    MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "ends an mbarrier's life (its memory may be reused)";
  let arguments = (ins TTG_MemDescType:$alloc);
  let assemblyFormat = "$alloc attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_BarrierExpectOp : NvidiaGPU_Op<"barrier_expect", [
    MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "arrives on an mbarrier announcing `size` bytes to come";
  let description = [{
    `ttng.barrier_expect %bar, 32768, %pred : !ttg.memdesc<1xi64, ...>`:
    where `pred` holds, one arrival on `%bar` that also adds `size` bytes
    to the transactions the phase waits for (what the TMA copies that
    signal it will write).
  }];
  let arguments = (ins TTG_MemDescType:$alloc, I32Attr:$size, I1:$pred);
  let assemblyFormat = [{
    $alloc `,` $size attr-dict `,` $pred `:` qualified(type($alloc))
  }];
  let hasVerifier = 1;
}

def TTNG_WaitBarrierOp : NvidiaGPU_Op<"wait_barrier", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    AttrSizedOperandSegments]> {
  let summary = "waits until an mbarrier's phase of parity `phase` completes";
  let description = [{
    `ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, ...>`: every
    thread waits for the phase whose parity is `phase` (0 or 1) to
    complete; what the copies signalling it wrote is then visible.
    `deps` are buffers counted as in use until here.
  }];
  let arguments = (ins TTG_MemDescType:$alloc, I32:$phase,
                       Optional<I1>:$pred,
                       Variadic<TTG_MemDescType>:$deps);
  let assemblyFormat = [{
    $alloc `,` $phase (`,` $pred^)? (`deps` $deps^)? attr-dict
    `:` qualified(type($alloc)) (`,` qualified(type($deps))^)?
  }];
  let hasVerifier = 1;
}

def TTNG_ArriveBarrierOp : NvidiaGPU_Op<"arrive_barrier", [
    MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "arrives `count` times on an mbarrier";
  let arguments = (ins TTG_MemDescType:$alloc, I32Attr:$count,
                       Optional<I1>:$pred);
  let assemblyFormat = [{
    $alloc `,` $count (`,` $pred^)? attr-dict `:` qualified(type($alloc))
  }];
  let hasVerifier = 1;
}

//===-- bulk tensor copies (TMA) -------------------------------------------===//

def TTNG_AsyncTMACopyGlobalToLocalOp : NvidiaGPU_Op<"async_tma_copy_global_to_local", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "copies a block of a tensor into shared memory through a descriptor";
  let description = [{
    `ttng.async_tma_copy_global_to_local %desc[%i, %j] %buf, %bar, %pred :
    !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, ...>
    -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>`: where `pred`
    holds, the block at coordinates (outermost first) is written into
    `%buf` asynchronously; its bytes count towards `%bar`'s transactions,
    so the data is there once the barrier's phase completes. Elements
    outside the tensor read as the descriptor's padding.
  }];
  let arguments = (ins TT_TensorDescType:$desc, Variadic<I32>:$coord,
                       TTG_MemDescType:$barrier, TTG_MemDescType:$result,
                       I1:$pred);
  let assemblyFormat = [{
    $desc `[` $coord `]` $result `,` $barrier `,` $pred attr-dict `:`
    qualified(type($desc)) `,` qualified(type($barrier)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMACopyLocalToGlobalOp : NvidiaGPU_Op<"async_tma_copy_local_to_global", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "stores a block from shared memory into a tensor through a descriptor";
  let description = [{
    `ttng.async_tma_copy_local_to_global %desc[%i, %j] %buf :
    !tt.tensordesc<...>, !ttg.memdesc<...>`: asynchronous; `%buf` is read
    until an `async_tma_store_wait` leaves fewer stores pending. Elements
    outside the tensor are not written.
  }];
  let arguments = (ins TT_TensorDescType:$desc, Variadic<I32>:$coord,
                       TTG_MemDescType:$src);
  let assemblyFormat = [{
    $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAReduceOp : NvidiaGPU_Op<"async_tma_reduce", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "combines a block from shared memory into a tensor (desc.atomic_add, ...)";
  let arguments = (ins TT_DescriptorReduceKindAttr:$kind,
                       TT_TensorDescType:$desc, Variadic<I32>:$coord,
                       TTG_MemDescType:$src);
  let assemblyFormat = [{
    $kind `,` $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAStoreWaitOp : NvidiaGPU_Op<"async_tma_store_wait", [
    MemoryEffects<[MemRead<TTNG_SharedMemory>, MemWrite<DefaultResource>]>]> {
  let summary = "waits until at most `pendings` TMA stores are still reading shared memory";
  let arguments = (ins I32Attr:$pendings);
  let assemblyFormat = "attr-dict";
}

//===-- descriptors made on the device -------------------------------------===//

def TTNG_TensormapCreateOp : NvidiaGPU_Op<"tensormap_create", [
    MemoryEffects<[MemRead<TTNG_GlobalMemory>, MemWrite<TTNG_GlobalMemory>]>,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<TritonGPU_SharedScratchOp,
                              ["getSharedScratchAlignment"]>]> {
  let summary = "writes a TMA descriptor (a CUtensorMap) into global memory";
  let description = [{
    `ttng.tensormap_create %dst, %base, [box...], [dims...], [strides...],
    [element strides...] {elem_type = 6 : i32, fill_mode = 0 : i32,
    interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (...) -> ()`:
    the 128 bytes at `%dst` describe the tensor at `%base`; every list is
    innermost dimension first (global strides in bytes, without the
    innermost one). The codes are PTX's tensormap fields. Lowered as
    Triton 3.6 does: built in 128 bytes of shared scratch (128-aligned) by
    warp 0 and thread 0 (`tensormap.replace`), then copied out with
    `tensormap.cp_fenceproxy`.
  }];
  let arguments = (ins TT_Ptr:$desc_ptr, TT_Ptr:$global_address,
                       Variadic<I32>:$box_dim, Variadic<I32>:$global_dim,
                       Variadic<I64>:$global_stride,
                       Variadic<I32>:$element_stride,
                       ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<15>]>:$elem_type,
                       ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<2>]>:$interleave_layout,
                       ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<3>]>:$swizzle_mode,
                       ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<1>]>:$fill_mode);
  let assemblyFormat = [{
    $desc_ptr `,` $global_address `,` `[` $box_dim `]` `,` `[` $global_dim `]`
    `,` `[` $global_stride `]` `,` `[` $element_stride `]` attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TTNG_TensormapFenceproxyAcquireOp : NvidiaGPU_Op<"tensormap_fenceproxy_acquire", [
    MemoryEffects<[MemWrite<TTNG_GlobalMemory>]>]> {
  let summary = "makes a descriptor written by tensormap_create visible to TMA";
  let arguments = (ins TT_Ptr:$desc_ptr);
  let assemblyFormat = "$desc_ptr attr-dict `:` qualified(type($desc_ptr))";
}

def TTNG_ReinterpretTensorDescOp : NvidiaGPU_Op<"reinterpret_tensor_descriptor", [Pure]> {
  let summary = "a tensor descriptor at an address (a descriptor made on the device)";
  let arguments = (ins TT_Ptr:$rawDesc);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = [{
    $rawDesc attr-dict `:` qualified(type($rawDesc)) `to` qualified(type($result))
  }];
}

#endif // TRIDENT_NVIDIA_GPU_OPS
