//===- TritonGPUAttrs.td - ttg encodings -------------------*- tablegen -*-===//

#ifndef TRIDENT_TRITONGPU_ATTRS
#define TRIDENT_TRITONGPU_ATTRS

include "trident/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUInterfaces.td"
include "mlir/IR/TensorEncoding.td"

class TritonGPU_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TritonGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def BlockedEncodingAttr : TritonGPU_Attr<"BlockedEncoding", "blocked",
                                         [TritonGPU_DistributedEncoding,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "each thread holds a block of consecutive elements";
  let description = [{
    `#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4],
    warpsPerCTA = [4, 1], order = [1, 0]}>`: each thread holds
    sizePerThread consecutive elements, the lanes of a warp and the warps
    of a CTA tile the tensor along each dimension, minor dimension first
    as `order` lists them; a tensor larger than the tile repeats it in
    registers, a smaller one is held by several threads.
  }];
  let parameters = (ins
    ArrayRefParameter<"unsigned">:$sizePerThread,
    ArrayRefParameter<"unsigned">:$threadsPerWarp,
    ArrayRefParameter<"unsigned">:$warpsPerCTA,
    ArrayRefParameter<"unsigned">:$order
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::trident::LinearLayout toLinearLayout(::llvm::ArrayRef<int64_t> shape) const;
    unsigned getRank() const { return getOrder().size(); }
    /// The FMA dot's operands: each thread holds the whole K dimension of
    /// its rows (A) or columns (B); lanes and warps along K hold copies.
    ::mlir::FailureOr<::trident::LinearLayout>
    toDotOperandLinearLayout(unsigned opIdx, unsigned kWidth,
                             ::llvm::ArrayRef<int64_t> shape) const;
  }];
}

def SliceEncodingAttr : TritonGPU_Attr<"SliceEncoding", "slice",
                                       [TritonGPU_DistributedEncoding,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "the parent encoding with one dimension removed";
  let description = [{
    `#ttg.slice<{dim = 1, parent = #blocked}>`: the layout of a tensor that
    is the parent's with dimension `dim` reduced away (the result of a
    reduction along `dim`, or the operand of expand_dims at `dim`). Threads
    that differed only along `dim` hold the same element.
  }];
  let parameters = (ins "unsigned":$dim, "Attribute":$parent);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::trident::LinearLayout toLinearLayout(::llvm::ArrayRef<int64_t> shape) const;
    unsigned getRank() const;
  }];
}

def DotOperandEncodingAttr : TritonGPU_Attr<"DotOperandEncoding", "dot_op",
                                            [TritonGPU_DistributedEncoding,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "an operand of tt.dot, as the dot's result encoding wants it";
  let description = [{
    `#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>`: operand A
    (opIdx 0, M x K) or B (opIdx 1, K x N) of a tt.dot whose result is in
    `parent`, with `kWidth` consecutive K elements per register run (0 when
    the parent takes none, as blocked's FMA dot). The layout is the
    parent's to give (toDotOperandLinearLayout): any distributed encoding
    that implements it can be a parent, core's blocked or a backend's.
  }];
  let parameters = (ins "unsigned":$opIdx, "Attribute":$parent,
                        "unsigned":$kWidth);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::trident::LinearLayout toLinearLayout(::llvm::ArrayRef<int64_t> shape) const;
    unsigned getRank() const;
  }];
}

def VendorEncodingAttr : AttrDef<TritonGPU_Dialect, "VendorEncoding",
                                 [TritonGPU_DistributedEncoding,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "a distributed encoding a backend plugin registered";
  let description = [{
    `#ttg.nvidia_mma<{versionMajor = 3, ...}>`, `#ttg.amd_mfma<{...}>`:
    encodings that belong to one vendor are not in core. A plugin registers
    each (registerVendorEncoding in Dialect.h) with its name, the order its
    fields print in, a verifier and its linear layout (and, for MMA-like
    ones, its dot operands' layouts); the text then parses as Triton writes
    it, and core's passes and lowering see it through DistributedEncoding
    like any other. Without the plugin, the parser says which encoding is
    missing.
  }];
  let parameters = (ins "::mlir::StringAttr":$name,
                        "::mlir::DictionaryAttr":$params);
  // No mnemonic: the dialect's parser takes the name from the registry.
  let attrName = "ttg.vendor_encoding";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::trident::LinearLayout toLinearLayout(::llvm::ArrayRef<int64_t> shape) const;
    unsigned getRank() const;
    ::mlir::FailureOr<::trident::LinearLayout>
    toDotOperandLinearLayout(unsigned opIdx, unsigned kWidth,
                             ::llvm::ArrayRef<int64_t> shape) const;
  }];
}

def VendorSharedEncodingAttr : AttrDef<TritonGPU_Dialect, "VendorSharedEncoding",
                                       [TritonGPU_SharedEncoding]> {
  let summary = "a shared-memory encoding a backend plugin registered";
  let description = [{
    `#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false,
    elementBitWidth = 16}>`, `#ttg.amd_rotating_shared<{...}>`: a vendor's
    layout of a buffer in shared memory, registered like the distributed
    vendor encodings (registerVendorEncoding, with `shared` set): its
    offset -> element linear layout and the alignment it needs. Core's
    allocation, barriers and local_* lowering see it through
    SharedEncoding like core's swizzled_shared.
  }];
  let parameters = (ins "::mlir::StringAttr":$name,
                        "::mlir::DictionaryAttr":$params);
  let attrName = "ttg.vendor_shared_encoding";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::trident::LinearLayout toLinearLayout(::llvm::ArrayRef<int64_t> shape) const;
    uint64_t getAlignment() const;
  }];
}

def LinearEncodingAttr : TritonGPU_Attr<"LinearEncoding", "linear",
                                        [TritonGPU_DistributedEncoding,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "a linear layout given by its bases";
  let description = [{
    `#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], ...],
    warp = [[1, 0], ...], block = []}>`: the image of each power of two of
    the register, lane, warp and block indices, one coordinate per tensor
    dimension (Triton's text). Any distributed layout can be written so;
    Triton prints it for results no blocked layout describes (some
    reshapes, joins and gathers). The bases must cover the tensor's shape.
  }];
  let parameters = (ins "::mlir::ArrayAttr":$registerBases,
                        "::mlir::ArrayAttr":$laneBases,
                        "::mlir::ArrayAttr":$warpBases,
                        "::mlir::ArrayAttr":$blockBases);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::trident::LinearLayout toLinearLayout(::llvm::ArrayRef<int64_t> shape) const;
    unsigned getRank() const;
  }];
}

def SwizzledSharedEncodingAttr
    : TritonGPU_Attr<"SwizzledSharedEncoding", "swizzled_shared",
                     [TritonGPU_SharedEncoding]> {
  let summary = "a tensor in shared memory, rows swizzled against bank conflicts";
  let description = [{
    `#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1,
    0]}>` (Triton's text): elements laid out along `order`, minor first;
    in row r the groups of `vec` elements are xor-ed with
    (r / perPhase) % maxPhase, so that threads reading a column hit
    different banks. vec = perPhase = maxPhase = 1 is no swizzle.
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::trident::LinearLayout toLinearLayout(::llvm::ArrayRef<int64_t> shape) const;
  }];
}

def SharedMemorySpaceAttr
    : TritonGPU_Attr<"SharedMemorySpace", "shared_memory",
                     [DeclareAttrInterfaceMethods<TritonGPU_MemorySpace,
                                                  ["isSharedMemory"]>]> {
  let summary = "the memory space of a CTA's shared memory";
  let description = [{ `#ttg.shared_memory`, the memory space of a `!ttg.memdesc`. }];
  let assemblyFormat = "";
  let extraClassDefinition = [{
    bool $cppClass::isSharedMemory() const { return true; }
  }];
}

#endif // TRIDENT_TRITONGPU_ATTRS
