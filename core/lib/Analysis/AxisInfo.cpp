//===- AxisInfo.cpp - contiguity, divisibility and constancy -------------===//

#include "trident/Analysis/AxisInfo.h"

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

#include <numeric>

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Divisibility is capped here (Triton caps it at 2^30 too): large enough
/// for any vector width, small enough to multiply without overflow.
constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

int64_t highestPowerOf2Dividing(int64_t v) {
  if (v == 0)
    return kMaxDivisibility;
  int64_t p = 1;
  while (p < kMaxDivisibility && (v % (p * 2)) == 0)
    p *= 2;
  return p;
}

unsigned rankOf(Type t) {
  if (auto r = dyn_cast<RankedTensorType>(t))
    return r.getRank();
  return 0;
}

SmallVector<int64_t> shapeOf(Type t) {
  if (auto r = dyn_cast<RankedTensorType>(t))
    return SmallVector<int64_t>(r.getShape());
  return {};
}

/// For scalars the analysis keeps one entry (rank 1 of size 1).
unsigned slots(unsigned rank) { return rank ? rank : 1; }

int64_t elementBytesOfPointee(Type t) {
  Type e = getElementTypeOrSelf(t);
  if (auto p = dyn_cast<PointerType>(e)) {
    Type pointee = p.getPointeeType();
    if (pointee.isIntOrFloat())
      return std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
  }
  return 1;
}

} // namespace

AxisInfo AxisInfo::pessimistic(unsigned rank) {
  AxisInfo a;
  a.contiguity.assign(slots(rank), 1);
  a.divisibility.assign(slots(rank), 1);
  a.constancy.assign(slots(rank), 1);
  return a;
}

AxisInfoAnalysis::AxisInfoAnalysis(Operation *root) {
  // Kernel arguments: their tt.divisibility.
  root->walk([&](FunctionOpInterface f) {
    if (f.isExternal())
      return;
    for (unsigned i = 0; i < f.getNumArguments(); ++i) {
      Value a = f.getArgument(i);
      AxisInfo info = AxisInfo::pessimistic(rankOf(a.getType()));
      if (auto d = f.getArgAttrOfType<IntegerAttr>(i, "tt.divisibility"))
        info.divisibility.assign(info.divisibility.size(),
                                 std::max<int64_t>(1, d.getInt()));
      info_[a] = info;
    }
  });
  for (Region &r : root->getRegions())
    visitRegion(r);
}

/// What holds of both `a` and `b` (a value that is one or the other).
static AxisInfo join(const AxisInfo &a, const AxisInfo &b) {
  if (a.rank() != b.rank())
    return AxisInfo::pessimistic(a.rank());
  AxisInfo out = a;
  for (unsigned d = 0; d < a.rank(); ++d) {
    out.contiguity[d] = std::gcd(a.contiguity[d], b.contiguity[d]);
    out.divisibility[d] = std::gcd(a.divisibility[d], b.divisibility[d]);
    out.constancy[d] = std::gcd(a.constancy[d], b.constancy[d]);
  }
  out.constant = a.constant == b.constant ? a.constant : std::nullopt;
  return out;
}

static bool sameInfo(const AxisInfo &a, const AxisInfo &b) {
  return a.contiguity == b.contiguity && a.divisibility == b.divisibility &&
         a.constancy == b.constancy && a.constant == b.constant;
}

void AxisInfoAnalysis::visitRegion(Region &region) {
  for (Block &block : region)
    for (Operation &op : block)
      visitNested(&op);
}

void AxisInfoAnalysis::visitNested(Operation *op) {
  if (auto f = dyn_cast<scf::ForOp>(op))
    return visitLoop(op, f.getInitArgs(), f.getRegionIterArgs(),
                     f.getBody()->getTerminator()->getOperands(), f.getResults(),
                     {&f.getRegion()});
  if (auto w = dyn_cast<scf::WhileOp>(op)) {
    // The before region's arguments carry the inits and the after region's
    // yields; the after region's and the results, the condition's values.
    auto cond = w.getConditionOp();
    visitLoop(op, w.getInits(), w.getBeforeArguments(),
              w.getYieldOp().getOperands(), {},
              {&w.getBefore(), &w.getAfter()}, [&] {
                for (auto [v, arg, res] :
                     llvm::zip(cond.getArgs(), w.getAfterArguments(),
                               w.getResults())) {
                  info_[arg] = get(v);
                  info_[res] = get(v);
                }
              });
    return;
  }
  visit(op);
  for (Region &r : op->getRegions())
    visitRegion(r);
  if (auto i = dyn_cast<scf::IfOp>(op)) {
    // A result is either branch's value.
    for (unsigned k = 0; k < i.getNumResults(); ++k) {
      if (i.getElseRegion().empty())
        break;
      AxisInfo t = get(i.thenYield().getOperand(k));
      AxisInfo e = get(i.elseYield().getOperand(k));
      info_[i.getResult(k)] = join(t, e);
    }
  }
}

void AxisInfoAnalysis::visitLoop(Operation *loop, ValueRange inits,
                                 ValueRange args, ValueRange yields,
                                 ValueRange results, ArrayRef<Region *> body,
                                 llvm::function_ref<void()> afterBefore) {
  visit(loop); // the induction variable of an scf.for
  // A loop-carried value is its init joined with every value the body
  // yields for it: iterate from the init until nothing changes (facts only
  // shrink, by gcd), giving up to nothing known after a few rounds.
  SmallVector<AxisInfo> carried;
  for (Value v : inits)
    carried.push_back(get(v));
  // The body once, with the loop-carried values at `carried`.
  auto runBody = [&] {
    for (auto [arg, info] : llvm::zip(args, carried))
      info_[arg] = info;
    for (Region *r : body) {
      visitRegion(*r);
      if (afterBefore && r == body.front())
        afterBefore();
    }
  };
  bool stable = false;
  for (int round = 0; round < 8 && !stable; ++round) {
    runBody();
    stable = true;
    for (auto [k, v] : llvm::enumerate(yields)) {
      if (k >= carried.size())
        break;
      AxisInfo next = join(carried[k], get(v));
      if (!sameInfo(next, carried[k])) {
        carried[k] = next;
        stable = false;
      }
    }
  }
  if (!stable) {
    for (auto [arg, info] : llvm::zip(args, carried))
      info = AxisInfo::pessimistic(rankOf(arg.getType()));
    runBody();
  }
  for (auto [res, info] : llvm::zip(results, carried))
    info_[res] = info;
}

AxisInfo AxisInfoAnalysis::get(Value v) const {
  auto it = info_.find(v);
  if (it != info_.end())
    return it->second;
  return AxisInfo::pessimistic(rankOf(v.getType()));
}

/// The facts a kernel's author states on the op that makes a value
/// (tl.multiple_of, tl.max_contiguous, tl.max_constancy: tt.divisibility,
/// tt.contiguity, tt.constancy, one entry per dimension) replace the
/// computed ones, as in Triton.
static void applyHints(Operation *op, AxisInfo &info) {
  auto hint = [&](const char *name, SmallVector<int64_t> &into) {
    auto a = op->getAttrOfType<DenseIntElementsAttr>(name);
    if (!a || a.getNumElements() != int64_t(into.size()))
      return;
    unsigned d = 0;
    for (const APInt &v : a.getValues<APInt>())
      into[d++] = std::max<int64_t>(1, v.getSExtValue());
  };
  hint("tt.divisibility", info.divisibility);
  hint("tt.contiguity", info.contiguity);
  hint("tt.constancy", info.constancy);
}

static bool hasHints(Operation *op) {
  return op->hasAttr("tt.divisibility") || op->hasAttr("tt.contiguity") ||
         op->hasAttr("tt.constancy");
}

void AxisInfoAnalysis::visit(Operation *op) {
  computeFacts(op);
  if (op->getNumResults() == 1 && hasHints(op)) {
    Value r = op->getResult(0);
    AxisInfo info = get(r);
    applyHints(op, info);
    info_[r] = info;
  }
}

void AxisInfoAnalysis::computeFacts(Operation *op) {
  // Loop induction variables: divisibility of the bounds and step.
  if (auto f = dyn_cast<scf::ForOp>(op)) {
    AxisInfo iv = AxisInfo::pessimistic(0);
    int64_t d = std::gcd(get(f.getLowerBound()).divisibility[0],
                         get(f.getStep()).divisibility[0]);
    iv.divisibility[0] = std::max<int64_t>(1, d);
    info_[f.getInductionVar()] = iv;
    return;
  }
  if (op->getNumResults() != 1)
    return;
  Value r = op->getResult(0);
  Type rt = r.getType();
  Type elem = getElementTypeOrSelf(rt);
  if (!elem.isIntOrIndex() && !isa<PointerType>(elem))
    return;
  unsigned rank = rankOf(rt);
  SmallVector<int64_t> shape = shapeOf(rt);
  unsigned n = slots(rank);
  AxisInfo out = AxisInfo::pessimistic(rank);
  auto full = [&](unsigned d) { return rank ? shape[d] : int64_t(1); };

  // Constants (scalar or splat).
  APInt value;
  if (matchPattern(r, m_ConstantInt(&value))) {
    int64_t c = value.getSExtValue();
    out.constant = c;
    for (unsigned d = 0; d < n; ++d) {
      out.divisibility[d] = highestPowerOf2Dividing(c);
      out.constancy[d] = full(d);
    }
    info_[r] = out;
    return;
  }

  auto binary = [&](AxisInfo a, AxisInfo b) {
    if (a.rank() != n)
      a = AxisInfo::pessimistic(rank);
    if (b.rank() != n)
      b = AxisInfo::pessimistic(rank);
    return std::make_pair(a, b);
  };

  if (auto mr = dyn_cast<MakeRangeOp>(op)) {
    out.contiguity[0] = full(0);
    out.divisibility[0] = highestPowerOf2Dividing(mr.getStart());
  } else if (auto s = dyn_cast<SplatOp>(op)) {
    AxisInfo src = get(s.getSrc());
    for (unsigned d = 0; d < n; ++d) {
      out.divisibility[d] = src.divisibility[0];
      out.constancy[d] = full(d);
    }
    out.constant = src.constant;
  } else if (auto b = dyn_cast<BroadcastOp>(op)) {
    AxisInfo src = get(b.getSrc());
    SmallVector<int64_t> from = shapeOf(b.getSrc().getType());
    if (src.rank() == n && from.size() == rank)
      for (unsigned d = 0; d < n; ++d) {
        bool widened = from[d] == 1 && shape[d] != 1;
        out.contiguity[d] = widened ? 1 : src.contiguity[d];
        out.divisibility[d] = src.divisibility[d];
        out.constancy[d] = widened ? shape[d] : src.constancy[d];
      }
    out.constant = src.constant;
  } else if (auto e = dyn_cast<ExpandDimsOp>(op)) {
    AxisInfo src = get(e.getSrc());
    unsigned axis = e.getAxis();
    unsigned srcRank = rankOf(e.getSrc().getType());
    if (src.rank() == slots(srcRank)) {
      // Along the new axis each element stands alone: what divides every
      // element. A run [2^k, 2^k + 1, ...] is divisible by 2^k only at its
      // first element, so a contiguous dimension contributes 1 (Triton's
      // rule; taking the run's divisibility made `offs_m[None, :] >=
      // offs_n[:, None]` look constant over 16 columns, which it is not).
      int64_t newDivisibility = 1;
      if (src.constant) {
        newDivisibility = highestPowerOf2Dividing(*src.constant);
      } else {
        newDivisibility = 0;
        for (unsigned d = 0; d < src.rank(); ++d)
          newDivisibility = std::gcd(
              newDivisibility, src.contiguity[d] > 1 ? 1 : src.divisibility[d]);
        newDivisibility = std::max<int64_t>(newDivisibility, 1);
      }
      out = src;
      out.contiguity.insert(out.contiguity.begin() + axis, 1);
      out.divisibility.insert(out.divisibility.begin() + axis, newDivisibility);
      out.constancy.insert(out.constancy.begin() + axis, 1);
      if (srcRank == 0) { // scalar to 1-D: keep one slot per dimension
        out.contiguity.resize(n, 1);
        out.divisibility.resize(n, src.divisibility[0]);
        out.constancy.resize(n, 1);
      }
    }
  } else if (isa<AddPtrOp, arith::AddIOp>(op)) {
    auto [a, b] = binary(get(op->getOperand(0)), get(op->getOperand(1)));
    int64_t scale = isa<AddPtrOp>(op) ? elementBytesOfPointee(rt) : 1;
    for (unsigned d = 0; d < n; ++d) {
      out.contiguity[d] = std::max(std::gcd(a.contiguity[d], b.constancy[d]),
                                   std::gcd(a.constancy[d], b.contiguity[d]));
      out.divisibility[d] = std::max<int64_t>(
          1, std::gcd(a.divisibility[d],
                      std::min(kMaxDivisibility, b.divisibility[d] * scale)));
      out.constancy[d] = std::gcd(a.constancy[d], b.constancy[d]);
    }
    if (!isa<AddPtrOp>(op) && a.constant && b.constant)
      out.constant = *a.constant + *b.constant;
  } else if (isa<arith::SubIOp>(op)) {
    auto [a, b] = binary(get(op->getOperand(0)), get(op->getOperand(1)));
    for (unsigned d = 0; d < n; ++d) {
      out.contiguity[d] = std::gcd(a.contiguity[d], b.constancy[d]);
      out.divisibility[d] =
          std::max<int64_t>(1, std::gcd(a.divisibility[d], b.divisibility[d]));
      out.constancy[d] = std::gcd(a.constancy[d], b.constancy[d]);
    }
  } else if (isa<arith::MulIOp>(op)) {
    auto [a, b] = binary(get(op->getOperand(0)), get(op->getOperand(1)));
    for (unsigned d = 0; d < n; ++d) {
      out.contiguity[d] = b.constant == 1   ? a.contiguity[d]
                          : a.constant == 1 ? b.contiguity[d]
                                            : 1;
      out.divisibility[d] =
          std::min(kMaxDivisibility, a.divisibility[d] * b.divisibility[d]);
      out.constancy[d] = std::gcd(a.constancy[d], b.constancy[d]);
    }
    if (a.constant && b.constant)
      out.constant = *a.constant * *b.constant;
  } else if (isa<arith::RemSIOp, arith::RemUIOp>(op)) {
    auto [a, b] = binary(get(op->getOperand(0)), get(op->getOperand(1)));
    for (unsigned d = 0; d < n; ++d) {
      // x % c for a power of two c keeps runs no longer than c.
      if (b.constant && *b.constant > 0 &&
          (*b.constant & (*b.constant - 1)) == 0) {
        out.contiguity[d] = std::gcd(a.contiguity[d], *b.constant);
        out.divisibility[d] =
            std::max<int64_t>(1, std::gcd(a.divisibility[d], *b.constant));
      } else if (b.constancy[d] == full(d)) {
        // x % n with n a multiple of p and runs of x starting at multiples
        // of p: no run of p wraps (the tutorial's `offs % M`).
        int64_t p = std::gcd(a.divisibility[d], b.divisibility[d]);
        out.contiguity[d] = std::max<int64_t>(1, std::gcd(a.contiguity[d], p));
        out.divisibility[d] = std::max<int64_t>(1, p);
      }
      out.constancy[d] = std::gcd(a.constancy[d], b.constancy[d]);
    }
  } else if (isa<arith::DivSIOp, arith::DivUIOp>(op)) {
    auto [a, b] = binary(get(op->getOperand(0)), get(op->getOperand(1)));
    for (unsigned d = 0; d < n; ++d) {
      out.constancy[d] = std::gcd(a.constancy[d], b.constancy[d]);
      // Contiguous runs of c divided by c are constant.
      if (b.constant && *b.constant > 0 &&
          (*b.constant & (*b.constant - 1)) == 0 &&
          a.contiguity[d] % *b.constant == 0 &&
          a.divisibility[d] % *b.constant == 0)
        out.constancy[d] = std::max(out.constancy[d], *b.constant);
    }
  } else if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp,
                 arith::IndexCastOp, gpu::ConvertLayoutOp>(op)) {
    // (A layout conversion moves elements between threads, not values.)
    AxisInfo a = get(op->getOperand(0));
    if (a.rank() == n)
      out = a;
  } else if (auto c = dyn_cast<arith::CmpIOp>(op)) {
    // A mask `offs < n`: constant over runs where offs is contiguous and n
    // is a multiple of the run (Triton's rule).
    // Which side may be the contiguous run: `run < c` and `run >= c` flip
    // only where the run crosses c, so they are constant over aligned runs
    // when c is a multiple of the alignment; `c > run` and `c <= run` are
    // the same comparisons mirrored. (`run > c` is not: 4 5 6 7 > 4 gives
    // 0 1 1 1.)
    using P = arith::CmpIPredicate;
    P pred = c.getPredicate();
    bool runOnLeft = pred == P::slt || pred == P::sge || pred == P::ult ||
                     pred == P::uge;
    bool runOnRight = pred == P::sgt || pred == P::sle || pred == P::ugt ||
                      pred == P::ule;
    auto [a, b] = binary(get(c.getLhs()), get(c.getRhs()));
    for (unsigned d = 0; d < n; ++d) {
      out.constancy[d] = std::gcd(a.constancy[d], b.constancy[d]);
      const AxisInfo *run = runOnLeft ? &a : runOnRight ? &b : nullptr;
      const AxisInfo *bound = runOnLeft ? &b : &a;
      if (run && bound->constancy[d] == full(d) && run->contiguity[d] > 1)
        out.constancy[d] = std::max(
            out.constancy[d],
            std::gcd(run->contiguity[d],
                     std::gcd(run->divisibility[d], bound->divisibility[d])));
    }
  } else if (isa<arith::AndIOp>(op) &&
             getElementTypeOrSelf(rt).isInteger(1)) {
    auto [a, b] = binary(get(op->getOperand(0)), get(op->getOperand(1)));
    for (unsigned d = 0; d < n; ++d)
      out.constancy[d] = std::gcd(a.constancy[d], b.constancy[d]);
  } else {
    return;
  }
  info_[r] = out;
}

unsigned mlir::triton::memoryElementBits(Type type) {
  return type.isIntOrFloat() ? std::max(8u, type.getIntOrFloatBitWidth()) : 64;
}

/// What memory allows along `dim` of the pointer tensor `ptr`: its runs of
/// consecutive addresses, its alignment in elements of `elementBytes`, and
/// the mask's constancy (unbounded without a mask).
struct MemoryBounds {
  int64_t contiguity = 1, alignment = 1, maskConstancy = INT64_MAX;
};
static MemoryBounds memoryBounds(const AxisInfoAnalysis &axis, Value ptr,
                                 Value mask, unsigned dim,
                                 int64_t elementBytes) {
  MemoryBounds b;
  AxisInfo p = axis.get(ptr);
  if (dim < p.rank()) {
    b.contiguity = p.contiguity[dim];
    b.alignment = std::max<int64_t>(1, p.divisibility[dim] / elementBytes);
  }
  if (mask) {
    AxisInfo m = axis.get(mask);
    if (dim < m.rank())
      b.maskConstancy = m.constancy[dim];
  }
  return b;
}

/// The largest power of two at most `v` (1 for v < 2).
static int64_t floorPowerOfTwo(int64_t v) {
  int64_t p2 = 1;
  while (p2 * 2 <= v)
    p2 *= 2;
  return p2;
}

int64_t AxisInfoAnalysis::vectorElements(Value ptr, Value mask, unsigned dim,
                                         int64_t elementBytes) const {
  MemoryBounds b = memoryBounds(*this, ptr, mask, dim, elementBytes);
  return floorPowerOfTwo(
      std::min({b.contiguity, b.alignment, b.maskConstancy}));
}

namespace mlir::triton {

AxisInfoAnalysis::VectorAccess
AxisInfoAnalysis::planVectorAccess(Value ptr, Value mask,
                                   unsigned elementBits) const {
  VectorAccess a;
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type || !type.getEncoding())
    return a;
  trident::LinearLayout ll = gpu::toLinearLayout(type);
  for (unsigned d = 0; d < type.getRank(); ++d) {
    int32_t n = ll.numConsecutive("register", int32_t(d));
    if (n > a.layoutRun) {
      a.layoutRun = n;
      a.dim = d;
    }
  }
  MemoryBounds mem = memoryBounds(*this, ptr, mask, a.dim,
                                  std::max(1u, elementBits / 8));
  a.contiguity = mem.contiguity;
  a.alignment = mem.alignment;
  a.maskConstancy = mem.maskConstancy;
  // What the memory allows first; the layout is named only where it is
  // narrower (the layout assignment follows the same facts).
  std::pair<int64_t, const char *> bounds[] = {
      {std::max<int64_t>(1, 128 / int64_t(elementBits)), "128 bits"},
      {a.contiguity, "contiguity"},
      {a.alignment, "alignment"},
      {a.maskConstancy, "mask"},
      {a.layoutRun, "layout"}};
  int64_t v = bounds[0].first;
  a.limit = bounds[0].second;
  for (auto [b, name] : bounds)
    if (b < v) {
      v = b;
      a.limit = name;
    }
  a.elements = floorPowerOfTwo(v); // contiguity may be no power of two
  return a;
}

} // namespace mlir::triton
