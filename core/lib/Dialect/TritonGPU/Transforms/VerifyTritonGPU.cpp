//===- VerifyTritonGPU.cpp - the verify-tritongpu pass ---------------------===//
//
// What the GPU lowering assumes of TTGIR and the IR verifiers do not
// check, refused with an error at the op before allocation or lowering
// read a layout (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/Transforms/Passes.h"

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_VERIFYTRITONGPU
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Elements one thread may hold of one tensor: far above any real kernel's
/// (Triton's largest tiles hold a few hundred), far below what exhausts
/// the compiler's memory; and never many more than the tensor has.
constexpr int64_t kMaxRegistersPerThread = 65536;

struct Verifier {
  /// `kernels`: also refuse public functions that return a value (kernels
  /// as the backends compile them; trident-opt's tests return values).
  static LogicalResult run(ModuleOp m, bool kernels) {
    int64_t warps = moduleInt(m, "ttg.num-warps");
    int64_t lanes = moduleInt(m, "ttg.threads-per-warp");
    for (auto [name, v] : {std::pair{"ttg.num-warps", warps},
                           std::pair{"ttg.threads-per-warp", lanes}})
      if (v != -1 && (v < 1 || v > 1024 || !llvm::isPowerOf2_64(uint64_t(v)))) {
        m.emitError() << "'" << name << "' = " << v
                      << ": it must be a power of two from 1 to 1024";
        return failure();
      }
    bool failed = false;
    llvm::DenseSet<Type> checked;
    auto check = [&](Operation *op, Type t) {
      auto tensor = dyn_cast<RankedTensorType>(t);
      if (!tensor || !tensor.getEncoding() || !checked.insert(t).second)
        return;
      if (!verifyTensor(op, tensor, warps, lanes))
        failed = true;
    };
    m.walk([&](Operation *op) {
      if (failed)
        return WalkResult::interrupt();
      if (auto f = dyn_cast<FuncOp>(op))
        if (kernels && f.isPublic() && f.getFunctionType().getNumResults()) {
          f.emitError() << "kernel '" << f.getName()
                        << "' returns a value: a kernel cannot return a "
                           "value (store it through a pointer)";
          failed = true;
          return WalkResult::interrupt();
        }
      for (Type t : op->getResultTypes())
        check(op, t);
      for (Type t : op->getOperandTypes())
        check(op, t);
      for (Region &r : op->getRegions())
        for (Block &b : r)
          for (BlockArgument a : b.getArguments())
            check(op, a.getType());
      return failed ? WalkResult::interrupt() : WalkResult::advance();
    });
    return failure(failed);
  }

  static int64_t moduleInt(ModuleOp m, StringRef name) {
    auto a = m->getAttrOfType<IntegerAttr>(name);
    return a ? a.getInt() : -1;
  }

  static bool verifyTensor(Operation *op, RankedTensorType t, int64_t warps,
                           int64_t lanes) {
    Attribute enc = t.getEncoding();
    auto dist = dyn_cast<DistributedEncoding>(enc);
    if (!dist) {
      op->emitError() << "tensor type " << t << " has encoding " << enc
                      << ", which is not a distributed layout (a tensor in "
                         "registers takes #ttg.blocked, #ttg.slice, "
                         "#ttg.dot_op, #ttg.linear or a backend's)";
      return false;
    }
    if (dist.getRank() != unsigned(t.getRank())) {
      op->emitError() << "tensor type " << t << " has rank " << t.getRank()
                      << " but its layout " << enc << " is for rank "
                      << dist.getRank();
      return false;
    }
    trident::LinearLayout ll = toLinearLayout(t);
    int64_t layoutWarps = ll.hasInDim("warp") ? ll.inDimSize("warp") : 1;
    int64_t layoutLanes = ll.hasInDim("lane") ? ll.inDimSize("lane") : 1;
    if (warps != -1 && layoutWarps != warps) {
      op->emitError() << "the layout " << enc << " of " << t << " spreads it over "
                      << layoutWarps << " warps, but the module has "
                      << "'ttg.num-warps' = " << warps;
      return false;
    }
    if (lanes != -1 && layoutLanes != lanes) {
      op->emitError() << "the layout " << enc << " of " << t << " spreads it over "
                      << layoutLanes << " lanes per warp, but the module has "
                      << "'ttg.threads-per-warp' = " << lanes;
      return false;
    }
    // A thread holding more copies than the tensor has elements (a
    // sizePerThread far beyond the shape) would only multiply the work.
    int64_t regs = ll.hasInDim("register") ? ll.inDimSize("register") : 1;
    int64_t bound = std::min<int64_t>(
        kMaxRegistersPerThread, std::max<int64_t>(t.getNumElements(), 256));
    if (regs > bound) {
      op->emitError() << "the layout " << enc << " of " << t
                      << " gives each thread " << regs << " elements (at most "
                      << bound << " for this tensor)";
      return false;
    }
    return true;
  }
};

struct VerifyTritonGPUPass
    : public mlir::triton::gpu::impl::VerifyTritonGPUBase<VerifyTritonGPUPass> {
  void runOnOperation() override {
    if (mlir::failed(Verifier::run(getOperation(), /*kernels=*/true)))
      signalPassFailure();
  }
};

} // namespace

LogicalResult mlir::triton::gpu::verifyTritonGPUModule(ModuleOp module) {
  return Verifier::run(module, /*kernels=*/false);
}
