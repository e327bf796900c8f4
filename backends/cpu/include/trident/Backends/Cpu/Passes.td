//===- Passes.td - passes of the cpu backend ----------------*- tablegen -*-===//
//
// The cpu backend lowers TTIR to upstream MLIR (tensor, linalg, scf, llvm
// for memory accesses), then bufferizes and lowers to LLVM like any upstream
// pipeline.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_CPU_PASSES
#define TRIDENT_BACKENDS_CPU_PASSES

include "mlir/Pass/PassBase.td"

def CpuInlineAll : Pass<"cpu-inline-all", "mlir::ModuleOp"> {
  let summary = "Clear noinline so that the inliner inlines every call";
  let description = [{
    `noinline = true` is a code-size hint for GPU backends. On the host a
    call would make bufferization cross a function boundary for nothing, so
    the cpu backend sets `noinline = false` on every `tt.func` before running
    the inliner.
  }];
}

def CpuAddProgramArgs : Pass<"cpu-add-program-args", "mlir::ModuleOp"> {
  let summary = "Turn program ids and grid sizes into function arguments";
  let description = [{
    On the host a kernel is a plain function called once per program. This
    pass appends six i32 arguments to every `tt.func` (program id x, y, z,
    then the number of programs x, y, z), replaces `tt.get_program_id` and
    `tt.get_num_programs` with them, passes them along at every
    `tt.call`, and marks the function `trident.program_args` (what reads
    the ids in later passes checks for it).
  }];
}

def CpuEraseGpuHints : Pass<"cpu-erase-gpu-hints", "mlir::ModuleOp"> {
  let summary = "Drop the ops that mean nothing when one program runs per thread";
  let description = [{
    `gpu.barrier` (`tl.debug_barrier`) synchronizes the threads of one
    program; on the host a program runs on one thread, so there is nothing
    to wait for. `llvm.intr.assume` (`tl.assume`) is a hint: one-shot
    bufferization cannot see through an op of unknown memory effects, and
    the program means the same without it. Both are erased before the
    conversion to linalg.
  }];
}

def CpuGuardIntegerDivision
    : Pass<"cpu-guard-integer-division", "mlir::ModuleOp"> {
  let summary = "Make integer division by zero (and MIN / -1) safe on the host";
  let description = [{
    Integer division and remainder by zero, and signed MIN / -1, are
    undefined in a kernel but trap on the host, and masked-out lanes
    routinely divide by the zero a masked load produced. Every `arith`
    division and remainder (`divsi`, `divui`, `remsi`, `remui`,
    `ceildivsi`, `ceildivui`, `floordivsi`) gets its divisor replaced by 1
    where it is zero (or where the signed operation overflows): those
    lanes' results stay unspecified, as on GPUs, and the process survives.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def CpuCheckMemoryAccesses
    : Pass<"cpu-check-memory-accesses", "mlir::ModuleOp"> {
  let summary = "Check every load, store and atomic against the launch's memory";
  let description = [{
    The cpu backend's checked mode (backend option `checked=1`; the Python
    package sets it with `debug=True` or TRIDENT_CPU_CHECKED=1). Before
    each `tt.load`, `tt.store`, `tt.atomic_rmw` and `tt.atomic_cas`, every
    lane whose mask is on passes its address, the access's size, the op's
    source position and the program id to the runtime's check hook
    (`trident_cpu_check_hook`, a pointer the cpu driver sets when it loads
    the binary; the cpu kernel ABI in trident/runtime.h). The driver
    refuses an address outside every buffer the launch can reach: the
    program ends and the launch fails naming the position, the access and
    the address, instead of a segfault or silently corrupted memory. A
    scalar loop per access: slow, for debugging. Runs after
    cpu-add-program-args, before cpu-convert-triton-to-linalg.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::LLVM::LLVMDialect",
    "mlir::scf::SCFDialect", "mlir::tensor::TensorDialect"
  ];
}

def CpuConvertTritonToLinalg
    : Pass<"cpu-convert-triton-to-linalg", "mlir::ModuleOp"> {
  let summary = "Lower TTIR to tensor/linalg/scf with LLVM memory accesses";
  let description = [{
    Pointers become i64 addresses (tensors of pointers, tensors of i64).
    Shape ops map to tensor and linalg ops (splat, broadcast, expand_dims,
    reshape, trans, join, split, cat), `tt.dot` to `linalg.matmul` /
    `linalg.batch_matmul`, `tt.make_range` to `tensor.generate`. Loads
    become `linalg.generic` ops whose bodies do masked `llvm.load`s; stores
    and atomics become loop nests of `llvm.store` / `llvm.atomicrmw` /
    `llvm.cmpxchg`; `tt.reduce` and `tt.scan` become loop nests running
    their combine region. `tt.func`, `tt.call`, `tt.return` become the func
    dialect's. fp8 values are stored as i8: `tt.fp_to_fp` decodes them
    through a table and encodes with integer and f32 arithmetic (Triton's
    round-to-nearest-even with saturation, or toward zero), and arithmetic
    on fp8 runs in f32. Contiguous 1-D pointer tensors (`splat(p) + s +
    arange`) address from the loop index; affine masks are proved all-true
    per block at run time so that LLVM unswitches their tests away. What
    the cpu backend cannot lower (`tt.elementwise_inline_asm`) is reported
    at the op's location; `tt.extern_elementwise` calls of libdevice/ocml
    math functions become the math or arith op of the same function.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::func::FuncDialect",
    "mlir::linalg::LinalgDialect", "mlir::LLVM::LLVMDialect",
    "mlir::math::MathDialect", "mlir::scf::SCFDialect",
    "mlir::tensor::TensorDialect"
  ];
}

def CpuAddKernelWrapper : Pass<"cpu-add-kernel-wrapper", "mlir::ModuleOp"> {
  let summary = "Add the cpu kernel ABI entry point of each public kernel";
  let description = [{
    Runs on the LLVM dialect. For each public kernel `K` (renamed
    `K.impl`), adds `void K(const void *const *args, const
    trident_cpu_program_t *program)`: it loads each argument through
    args[i] and the program ids and grid from `program`, and calls `K.impl`.
    This is the ABI the runtime's cpu driver calls (trident/runtime.h).
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def CpuMemRefCopyToLinalg : Pass<"cpu-memref-copy-to-linalg", "mlir::ModuleOp"> {
  let summary = "Turn memref.copy into linalg.copy";
  let description = [{
    Bufferization copies buffers with `memref.copy`, which the LLVM lowering
    turns into a call to a runtime library (`memrefCopy`) when the layouts
    are not contiguous. Host kernels link no such library: `linalg.copy`
    lowers to plain loops instead.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def CpuExpandAtomics : Pass<"cpu-expand-atomics", "mlir::ModuleOp"> {
  let summary = "Expand the atomic placeholders into LLVM atomics";
  let description = [{
    cpu-convert-triton-to-linalg emits atomics as calls to declared
    functions `trident.rmw.<op>.<ordering>.<types>` and
    `trident.cas.<ordering>.<types>` so that bufferization and buffer
    deallocation (which reject ops of unknown memory effects) see calls.
    This pass, run after them, replaces each call with `llvm.atomicrmw` or
    `llvm.cmpxchg` on the address and removes the declarations.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def CpuFuseElementwise : Pass<"cpu-fuse-elementwise", "mlir::ModuleOp"> {
  let summary = "Fuse elementwise linalg ops, loads included, into one loop";
  let description = [{
    Runs on tensors, before bufferization. Rewrites `tensor.splat` and
    `tensor.generate` of static shape into `linalg.generic` ops, then fuses
    producer `linalg.generic` ops into their elementwise consumers with
    upstream linalg's fusion patterns, so that a kernel body such as
    `load(x) + load(y)` becomes one loop instead of one loop and one
    temporary buffer per op. A producer is fused when its body is free of
    memory effects and either has this one use or is cheap to recompute
    (integer and compare arithmetic); a producer that loads from memory is
    fused only into its single use, and only when nothing between the two
    may write memory, so that no load moves past a store or an atomic.
    Finally `tensor.extract` of a cheap pure generic (how store and atomic
    loops read their masks and offsets) computes the element in place, so
    that no tensor of masks is materialized.

    Fusion stops where producer or consumer already has more than half of
    `max-body-ops` ops in its body: each fusion clones both bodies, so a
    long chain fused link by link would cost the square of its length, and
    a loop body of a few hundred ops already amortizes its loop. Likewise a
    loading producer more than 1,024 ops before its consumer is not fused.
  }];
  let options = [
    Option<"maxBodyOps", "max-body-ops", "unsigned", "256",
           "fused loop bodies stay within about this many ops">,
  ];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def CpuFreshElementwiseInits
    : Pass<"cpu-fresh-elementwise-inits", "mlir::ModuleOp"> {
  let summary = "Give elementwise generics whose init is shared a tensor.empty of their own";
  let description = [{
    Runs on tensors, right before one-shot bufferization. Elementwise
    generics get an `outs` their body ignores: an operand, or a
    `tensor.empty` that CSE has merged with every other of its type. When
    that value has other uses (in unrolled code, hundreds), one-shot
    bufferization's conflict analysis checks every writer into it against
    every other use: quadratic in their number (400 unrolled `tl.sum` of
    one tensor took 16 s there). A fresh `tensor.empty`
    per such generic says what the op means -- a new tensor -- and keeps
    the analysis local. Generics whose init is read by their body, has
    this one use, or has a dynamic shape are left alone. Likewise a chain
    of in-place updates (`acc = dot(a, b, acc)` unrolled hundreds of times)
    puts every link in one alias set that the analysis checks at each
    write: every 32 links the init is copied into a fresh tensor (one copy
    per 32 ops at run time), keeping the sets bounded.
  }];
  let dependentDialects = ["mlir::tensor::TensorDialect"];
}

def CpuUnrollSmallLoops : Pass<"cpu-unroll-small-loops", "mlir::ModuleOp"> {
  let summary = "In functions with hundreds of loops, unroll the small ones that are no loop nest";
  let description = [{
    After linalg is lowered to loops. A kernel's small tensors (a 16-wide
    row, a reduction over 16 elements) become loops of a few iterations
    that LLVM unrolls fully anyway; but LLVM's loop passes (rotation,
    induction-variable simplification, full unrolling) cost each loop the
    size of the whole function, so hundreds of them (unrolled Python loops
    in a kernel) cost time quadratic in the kernel's size. In a function of
    at least `min-loops` loops, each loop with constant bounds, at most 16
    iterations, at most 32 ops, no loop inside and none around it is
    unrolled here, at a cost of its own size. Fewer loops are cheaper left
    to LLVM (the unrolled IR costs the conversions after this pass more;
    on the development machine unrolling paid from about 1,000 loops), and
    loop nests (a dot's) are LLVM's to unroll or vectorize.
  }];
  let options = [
    Option<"minLoops", "min-loops", "unsigned", "1024",
           "unroll only in functions with at least this many loops">
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect"];
}

def CpuOutlineDots : Pass<"cpu-outline-dots", "mlir::ModuleOp"> {
  let summary = "In functions of many dots, one out-of-line function per dot shape";
  let description = [{
    After bufferization. A kernel with many `tl.dot`s (an unrolled loop)
    gives LLVM thousands of loop nests in one function, and LLVM's loop
    passes (IndVarSimplify most) cost each the size of the whole function:
    compile time quadratic in the number of dots. In a function of at
    least `min-dots` `linalg.matmul`/`linalg.batch_matmul` ops, each
    becomes a call of a private function made once per signature (the
    operands' memref types), `trident.dot.N`, which the kernel wrapper pass
    marks no_inline: LLVM compiles each loop nest once. Kernels with fewer
    dots (the usual one dot in a K loop) keep them inline.
  }];
  let options = [
    Option<"minDots", "min-dots", "unsigned", "16",
           "outline only in functions with at least this many dots">
  ];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def CpuSplitLargeFunctions : Pass<"cpu-split-large-functions", "mlir::ModuleOp"> {
  let summary = "Split functions of many thousand ops into calls of parts of bounded size";
  let description = [{
    After linalg is lowered to loops, before control flow. Kernels that
    Python loops over constexpr ranges unroll (hundreds of `tl.sum`s, say)
    become one function of tens of thousands of ops, and the passes after
    this one -- LLVM's loop passes, its register allocator, MLIR's
    conversions -- cost more than linear time in the size of one function:
    compile time then grows with the square of the kernel. A function of at
    least `min-ops` ops (nested ones included) whose body is one block is
    cut, between its top-level ops, into consecutive parts of about
    `part-ops` ops. Each part becomes a private function `trident.part.N`
    taking the values it uses from before it (constants are cloned into it
    instead) and returning those used after it, and a call replaces it; the
    kernel wrapper pass marks the parts no_inline, so LLVM compiles each
    alone. The order of side effects is unchanged: parts run in program
    order. Smaller functions (almost every kernel) are left alone, and so
    is a function with a stack allocation (`memref.alloca`), which must
    not outlive the part that made it.
  }];
  let options = [
    Option<"minOps", "min-ops", "unsigned", "2000",
           "split only functions of at least this many ops">,
    Option<"partOps", "part-ops", "unsigned", "400",
           "about this many ops per part">
  ];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def CpuBarePointerCalls : Pass<"cpu-bare-pointer-calls", "mlir::ModuleOp"> {
  let summary = "Private functions pass their fixed-shape buffers as bare pointers";
  let description = [{
    Just before the conversion to LLVM. A memref crosses a call as its
    whole descriptor: allocated and aligned pointers, offset, and a size
    and a stride per dimension -- five values for a tensor of one
    dimension. The parts of a split kernel (`cpu-split-large-functions`)
    take every buffer they use from before them, so a part of an unrolled
    kernel takes hundreds: each one five arguments, five insertions to
    rebuild it in the part and as many extractions at the call. Where all
    of that is known from the type it need not travel. A private function
    whose every memref argument and result has a static shape, strides and
    offset, and whose symbol is used only by direct `func.call`s, gets
    `llvm.bareptr`, so `convert-func-to-llvm` lowers it and its calls with
    one pointer per buffer. Buffers come from `aligned_alloc`, whose
    allocated and aligned pointers are the same, which that convention
    requires of returned buffers. Kernels and external functions keep
    their signatures.
  }];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def CpuReturnThroughMemory
    : Pass<"cpu-return-through-memory", "mlir::ModuleOp"> {
  let summary = "Private functions with many results store them to a buffer of the caller";
  let description = [{
    After the conversion to LLVM. A function of several results returns
    one struct, built by one `insertvalue` per result and taken apart by
    one `extractvalue` per use; a part of a split kernel
    (`cpu-split-large-functions`) returns every value later parts use --
    hundreds in an unrolled kernel. LLVM's interprocedural constant
    propagation tracks each field of each struct value in such a chain,
    which costs the square of the number of results: 65 of 73 s of LLVM's
    O3 on a depthwise-convolution backward of width 64, whose largest part
    returned 761 values. The machine code returns a struct that large
    through memory anyway. A private function returning a struct of more
    than `max-fields` fields whose symbol only direct calls use instead
    takes a pointer first and stores each field there; each caller has
    one stack buffer, as large as the largest such struct it receives,
    whose fields it loads right after each call.
  }];
  let options = [
    Option<"maxFields", "max-fields", "unsigned", "8",
           "return structs of at most this many fields as they are">
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

#endif // TRIDENT_BACKENDS_CPU_PASSES
