//===- GuardIntegerDivision.cpp - no host trap on a division by zero ------===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Cpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

namespace trident::cpu {
#define GEN_PASS_DEF_CPUGUARDINTEGERDIVISION
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;

namespace {

/// A constant of `type` (a scalar or a tensor) holding `v`.
Value constantLike(OpBuilder &b, Location loc, Type type, int64_t v) {
  Type elem = getElementTypeOrSelf(type);
  auto attr = b.getIntegerAttr(elem, v);
  if (auto t = dyn_cast<RankedTensorType>(type))
    return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(t, attr));
  return arith::ConstantOp::create(b, loc, attr);
}

/// Integer division by zero (and MIN / -1) is undefined in a kernel but
/// traps on the host, and masked-out lanes routinely divide by the zero a
/// masked load produced. Such divisors become 1: the lanes' results stay
/// unspecified, as on GPUs, and the process survives.
void guardIntegerDivision(ModuleOp module) {
  module.walk([](Operation *op) {
    bool isSigned = isa<arith::DivSIOp, arith::RemSIOp, arith::CeilDivSIOp,
                        arith::FloorDivSIOp>(op);
    if (!isSigned && !isa<arith::DivUIOp, arith::RemUIOp, arith::CeilDivUIOp>(op))
      return;
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value x = op->getOperand(0), d = op->getOperand(1);
    Type type = d.getType();
    Value zero = constantLike(b, loc, type, 0);
    Value one = constantLike(b, loc, type, 1);
    Value bad = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, d, zero);
    if (isSigned) {
      unsigned w = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
      Value minusOne = constantLike(b, loc, type, -1);
      Value min = constantLike(
          b, loc, type, w >= 64 ? INT64_MIN : -(int64_t(1) << (w - 1)));
      Value isMin = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, min);
      Value isM1 =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, d, minusOne);
      Value overflow = arith::AndIOp::create(b, loc, isMin, isM1);
      bad = arith::OrIOp::create(b, loc, bad, overflow);
    }
    Value safe = arith::SelectOp::create(b, loc, bad, one, d);
    op->setOperand(1, safe);
  });
}

struct GuardIntegerDivision
    : public trident::cpu::impl::CpuGuardIntegerDivisionBase<
          GuardIntegerDivision> {
  void runOnOperation() override { guardIntegerDivision(getOperation()); }
};

} // namespace
