//===- ShapeOps.cpp - where a shape op's result elements come from --------===//
//
// For these ops on power-of-two shapes the map from a result element's
// coordinates to its source (operand, coordinates) is linear over GF(2)
// in the coordinates (bits move, an operand is picked by a bit), up to a
// constant part (split's half) that only registers carry. So the result's
// lane and warp bases, mapped through it, must be the operand's, and each
// result register's element must be one of the operand's registers.
//
//===----------------------------------------------------------------------===//

#include "trident/Analysis/ShapeOps.h"

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include <functional>
#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident {
namespace {

/// Where a result element comes from: (operand, its coordinates there).
using SourceOf =
    std::function<std::pair<int, std::vector<int32_t>>(std::vector<int32_t>)>;

std::optional<SmallVector<RegisterPick>>
sameThreadPicks(const LinearLayout &dst, const LinearLayout &src,
                int operands, const SourceOf &linear, const SourceOf &full) {
  for (const char *in : {"lane", "warp"}) {
    if (dst.inDimSizeLog2(in) != src.inDimSizeLog2(in))
      return std::nullopt;
    for (int32_t bit = 0; bit < dst.inDimSizeLog2(in); ++bit) {
      auto [k, c] = linear(dst.basis(in, bit));
      if (k != 0 || c != src.basis(in, bit))
        return std::nullopt;
    }
  }
  std::map<std::vector<int32_t>, int32_t> index;
  for (int32_t r = 0; r < src.inDimSize("register"); ++r)
    index.emplace(src.apply({{"register", r}}), r);
  SmallVector<RegisterPick> picks;
  for (int32_t r = 0; r < dst.inDimSize("register"); ++r) {
    auto [k, c] = full(dst.apply({{"register", r}}));
    auto it = index.find(c);
    if (k < 0 || k >= operands || it == index.end())
      return std::nullopt;
    picks.push_back({k, it->second});
  }
  return picks;
}

/// Row-major position bits: `c` in `from` as coordinates in `to` (same
/// number of elements).
std::vector<int32_t> reshaped(const std::vector<int32_t> &c,
                              ArrayRef<int64_t> from, ArrayRef<int64_t> to) {
  int64_t lin = 0;
  for (size_t d = 0; d < from.size(); ++d)
    lin = lin * from[d] + c[d];
  std::vector<int32_t> out(to.size());
  for (size_t d = to.size(); d-- > 0;) {
    out[d] = int32_t(lin % to[d]);
    lin /= to[d];
  }
  return out;
}

} // namespace

std::optional<SmallVector<RegisterPick>> shapeOpPicks(Operation *op,
                                                      unsigned result) {
  if (op->getNumOperands() == 0 || result >= op->getNumResults())
    return std::nullopt;
  auto src = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto dst = dyn_cast<RankedTensorType>(op->getResult(result).getType());
  if (!src || !dst || !isa_and_nonnull<DistributedEncoding>(src.getEncoding()) ||
      !isa_and_nonnull<DistributedEncoding>(dst.getEncoding()))
    return std::nullopt;
  LinearLayout in = toLinearLayout(src), out = toLinearLayout(dst);
  if (auto trans = dyn_cast<TransOp>(op)) {
    SmallVector<int32_t> order(trans.getOrder());
    SourceOf from = [order](std::vector<int32_t> d) {
      std::vector<int32_t> s(d.size());
      for (size_t k = 0; k < d.size(); ++k)
        s[order[k]] = d[k];
      return std::make_pair(0, s);
    };
    return sameThreadPicks(out, in, 1, from, from);
  }
  if (isa<ReshapeOp>(op)) {
    SmallVector<int64_t> s(src.getShape()), d(dst.getShape());
    SourceOf from = [s, d](std::vector<int32_t> c) {
      return std::make_pair(0, reshaped(c, d, s));
    };
    return sameThreadPicks(out, in, 1, from, from);
  }
  if (isa<JoinOp>(op)) {
    SourceOf from = [](std::vector<int32_t> d) {
      int k = d.back();
      d.pop_back();
      return std::make_pair(k, d);
    };
    return sameThreadPicks(out, in, 2, from, from);
  }
  if (isa<SplitOp>(op)) {
    auto half = [](int32_t t) {
      return SourceOf([t](std::vector<int32_t> d) {
        d.push_back(t);
        return std::make_pair(0, d);
      });
    };
    return sameThreadPicks(out, in, 1, half(0), half(int32_t(result)));
  }
  if (isa<CatOp>(op)) {
    int64_t n0 = src.getShape()[0];
    SourceOf from = [n0](std::vector<int32_t> d) {
      int k = d[0] >= n0 ? 1 : 0;
      d[0] %= int32_t(n0);
      return std::make_pair(k, d);
    };
    return sameThreadPicks(out, in, 2, from, from);
  }
  return std::nullopt;
}

bool shapeOpNeedsSharedMemory(Operation *op) {
  if (!isa<TransOp, ReshapeOp, JoinOp, SplitOp, CatOp>(op))
    return false;
  for (unsigned r = 0; r < op->getNumResults(); ++r)
    if (!shapeOpPicks(op, r))
      return true;
  return false;
}

} // namespace trident
