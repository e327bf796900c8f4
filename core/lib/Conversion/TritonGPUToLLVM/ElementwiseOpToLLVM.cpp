//===- ElementwiseOpToLLVM.cpp - elementwise ops, element by element ------===//
//
// An elementwise op on tensors becomes the same op on each element a thread
// holds: arith and math ops are re-created on scalars (and lowered by the
// upstream arith/math patterns, or a backend's math library), tt's own
// elementwise ops get their LLVM form here.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/Triton/IR/GridDependency.h"

#include "trident/Analysis/AxisInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::triton;

namespace trident {
namespace {

/// arith and math ops on tensors: the same op on every element.
struct TensorElementwise : public ConversionPattern {
  TensorElementwise(TypeConverter &tc, MLIRContext *ctx, LoweringContext &lc)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), /*benefit=*/2, ctx),
        lc(lc) {}
  LoweringContext &lc;

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rw) const override {
    StringRef ns = op->getDialect() ? op->getDialect()->getNamespace() : "";
    if ((ns != "arith" && ns != "math") || op->getNumResults() != 1 ||
        !isa<RankedTensorType>(op->getResult(0).getType()) ||
        isa<arith::ConstantOp>(op))
      return failure();
    Type resultType = getTypeConverter()->convertType(op->getResult(0).getType());
    if (!resultType)
      return failure();
    Location loc = op->getLoc();
    // A select of whole tensors by one scalar condition (Triton's loop
    // flattening resets a persistent kernel's accumulator so) stays one
    // select of the packed structs, as in Triton. (One followed by an
    // scf.if on the same condition is already that if's result:
    // threadSelectsIntoIfs in Lowering.cpp.)
    if (isa<arith::SelectOp>(op) && operands[0].getType().isInteger(1) &&
        operands[1].getType() == resultType) {
      rw.replaceOp(op, LLVM::SelectOp::create(rw, loc, operands[0],
                                              operands[1], operands[2])
                           .getResult());
      return success();
    }
    // Elements AxisInfo proves equal are computed once.
    auto tensorType = cast<RankedTensorType>(op->getResult(0).getType());
    SmallVector<int32_t> reps;
    if (tensorType.getEncoding())
      reps = constantRepresentatives(gpu::toLinearLayout(tensorType),
                                     lc.axisInfo.get(op->getResult(0)).constancy);
    Value packed = mapElements(
        rw, loc, operands, resultType,
        [&](ArrayRef<Value> args, Type elem) {
          OperationState state(loc, op->getName());
          state.addOperands(args);
          state.addTypes(elem);
          state.addAttributes(op->getAttrs());
          return rw.create(state)->getResult(0);
        },
        reps);
    rw.replaceOp(op, packed);
    return success();
  }
};

/// tt.elementwise_inline_asm: the asm text run on `packed_element`
/// consecutive registers at a time (LLVM inline asm, whatever the
/// target's assembler: the text is the author's). An operand or result of
/// P elements of b bits is one (P * b)-bit integer; a single element is
/// passed as itself, except that a float under an integer register
/// constraint ("r", "h", "l") is passed as its bits, as Triton does.
struct ElementwiseInlineAsmConversion
    : public ConvertOpToLLVMPattern<ElementwiseInlineAsmOp> {
  ElementwiseInlineAsmConversion(LLVMTypeConverter &tc, const TargetInfo &target)
      : ConvertOpToLLVMPattern(tc), target(target) {}
  const TargetInfo &target;
  LogicalResult
  matchAndRewrite(ElementwiseInlineAsmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    // gdc_wait / gdc_launch_dependents where there is no grid dependency
    // control: no-ops (their i32 result is a dummy).
    if (isGridDependencyControl(op) && !target.hasGridDependencyControl()) {
      SmallVector<Value> zeros;
      for (Type t : op->getResultTypes())
        zeros.push_back(LLVM::ZeroOp::create(rw, loc,
                                             getTypeConverter()->convertType(t)));
      rw.replaceOp(op, zeros);
      return success();
    }
    int32_t pack = int32_t(op.getPackedElement());
    // The constraints, outputs first: which take integer registers.
    SmallVector<std::string> cons;
    std::string constraints; // as written, without blanks ("=r, l")
    for (StringRef c : llvm::split(op.getConstraints(), ',')) {
      cons.push_back(c.trim().ltrim("=").str());
      constraints += (constraints.empty() ? "" : ",") + c.trim().str();
    }
    size_t nOut = op.getNumResults();
    if (cons.size() < nOut + op.getArgs().size())
      return op.emitError("inline asm constraints name ")
             << cons.size() << " operands; the op has " << nOut
             << " results and " << op.getArgs().size() << " arguments";
    auto intReg = [&](size_t i) {
      return cons[i] == "r" || cons[i] == "h" || cons[i] == "l" ||
             cons[i] == "c";
    };
    // How one pack of elements of LLVM type `elem` goes into the asm.
    auto packType = [&](Type elem, size_t con) -> Type {
      unsigned bits = elem.getIntOrFloatBitWidth();
      if (pack == 1)
        return isa<FloatType>(elem) && intReg(con)
                   ? Type(rw.getIntegerType(bits))
                   : elem;
      return rw.getIntegerType(bits * unsigned(pack));
    };
    auto toAsm = [&](ArrayRef<Value> elems, Type to) -> Value {
      if (elems.size() == 1)
        return elems[0].getType() == to
                   ? elems[0]
                   : LLVM::BitcastOp::create(rw, loc, to, elems[0]).getResult();
      auto vt = VectorType::get({int64_t(elems.size())}, elems[0].getType());
      Value v = LLVM::UndefOp::create(rw, loc, vt);
      for (size_t i = 0; i < elems.size(); ++i)
        v = LLVM::InsertElementOp::create(rw, loc, v, elems[i],
                                          i32Const(rw, loc, int64_t(i)));
      return LLVM::BitcastOp::create(rw, loc, to, v);
    };
    auto fromAsm = [&](Value v, Type elem) -> SmallVector<Value> {
      if (pack == 1)
        return {v.getType() == elem
                    ? v
                    : LLVM::BitcastOp::create(rw, loc, elem, v).getResult()};
      auto vt = VectorType::get({pack}, elem);
      Value vec = LLVM::BitcastOp::create(rw, loc, vt, v);
      SmallVector<Value> out;
      for (int32_t i = 0; i < pack; ++i)
        out.push_back(
            LLVM::ExtractElementOp::create(rw, loc, vec, i32Const(rw, loc, i)));
      return out;
    };
    SmallVector<SmallVector<Value>> args;
    for (Value a : adaptor.getArgs()) {
      args.push_back(unpack(rw, loc, a));
      // A pointer goes in as its 64-bit address (an "l" operand: the
      // signal flags of torchao's symmetric-memory kernels).
      for (Value &e : args.back())
        if (isa<LLVM::LLVMPointerType>(e.getType()))
          e = LLVM::PtrToIntOp::create(rw, loc, rw.getI64Type(), e);
    }
    SmallVector<Type> resultElems;
    for (Type t : op.getResultTypes())
      resultElems.push_back(
          getTypeConverter()->convertType(getElementTypeOrSelf(t)));
    // Without arguments the asm runs once, for a scalar (tl.extra.cuda's
    // smid, globaltimer).
    size_t n = args.empty() ? 1 : args[0].size();
    if (n % size_t(pack))
      return op.emitError("packed_element ")
             << pack << " does not divide the " << n
             << " elements a thread holds";
    SmallVector<SmallVector<Value>> results(nOut);
    SmallVector<Type> outTypes;
    for (size_t r = 0; r < nOut; ++r)
      outTypes.push_back(packType(resultElems[r], r));
    Type asmResult =
        nOut == 1 ? outTypes[0]
                  : LLVM::LLVMStructType::getLiteral(rw.getContext(), outTypes);
    for (size_t e = 0; e < n; e += size_t(pack)) {
      SmallVector<Value> operands;
      for (size_t a = 0; a < args.size(); ++a) {
        ArrayRef<Value> elems = ArrayRef<Value>(args[a]).slice(e, pack);
        operands.push_back(
            toAsm(elems, packType(elems[0].getType(), nOut + a)));
      }
      Value res = LLVM::InlineAsmOp::create(
                      rw, loc, asmResult, operands, op.getAsmString(),
                      constraints, /*has_side_effects=*/!op.getPure(),
                      /*is_align_stack=*/false,
                      LLVM::tailcallkind::TailCallKind::None,
                      LLVM::AsmDialectAttr(), ArrayAttr())
                      .getResult(0);
      for (size_t r = 0; r < nOut; ++r) {
        Value one = nOut == 1
                        ? res
                        : LLVM::ExtractValueOp::create(rw, loc, res, r)
                              .getResult();
        for (Value v : fromAsm(one, resultElems[r]))
          results[r].push_back(v);
      }
    }
    SmallVector<Value> packed;
    for (size_t r = 0; r < nOut; ++r) {
      Type t = getTypeConverter()->convertType(op->getResult(r).getType());
      packed.push_back(isa<LLVM::LLVMStructType>(t)
                           ? trident::pack(rw, loc, t, results[r])
                           : results[r].front());
    }
    rw.replaceOp(op, packed);
    return success();
  }
};

/// Splat constants: the scalar in every register.
struct SplatConstant : public ConvertOpToLLVMPattern<arith::ConstantOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type)
      return failure();
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!dense || !dense.isSplat())
      return rw.notifyMatchFailure(op, "only splat tensor constants");
    Type st = getTypeConverter()->convertType(type);
    auto body = cast<LLVM::LLVMStructType>(st).getBody();
    Attribute scalar = dense.getSplatValue<Attribute>();
    Value c = LLVM::ConstantOp::create(rw, op.getLoc(), body.front(),
                                       cast<TypedAttr>(scalar));
    rw.replaceOp(op, pack(rw, op.getLoc(), st,
                          SmallVector<Value>(body.size(), c)));
    return success();
  }
};

template <typename Op>
struct ElementwisePattern : public ConvertOpToLLVMPattern<Op> {
  using Fn = std::function<Value(ConversionPatternRewriter &, Location, Op,
                                 ArrayRef<Value>, Type)>;
  ElementwisePattern(LLVMTypeConverter &tc, Fn fn)
      : ConvertOpToLLVMPattern<Op>(tc), fn(std::move(fn)) {}
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Type rt = this->getTypeConverter()->convertType(op->getResult(0).getType());
    if (!rt)
      return failure();
    Value v = mapElements(rw, op.getLoc(), adaptor.getOperands(), rt,
                          [&](ArrayRef<Value> args, Type elem) {
                            return fn(rw, op.getLoc(), op, args, elem);
                          });
    rw.replaceOp(op, v);
    return success();
  }
  Fn fn;
};

template <typename Op>
void addElementwise(RewritePatternSet &p, LLVMTypeConverter &tc,
                    typename ElementwisePattern<Op>::Fn fn) {
  p.add<ElementwisePattern<Op>>(tc, std::move(fn));
}

/// fp_to_fp between the standard floats, rounding to nearest. Rounding
/// toward zero and the fp8 formats are FloatConversionOpToLLVM's (or a
/// backend's, where it has instructions for them).
struct FpToFpStandard : public ConvertOpToLLVMPattern<FpToFpOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Type from = getElementTypeOrSelf(op.getSrc().getType());
    Type to = getElementTypeOrSelf(op.getType());
    auto standard = [](Type t) {
      return t.isF16() || t.isBF16() || t.isF32() || t.isF64();
    };
    if (!standard(from) || !standard(to))
      return rw.notifyMatchFailure(op, "fp8: FloatConversionOpToLLVM");
    bool down = from.getIntOrFloatBitWidth() > to.getIntOrFloatBitWidth() ||
                (from.isF16() && to.isBF16()) || (from.isBF16() && to.isF16());
    if (down && op.getRounding() && *op.getRounding() == RoundingMode::RTZ)
      return rw.notifyMatchFailure(op, "toward zero: FloatConversionOpToLLVM");
    Type rt = getTypeConverter()->convertType(op.getType());
    Location loc = op.getLoc();
    Value v = mapElements(
        rw, loc, adaptor.getOperands(), rt,
        [&](ArrayRef<Value> a, Type elem) -> Value {
          unsigned fb = a[0].getType().getIntOrFloatBitWidth();
          unsigned tb = elem.getIntOrFloatBitWidth();
          if (fb == tb) // fp16 <-> bf16: through fp32, exactly then rounded
            return LLVM::FPTruncOp::create(
                rw, loc, elem,
                LLVM::FPExtOp::create(rw, loc, rw.getF32Type(), a[0]));
          if (fb < tb)
            return LLVM::FPExtOp::create(rw, loc, elem, a[0]);
          return LLVM::FPTruncOp::create(rw, loc, elem, a[0]);
        });
    rw.replaceOp(op, v);
    return success();
  }
};

Type pointeeOf(Type t) {
  return cast<PointerType>(getElementTypeOrSelf(t)).getPointeeType();
}

} // namespace

void populateElementwiseOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                         RewritePatternSet &p,
                                         LoweringContext &lc) {
  MLIRContext *ctx = p.getContext();
  p.add<TensorElementwise>(tc, ctx, lc);
  p.add<SplatConstant>(tc);
  p.add<ElementwiseInlineAsmConversion>(tc, lc.target);
  addElementwise<AddPtrOp>(p, tc, [&tc](ConversionPatternRewriter &rw,
                                        Location loc, AddPtrOp op,
                                        ArrayRef<Value> a, Type elem) {
    Type pointee = tc.convertType(pointeeOf(op.getType()));
    return LLVM::GEPOp::create(rw, loc, elem, pointee, a[0], a[1]).getResult();
  });
  addElementwise<IntToPtrOp>(p, tc, [](ConversionPatternRewriter &rw,
                                       Location loc, IntToPtrOp,
                                       ArrayRef<Value> a, Type elem) {
    return LLVM::IntToPtrOp::create(rw, loc, elem, a[0]).getResult();
  });
  addElementwise<PtrToIntOp>(p, tc, [](ConversionPatternRewriter &rw,
                                       Location loc, PtrToIntOp,
                                       ArrayRef<Value> a, Type elem) {
    return LLVM::PtrToIntOp::create(rw, loc, elem, a[0]).getResult();
  });
  addElementwise<BitcastOp>(p, tc, [](ConversionPatternRewriter &rw,
                                      Location loc, BitcastOp,
                                      ArrayRef<Value> a, Type elem) -> Value {
    if (isa<LLVM::LLVMPointerType>(elem) &&
        isa<LLVM::LLVMPointerType>(a[0].getType()))
      return a[0];
    return LLVM::BitcastOp::create(rw, loc, elem, a[0]);
  });
  addElementwise<PreciseSqrtOp>(p, tc, [](ConversionPatternRewriter &rw,
                                          Location loc, PreciseSqrtOp,
                                          ArrayRef<Value> a, Type elem) {
    return LLVM::SqrtOp::create(rw, loc, elem, a[0]).getResult();
  });
  addElementwise<PreciseDivFOp>(p, tc, [](ConversionPatternRewriter &rw,
                                          Location loc, PreciseDivFOp,
                                          ArrayRef<Value> a, Type elem) {
    return LLVM::FDivOp::create(rw, loc, elem, a[0], a[1]).getResult();
  });
  addElementwise<MulhiUIOp>(p, tc, [](ConversionPatternRewriter &rw,
                                      Location loc, MulhiUIOp,
                                      ArrayRef<Value> a, Type elem) -> Value {
    unsigned bits = elem.getIntOrFloatBitWidth();
    Type wide = rw.getIntegerType(bits * 2);
    Value x = LLVM::ZExtOp::create(rw, loc, wide, a[0]);
    Value y = LLVM::ZExtOp::create(rw, loc, wide, a[1]);
    Value m = LLVM::MulOp::create(rw, loc, x, y);
    Value s = LLVM::LShrOp::create(
        rw, loc, m,
        LLVM::ConstantOp::create(rw, loc, wide, rw.getIntegerAttr(wide, bits)));
    return LLVM::TruncOp::create(rw, loc, elem, s);
  });
  addElementwise<ClampFOp>(p, tc, [](ConversionPatternRewriter &rw,
                                     Location loc, ClampFOp op,
                                     ArrayRef<Value> a, Type elem) -> Value {
    bool nan = op.getPropagateNan() == PropagateNan::ALL;
    Value lo = nan ? LLVM::MaximumOp::create(rw, loc, elem, a[0], a[1]).getResult()
                   : LLVM::MaxNumOp::create(rw, loc, elem, a[0], a[1]).getResult();
    return nan ? LLVM::MinimumOp::create(rw, loc, elem, lo, a[2]).getResult()
               : LLVM::MinNumOp::create(rw, loc, elem, lo, a[2]).getResult();
  });
  p.add<FpToFpStandard>(tc);
  addElementwise<ExternElementwiseOp>(
      p, tc, [](ConversionPatternRewriter &rw, Location loc,
                ExternElementwiseOp op, ArrayRef<Value> a, Type elem) {
        SmallVector<Type> argTypes;
        for (Value v : a)
          argTypes.push_back(v.getType());
        auto fn = declareFunction(rw, loc, op, op.getSymbol(),
                                  LLVM::LLVMFunctionType::get(elem, argTypes));
        return LLVM::CallOp::create(rw, loc, fn, a).getResult();
      });
}

} // namespace trident
