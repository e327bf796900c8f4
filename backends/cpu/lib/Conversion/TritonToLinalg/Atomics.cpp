//===- Atomics.cpp - atomic read-modify-writes and compare-and-swaps ------===//
//
// One call per element, in loop nests, to placeholders that
// cpu-expand-atomics turns into LLVM atomics after bufferization.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonToLinalg/Common.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace trident::cpu::tritontolinalg {

namespace {

LLVM::AtomicOrdering ordering(tt::MemSemantic s) {
  switch (s) {
  case tt::MemSemantic::RELAXED: return LLVM::AtomicOrdering::monotonic;
  case tt::MemSemantic::ACQUIRE: return LLVM::AtomicOrdering::acquire;
  case tt::MemSemantic::RELEASE: return LLVM::AtomicOrdering::release;
  case tt::MemSemantic::ACQUIRE_RELEASE: return LLVM::AtomicOrdering::acq_rel;
  }
  return LLVM::AtomicOrdering::acq_rel;
}

/// Runs `scalar(b, indices)` for every element and collects its results
/// into a tensor of `resultType` (or returns the scalar result).
Value mapElements(OpBuilder &b, Location loc, Type resultType,
                  function_ref<Value(OpBuilder &, ValueRange)> scalar) {
  auto t = dyn_cast<RankedTensorType>(resultType);
  if (!t)
    return scalar(b, {});
  Value init = emptyLike(b, loc, t);
  return loopNest(b, loc, t.getShape(), ValueRange{init},
                  [&](OpBuilder &bb, ValueRange idx, ValueRange iter) {
                    Value v = scalar(bb, idx);
                    return SmallVector<Value>{
                        tensor::InsertOp::create(bb, loc, v, iter[0], idx)};
                  })[0];
}

/// Atomics are emitted as calls to declared functions named after the
/// operation (trident.rmw.<op>.<ordering>, trident.cas.<ordering>), and
/// expanded to LLVM atomics by cpu-expand-atomics after bufferization: the
/// buffer deallocation pass rejects LLVM atomics, whose memory effects it
/// does not know, but understands calls.
Value atomicCall(OpBuilder &b, ModuleOp module, Location loc, StringRef name,
                 Type result, ValueRange operands) {
  auto fnType = b.getFunctionType(operands.getTypes(), {result});
  std::string full = name.str();
  for (Type t : operands.getTypes()) {
    llvm::raw_string_ostream os(full);
    os << "." << t;
  }
  if (!module.lookupSymbol<func::FuncOp>(full)) {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(module.getBody());
    auto decl = func::FuncOp::create(b, loc, full, fnType);
    decl.setPrivate();
  }
  return func::CallOp::create(b, loc, full, TypeRange{result}, operands)
      .getResult(0);
}

struct AtomicRMWPattern : public OpConversionPattern<tt::AtomicRMWOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::AtomicRMWOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVM::AtomicBinOp bin;
    switch (op.getAtomicRmwOp()) {
    case tt::RMWOp::AND: bin = LLVM::AtomicBinOp::_and; break;
    case tt::RMWOp::OR: bin = LLVM::AtomicBinOp::_or; break;
    case tt::RMWOp::XOR: bin = LLVM::AtomicBinOp::_xor; break;
    case tt::RMWOp::ADD: bin = LLVM::AtomicBinOp::add; break;
    case tt::RMWOp::FADD: bin = LLVM::AtomicBinOp::fadd; break;
    case tt::RMWOp::MAX: bin = LLVM::AtomicBinOp::max; break;
    case tt::RMWOp::MIN: bin = LLVM::AtomicBinOp::min; break;
    case tt::RMWOp::UMAX: bin = LLVM::AtomicBinOp::umax; break;
    case tt::RMWOp::UMIN: bin = LLVM::AtomicBinOp::umin; break;
    case tt::RMWOp::XCHG: bin = LLVM::AtomicBinOp::xchg; break;
    }
    auto order = ordering(op.getSem());
    auto module = op->getParentOfType<ModuleOp>();
    Type elem = getElementTypeOrSelf(a.getVal().getType());
    Value ptr = a.getPtr(), val = a.getVal(), mask = a.getMask();
    Value r = mapElements(
        rewriter, loc, a.getVal().getType(), [&](OpBuilder &b, ValueRange idx) {
          Value p = elementAt(b, loc, ptr, idx);
          Value v = elementAt(b, loc, val, idx);
          Value m = elementAt(b, loc, mask, idx);
          auto rmw = [&](OpBuilder &bb) -> Value {
            std::string name = "trident.rmw." +
                               LLVM::stringifyAtomicBinOp(bin).str() + "." +
                               LLVM::stringifyAtomicOrdering(order).str();
            return atomicCall(bb, module, loc, name, elem, ValueRange{p, v});
          };
          if (!m)
            return rmw(b);
          auto ifOp = scf::IfOp::create(b, loc, TypeRange{elem}, m, true);
          OpBuilder::InsertionGuard g(b);
          b.setInsertionPointToStart(ifOp.thenBlock());
          scf::YieldOp::create(b, loc, rmw(b));
          b.setInsertionPointToStart(ifOp.elseBlock());
          scf::YieldOp::create(b, loc, zeroOf(b, loc, elem));
          return ifOp.getResult(0);
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct AtomicCASPattern : public OpConversionPattern<tt::AtomicCASOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::AtomicCASOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto order = ordering(op.getSem());
    auto failOrder = order == LLVM::AtomicOrdering::acq_rel ||
                             order == LLVM::AtomicOrdering::release
                         ? (order == LLVM::AtomicOrdering::acq_rel
                                ? LLVM::AtomicOrdering::acquire
                                : LLVM::AtomicOrdering::monotonic)
                         : order;
    auto module = op->getParentOfType<ModuleOp>();
    Type elem = getElementTypeOrSelf(a.getVal().getType());
    Type intType = elem;
    if (isa<FloatType>(elem))
      intType = rewriter.getIntegerType(elem.getIntOrFloatBitWidth());
    Value ptr = a.getPtr(), cmp = a.getCmp(), val = a.getVal();
    Value r = mapElements(
        rewriter, loc, a.getVal().getType(), [&](OpBuilder &b, ValueRange idx) {
          Value p = elementAt(b, loc, ptr, idx);
          Value c = elementAt(b, loc, cmp, idx);
          Value v = elementAt(b, loc, val, idx);
          if (intType != elem) {
            c = arith::BitcastOp::create(b, loc, intType, c);
            v = arith::BitcastOp::create(b, loc, intType, v);
          }
          (void)failOrder;
          Value old = atomicCall(
              b, module, loc,
              "trident.cas." + LLVM::stringifyAtomicOrdering(order).str(),
              intType, ValueRange{p, c, v});
          if (intType != elem)
            old = arith::BitcastOp::create(b, loc, elem, old);
          return old;
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

} // namespace

void populateAtomicPatterns(const TypeConverter &converter,
                            RewritePatternSet &patterns) {
  patterns.add<AtomicRMWPattern, AtomicCASPattern>(converter,
                                                   patterns.getContext());
}

} // namespace trident::cpu::tritontolinalg
