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

def NvidiaGPU_Dialect : Dialect {
  let name = "ttng";
  let cppNamespace = "::mlir::triton::nvidia_gpu";
  let summary = "NVIDIA's own TTGIR ops (warpgroup MMA, its waits, proxy fences)";
  let description = [{
    Registered by the NVIDIA backend plugin. Hopper's tensor-core path:
    `ttng.warp_group_dot` (wgmma) with operands in shared memory, its
    `ttng.warp_group_dot_wait`, and `ttng.fence_async_shared` (ordering
    generic-proxy writes of shared memory before the async proxy reads
    them).
  }];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect"];
}

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

#endif // TRIDENT_NVIDIA_GPU_OPS
