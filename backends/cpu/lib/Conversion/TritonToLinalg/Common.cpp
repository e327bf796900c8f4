//===- Common.cpp - the type converter and shared helpers -----------------===//
//
// See Common.h.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonToLinalg/Common.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace trident::cpu::tritontolinalg {

PtrTypeConverter::PtrTypeConverter(MLIRContext *ctx) {
  addConversion([](Type t) { return t; });
  // The host has no 8-bit floats: fp8 values live as their bytes.
  addConversion([ctx](FloatType f) -> Type {
    if (f.getWidth() == 8)
      return IntegerType::get(ctx, 8);
    return f;
  });
  addConversion([ctx](tt::PointerType p) -> std::optional<Type> {
    if (isa<RankedTensorType>(p.getPointeeType()))
      return std::nullopt; // block pointers: not yet
    return IntegerType::get(ctx, 64);
  });
  addConversion([this](RankedTensorType t) -> std::optional<Type> {
    Type e = convertType(t.getElementType());
    if (!e)
      return std::nullopt;
    return RankedTensorType::get(t.getShape(), e);
  });
  auto cast = [](OpBuilder &b, Type type, ValueRange inputs,
                 Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, type, inputs)
        .getResult(0);
  };
  addSourceMaterialization(cast);
  addTargetMaterialization(cast);
}

Value emptyLike(OpBuilder &b, Location loc, RankedTensorType t) {
  return tensor::EmptyOp::create(b, loc, t.getShape(), t.getElementType());
}

SmallVector<Value>
loopNest(OpBuilder &b, Location loc, ArrayRef<int64_t> shape, ValueRange inits,
         function_ref<SmallVector<Value>(OpBuilder &, ValueRange, ValueRange)>
             body,
         SmallVector<Value> indices) {
  if (indices.size() == shape.size())
    return body(b, indices, inits);
  Value lb = arith::ConstantIndexOp::create(b, loc, 0);
  Value ub = arith::ConstantIndexOp::create(b, loc, shape[indices.size()]);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  // The body is built through the builder's callback: inside a dialect
  // conversion every op must be created (and never erased) behind the
  // rewriter's back, which an auto-inserted terminator would require.
  auto loop = scf::ForOp::create(
      b, loc, lb, ub, one, inits,
      [&](OpBuilder &nb, Location l, Value iv, ValueRange iters) {
        SmallVector<Value> inner = indices;
        inner.push_back(iv);
        SmallVector<Value> results = loopNest(nb, l, shape, iters, body, inner);
        scf::YieldOp::create(nb, l, results);
      });
  return loop.getResults();
}

Value zeroOf(OpBuilder &b, Location loc, Type t) {
  if (isa<FloatType>(t))
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(t, 0.0));
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, 0));
}

void forEachElement(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                    function_ref<void(OpBuilder &, ValueRange)> body) {
  loopNest(b, loc, shape, ValueRange{},
           [&](OpBuilder &bb, ValueRange idx, ValueRange) {
             body(bb, idx);
             return SmallVector<Value>{};
           });
}

Value elementAt(OpBuilder &b, Location loc, Value v, ValueRange idx) {
  if (!v || !isa<RankedTensorType>(v.getType()))
    return v;
  return tensor::ExtractOp::create(b, loc, v, idx);
}

/// The address of a NUL-terminated constant string.
Value stringConstant(OpBuilder &b, ModuleOp module, Location loc,
                     StringRef text) {
  static unsigned counter = 0;
  std::string name;
  do
    name = "trident.str." + std::to_string(counter++);
  while (module.lookupSymbol(name));
  std::string data = text.str();
  data.push_back('\0');
  auto type = LLVM::LLVMArrayType::get(IntegerType::get(b.getContext(), 8),
                                       data.size());
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                           LLVM::Linkage::Internal, name,
                           b.getStringAttr(data));
  }
  return LLVM::AddressOfOp::create(b, loc,
                                   LLVM::LLVMPointerType::get(b.getContext()),
                                   name);
}

/// The program ids: the first three of the six arguments
/// cpu-add-program-args appended to the enclosing function. Empty, with an
/// error on `op`, when that pass did not run on it.
SmallVector<Value> programIds(Operation *op) {
  auto fn = op->getParentOfType<FunctionOpInterface>();
  if (!fn || !fn->hasAttr(kProgramArgsAttr)) {
    op->emitError() << op->getName()
                    << " needs the program ids: run cpu-add-program-args "
                       "before cpu-convert-triton-to-linalg";
    return {};
  }
  Block &entry = fn.getFunctionBody().front();
  unsigned n = entry.getNumArguments();
  return {entry.getArgument(n - 6), entry.getArgument(n - 5),
          entry.getArgument(n - 4)};
}

std::string sourcePosition(Location loc) {
  std::string out = "<unknown>";
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColLoc>(l)) {
      out = f.getFilename().str() + ":" + std::to_string(f.getLine());
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return out;
}

LLVM::GlobalOp runtimeHook(OpBuilder &b, ModuleOp module, Location loc,
                           StringRef name) {
  if (auto g = module.lookupSymbol<LLVM::GlobalOp>(name))
    return g;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto ptrT = LLVM::LLVMPointerType::get(b.getContext());
  auto global = LLVM::GlobalOp::create(b, loc, ptrT, /*isConstant=*/false,
                                       LLVM::Linkage::External, name,
                                       Attribute());
  // Initialized to null: a region yielding the zero pointer.
  Block *init = b.createBlock(&global.getInitializerRegion());
  b.setInsertionPointToStart(init);
  LLVM::ReturnOp::create(b, loc,
                         LLVM::ZeroOp::create(b, loc, ptrT).getResult());
  return global;
}

} // namespace trident::cpu::tritontolinalg
