//===- TritonTypes.td - types of the tt dialect ------------*- tablegen -*-===//
//
// `!tt.ptr<T>` (address space 1, global memory, is implied and not printed;
// others print as `!tt.ptr<T, AS>`), and the type constraints the ops use.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TRITON_TYPES
#define TRIDENT_TRITON_TYPES

include "mlir/IR/AttrTypeBase.td"
include "trident/Dialect/Triton/IR/TritonDialect.td"

def TT_PtrType : TypeDef<Triton_Dialect, "Pointer"> {
  let mnemonic = "ptr";
  let summary = "pointer to a scalar, or to a block (a tensor) for block pointers";
  let description = [{
    A pointer in an address space. Address space 1 (global memory) is the
    default and is omitted when printed: `!tt.ptr<f32>`, `!tt.ptr<i8, 3>`,
    `!tt.ptr<tensor<64x64xf16>>`.
  }];
  let parameters = (ins "Type":$pointeeType, "int":$addressSpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins "Type":$pointeeType,
                                        "int":$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TT_TensorDescType : TypeDef<Triton_Dialect, "TensorDesc"> {
  let mnemonic = "tensordesc";
  let summary = "a tensor descriptor: a strided tensor in global memory, read and written a block at a time";
  let description = [{
    Names a tensor in global memory (base, shape, strides; the last stride
    is 1) and the shape of the blocks `tt.descriptor_load` / `_store` /
    `_gather` / `_scatter` / `_reduce` move, `blockType`:
    `!tt.tensordesc<tensor<64x64xf16>>`. Hopper lowers the ops to TMA;
    every other target to pointer arithmetic with bound masks
    (triton-rewrite-tensor-descriptor-to-pointer). In TTGIR the block type
    may carry the shared layout the copy engine writes.
  }];
  let parameters = (ins "RankedTensorType":$blockType);
  // Printed `<tensor<64x64xf16>>`; read in that form and in the bare one
  // later Triton releases print (`<64x64xf16>`, `<64x64xf16, #shared>`).
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def TT_Float : AnyTypeOf<[F8E4M3FNUZ, F8E4M3FN, F8E4M3B11FNUZ, F8E5M2,
                          F8E5M2FNUZ, F16, BF16, F32, F64], "floating-point">;
def TT_FloatTensor : RankedTensorOf<[TT_Float]>;
def TT_FloatLike : AnyTypeOf<[TT_Float, TT_FloatTensor]>;

def TT_BoolTensor : RankedTensorOf<[I1]>;
def TT_BoolLike : AnyTypeOf<[I1, TT_BoolTensor]>;

def TT_Int : AnyTypeOf<[I1, I8, I16, I32, I64], "integer">;
def TT_IntTensor : RankedTensorOf<[TT_Int]>;
def TT_IntLike : AnyTypeOf<[TT_Int, TT_IntTensor]>;

def TT_I32Like : AnyTypeOf<[I32, RankedTensorOf<[I32]>]>;
def TT_I64Like : AnyTypeOf<[I64, RankedTensorOf<[I64]>]>;

class TT_PtrOf<list<Type> pointeeTypes> : DialectType<Triton_Dialect,
    And<[CPred<"::llvm::isa<::mlir::triton::PointerType>($_self)">,
         Concat<"[](::mlir::Type pointeeType) { return ",
                SubstLeaves<"$_self", "pointeeType",
                            AnyTypeOf<pointeeTypes>.predicate>,
                "; }(::llvm::cast<::mlir::triton::PointerType>($_self)"
                ".getPointeeType())">]>,
    "ptr", "::mlir::triton::PointerType">;

def TT_Ptr : TT_PtrOf<[AnyType]>;
def TT_PtrTensor : RankedTensorOf<[TT_Ptr]>;
def TT_PtrLike : AnyTypeOf<[TT_Ptr, TT_PtrTensor]>;

def TT_FpIntTensor : AnyTypeOf<[TT_FloatTensor, TT_IntTensor]>;
def TT_Tensor : AnyTypeOf<[TT_FpIntTensor, TT_PtrTensor]>;

/// A block pointer: `!tt.ptr<tensor<...>>`.
def TT_TensorPtr : TT_PtrOf<[TT_Tensor]>;

def TT_Type : AnyTypeOf<[TT_FloatLike, TT_IntLike, TT_PtrLike, TT_TensorPtr]>;

#endif // TRIDENT_TRITON_TYPES
