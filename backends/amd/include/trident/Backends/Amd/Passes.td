//===- Passes.td - the AMD backend's passes ----------------*- tablegen -*-===//
#ifndef TRIDENT_AMD_PASSES
#define TRIDENT_AMD_PASSES

include "mlir/Pass/PassBase.td"

def ConvertTritonGPUToROCDL
    : Pass<"amd-convert-tritongpu-to-llvm", "::mlir::ModuleOp"> {
  let summary = "TTGIR to the LLVM dialect with ROCDL ops";
  let description = [{
    Runs core's shared TTGIR lowering over the AMD TargetInfo (ROCDL ids,
    DPP / ds_swizzle / ds_bpermute shuffles, s_barrier between
    workgroup-scope fences; loads and stores whose pointers are a scalar
    base plus offsets of known range are buffer instructions, a masked-off
    lane's offset out of the buffer (it reads 0, writes nothing); any other
    masked global access is a branch around an ordinary load or store,
    which the AMDGPU backend predicates with the exec mask; atomics are LLVM atomicrmw and cmpxchg with AMDGPU sync scopes).
    Math: fp32 `math.exp` as `llvm.exp2` of `x * log2(e)` and fp32 `math.sqrt`
    as `llvm.amdgcn.sqrt` (v_sqrt_f32), as Triton does; the operations the
    hardware has (sqrt, fma, floor, ...) as LLVM intrinsics, every other
    function as a call to ocml's `__ocml_*` (MLIR's math-to-rocdl), linked
    later from the ROCm device libraries. Expects the module after
    allocate-shared-memory and insert-shared-barriers: LDS is where
    `allocation.offset` says, and `ttg.shared` (bytes) stays on the module.
    Kernels get the amdgpu_kernel calling convention and their flat
    workgroup size (1 to num_warps * 64).
  }];
  let options = [
    Option<"arch", "arch", "std::string", "\"gfx942\"",
           "the ISA (gfx942, gfx90a, gfx950)">,
    Option<"bufferOps", "buffer-ops", "bool", "true",
           "buffer loads and stores where the pointers are a scalar base "
           "plus offsets of known range">,
    Option<"wavesPerEu", "waves-per-eu", "int", "0",
           "amdgpu-waves-per-eu on the kernels (0: none, the backend's "
           "choice)">
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::ROCDL::ROCDLDialect"];
}

#endif // TRIDENT_AMD_PASSES
