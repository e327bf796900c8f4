//===- ReduceOpToLLVM.cpp - reductions: registers, shuffles, shared memory -===//
//
// A reduction along `axis` combines, in this order: the registers of a
// thread that differ only along the axis; then the lanes that do, with
// butterfly shuffles (one per lane bit whose basis moves along the axis);
// then the warps that do, through shared memory. Which registers, lanes and
// warps those are is read off the operand's linear layout. The combine
// region is inlined on scalars at every step.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/Allocation.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/IRMapping.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident {
namespace {

struct ReduceOpConversion : public ConvertOpToLLVMPattern<ReduceOp> {
  ReduceOpConversion(LLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    auto srcType = cast<RankedTensorType>(op.getOperands()[0].getType());
    LinearLayout ll = toLinearLayout(srcType);
    size_t n = op.getOperands().size();
    SmallVector<SmallVector<Value>> inputs;
    for (Value v : adaptor.getOperands())
      inputs.push_back(unpack(rw, loc, v));

    // 1. Registers: group by the coordinates off the axis.
    std::map<std::vector<int32_t>, SmallVector<Value>> acc;
    std::vector<std::vector<int32_t>> keys;
    for (int32_t r = 0; r < numRegisters(ll); ++r) {
      std::vector<int32_t> key = ll.apply({{"register", r}});
      key[axis] = 0;
      SmallVector<Value> x;
      for (size_t k = 0; k < n; ++k)
        x.push_back(inputs[k][r]);
      auto it = acc.find(key);
      if (it == acc.end()) {
        acc.emplace(key, x);
        keys.push_back(key);
      } else {
        it->second = inlineCombine(rw, op.getCombineOp(), it->second, x);
      }
    }

    // 2. Lanes along the axis: butterfly shuffles, or the target's own
    // way when every lane of the warp is along it.
    int32_t laneBits = ll.inDimSizeLog2("lane"), alongAxis = 0;
    for (int32_t bit = 0; bit < laneBits; ++bit) {
      LinearLayout::Basis b = ll.basis("lane", bit);
      if (!b[axis])
        continue;
      for (size_t d = 0; d < b.size(); ++d)
        if (d != axis && b[d])
          return rw.notifyMatchFailure(op, "a lane basis crosses dimensions");
      ++alongAxis;
    }
    bool wholeWarp = laneBits > 0 && alongAxis == laneBits &&
                     (int32_t(1) << laneBits) == lc.target.threadsPerWarp();
    if (wholeWarp) {
      auto combine = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
        return inlineCombine(rw, op.getCombineOp(), a, b);
      };
      // The target decides by the operands' types, the same for every key.
      wholeWarp = lc.target.reduceWarp(rw, loc, acc[keys.front()], combine);
      for (size_t k = 1; wholeWarp && k < keys.size(); ++k)
        if (!lc.target.reduceWarp(rw, loc, acc[keys[k]], combine))
          return rw.notifyMatchFailure(op, "the target's warp reduction "
                                           "declined one key of several");
    }
    for (int32_t bit = 0; bit < laneBits && !wholeWarp; ++bit) {
      LinearLayout::Basis b = ll.basis("lane", bit);
      if (!b[axis])
        continue;
      for (auto &key : keys) {
        SmallVector<Value> other;
        for (Value v : acc[key])
          other.push_back(shuffleXorAny(rw, loc, lc.target, v, 1 << bit));
        acc[key] = inlineCombine(rw, op.getCombineOp(), acc[key], other);
      }
    }

    // 3. Warps along the axis: through shared memory.
    SmallVector<int32_t> warpBits;
    for (int32_t bit = 0; bit < ll.inDimSizeLog2("warp"); ++bit) {
      LinearLayout::Basis b = ll.basis("warp", bit);
      if (!b[axis])
        continue;
      for (size_t d = 0; d < b.size(); ++d)
        if (d != axis && b[d])
          return rw.notifyMatchFailure(op, "a warp basis crosses dimensions");
      warpBits.push_back(bit);
    }
    SmallVector<int64_t> sliceShape(srcType.getShape());
    sliceShape.erase(sliceShape.begin() + axis);
    if (!warpBits.empty()) {
      int64_t warps = int64_t(1) << warpBits.size();
      int64_t sliceElems = 1;
      for (int64_t s : sliceShape)
        sliceElems *= s;
      unsigned maxBytes = 1;
      for (auto &v : acc[keys.front()])
        maxBytes = std::max(maxBytes, sharedSlotBytes(v.getType()));
      int64_t region = sliceElems * warps * maxBytes;
      // Few partials (a row's, a small slice's): combined by a group of
      // lanes, their totals in a second region.
      bool fewPartials = reduceCombinesInLanes(op);
      ThreadIds ids = threadIds(rw, loc, lc.target);
      Value base = scratchBase(
          rw, loc, op, lc,
          uint64_t((region + (fewPartials ? sliceElems * maxBytes : 0)) * n));
      Type i8 = rw.getI8Type();
      // This warp's index among the warps along the axis.
      Value warpIdx = i32Const(rw, loc, 0);
      for (auto [j, bit] : llvm::enumerate(warpBits)) {
        Value bv = LLVM::AndOp::create(
            rw, loc, LLVM::LShrOp::create(rw, loc, ids.warp, i32Const(rw, loc, bit)),
            i32Const(rw, loc, 1));
        warpIdx = LLVM::OrOp::create(
            rw, loc, warpIdx,
            LLVM::ShlOp::create(rw, loc, bv, i32Const(rw, loc, int64_t(j))));
      }
      SmallVector<Value> lw = laneWarpCoords(rw, loc, ll, ids);
      auto sliceIndex = [&](const std::vector<int32_t> &key) {
        SmallVector<Value> c;
        for (unsigned d = 0; d < lw.size(); ++d) {
          if (d == axis)
            continue;
          c.push_back(withConstantPart(rw, loc, ll, d, lw[d], key[d]));
        }
        return sliceShape.empty() ? i32Const(rw, loc, 0)
                                  : linearIndex(rw, loc, c, sliceShape);
      };
      auto slot = [&](size_t k, Value sliceIdx, Value w, Type t) {
        unsigned bytes = sharedSlotBytes(t);
        Value idx = LLVM::AddOp::create(
            rw, loc, LLVM::MulOp::create(rw, loc, sliceIdx, i32Const(rw, loc, warps)),
            w);
        Value off = LLVM::AddOp::create(
            rw, loc, LLVM::MulOp::create(rw, loc, idx, i32Const(rw, loc, bytes)),
            i32Const(rw, loc, int64_t(k) * region));
        return LLVM::GEPOp::create(rw, loc, base.getType(), i8, base, off)
            .getResult();
      };
      auto storeType = [&](Type t) -> Type {
        if (isa<LLVM::LLVMPointerType>(t))
          return rw.getI64Type();
        unsigned bits = t.getIntOrFloatBitWidth();
        return rw.getIntegerType(bits == 1 ? 8 : bits);
      };
      auto loadSlot = [&](Value ptr, Type t) {
        Value x = LLVM::LoadOp::create(rw, loc, storeType(t), ptr);
        return t.isInteger(1) ? LLVM::TruncOp::create(rw, loc, t, x).getResult()
                              : fromInt(rw, loc, x, t);
      };
      auto storeSlot = [&](Value v, Value ptr) {
        Value iv = toInt(rw, loc, v);
        if (v.getType().isInteger(1))
          iv = LLVM::ZExtOp::create(rw, loc, rw.getI8Type(), iv);
        LLVM::StoreOp::create(rw, loc, iv, ptr);
      };
      for (auto &key : keys) {
        Value si = sliceIndex(key);
        for (size_t k = 0; k < n; ++k)
          storeSlot(acc[key][k], slot(k, si, warpIdx, acc[key][k].getType()));
      }
      lc.target.barrier(rw, loc);
      if (fewPartials) {
        // Few partials (a row's, a small slice's): thread t reads partial t
        // (threads past the end repeat the first ones), the groups of
        // `warps` lanes combine theirs by shuffles, and every group writes
        // its total to a slot of its own, which every thread then reads.
        // Two registers per value instead of `warps`, as Triton does.
        int64_t total = sliceElems * warps;
        Value t = LLVM::AndOp::create(rw, loc, ids.tid,
                                      i32Const(rw, loc, total - 1));
        Value group = LLVM::UDivOp::create(rw, loc, t, i32Const(rw, loc, warps));
        Value member = LLVM::URemOp::create(rw, loc, t, i32Const(rw, loc, warps));
        SmallVector<Value> mine;
        for (size_t k = 0; k < n; ++k) {
          Type ty = acc[keys.front()][k].getType();
          mine.push_back(loadSlot(slot(k, group, member, ty), ty));
        }
        for (int64_t m = 1; m < warps; m <<= 1) {
          SmallVector<Value> other;
          for (Value v : mine)
            other.push_back(shuffleXorAny(rw, loc, lc.target, v, int(m)));
          mine = inlineCombine(rw, op.getCombineOp(), mine, other);
        }
        auto resultSlot = [&](size_t k, Value sliceIdx, Type ty) {
          unsigned bytes = sharedSlotBytes(ty);
          Value off = LLVM::AddOp::create(
              rw, loc,
              LLVM::MulOp::create(rw, loc, sliceIdx, i32Const(rw, loc, bytes)),
              i32Const(rw, loc,
                       int64_t(n) * region + int64_t(k) * sliceElems * maxBytes));
          return LLVM::GEPOp::create(rw, loc, base.getType(), i8, base, off)
              .getResult();
        };
        // Threads that repeat a group write the same total to its slot.
        for (size_t k = 0; k < n; ++k)
          storeSlot(mine[k], resultSlot(k, group, mine[k].getType()));
        lc.target.barrier(rw, loc);
        for (auto &key : keys) {
          Value si = sliceIndex(key);
          SmallVector<Value> totalValues;
          for (size_t k = 0; k < n; ++k) {
            Type ty = acc[key][k].getType();
            totalValues.push_back(loadSlot(resultSlot(k, si, ty), ty));
          }
          acc[key] = totalValues;
        }
      } else {
        for (auto &key : keys) {
          Value si = sliceIndex(key);
          SmallVector<Value> totalValues;
          for (int64_t w = 0; w < warps; ++w) {
            SmallVector<Value> part;
            for (size_t k = 0; k < n; ++k) {
              Type ty = acc[key][k].getType();
              part.push_back(loadSlot(slot(k, si, i32Const(rw, loc, w), ty), ty));
            }
            totalValues = w == 0 ? part
                                 : inlineCombine(rw, op.getCombineOp(),
                                                 totalValues, part);
          }
          acc[key] = totalValues;
        }
      }
    }

    // The results: a scalar, or the slice tensor's registers.
    SmallVector<Value> results;
    for (size_t k = 0; k < n; ++k) {
      Type rt = getTypeConverter()->convertType(op->getResult(k).getType());
      if (!isa<RankedTensorType>(op->getResult(k).getType())) {
        results.push_back(acc[keys.front()][k]);
        continue;
      }
      LinearLayout out =
          toLinearLayout(cast<RankedTensorType>(op->getResult(k).getType()));
      SmallVector<Value> values;
      for (int32_t r = 0; r < numRegisters(out); ++r) {
        std::vector<int32_t> c = out.apply({{"register", r}});
        c.insert(c.begin() + axis, 0);
        auto it = acc.find(c);
        if (it == acc.end())
          return rw.notifyMatchFailure(op, "result registers do not line up");
        values.push_back(it->second[k]);
      }
      results.push_back(pack(rw, loc, rt, values));
    }
    rw.replaceOp(op, results);
    return success();
  }
  LoweringContext &lc;
};

} // namespace

void populateReduceOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                    RewritePatternSet &p, LoweringContext &lc) {
  p.add<ReduceOpConversion>(tc, lc);
}

} // namespace trident
