//===- DebugOpToLLVM.cpp - tt.print and tt.assert -------------------------===//
//
// tt.print prints one line per element, as Triton does:
//
//   pid (<x>, <y>, <z>) idx (<i>, <j>)<prefix>[(operand <k>) ]<value>
//
// The prefix is passed as a %s argument, never as part of the format, so a
// '%' in it prints literally. Every element is printed once, by the thread
// that owns it (a scalar by thread 0), as the cpu backend prints it once
// per program.
//
// tt.assert calls the target's assertion failure (CUDA's __assertfail) in
// every thread that holds a false element, with the message, the file, the
// line and the function of the assertion; a CTA barrier after a tensor
// assertion keeps other threads from running past it, as in Triton.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident {
namespace {

/// Digits of the largest index of a dimension of `size`.
int indexWidth(int64_t size) {
  int w = 1;
  for (int64_t v = size - 1; v >= 10; v /= 10)
    ++w;
  return w;
}

struct PrintOpConversion : public ConvertOpToLLVMPattern<PrintOp> {
  PrintOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}

  /// The conversion of an element of `type` and the value vprintf gets.
  std::pair<std::string, Value> formatted(OpBuilder &b, Location loc, Value x,
                                          Type type, bool isSigned,
                                          bool hex) const {
    Type i32 = b.getI32Type();
    if (isa<PointerType>(type))
      return {"0x%llx", toInt(b, loc, x)};
    unsigned bits = type.getIntOrFloatBitWidth();
    if (isa<FloatType>(type) && !hex) {
      if (bits < 64)
        x = LLVM::FPExtOp::create(b, loc, b.getF64Type(), x);
      return {"%f", x};
    }
    x = toInt(b, loc, x);
    if (hex) {
      std::string digits = std::to_string(std::max(1u, bits / 4));
      if (bits > 32)
        return {"0x%0" + digits + "llx", x};
      if (bits < 32)
        x = LLVM::ZExtOp::create(b, loc, i32, x);
      return {"0x%0" + digits + "x", x};
    }
    if (bits > 32)
      return {isSigned ? "%lld" : "%llu", x};
    if (bits < 32)
      x = isSigned && bits > 1 ? LLVM::SExtOp::create(b, loc, i32, x).getResult()
                               : LLVM::ZExtOp::create(b, loc, i32, x).getResult();
    return {isSigned ? "%d" : "%u", x};
  }

  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    SmallVector<Value> pids;
    for (int axis = 0; axis < 3; ++axis)
      pids.push_back(lc.target.programId(rw, loc, axis));
    Value prefix = stringConstant(rw, loc, op, op.getPrefix(), lc.target);
    if (adaptor.getArgs().empty()) {
      Value fmt = stringConstant(rw, loc, op, "pid (%u, %u, %u) %s\n", lc.target);
      Value owner = ownerPredicate(rw, loc, rw.getI32Type(), lc.target);
      Block *rest = beginConditional(rw, loc, owner);
      lc.target.printf(rw, loc, fmt, {pids[0], pids[1], pids[2], prefix});
      endConditional(rw, loc, rest);
      rw.eraseOp(op);
      return success();
    }
    size_t numArgs = adaptor.getArgs().size();
    for (size_t k = 0; k < numArgs; ++k) {
      Type origType = op.getArgs()[k].getType();
      auto tensor = dyn_cast<RankedTensorType>(origType);
      Type elemType = getElementTypeOrSelf(origType);
      bool isSigned = k < op.getIsSigned().size() && op.getIsSigned()[k];
      SmallVector<Value> elems = unpack(rw, loc, adaptor.getArgs()[k]);
      Value owner = ownerPredicate(rw, loc, origType, lc.target);
      Block *rest = owner ? beginConditional(rw, loc, owner) : nullptr;
      LinearLayout ll;
      uint32_t regFree = 0;
      ThreadIds ids;
      std::string idxFormat = "idx (";
      if (tensor) {
        ll = toLinearLayout(tensor);
        regFree = ll.freeVariableMask("register");
        ids = threadIds(rw, loc, lc.target);
        for (auto [d, size] : llvm::enumerate(tensor.getShape()))
          idxFormat += (d ? ", %" : "%") + std::to_string(indexWidth(size)) + "u";
      }
      idxFormat += ")";
      std::string operand =
          numArgs > 1 ? "(operand " + std::to_string(k) + ") " : "";
      for (size_t r = 0; r < elems.size(); ++r) {
        if (r & regFree)
          continue; // a copy of another register's element
        auto [conv, value] =
            formatted(rw, loc, elems[r], elemType, isSigned, op.getHex());
        Value fmt = stringConstant(rw, loc, op,
                                   "pid (%u, %u, %u) " + idxFormat + "%s" +
                                       operand + conv + "\n",
                                   lc.target);
        SmallVector<Value> args(pids);
        if (tensor)
          for (Value c : elementCoords(rw, loc, ll, int32_t(r), ids))
            args.push_back(c);
        args.push_back(prefix);
        args.push_back(value);
        lc.target.printf(rw, loc, fmt, args);
      }
      if (rest)
        endConditional(rw, loc, rest);
    }
    rw.eraseOp(op);
    return success();
  }
  LoweringContext &lc;
};

/// The file and line of the first file position in `loc`.
std::pair<std::string, unsigned> sourcePosition(Location loc) {
  std::pair<std::string, unsigned> out = {"unknown", 0};
  bool found = false;
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColLoc>(l); f && !found) {
      out = {f.getFilename().str(), f.getLine()};
      found = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return out;
}

struct AssertOpConversion : public ConvertOpToLLVMPattern<AssertOp> {
  AssertOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    Value one =
        LLVM::ConstantOp::create(rw, loc, rw.getI1Type(), rw.getBoolAttr(true));
    Value failed;
    for (Value c : unpack(rw, loc, adaptor.getCondition())) {
      Value bad = LLVM::XOrOp::create(rw, loc, c, one);
      failed = failed ? LLVM::OrOp::create(rw, loc, failed, bad).getResult() : bad;
    }
    auto [file, line] = sourcePosition(loc);
    std::string function = "unknown";
    if (auto f = op->getParentOfType<FunctionOpInterface>())
      function = f.getName().str();
    Value message = stringConstant(rw, loc, op, op.getMessage(), lc.target);
    Value fileStr = stringConstant(rw, loc, op, file, lc.target);
    Value funcStr = stringConstant(rw, loc, op, function, lc.target);
    Value lineVal = i32Const(rw, loc, line);
    Block *rest = beginConditional(rw, loc, failed);
    lc.target.assertFail(rw, loc, message, fileStr, lineVal, funcStr);
    endConditional(rw, loc, rest);
    if (isa<RankedTensorType>(op.getCondition().getType()))
      lc.target.barrier(rw, loc);
    rw.eraseOp(op);
    return success();
  }
  LoweringContext &lc;
};

} // namespace

void populateDebugOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                   RewritePatternSet &p, LoweringContext &lc) {
  p.add<PrintOpConversion, AssertOpConversion>(tc, lc);
}

} // namespace trident
