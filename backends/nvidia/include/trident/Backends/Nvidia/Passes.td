//===- Passes.td - the NVIDIA backend's passes -------------*- tablegen -*-===//
#ifndef TRIDENT_NVIDIA_PASSES
#define TRIDENT_NVIDIA_PASSES

include "mlir/Pass/PassBase.td"

def ConvertTritonGPUToNVVM
    : Pass<"nvidia-convert-tritongpu-to-llvm", "::mlir::ModuleOp"> {
  let summary = "TTGIR to the LLVM dialect with NVVM ops";
  let description = [{
    Runs core's shared TTGIR lowering over the NVIDIA TargetInfo (NVVM ids,
    shuffles and barriers, inline PTX for predicated global accesses), with
    NVIDIA's math: fp32 `math.exp` as `ex2.approx.f32` of `x * log2(e)` and
    `math.exp2` as `ex2.approx.f32` (as Triton does), every other math
    function as a call to libdevice's `__nv_*`, linked later; fp32 `/` as
    `div.full.f32` (Triton's division; tl.div_rn is the IEEE one). Expects the
    module after allocate-shared-memory and insert-shared-barriers: shared
    memory is where `allocation.offset` says, and `ttg.shared` (bytes)
    stays on the module.
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int", "90",
           "the SM version (80, 90, 100, ...)">,
    Option<"basedAccesses", "based-accesses", "bool", "false",
           "accesses at a scalar base plus bounded offsets through core's "
           "based-access path (AMD's buffer path's arithmetic, for testing)">
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def NvidiaAsyncWarpGroupDots
    : Pass<"nvidia-async-warp-group-dots", "::mlir::ModuleOp"> {
  let summary = "wgmma left in flight across a pipelined loop's iterations, "
                "and the fences its register-written operands need";
  let description = [{
    Runs at the end of the ttgir stage, after the pipeliner. A
    `ttng.warp_group_dot` of an `scf.for` whose accumulator is carried by
    the loop (only the dot reads it, only its wait's result is yielded)
    and whose operands are buffers of the pipeliner's (ttg.memdesc_index
    of an allocation made outside the loop, which holds one more buffer
    than its copies run ahead for such a reader) becomes asynchronous: its
    `ttng.warp_group_dot_wait` leaves one group pending (the next
    iteration's dot is issued while this one runs; the wait also names the
    buffers, read until it returns), and a wait for none follows the loop.
    A dot whose waited result only goes to the next iteration (attention's
    P @ V, whose accumulator is rescaled after the next Q @ K^T) drops its
    wait: the first wait of the next iteration, which comes before every
    use of the carried accumulator, waits for it too. As Triton 3.6 does on
    sm_90. A dot operand written to shared memory
    from registers (a ttg.local_alloc of a tensor) gets a
    `ttng.fence_async_shared` before the dot: wgmma reads through the async
    proxy, which ordinary stores do not order.
  }];
  let dependentDialects = ["::mlir::triton::nvidia_gpu::NvidiaGPUDialect"];
}

def NvidiaLowerTensorDescriptors
    : Pass<"nvidia-lower-tensor-descriptors", "::mlir::ModuleOp"> {
  let summary = "tensor descriptor parameters as TMA descriptors; the "
                "loads and stores the pipeliner left, as TMA copies";
  let description = [{
    Runs at the end of the ttgir stage on sm_90 and later, where the
    kernels' tensor descriptors were kept for TMA (DescriptorCopier.h).
    Each `!tt.tensordesc` parameter's block type gets the
    `#ttg.nvmma_shared` encoding its copies use (the same the pipeliner's
    buffers have; the runtime encodes the CUtensorMap with its box and
    swizzle). A `tt.descriptor_load` the pipeliner did not run ahead
    becomes a TMA copy into a buffer completing on its own mbarrier,
    waited for at once, and a `ttg.local_load`; a `tt.descriptor_store`
    becomes a `ttg.local_alloc` of the value, `ttng.fence_async_shared`,
    `ttng.async_tma_copy_local_to_global` and a wait for its reads of
    shared memory (as Triton 3.6's TMA lowering).
  }];
  let dependentDialects = ["::mlir::triton::nvidia_gpu::NvidiaGPUDialect",
                           "::mlir::arith::ArithDialect"];
}

#endif // TRIDENT_NVIDIA_PASSES
