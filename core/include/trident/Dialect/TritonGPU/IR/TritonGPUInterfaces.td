//===- TritonGPUInterfaces.td - what every encoding implements -*- tablegen -*-===//
//
// The interface through which core's passes and lowering see any
// distributed encoding, core's own or a vendor plugin's.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TRITONGPU_INTERFACES
#define TRIDENT_TRITONGPU_INTERFACES

include "mlir/IR/OpBase.td"

def TritonGPU_DistributedEncoding : AttrInterface<"DistributedEncoding"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    An encoding that spreads a tensor over the registers, lanes and warps of
    a program. Implemented by core's blocked and slice encodings and by
    vendor encodings that plugins add.
  }];
  let methods = [
    InterfaceMethod<[{
      The linear layout of a tensor of `shape` in this encoding: inputs
      "register", "lane", "warp" (and "block"), outputs dim0..dim{rank-1}.
    }], "::trident::LinearLayout", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<[{The number of tensor dimensions this encoding is for.}],
      "unsigned", "getRank", (ins)>,
    InterfaceMethod<[{
      The linear layout of operand `opIdx` (0: A, M x K; 1: B, K x N) of a
      tt.dot whose result has this encoding, as `#ttg.dot_op<{opIdx, parent
      = this, kWidth}>` spreads a tensor of `shape`; failure when this
      encoding is no dot parent (or not for that kWidth).
    }], "::mlir::FailureOr<::trident::LinearLayout>", "toDotOperandLinearLayout",
      (ins "unsigned":$opIdx, "unsigned":$kWidth,
           "::llvm::ArrayRef<int64_t>":$shape), [{}],
      [{ return ::mlir::failure(); }]>,
  ];
}

def TritonGPU_SharedEncoding : AttrInterface<"SharedEncoding"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    An encoding of a tensor in shared memory (a `!ttg.memdesc`'s): where
    each element is. Implemented by core's swizzled_shared and by vendor
    shared encodings that plugins add. The lowering of local_load and
    local_store reads everything off this map composed with the register
    tensor's layout.
  }];
  let methods = [
    InterfaceMethod<[{
      The linear layout of a buffer of `shape` in this encoding: input
      "offset" (in elements), outputs dim0..dim{rank-1}.
    }], "::trident::LinearLayout", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<[{
      The alignment, in bytes, a buffer in this encoding needs (a swizzle
      taken from address bits needs its period: 1024 for NVIDIA's 128-byte
      swizzle); 16 by default.
    }], "uint64_t", "getAlignment", (ins), [{}], [{ return 16; }]>,
  ];
}

def TritonGPU_MemorySpace : AttrInterface<"MemorySpace"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    A memory space a `!ttg.memdesc` may live in. Core allocates, orders
    (barriers) and lowers the buffers of the CTA's shared memory
    (`#ttg.shared_memory`); a plugin may add its own space (Blackwell's
    tensor memory) as an attribute of its dialect implementing this
    interface, and its buffers are then the plugin's to allocate, order
    and lower: core's allocation and barriers leave them out, and core's
    lowering of local_alloc / local_load / local_store refuses them.
  }];
  let methods = [
    InterfaceMethod<[{
      Whether this is the CTA's shared memory, which core allocates,
      orders and lowers.
    }], "bool", "isSharedMemory", (ins), [{}], [{ return false; }]>,
  ];
}

def TritonGPU_SharedScratchOp : OpInterface<"SharedScratchOpInterface"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    An op (a plugin's) whose lowering needs shared memory of its own for a
    moment, as core's layout conversions and reductions do: the allocation
    gives it `getSharedScratchBytes()` bytes aligned to
    `getSharedScratchAlignment()`, live at the op only, and its pattern
    finds them with scratchBase. (NVIDIA's tensormap_create builds its
    descriptor there.)
  }];
  let methods = [
    InterfaceMethod<[{The bytes of shared memory the lowering uses.}],
      "uint64_t", "getSharedScratchBytes", (ins)>,
    InterfaceMethod<[{Their alignment in bytes (16 by default).}],
      "uint64_t", "getSharedScratchAlignment", (ins), [{}],
      [{ return 16; }]>,
  ];
}

#endif // TRIDENT_TRITONGPU_INTERFACES
