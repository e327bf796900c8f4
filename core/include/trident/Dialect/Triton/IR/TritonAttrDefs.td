//===- TritonAttrDefs.td - enum attributes of the tt dialect -*- tablegen -*-===//
//
// The enums are 32-bit integer attributes with the same names, spellings and
// values as Triton's, so that attribute dictionaries printed by Triton (where
// enums appear as plain integers, e.g. `padding = 1 : i32`) mean the same here.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TRITON_ATTR_DEFS
#define TRIDENT_TRITON_ATTR_DEFS

include "mlir/IR/EnumAttr.td"

def TT_CacheModifierAttr : I32EnumAttr<"CacheModifier",
    "cache modifier of a load or store", [
  I32EnumAttrCase<"NONE", 1, "none">,
  I32EnumAttrCase<"CA", 2, "ca">,
  I32EnumAttrCase<"CG", 3, "cg">,
  I32EnumAttrCase<"WB", 4, "wb">,
  I32EnumAttrCase<"CS", 5, "cs">,
  I32EnumAttrCase<"WT", 6, "wt">,
  I32EnumAttrCase<"CV", 7, "cv">
]> { let cppNamespace = "::mlir::triton"; }

def TT_EvictionPolicyAttr : I32EnumAttr<"EvictionPolicy",
    "cache eviction policy of a load or store", [
  I32EnumAttrCase<"NORMAL", 1, "evict_normal">,
  I32EnumAttrCase<"EVICT_FIRST", 2, "evict_first">,
  I32EnumAttrCase<"EVICT_LAST", 3, "evict_last">
]> { let cppNamespace = "::mlir::triton"; }

def TT_PaddingOptionAttr : I32EnumAttr<"PaddingOption",
    "value of out-of-bounds elements of a block-pointer load", [
  I32EnumAttrCase<"PAD_ZERO", 1, "zero">,
  I32EnumAttrCase<"PAD_NAN", 2, "nan">
]> { let cppNamespace = "::mlir::triton"; }

def TT_DescriptorReduceKindAttr : I32EnumAttr<"DescriptorReduceKind",
    "the reduction a tt.descriptor_reduce applies", [
  I32EnumAttrCase<"NONE", 0, "none">,
  I32EnumAttrCase<"ADD", 1, "add">,
  I32EnumAttrCase<"AND", 2, "and">,
  I32EnumAttrCase<"OR", 3, "or">,
  I32EnumAttrCase<"XOR", 4, "xor">,
  I32EnumAttrCase<"MAX", 5, "max">,
  I32EnumAttrCase<"MIN", 6, "min">,
  I32EnumAttrCase<"INC", 7, "inc">,
  I32EnumAttrCase<"DEC", 8, "dec">
]> {
  let cppNamespace = "::mlir::triton";
}

def TT_MemSemanticAttr : I32EnumAttr<"MemSemantic",
    "memory ordering of an atomic", [
  I32EnumAttrCase<"RELAXED", 1, "relaxed">,
  I32EnumAttrCase<"ACQUIRE", 2, "acquire">,
  I32EnumAttrCase<"RELEASE", 3, "release">,
  I32EnumAttrCase<"ACQUIRE_RELEASE", 4, "acq_rel">
]> { let cppNamespace = "::mlir::triton"; }

def TT_MemSyncScopeAttr : I32EnumAttr<"MemSyncScope",
    "set of threads an atomic synchronizes with", [
  I32EnumAttrCase<"GPU", 1, "gpu">,
  I32EnumAttrCase<"CTA", 2, "cta">,
  I32EnumAttrCase<"SYSTEM", 3, "sys">
]> { let cppNamespace = "::mlir::triton"; }

def TT_AtomicRMWAttr : I32EnumAttr<"RMWOp",
    "read-modify-write operation of tt.atomic_rmw", [
  I32EnumAttrCase<"AND", 1, "and">,
  I32EnumAttrCase<"OR", 2, "or">,
  I32EnumAttrCase<"XOR", 3, "xor">,
  I32EnumAttrCase<"ADD", 4, "add">,
  I32EnumAttrCase<"FADD", 5, "fadd">,
  I32EnumAttrCase<"MAX", 6, "max">,
  I32EnumAttrCase<"MIN", 7, "min">,
  I32EnumAttrCase<"UMAX", 8, "umax">,
  I32EnumAttrCase<"UMIN", 9, "umin">,
  I32EnumAttrCase<"XCHG", 10, "exch">
]> { let cppNamespace = "::mlir::triton"; }

def TT_ProgramDim : I32EnumAttr<"ProgramIDDim",
    "axis of the launch grid", [
  I32EnumAttrCase<"X", 0, "x">,
  I32EnumAttrCase<"Y", 1, "y">,
  I32EnumAttrCase<"Z", 2, "z">
]> { let cppNamespace = "::mlir::triton"; }

def TT_RoundingModeAttr : I32EnumAttr<"RoundingMode",
    "rounding of a floating-point down-cast", [
  I32EnumAttrCase<"RTZ", 0, "rtz">,
  I32EnumAttrCase<"RTNE", 1, "rtne">
]> { let cppNamespace = "::mlir::triton"; }

def TT_PropagateNanAttr : I32EnumAttr<"PropagateNan",
    "whether tt.clampf propagates NaN inputs", [
  I32EnumAttrCase<"NONE", 0, "none">,
  I32EnumAttrCase<"ALL", 0xFFFF, "all">
]> { let cppNamespace = "::mlir::triton"; }

def TT_InputPrecisionAttr : I32EnumAttr<"InputPrecision",
    "how tt.dot treats fp32 inputs on matrix units", [
  I32EnumAttrCase<"TF32", 0, "tf32">,
  I32EnumAttrCase<"TF32x3", 1, "tf32x3">,
  I32EnumAttrCase<"IEEE", 2, "ieee">,
  I32EnumAttrCase<"BF16x3", 3, "bf16x3">,
  I32EnumAttrCase<"BF16x6", 4, "bf16x6">
]> { let cppNamespace = "::mlir::triton"; }

#endif // TRIDENT_TRITON_ATTR_DEFS
