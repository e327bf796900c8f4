//===- AxisInfo.h - contiguity, divisibility and constancy of values -*- C++ -*-===//
//
// For every integer or pointer value of a kernel (scalars and tensors),
// per dimension: how many consecutive elements form runs of consecutive
// values (contiguity), the largest power of two dividing the first value
// of each run (divisibility; for pointers, in bytes), and how many
// consecutive elements are equal (constancy). Facts come from
// tt.make_range, splats, constants, the kernel arguments' tt.divisibility,
// the hints the author wrote on ops (tl.multiple_of, tl.max_contiguous,
// tl.max_constancy) and arithmetic; loop-carried values (scf.for and
// scf.while) are their inits joined with what the body yields, to a fixed
// point; the results of an scf.if join its branches. Everything else is
// pessimistic (1). GPU backends read vector widths of loads and stores off
// it, as Triton's AxisInfo does.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_ANALYSIS_AXISINFO_H
#define TRIDENT_ANALYSIS_AXISINFO_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace mlir::triton {

struct AxisInfo {
  llvm::SmallVector<int64_t> contiguity, divisibility, constancy;
  /// The value, when it is a known integer constant (splats included).
  std::optional<int64_t> constant;

  unsigned rank() const { return contiguity.size(); }
  /// Nothing known, for a value of `rank` dimensions (0 for scalars).
  static AxisInfo pessimistic(unsigned rank);
};

/// The bits an element of `type` takes in memory: a byte for i1, 64 for a
/// pointer; what vector accesses are planned in.
unsigned memoryElementBits(Type type);

class AxisInfoAnalysis {
public:
  /// Analyses every function of `module`.
  explicit AxisInfoAnalysis(Operation *root);
  /// The facts for `v` (pessimistic for values the analysis never saw).
  AxisInfo get(Value v) const;

  /// How many consecutive elements along dimension `dim` of the pointer
  /// tensor `ptr` can be accessed with one vector access: bounded by the
  /// pointers' contiguity and alignment (in elements of `elementBytes`)
  /// and, when given, the mask's constancy.
  int64_t vectorElements(Value ptr, Value mask, unsigned dim,
                         int64_t elementBytes) const;

  /// The vector access a GPU backend makes for a load or store through
  /// the pointer tensor `ptr` (its layout distributed) of elements of
  /// `elementBits`, and what bounds it: `elements` per access along `dim`
  /// (the dimension whose registers run longest), the smallest of what the
  /// layout keeps consecutive in registers (`layoutRun`), 128 bits, the
  /// pointers' contiguity and alignment, and the mask's constancy;
  /// `limit` names the first that bounds it ("layout", "128 bits",
  /// "contiguity", "alignment", "mask").
  struct VectorAccess {
    int64_t elements = 1;
    unsigned dim = 0;
    int64_t layoutRun = 1;
    int64_t contiguity = 1, alignment = 1, maskConstancy = 1;
    const char *limit = "layout";
  };
  VectorAccess planVectorAccess(Value ptr, Value mask,
                                unsigned elementBits) const;

private:
  void visitRegion(Region &region);
  void visitNested(Operation *op);
  void visitLoop(Operation *loop, ValueRange inits, ValueRange args,
                 ValueRange yields, ValueRange results,
                 ArrayRef<Region *> body,
                 llvm::function_ref<void()> afterBefore = {});
  void visit(Operation *op);
  void computeFacts(Operation *op);
  llvm::DenseMap<Value, AxisInfo> info_;
};

} // namespace mlir::triton

#endif // TRIDENT_ANALYSIS_AXISINFO_H
