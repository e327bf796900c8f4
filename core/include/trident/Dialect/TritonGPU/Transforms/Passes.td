//===- Passes.td - generic TTGIR passes --------------------*- tablegen -*-===//
#ifndef TRIDENT_TRITONGPU_PASSES
#define TRIDENT_TRITONGPU_PASSES

include "mlir/Pass/PassBase.td"

def ConvertTritonToTritonGPU
    : Pass<"convert-triton-to-tritongpu", "::mlir::ModuleOp"> {
  let summary = "TTIR to TTGIR: a layout for every tensor";
  let description = [{
    Gives every tensor an encoding and writes the launch shape into the
    module (`ttg.num-warps`, `ttg.threads-per-warp`, `ttg.num-ctas`,
    `ttg.target`).

    Layouts are assigned by constraints rather than chosen per op and
    repaired later: values that elementwise ops, broadcasts, selects,
    loop-carried values and branch results tie together form one class and
    get one encoding; a reduction's result class is the slice of its
    operand's along the axis, and an expand_dims operand's class the slice
    of its result's. A class that is no slice gets a blocked encoding
    coalesced for the loads and stores in it, as Triton's coalesce pass
    would make them: the order of the pointers' contiguity, and as many
    consecutive elements per thread as 128-bit accesses allow (AxisInfo:
    contiguity, alignment, mask constancy), never more than the tensor
    spreads over the threads. Where a class would need two encodings at
    once (a value that is both a slice of one class and equal to another),
    a `ttg.convert_layout` is inserted.
  }];
  let options = [
    Option<"numWarps", "num-warps", "int", "4", "warps per CTA">,
    Option<"threadsPerWarp", "threads-per-warp", "int", "32",
           "threads per warp">,
    Option<"numCtas", "num-ctas", "int", "1", "CTAs per program">,
    Option<"target", "target", "std::string", "\"\"",
           "the target (cuda:90, hip:gfx942, ...)">
  ];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect"];
}

def VerifyTritonGPU
    : Pass<"verify-tritongpu", "::mlir::ModuleOp"> {
  let summary = "refuses TTGIR that the GPU lowering cannot take faithfully";
  let description = [{
    The first pass of the GPU backends' llir stage, for TTGIR that came from
    a file (Triton's, or anyone's) as much as for our own: the module's
    `ttg.num-warps` and `ttg.threads-per-warp` are positive powers of two;
    every tensor's encoding is a distributed layout of the tensor's rank
    (not a shared encoding, a memory space or some other attribute), whose
    lanes and warps are the module's (a layout of 8 warps in a 4-warp
    module would leave elements uncomputed) and whose threads hold at most
    65536 elements each; and no public function (a kernel) returns a value.
    Each refusal is an error at the op, naming what is wrong.
  }];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect"];
}

def AllocateSharedMemory
    : Pass<"allocate-shared-memory", "::mlir::ModuleOp"> {
  let summary = "an offset in shared memory for every use of it, by liveness";
  let description = [{
    Gives every op that uses shared memory its offset, `allocation.offset`:
    ops that need scratch while they run (layout conversions, shape ops and
    gathers through shared memory, reductions and scans across warps,
    histograms, atomics whose old value is broadcast to copies) and
    `ttg.local_alloc` buffers, which live until their last use (a use in a
    loop keeps a buffer from before it live to the loop's end). Two that
    are live at once never overlap; placement is greedy, largest first,
    16-byte aligned. A call reserves its callee's shared memory at offset
    0; each function gets `allocation.size`, the module `ttg.shared`, the
    bytes the kernel needs (Trident's metadata reports them).
  }];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect"];
}

def AllocateGlobalScratch
    : Pass<"tritongpu-allocate-global-scratch", "::mlir::ModuleOp"> {
  let summary = "an offset in the program's global scratch for every ttg.global_scratch_alloc";
  let description = [{
    Places every `ttg.global_scratch_alloc` of the module one after the
    other, each at a multiple of its alignment, in the global memory a
    program owns for the kernel's run (no reuse: the few there are live
    for the whole kernel): `ttg.global_scratch_memory_offset` on each op,
    and on the module `ttg.global_scratch_memory_size` (the bytes per
    program, a multiple of the alignment) and
    `ttg.global_scratch_memory_alignment`, Triton 3.6's names. A module
    without such ops gets neither attribute. The GPU backends' llir stage
    records them in the metadata (global_scratch_size / _align,
    requires=scratch) and the lowering passes the scratch pointer to the
    kernel as its hidden parameter.
  }];
}

def InsertSharedBarriers
    : Pass<"insert-shared-barriers", "::mlir::ModuleOp"> {
  let summary = "a barrier wherever shared-memory accesses of two ops conflict";
  let description = [{
    After allocate-shared-memory: inserts `ttg.barrier local` before each op
    that reads a range written, or writes a range read or written, since the
    last barrier, following scf.if branches, loops (to a fixed point over
    their back edges) and calls. Nowhere else: a kernel's first use of
    shared memory, and uses of disjoint ranges, need none.
  }];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUScheduleLoops
    : Pass<"tritongpu-schedule-loops", "::mlir::ModuleOp"> {
  let summary = "stages and clusters for loops whose loads feed dots";
  let description = [{
    For each innermost `scf.for` whose body loads tensors that become
    `tt.dot` operands (through `ttg.convert_layout` to `#ttg.dot_op`):
    those loads, and every op of the body their operands come from, get
    `loop.stage = 0`; the rest of the body the last stage (num_stages - 1,
    from the loop's `tt.num_stages`, `tl.range(num_stages=)`, else the
    option); the loop gets `tt.scheduled_max_stage` (Triton 3.6's
    attribute names, so its scheduled TTGIR and ours compare).
    `loop.cluster` orders one iteration of the pipelined body: with
    `async-copy` the reads of the current iteration come first and the
    copies for a later one after them, with `registers` the loads first
    (in flight while the dots run; at most 2 stages, as a tile per stage
    stays live in registers). Loop-invariant code is hoisted first. A loop
    whose loads' addresses depend on anything with side effects, or on a
    dot, is left alone.
  }];
  let options = [
    Option<"numStages", "num-stages", "int", "3",
           "stages of a loop without tt.num_stages">,
    Option<"sharedLimit", "shared-limit", "int64_t", "0",
           "bytes of shared memory the buffers may take (0: no limit); "
           "fewer stages where they would not fit, with a remark">,
    Option<"strategy", "strategy", "std::string", "\"async-copy\"",
           "async-copy (copies into shared memory) or registers">
  ];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def TritonGPUPipeline : Pass<"tritongpu-pipeline", "::mlir::ModuleOp"> {
  let summary = "carries out the loop schedules: multi-buffering and expansion";
  let description = [{
    For each `scf.for` with `tt.scheduled_max_stage` (ours from
    tritongpu-schedule-loops, or Triton's scheduled TTGIR). With
    `async-copy`, a load whose users convert it to dot operands `d` stages
    later becomes `ttg.async_copy_global_to_local` into buffer `iteration
    % n` of a `ttg.local_alloc` of n = d buffers (d + 1 when the copies
    come before the reads in the body), one `ttg.async_commit_group` per
    iteration, and its conversions `ttg.async_wait` (the groups still in
    flight behind this iteration's) and `ttg.local_load` with the wait's
    token. The buffers' `#ttg.swizzled_shared` has the fewest accesses
    times bank-conflict ways for the copies' writes and the dot operands'
    reads. Loads whose `other` is not 0, or whose accesses are narrower
    than 4 bytes, stay loads, staged in registers. With a target's
    DescriptorCopier (created from C++ only: NVIDIA's TMA), a
    `tt.descriptor_load` feeding dots becomes the copier's bulk copies
    into a ring of buffers in its encoding, one completion signal a slot
    shared by the loads of a stage, the reads waiting for the slot's phase
    (a transposed read, `b.T`, through `ttg.memdesc_trans`). Then the loop is
    expanded (MLIR's loop pipeliner): a prologue of the first iterations'
    early stages, and a kernel whose early stages are masked off in the
    last iterations; trip counts unknown, zero or below the stages are
    right. The schedule attributes are removed.
  }];
  let options = [
    Option<"strategy", "strategy", "std::string", "\"async-copy\"",
           "async-copy (copies into shared memory) or registers">
  ];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

#endif // TRIDENT_TRITONGPU_PASSES
