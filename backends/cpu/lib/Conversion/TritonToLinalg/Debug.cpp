//===- Debug.cpp - print and assert ---------------------------------------===//
//
// printf and abort from the host's C library, and for a failed assertion
// the runtime's hook when it set one (trident_cpu_assert_hook, the cpu
// kernel ABI in runtime.h: the launch fails with the message instead of
// the process aborting). The formats are ours alone:
// the user's text (a print's prefix, an assertion's message and file name)
// is always passed as a %s argument, so a '%' in it is printed, never
// interpreted.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonToLinalg/Common.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace trident::cpu::tritontolinalg {

namespace {

LLVM::LLVMFuncOp declareLibc(OpBuilder &b, ModuleOp module, StringRef name,
                             LLVM::LLVMFunctionType type) {
  if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return f;
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
}

struct PrintPattern : public OpConversionPattern<tt::PrintOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::PrintOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    MLIRContext *ctx = op.getContext();
    auto ptrT = LLVM::LLVMPointerType::get(ctx);
    auto i32 = IntegerType::get(ctx, 32);
    auto printf = declareLibc(rewriter, module, "printf",
                              LLVM::LLVMFunctionType::get(i32, {ptrT}, true));
    SmallVector<Value> pids = programIds(op);
    if (pids.empty())
      return failure();
    Value prefix = stringConstant(rewriter, module, loc, op.getPrefix());
    if (a.getArgs().empty()) {
      Value fmt =
          stringConstant(rewriter, module, loc, "pid (%u, %u, %u) %s\n");
      LLVM::CallOp::create(rewriter, loc, printf,
                           ValueRange{fmt, pids[0], pids[1], pids[2], prefix});
      rewriter.eraseOp(op);
      return success();
    }
    for (auto [k, arg] : llvm::enumerate(a.getArgs())) {
      Value v = arg; // a named copy: lambdas below capture it
      Type elem = getElementTypeOrSelf(v.getType());
      bool isSigned = k < op.getIsSigned().size() && op.getIsSigned()[k];
      bool isPtr = isa<tt::PointerType>(
          getElementTypeOrSelf(op.getArgs()[k].getType()));
      std::string conv;
      if (isa<FloatType>(elem))
        conv = "%f";
      else if (isPtr)
        conv = "0x%llx";
      else if (op.getHex())
        conv = elem.getIntOrFloatBitWidth() > 32 ? "0x%llx" : "0x%x";
      else if (elem.getIntOrFloatBitWidth() > 32)
        conv = isSigned ? "%lld" : "%llu";
      else
        conv = isSigned ? "%d" : "%u";
      ArrayRef<int64_t> shape;
      if (auto t = dyn_cast<RankedTensorType>(v.getType()))
        shape = t.getShape();
      Value fmt = stringConstant(rewriter, module, loc,
                                 "pid (%u, %u, %u) idx (%lld) %s" + conv +
                                     "\n");
      forEachElement(rewriter, loc, shape, [&](OpBuilder &b, ValueRange idx) {
        Value x = elementAt(b, loc, v, idx);
        Value lin = arith::ConstantIndexOp::create(b, loc, 0);
        for (auto [d, i] : llvm::enumerate(idx)) {
          Value dim = arith::ConstantIndexOp::create(b, loc, shape[d]);
          lin = arith::AddIOp::create(
              b, loc, arith::MulIOp::create(b, loc, lin, dim), i);
        }
        Value lin64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), lin);
        if (isa<FloatType>(elem)) {
          if (elem.getIntOrFloatBitWidth() < 64)
            x = arith::ExtFOp::create(b, loc, b.getF64Type(), x);
        } else if (elem.getIntOrFloatBitWidth() < 32) {
          x = isSigned ? (Value)arith::ExtSIOp::create(b, loc, i32, x)
                       : arith::ExtUIOp::create(b, loc, i32, x);
        }
        LLVM::CallOp::create(
            b, loc, printf,
            ValueRange{fmt, pids[0], pids[1], pids[2], lin64, prefix, x});
      });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct AssertPattern : public OpConversionPattern<tt::AssertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::AssertOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    MLIRContext *ctx = op.getContext();
    auto ptrT = LLVM::LLVMPointerType::get(ctx);
    auto i32 = IntegerType::get(ctx, 32);
    auto printf = declareLibc(rewriter, module, "printf",
                              LLVM::LLVMFunctionType::get(i32, {ptrT}, true));
    auto fflush = declareLibc(rewriter, module, "fflush",
                              LLVM::LLVMFunctionType::get(i32, {ptrT}));
    auto abortFn = declareLibc(
        rewriter, module, "abort",
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {}));
    SmallVector<Value> pids = programIds(op);
    if (pids.empty())
      return failure();
    // The runtime's hook: it ends the program and fails the launch with
    // the message; null (a loader that does not know it): printf, abort.
    LLVM::GlobalOp hook =
        runtimeHook(rewriter, module, loc, "trident_cpu_assert_hook");
    Value fmt = stringConstant(rewriter, module, loc,
                               "%s: pid (%u, %u, %u): Assertion failed: %s\n");
    Value position =
        stringConstant(rewriter, module, loc, sourcePosition(loc));
    Value message = stringConstant(rewriter, module, loc, op.getMessage());
    Value cond = a.getCondition();
    ArrayRef<int64_t> shape;
    if (auto t = dyn_cast<RankedTensorType>(cond.getType()))
      shape = t.getShape();
    forEachElement(rewriter, loc, shape, [&](OpBuilder &b, ValueRange idx) {
      Value c = elementAt(b, loc, cond, idx);
      Value one = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
      Value bad = arith::XOrIOp::create(b, loc, c, one);
      auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, bad, false);
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      // The runtime's hook, when set: it ends the program and fails the
      // launch with the message.
      Value hookAddr = LLVM::AddressOfOp::create(b, loc, hook);
      Value hookFn = LLVM::LoadOp::create(b, loc, ptrT, hookAddr);
      Value null = LLVM::ZeroOp::create(b, loc, ptrT);
      Value set = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne,
                                       hookFn, null);
      auto viaHook = scf::IfOp::create(b, loc, TypeRange{}, set, false);
      {
        OpBuilder::InsertionGuard h(b);
        b.setInsertionPoint(viaHook.thenBlock()->getTerminator());
        auto hookType = LLVM::LLVMFunctionType::get(
            LLVM::LLVMVoidType::get(ctx), {ptrT, ptrT, i32, i32, i32});
        LLVM::CallOp::create(
            b, loc, hookType,
            ValueRange{hookFn, position, message, pids[0], pids[1], pids[2]});
      }
      LLVM::CallOp::create(
          b, loc, printf,
          ValueRange{fmt, position, pids[0], pids[1], pids[2], message});
      // abort() discards stdio buffers: the message must get out first
      // (stdout is fully buffered when it is a pipe or a file).
      Value all = LLVM::ZeroOp::create(b, loc, ptrT);
      LLVM::CallOp::create(b, loc, fflush, ValueRange{all});
      LLVM::CallOp::create(b, loc, abortFn, ValueRange{});
    });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateDebugPatterns(const TypeConverter &converter,
                           RewritePatternSet &patterns) {
  patterns.add<PrintPattern, AssertPattern>(converter, patterns.getContext());
}

} // namespace trident::cpu::tritontolinalg
