//===- TargetInfo.cpp - NVVM and inline PTX for the shared lowering -------===//

#include "trident/Backends/Nvidia/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

namespace trident::nvidia {

static Value i32(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(int32_t(v)));
}

Value NvidiaTargetInfo::threadId(OpBuilder &b, Location loc) const {
  return NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
}

Value NvidiaTargetInfo::programId(OpBuilder &b, Location loc, int axis) const {
  Type t = b.getI32Type();
  if (axis == 0)
    return NVVM::BlockIdXOp::create(b, loc, t);
  if (axis == 1)
    return NVVM::BlockIdYOp::create(b, loc, t);
  return NVVM::BlockIdZOp::create(b, loc, t);
}

Value NvidiaTargetInfo::numPrograms(OpBuilder &b, Location loc, int axis) const {
  Type t = b.getI32Type();
  if (axis == 0)
    return NVVM::GridDimXOp::create(b, loc, t);
  if (axis == 1)
    return NVVM::GridDimYOp::create(b, loc, t);
  return NVVM::GridDimZOp::create(b, loc, t);
}

Value NvidiaTargetInfo::shuffleXor(OpBuilder &b, Location loc, Value value,
                                   int mask) const {
  return NVVM::ShflOp::create(b, loc, b.getI32Type(), i32(b, loc, -1), value,
                              i32(b, loc, mask), i32(b, loc, 0x1f),
                              NVVM::ShflKind::bfly, UnitAttr());
}

void NvidiaTargetInfo::barrier(OpBuilder &b, Location loc) const {
  NVVM::Barrier0Op::create(b, loc);
}

/// `.b32` and the register constraint of a word.
static std::pair<std::string, std::string> wordSpelling(unsigned bits) {
  // 8-bit accesses use 16-bit registers.
  std::string c = bits == 64 ? "l" : bits == 32 ? "r" : "h";
  return {".b" + std::to_string(bits), c};
}

static std::string vectorSuffix(unsigned words) {
  return words == 1 ? "" : ".v" + std::to_string(words);
}

SmallVector<Value> NvidiaTargetInfo::loadGlobal(OpBuilder &b, Location loc,
                                                Value ptr, unsigned wordBits,
                                                unsigned words, Value pred,
                                                ArrayRef<Value> other) const {
  auto [type, reg] = wordSpelling(wordBits);
  unsigned regBits = wordBits == 8 ? 16 : wordBits;
  Type regType = b.getIntegerType(regBits);
  // $0..$(w-1) outputs, then the address, the predicate and the others.
  std::string asmText, constraints;
  for (unsigned i = 0; i < words; ++i) {
    asmText += "mov.b" + std::to_string(regBits) + " $" + std::to_string(i) +
               ", $" + std::to_string(words + 2 + i) + ";\n\t";
    constraints += "=" + reg + ",";
  }
  asmText += "@$" + std::to_string(words + 1) + " ld.global" +
             vectorSuffix(words) + type + " ";
  std::string dst = words == 1 ? "$0" : "{ ";
  if (words > 1) {
    for (unsigned i = 0; i < words; ++i)
      dst += (i ? ", $" : "$") + std::to_string(i);
    dst += " }";
  }
  asmText += dst + ", [ $" + std::to_string(words) + " + 0 ];";
  constraints += "l,b";
  SmallVector<Value> operands = {ptr, pred};
  for (Value o : other) {
    constraints += "," + reg;
    operands.push_back(wordBits == 8 ? LLVM::ZExtOp::create(b, loc, regType, o)
                                           .getResult()
                                     : o);
  }
  Type resultType =
      words == 1 ? regType
                 : Type(LLVM::LLVMStructType::getLiteral(
                       b.getContext(), SmallVector<Type>(words, regType)));
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, resultType, operands, asmText, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
  SmallVector<Value> out;
  for (unsigned i = 0; i < words; ++i) {
    Value w = words == 1 ? asmOp.getResult(0)
                         : LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0),
                                                        int64_t(i))
                               .getResult();
    if (wordBits == 8)
      w = LLVM::TruncOp::create(b, loc, b.getI8Type(), w);
    out.push_back(w);
  }
  return out;
}

void NvidiaTargetInfo::storeGlobal(OpBuilder &b, Location loc, Value ptr,
                                   unsigned wordBits, ArrayRef<Value> values,
                                   Value pred) const {
  auto [type, reg] = wordSpelling(wordBits);
  unsigned words = values.size();
  std::string src = words == 1 ? "$2" : "{ ";
  if (words > 1) {
    for (unsigned i = 0; i < words; ++i)
      src += (i ? ", $" : "$") + std::to_string(2 + i);
    src += " }";
  }
  std::string asmText = "@$1 st.global" + vectorSuffix(words) + type +
                        " [ $0 + 0 ], " + src + ";";
  std::string constraints = "l,b";
  SmallVector<Value> operands = {ptr, pred};
  for (Value v : values) {
    constraints += "," + reg;
    operands.push_back(
        wordBits == 8
            ? LLVM::ZExtOp::create(b, loc, b.getI16Type(), v).getResult()
            : v);
  }
  LLVM::InlineAsmOp::create(b, loc, Type(), operands, asmText, constraints,
                            /*has_side_effects=*/true, /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

void NvidiaTargetInfo::markKernel(LLVM::LLVMFuncOp func, int threads) const {
  func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                UnitAttr::get(func.getContext()));
  func->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                DenseI32ArrayAttr::get(func.getContext(), {threads, 1, 1}));
}

} // namespace trident::nvidia
