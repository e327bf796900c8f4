//===- LayoutRemarks.cpp - remarks on conversions and vector accesses ------===//

#include "trident/Analysis/LayoutRemarks.h"

#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/Transforms/DotPlan.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident {

static std::string typeText(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (auto rt = dyn_cast<RankedTensorType>(t)) {
    os << "tensor<";
    for (int64_t d : rt.getShape())
      os << d << "x";
    os << rt.getElementType() << ">";
  } else {
    os << t;
  }
  return s;
}

/// The remark for a vector access, when it moves less than a run allows.
static bool accessRemark(Operation *op, const char *what, Value ptr, Value mask,
                         const AxisInfoAnalysis &axis) {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type || !type.getEncoding())
    return false;
  auto pt = cast<PointerType>(type.getElementType());
  unsigned bits = memoryElementBits(pt.getPointeeType());
  AxisInfoAnalysis::VectorAccess a = axis.planVectorAccess(ptr, mask, bits);
  int64_t full = std::max<int64_t>(1, 128 / int64_t(bits));
  int64_t perThread = toLinearLayout(type).inDimSize("register");
  // Vectorized as far as 128 bits go, or the thread has no more elements.
  if (a.elements >= full || a.elements >= perThread)
    return false;
  InFlightDiagnostic r = emitRemark(op->getLoc());
  r << what << " of " << typeText(pt.getPointeeType()) << " elements ("
    << typeText(RankedTensorType::get(type.getShape(), pt.getPointeeType()))
    << ") not fully vectorized: " << a.elements << " element"
    << (a.elements == 1 ? "" : "s") << " (" << a.elements * bits
    << " bits) per access along dim " << a.dim << ", bounded by the ";
  std::string limit = a.limit;
  if (limit == "layout")
    r << "layout (" << a.layoutRun
      << " consecutive elements per thread in registers)";
  else if (limit == "contiguity")
    r << "pointers' contiguity (runs of " << a.contiguity
      << " consecutive addresses)";
  else if (limit == "alignment")
    r << "pointers' alignment (" << a.alignment * (bits / 8)
      << " bytes; tt.divisibility = 16 on the arguments lifts it)";
  else if (limit == "mask")
    r << "mask (constant over runs of " << a.maskConstancy
      << "; a bound divisible by 16 lifts it)";
  else
    r << limit;
  return true;
}

unsigned emitLayoutRemarks(ModuleOp module) {
  AxisInfoAnalysis axis(module);
  unsigned n = 0;
  module.walk([&](Operation *op) {
    if (auto cvt = dyn_cast<ConvertLayoutOp>(op)) {
      auto from = cast<RankedTensorType>(cvt.getSrc().getType());
      auto to = cvt.getType();
      LayoutConversion c = classifyConversion(from, to);
      if (c.kind == LayoutConversion::None)
        return;
      InFlightDiagnostic r = emitRemark(op->getLoc());
      r << "layout conversion of " << typeText(to) << " from " << from.getEncoding()
        << " to " << to.getEncoding() << ": ";
      if (c.kind == LayoutConversion::Registers) {
        r << "register permutation (within each thread, no shared memory)";
      } else {
        unsigned bits = memoryElementBits(to.getElementType());
        r << "shared memory, " << to.getNumElements() * std::max(1u, bits / 8)
          << " bytes, two barriers"
          << (c.withinWarps ? " (only lanes of one warp exchange elements)"
                            : "");
      }
      ++n;
      return;
    }
    // What the target's dot planner chose where it had a reason to say.
    // How a loop was pipelined, where it was not as asked.
    if (auto why = op->getAttrOfType<StringAttr>("ttg.pipeline_remark")) {
      emitRemark(op->getLoc()) << why.getValue();
      ++n;
    }
    if (auto why = op->getAttrOfType<StringAttr>(kDotPlanRemark)) {
      emitRemark(op->getLoc()) << why.getValue();
      ++n;
      return;
    }
    if (auto load = dyn_cast<LoadOp>(op))
      n += accessRemark(op, "load", load.getPtr(), load.getMask(), axis);
    else if (auto store = dyn_cast<StoreOp>(op))
      n += accessRemark(op, "store", store.getPtr(), store.getMask(), axis);
  });
  return n;
}

} // namespace trident
