//===- Passes.td - hardware-neutral TTIR passes ------------*- tablegen -*-===//
#ifndef TRIDENT_TRITON_PASSES
#define TRIDENT_TRITON_PASSES

include "mlir/Pass/PassBase.td"

def TritonCombineOps : Pass<"triton-combine", "::mlir::ModuleOp"> {
  let summary = "peephole rewrites of TTIR (Triton's combine)";
  let description = [{
    Applies TTIR's algebraic rewrites together with the canonicalization
    patterns of tt, arith and scf:

    - `addptr(addptr(p, a), b)` becomes `addptr(p, a + b)` when both offsets
      have the same type;
    - `select(c, load(p, splat(c)), o)` becomes `load(p, splat(c), o)`;
    - `dot(a, b, 0) + d` becomes `dot(a, b, d)` when the dot has no other use
      (integer dots always; float dots unless `maxNumImpreciseAcc` is set);
    - `sum(expand(a)[:, :, None] * expand(b)[None, :, :], axis 1)` over
      broadcasts becomes `dot(a, b, 0)`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TritonReorderBroadcast : Pass<"triton-reorder-broadcast", "::mlir::ModuleOp"> {
  let summary = "move splat and broadcast after elementwise ops";
  let description = [{
    Elementwise arithmetic on splats and broadcasts is done on the smaller
    operand and the result is expanded afterwards:

    - `elementwise(splat(a), splat(b), ...)` becomes `splat(elementwise(a, b, ...))`;
    - `elementwise(broadcast(a), splat(b), ...)` becomes
      `broadcast(elementwise(a, splat(b), ...))` when every broadcast operand
      has the same source shape;
    - `expand_dims(splat(a))` becomes `splat(a)`, and `expand_dims` of a
      broadcast is moved before it.
  }];
}

def TritonLoopInvariantCodeMotion : Pass<"triton-licm", "::mlir::ModuleOp"> {
  let summary = "hoist loop-invariant code, loads included, out of scf loops";
  let description = [{
    Hoists every side-effect-free loop-invariant operation out of `scf.for`
    and `scf.while` loops, like upstream LICM. In addition it hoists a
    `tt.load` whose operands are loop invariant out of an `scf.for` whose body
    writes no memory; since the loop may run zero times, the hoisted load is
    masked with the loop's trip-count condition (`lb < ub`) so it reads nothing
    when the loop would not have run.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TritonLoopUnroll : Pass<"triton-loop-unroll", "::mlir::ModuleOp"> {
  let summary = "unrolls the loops tl.range(loop_unroll_factor=N) asks to";
  let description = [{
    Each `scf.for` with `tt.loop_unroll_factor = N` (N > 1) is unrolled N
    times (MLIR's loopUnrollByFactor: the body repeated N times per
    iteration, and a remainder loop for the iterations a runtime trip
    count leaves over); the attribute is then removed. Triton 3.6 does the
    same in its TTIR pipeline.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TritonRewriteTensorPointer : Pass<"triton-rewrite-tensor-pointer", "::mlir::ModuleOp"> {
  let summary = "Rewrite block pointers into tensors of pointers";
  let description = [{
    Follows each block pointer from `tt.make_tensor_ptr` through
    `tt.advance` and `scf.for` iter_args (which then carry its offsets), and
    rewrites loads and stores through it into loads and stores of a tensor
    of pointers `base + sum_d (offset_d + arange(B_d)) * stride_d`, masked
    by the boundary check with the padding value as `other`. Block pointers
    flowing through other region ops are reported as unsupported. Every
    backend runs it first, as Triton's make_ttir does
    (rewrite_tensor_pointer).
  }];
}

def TritonRewriteTensorDescriptorToPointer
    : Pass<"triton-rewrite-tensor-descriptor-to-pointer", "::mlir::ModuleOp"> {
  let summary = "Lower tensor descriptors to pointer arithmetic, for targets without TMA";
  let description = [{
    Replaces every `!tt.tensordesc` value by the values it describes (base
    pointer, shape and strides as i64, and an i1 saying whether
    out-of-bounds elements read as NaN), through function signatures, calls,
    returns and scf loops and branches. `tt.descriptor_load` / `_gather`
    become masked `tt.load`s of `base + sum_d index_d * stride_d`,
    `_store` / `_scatter` masked `tt.store`s, `_reduce` masked
    `tt.atomic_rmw`s (relaxed, gpu scope). A public function's descriptor
    parameters become the launch arguments DescriptorArguments.h spells
    (the last stride folded to 1; base and strides marked with the
    alignment a descriptor guarantees). Every backend without a tensor copy
    engine runs it before its own lowering, as Triton's make_ttir does; a
    backend with one (C++ only: createTritonRewriteTensorDescriptorToPointer
    with a predicate) keeps a module whose every descriptor is a kernel
    parameter it takes, used only by tt.descriptor_load / _store.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // TRIDENT_TRITON_PASSES
