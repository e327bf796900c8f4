//===- DotPlan.h - how a target lays out each tt.dot -----------*- C++ -*-===//
//
// Layout assignment (convert-triton-to-tritongpu) gives every tensor an
// encoding by constraint classes; a tt.dot is the one op whose layouts the
// hardware dictates. So the pass asks the target, through a DotPlanner,
// how to lay out each dot before it assigns anything: the accumulator's
// encoding (which anchors the class of the dot's result, its accumulator
// and everything elementwise-tied to them) and the kWidth of the operands'
// `#ttg.dot_op` encodings (the operands arrive in registers, converted
// from wherever their loads put them). A plan with no accumulator encoding
// is core's FMA dot: the accumulator keeps the blocked encoding its class
// gets, and the operands are converted to the accumulator's element type
// first. A planner may refuse a dot with a reason, which becomes the
// error at the user's line; `remark` says why it chose what it chose
// (`tridentc --remarks=layouts`).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_DOTPLAN_H
#define TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_DOTPLAN_H

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Builders.h"

#include <functional>
#include <string>

namespace mlir::triton::gpu {

/// What the planner knows of the program besides the dot.
struct DotPlanContext {
  int numWarps = 4;
  int threadsPerWarp = 32;
  std::string target; ///< "cuda:90", "hip:gfx942", or empty
  /// Whether another tt.dot of the same region consumes this one's result
  /// or feeds its operands (attention's P @ V after Q @ K^T): a target may
  /// then put every warp along M, so the accumulator of one dot is the
  /// next one's operand without leaving the registers.
  bool chained = false;
};

struct DotPlan {
  /// The encoding of the accumulator and the result; null for core's FMA
  /// dot (layout assignment then picks a blocked accumulator that balances
  /// what each thread holds of A and B, and sets `fma`).
  Attribute accEncoding;
  /// Core's FMA dot (layout assignment sets it, with `operandElement` the
  /// accumulator's element type).
  bool fma = false;
  /// The element type the matrix unit multiplies, when the operands'
  /// own is narrower (fp8 on a unit that takes fp16): the operands are
  /// upcast to it once converted to their #ttg.dot_op encodings (moving
  /// the narrow type). Null keeps the operands' types; core's FMA dot
  /// sets the accumulator's.
  Type operandElement;
  /// kWidth of the #ttg.dot_op encodings of A (0) and B (1).
  unsigned kWidth[2] = {0, 0};
  /// A matrix unit that is not tt.dot (one that reads its operands from
  /// shared memory: wgmma): the vendor's op, built once the accumulator is
  /// placed. Layout assignment leaves the operands in the layouts their
  /// classes get (no #ttg.dot_op conversion: `kWidth` is unused) and calls
  /// `build` before the dot with the operands and the accumulator (in
  /// `accEncoding`); it returns the result (the accumulator's type), which
  /// replaces the dot's. The vendor puts the operands where its unit reads
  /// them (a ttg.local_alloc in its shared encoding, which the pipeliner
  /// turns into multi-buffered asynchronous copies when the operand is a
  /// load), carries the dot's `ttg.dot_plan` remark attribute over to its
  /// op, and may fail with `error` (reported at the dot).
  std::function<FailureOr<Value>(OpBuilder &b, DotOp dot, Value a, Value bv,
                                 Value c, std::string &error)>
      build;
  /// Why this plan, for the author (a remark at the dot's location under
  /// --remarks=layouts); empty when there is nothing to say.
  std::string remark;
};

/// Plans `dot`; failure with `error` refuses it (the error names why).
using DotPlanner = std::function<FailureOr<DotPlan>(
    DotOp dot, const DotPlanContext &context, std::string &error)>;

/// Core's FMA dot, which every target can run: what a planner returns for
/// a dot its matrix unit cannot take, with the reason as the remark.
inline DotPlan fmaDotPlan(std::string why = "") {
  DotPlan p;
  p.remark = std::move(why);
  return p;
}

/// The attribute a dot carries through TTGIR with its plan's remark, read
/// by the layout remarks (and dropped by the lowering).
inline constexpr const char *kDotPlanRemark = "ttg.dot_plan";

/// A dot of fp32 operands with input_precision "tf32x3" or "bf16x3" as
/// three dots of the narrow type on a matrix unit (the operands split into
/// a big and a small part; SplitPreciseDot.cpp), when `unitTakes` says the
/// target's planner puts such a narrow dot on its unit: returns the three
/// dots, which replace `dot`, or nothing (and `dot` is left alone).
llvm::SmallVector<DotOp> splitPreciseDot(DotOp dot,
                                         llvm::function_ref<bool(DotOp)> unitTakes);

} // namespace mlir::triton::gpu

#endif // TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_DOTPLAN_H
