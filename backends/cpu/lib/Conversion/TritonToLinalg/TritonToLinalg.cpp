//===- TritonToLinalg.cpp - TTIR to tensor/linalg/scf for the host --------===//
//
// Pointers become i64 addresses. Value-producing tensor ops map to tensor
// and linalg ops, so that upstream bufferization and lowering take over;
// memory accesses are LLVM loads/stores on addresses (in linalg.generic
// bodies for loads, in loop nests for stores and atomics, whose effects
// must not be dropped); reductions and scans run their combine region in
// loop nests.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Cpu/Passes.h"

#include "Conversion/FloatConversions.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/ControlFlow/Transforms/StructuralTypeConversions.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/ADT/StringMap.h"

namespace trident::cpu {
#define GEN_PASS_DEF_CPUCONVERTTRITONTOLINALG
#include "trident/Backends/Cpu/Passes.h.inc"
} // namespace trident::cpu

using namespace mlir;
namespace tt = mlir::triton;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

class PtrTypeConverter : public TypeConverter {
public:
  PtrTypeConverter(MLIRContext *ctx) {
    addConversion([](Type t) { return t; });
    // The host has no 8-bit floats: fp8 values live as their bytes.
    addConversion([ctx](FloatType f) -> Type {
      if (f.getWidth() == 8)
        return IntegerType::get(ctx, 8);
      return f;
    });
    addConversion([ctx](tt::PointerType p) -> std::optional<Type> {
      if (isa<RankedTensorType>(p.getPointeeType()))
        return std::nullopt; // block pointers: not yet
      return IntegerType::get(ctx, 64);
    });
    addConversion([this](RankedTensorType t) -> std::optional<Type> {
      Type e = convertType(t.getElementType());
      if (!e)
        return std::nullopt;
      return RankedTensorType::get(t.getShape(), e);
    });
    auto cast = [](OpBuilder &b, Type type, ValueRange inputs,
                   Location loc) -> Value {
      return UnrealizedConversionCastOp::create(b, loc, type, inputs)
          .getResult(0);
    };
    addSourceMaterialization(cast);
    addTargetMaterialization(cast);
  }
};

/// Bytes of one element a pointer points to.
int64_t pointeeBytes(Type ptrLike) {
  Type elem = getElementTypeOrSelf(ptrLike);
  auto p = cast<tt::PointerType>(elem);
  Type t = p.getPointeeType();
  if (isa<tt::PointerType>(t))
    return 8;
  return std::max<int64_t>(1, t.getIntOrFloatBitWidth() / 8);
}

/// The type a load/store moves in memory for element type `t`.
Type memoryType(Type t) {
  if (isa<tt::PointerType>(t))
    return IntegerType::get(t.getContext(), 64);
  if (trident::cpu::isFp8(t))
    return IntegerType::get(t.getContext(), 8);
  return t;
}

Value emptyLike(OpBuilder &b, Location loc, RankedTensorType t) {
  return tensor::EmptyOp::create(b, loc, t.getShape(), t.getElementType());
}

/// Builds a loop nest over `shape`, threading `inits` through every level;
/// `body(indices, iterArgs)` returns the new iter values.
SmallVector<Value>
loopNest(OpBuilder &b, Location loc, ArrayRef<int64_t> shape, ValueRange inits,
         function_ref<SmallVector<Value>(OpBuilder &, ValueRange, ValueRange)>
             body,
         SmallVector<Value> indices = {}) {
  if (indices.size() == shape.size())
    return body(b, indices, inits);
  Value lb = arith::ConstantIndexOp::create(b, loc, 0);
  Value ub = arith::ConstantIndexOp::create(b, loc, shape[indices.size()]);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  // The body is built through the builder's callback: inside a dialect
  // conversion every op must be created (and never erased) behind the
  // rewriter's back, which an auto-inserted terminator would require.
  auto loop = scf::ForOp::create(
      b, loc, lb, ub, one, inits,
      [&](OpBuilder &nb, Location l, Value iv, ValueRange iters) {
        SmallVector<Value> inner = indices;
        inner.push_back(iv);
        SmallVector<Value> results = loopNest(nb, l, shape, iters, body, inner);
        scf::YieldOp::create(nb, l, results);
      });
  return loop.getResults();
}

Value toPtr(OpBuilder &b, Location loc, Value address) {
  if (isa<LLVM::LLVMPointerType>(address.getType()))
    return address;
  return LLVM::IntToPtrOp::create(b, loc,
                                  LLVM::LLVMPointerType::get(b.getContext()),
                                  address);
}

Value zeroOf(OpBuilder &b, Location loc, Type t) {
  if (isa<FloatType>(t))
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(t, 0.0));
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, 0));
}

/// A load of `type` from `address` if `mask` (may be null), else `other`
/// (may be null: zero).
Value maskedLoad(OpBuilder &b, Location loc, Type type, Value address,
                 Value mask, Value other) {
  auto load = [&](OpBuilder &bb) -> Value {
    return LLVM::LoadOp::create(bb, loc, type, toPtr(bb, loc, address));
  };
  if (!mask)
    return load(b);
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{type}, mask, true);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(b, loc, load(b));
    b.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(b, loc, other ? other : zeroOf(b, loc, type));
  }
  return ifOp.getResult(0);
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

struct FuncPattern : public OpConversionPattern<tt::FuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::FuncOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = op.getFunctionType();
    TypeConverter::SignatureConversion sig(type.getNumInputs());
    for (auto [i, t] : llvm::enumerate(type.getInputs())) {
      Type c = getTypeConverter()->convertType(t);
      if (!c)
        return rewriter.notifyMatchFailure(op, "unsupported argument type");
      sig.addInputs(i, c);
    }
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(type.getResults(), results)))
      return failure();
    auto func = func::FuncOp::create(
        rewriter, op.getLoc(), op.getName(),
        rewriter.getFunctionType(sig.getConvertedTypes(), results));
    func.setVisibility(op.getVisibility());
    if (op.isPublic())
      func->setAttr("trident.kernel", rewriter.getUnitAttr());
    rewriter.inlineRegionBefore(op.getBody(), func.getBody(), func.end());
    if (failed(rewriter.convertRegionTypes(&func.getBody(),
                                           *getTypeConverter(), &sig)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

struct ReturnPattern : public OpConversionPattern<tt::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ReturnOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<func::ReturnOp>(op, a.getOperands());
    return success();
  }
};

struct CallPattern : public OpConversionPattern<tt::CallOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::CallOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), results)))
      return failure();
    rewriter.replaceOpWithNewOp<func::CallOp>(op, op.getCallee(), results,
                                              a.getOperands());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

struct MakeRangePattern : public OpConversionPattern<tt::MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::MakeRangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    Location loc = op.getLoc();
    int64_t start = op.getStart();
    auto gen = tensor::GenerateOp::create(
        rewriter, loc, type, ValueRange{},
        [&](OpBuilder &b, Location l, ValueRange idx) {
          Value i = arith::IndexCastOp::create(b, l, b.getI32Type(), idx[0]);
          Value s = arith::ConstantOp::create(b, l, b.getI32IntegerAttr(start));
          tensor::YieldOp::create(b, l, Value(arith::AddIOp::create(b, l, i, s)));
        });
    rewriter.replaceOp(op, gen);
    return success();
  }
};

struct SplatPattern : public OpConversionPattern<tt::SplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::SplatOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOpWithNewOp<tensor::SplatOp>(op, a.getSrc(), type);
    return success();
  }
};

struct UnsplatPattern : public OpConversionPattern<tt::UnsplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::UnsplatOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    auto t = cast<RankedTensorType>(a.getSrc().getType());
    SmallVector<Value> zeros(
        t.getRank(), arith::ConstantIndexOp::create(rewriter, op.getLoc(), 0));
    rewriter.replaceOpWithNewOp<tensor::ExtractOp>(op, a.getSrc(), zeros);
    return success();
  }
};

struct BroadcastPattern : public OpConversionPattern<tt::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::BroadcastOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    auto src = cast<RankedTensorType>(a.getSrc().getType());
    auto dst = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    MLIRContext *ctx = op.getContext();
    SmallVector<AffineExpr> exprs;
    for (int64_t i = 0; i < src.getRank(); ++i)
      exprs.push_back(src.getDimSize(i) == 1 && dst.getDimSize(i) != 1
                          ? getAffineConstantExpr(0, ctx)
                          : getAffineDimExpr(i, ctx));
    AffineMap in = AffineMap::get(dst.getRank(), 0, exprs, ctx);
    AffineMap out = AffineMap::getMultiDimIdentityMap(dst.getRank(), ctx);
    SmallVector<utils::IteratorType> iters(dst.getRank(),
                                           utils::IteratorType::parallel);
    auto g = linalg::GenericOp::create(
        rewriter, op.getLoc(), TypeRange{dst}, ValueRange{a.getSrc()},
        ValueRange{emptyLike(rewriter, op.getLoc(), dst)},
        ArrayRef<AffineMap>{in, out}, iters,
        [](OpBuilder &b, Location l, ValueRange args) {
          linalg::YieldOp::create(b, l, args[0]);
        });
    rewriter.replaceOp(op, g.getResults());
    return success();
  }
};

/// Reassociation grouping `small` dims into `big` where big has extra unit
/// dims (expand_dims) or the reverse.
SmallVector<ReassociationIndices> reassociationFor(int64_t rank,
                                                   int64_t insertedAxis) {
  // Result rank is rank + 1; the new unit dim joins its neighbour.
  SmallVector<ReassociationIndices> groups;
  if (rank == 0)
    return groups;
  int64_t r = 0;
  for (int64_t i = 0; i < rank; ++i) {
    ReassociationIndices g;
    if (i == 0 && insertedAxis == 0)
      g.push_back(r++);
    g.push_back(r++);
    if (insertedAxis == r && insertedAxis == rank && i == rank - 1)
      g.push_back(r++);
    else if (i + 1 < rank && insertedAxis == r)
      g.push_back(r++);
    groups.push_back(g);
  }
  return groups;
}

struct ExpandDimsPattern : public OpConversionPattern<tt::ExpandDimsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ExpandDimsOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    auto src = cast<RankedTensorType>(a.getSrc().getType());
    auto dst = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto groups = reassociationFor(src.getRank(), op.getAxis());
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, dst, a.getSrc(),
                                                       groups);
    return success();
  }
};

/// Any static reshape: collapse to 1-D, then expand to the result.
Value reshapeTo(OpBuilder &b, Location loc, Value src, RankedTensorType dst) {
  auto st = cast<RankedTensorType>(src.getType());
  if (st.getShape() == dst.getShape())
    return src;
  Value flat = src;
  if (st.getRank() != 1) {
    ReassociationIndices all;
    for (int64_t i = 0; i < st.getRank(); ++i)
      all.push_back(i);
    flat = tensor::CollapseShapeOp::create(
        b, loc, src, ArrayRef<ReassociationIndices>{all});
  }
  if (dst.getRank() == 1)
    return flat;
  ReassociationIndices all;
  for (int64_t i = 0; i < dst.getRank(); ++i)
    all.push_back(i);
  return tensor::ExpandShapeOp::create(b, loc, dst, flat,
                                       ArrayRef<ReassociationIndices>{all});
}

struct ReshapePattern : public OpConversionPattern<tt::ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ReshapeOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    auto dst = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOp(op, reshapeTo(rewriter, op.getLoc(), a.getSrc(), dst));
    return success();
  }
};

struct TransPattern : public OpConversionPattern<tt::TransOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::TransOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    auto dst = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    SmallVector<int64_t> perm(op.getOrder().begin(), op.getOrder().end());
    auto t = linalg::TransposeOp::create(
        rewriter, op.getLoc(), a.getSrc(),
        emptyLike(rewriter, op.getLoc(), dst), perm);
    rewriter.replaceOp(op, t->getResults());
    return success();
  }
};

struct JoinPattern : public OpConversionPattern<tt::JoinOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::JoinOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto dst = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    int64_t rank = dst.getRank();
    Value result = emptyLike(rewriter, loc, dst);
    for (int k = 0; k < 2; ++k) {
      Value part = k == 0 ? a.getLhs() : a.getRhs();
      SmallVector<int64_t> shape(dst.getShape());
      shape.back() = 1;
      auto partType = RankedTensorType::get(shape, dst.getElementType());
      auto groups = reassociationFor(rank - 1, rank - 1);
      Value expanded =
          tensor::ExpandShapeOp::create(rewriter, loc, partType, part, groups);
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      offsets.back() = rewriter.getIndexAttr(k);
      SmallVector<OpFoldResult> sizes, strides(rank, rewriter.getIndexAttr(1));
      for (int64_t d : shape)
        sizes.push_back(rewriter.getIndexAttr(d));
      result = tensor::InsertSliceOp::create(rewriter, loc, expanded, result,
                                             offsets, sizes, strides);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct SplitPattern : public OpConversionPattern<tt::SplitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::SplitOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto src = cast<RankedTensorType>(a.getSrc().getType());
    int64_t rank = src.getRank();
    SmallVector<Value> outs;
    for (int k = 0; k < 2; ++k) {
      auto outType = cast<RankedTensorType>(
          getTypeConverter()->convertType(op->getResult(k).getType()));
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      offsets.back() = rewriter.getIndexAttr(k);
      SmallVector<OpFoldResult> sizes, strides(rank, rewriter.getIndexAttr(1));
      for (int64_t i = 0; i < rank; ++i)
        sizes.push_back(rewriter.getIndexAttr(i == rank - 1 ? 1
                                                            : src.getDimSize(i)));
      Value slice = tensor::ExtractSliceOp::create(
          rewriter, loc, outType, a.getSrc(), offsets, sizes, strides);
      outs.push_back(slice);
    }
    rewriter.replaceOp(op, outs);
    return success();
  }
};

struct CatPattern : public OpConversionPattern<tt::CatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::CatOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto dst = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    Value result = emptyLike(rewriter, loc, dst);
    int64_t offset = 0;
    for (Value part : {a.getLhs(), a.getRhs()}) {
      auto pt = cast<RankedTensorType>(part.getType());
      SmallVector<OpFoldResult> offsets(pt.getRank(), rewriter.getIndexAttr(0));
      offsets[0] = rewriter.getIndexAttr(offset);
      SmallVector<OpFoldResult> sizes, strides(pt.getRank(),
                                               rewriter.getIndexAttr(1));
      for (int64_t d : pt.getShape())
        sizes.push_back(rewriter.getIndexAttr(d));
      result = tensor::InsertSliceOp::create(rewriter, loc, part, result,
                                             offsets, sizes, strides);
      offset += pt.getDimSize(0);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pointers and memory
//===----------------------------------------------------------------------===//

struct AddPtrPattern : public OpConversionPattern<tt::AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::AddPtrOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value off = a.getOffset();
    Type offElem = getElementTypeOrSelf(off.getType());
    Type i64 = rewriter.getI64Type();
    Type i64Like = i64;
    if (auto t = dyn_cast<RankedTensorType>(off.getType()))
      i64Like = RankedTensorType::get(t.getShape(), i64);
    if (offElem.getIntOrFloatBitWidth() < 64)
      off = arith::ExtSIOp::create(rewriter, loc, i64Like, off);
    int64_t size = pointeeBytes(op.getPtr().getType());
    Value scale;
    if (auto t = dyn_cast<RankedTensorType>(i64Like))
      scale = arith::ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(t, rewriter.getI64IntegerAttr(size)));
    else
      scale = arith::ConstantOp::create(rewriter, loc,
                                        rewriter.getI64IntegerAttr(size));
    Value bytes = arith::MulIOp::create(rewriter, loc, off, scale);
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, a.getPtr(), bytes);
    return success();
  }
};

/// A 1-D tensor of pointers `splat(base) + (splat(s) + make_range(a, b))`:
/// element i is at base + (s + a + i) * size. Loads and stores through it
/// then compute addresses from the loop index instead of reading a tensor
/// of addresses, which LLVM turns into contiguous (masked) vector accesses.
struct Contiguous {
  Value base;  ///< the converted base address (i64)
  Value start; ///< the converted s (i32), null when absent
  int64_t rangeStart = 0;
  int64_t size = 0;
};

std::optional<Contiguous> contiguous(Value ptr,
                                     ConversionPatternRewriter &rewriter) {
  auto t = dyn_cast<RankedTensorType>(ptr.getType());
  if (!t || t.getRank() != 1)
    return std::nullopt;
  auto add = ptr.getDefiningOp<tt::AddPtrOp>();
  if (!add)
    return std::nullopt;
  auto splat = add.getPtr().getDefiningOp<tt::SplatOp>();
  if (!splat)
    return std::nullopt;
  Value off = add.getOffset();
  if (!getElementTypeOrSelf(off.getType()).isInteger(32))
    return std::nullopt;
  Contiguous c;
  c.size = pointeeBytes(ptr.getType());
  auto fromRange = [&](Value v) -> bool {
    if (auto r = v.getDefiningOp<tt::MakeRangeOp>()) {
      c.rangeStart = r.getStart();
      return true;
    }
    return false;
  };
  if (!fromRange(off)) {
    auto sum = off.getDefiningOp<arith::AddIOp>();
    if (!sum)
      return std::nullopt;
    Value other;
    if (fromRange(sum.getLhs()))
      other = sum.getRhs();
    else if (fromRange(sum.getRhs()))
      other = sum.getLhs();
    else
      return std::nullopt;
    auto s = other.getDefiningOp<tt::SplatOp>();
    if (!s)
      return std::nullopt;
    c.start = rewriter.getRemappedValue(s.getSrc());
    if (!c.start)
      return std::nullopt;
  }
  c.base = rewriter.getRemappedValue(splat.getSrc());
  if (!c.base)
    return std::nullopt;
  return c;
}

/// The address of element `index` of a contiguous pointer tensor, as an
/// `llvm.ptr` offset from the base pointer with a GEP, so that LLVM's loop
/// analyses see one base and an affine offset (needed to vectorize with
/// runtime alias checks, which `inttoptr(base + offset)` defeats).
Value contiguousAddress(OpBuilder &b, Location loc, const Contiguous &c,
                        Value index) {
  // Every term fits easily in i64 (an index below 2^20, i32 offsets, an
  // element size of at most 8): the arithmetic cannot wrap, and the address
  // stays inside the object the kernel was given.
  auto nsw = arith::IntegerOverflowFlags::nsw;
  Value i = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  Value first = arith::ConstantOp::create(b, loc,
                                          b.getI64IntegerAttr(c.rangeStart));
  Value e = arith::AddIOp::create(b, loc, i, first, nsw);
  if (c.start)
    e = arith::AddIOp::create(
        b, loc, e, arith::ExtSIOp::create(b, loc, b.getI64Type(), c.start),
        nsw);
  Value size = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(c.size));
  Value bytes = arith::MulIOp::create(b, loc, e, size, nsw);
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  return LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(),
                             toPtr(b, loc, c.base), ValueRange{bytes},
                             LLVM::GEPNoWrapFlags::inbounds);
}

/// Bounds of an integer tensor as i64 scalars, computed at run time from
/// the kernel's scalars, for the affine forms masks are built from:
/// `make_range`, splats, constants, `+`, `-`, `*` by a constant, and
/// expand_dims/broadcast of those. `noWrap` collects the conditions under
/// which the i32 arithmetic did not wrap (the bounds are then exact).
struct Bounds {
  Value min, max;
};

class MaskAnalysis {
public:
  MaskAnalysis(ConversionPatternRewriter &rewriter, Location loc)
      : b(rewriter), rewriter(rewriter), loc(loc) {}

  /// An i1 scalar that is true only when every element of `mask` is true,
  /// or null when the mask is not of an analysable form.
  Value allTrue(Value mask, int depth = 0) {
    if (depth > 8)
      return {};
    Operation *def = mask.getDefiningOp();
    if (!def)
      return {};
    if (auto c = dyn_cast<arith::ConstantOp>(def)) {
      auto d = dyn_cast<DenseIntElementsAttr>(c.getValue());
      if (d && d.isSplat())
        return constI1(d.getSplatValue<bool>());
      return {};
    }
    if (auto sp = dyn_cast<tt::SplatOp>(def))
      return rewriter.getRemappedValue(sp.getSrc());
    if (isa<tt::BroadcastOp, tt::ExpandDimsOp>(def))
      return allTrue(def->getOperand(0), depth + 1);
    if (auto andOp = dyn_cast<arith::AndIOp>(def)) {
      Value l = allTrue(andOp.getLhs(), depth + 1);
      Value r = l ? allTrue(andOp.getRhs(), depth + 1) : Value();
      return r ? Value(arith::AndIOp::create(b, loc, l, r)) : Value();
    }
    auto cmp = dyn_cast<arith::CmpIOp>(def);
    if (!cmp)
      return {};
    SmallVector<Value> noWrap;
    auto l = bounds(cmp.getLhs(), noWrap, depth + 1);
    auto r = l ? bounds(cmp.getRhs(), noWrap, depth + 1) : std::nullopt;
    if (!r)
      return {};
    using P = arith::CmpIPredicate;
    P pred = cmp.getPredicate();
    Value result;
    switch (pred) {
    case P::ult: case P::ule: case P::ugt: case P::uge: {
      // Unsigned order equals signed order when both sides are >= 0.
      Value zero = constI64(0);
      noWrap.push_back(arith::CmpIOp::create(b, loc, P::sge, l->min, zero));
      noWrap.push_back(arith::CmpIOp::create(b, loc, P::sge, r->min, zero));
      pred = pred == P::ult ? P::slt : pred == P::ule ? P::sle
             : pred == P::ugt ? P::sgt : P::sge;
      break;
    }
    case P::slt: case P::sle: case P::sgt: case P::sge:
      break;
    default:
      return {};
    }
    if (pred == P::slt || pred == P::sle)
      result = arith::CmpIOp::create(b, loc, pred, l->max, r->min);
    else
      result = arith::CmpIOp::create(b, loc, pred, l->min, r->max);
    for (Value ok : noWrap)
      result = arith::AndIOp::create(b, loc, result, ok);
    return result;
  }

private:
  Value constI1(bool v) {
    return arith::ConstantOp::create(b, loc, b.getBoolAttr(v));
  }
  Value constI64(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  }
  Value toI64(Value scalar) {
    if (scalar.getType().isInteger(64))
      return scalar;
    return arith::ExtSIOp::create(b, loc, b.getI64Type(), scalar);
  }
  /// For i32 tensors, the condition that [min, max] fits in i32.
  void checkFits(Value v, const Bounds &bd, SmallVector<Value> &noWrap) {
    if (!getElementTypeOrSelf(v.getType()).isInteger(32))
      return;
    using P = arith::CmpIPredicate;
    noWrap.push_back(arith::CmpIOp::create(b, loc, P::sge, bd.min,
                                           constI64(INT32_MIN)));
    noWrap.push_back(arith::CmpIOp::create(b, loc, P::sle, bd.max,
                                           constI64(INT32_MAX)));
  }

  std::optional<Bounds> bounds(Value v, SmallVector<Value> &noWrap,
                               int depth) {
    Type elem = getElementTypeOrSelf(v.getType());
    if (depth > 8 || !(elem.isInteger(32) || elem.isInteger(64)))
      return std::nullopt;
    Operation *def = v.getDefiningOp();
    if (!def)
      return std::nullopt;
    if (auto r = dyn_cast<tt::MakeRangeOp>(def))
      return Bounds{constI64(r.getStart()), constI64(int64_t(r.getEnd()) - 1)};
    if (auto sp = dyn_cast<tt::SplatOp>(def)) {
      Value s = rewriter.getRemappedValue(sp.getSrc());
      if (!s || !s.getType().isIntOrIndex() || s.getType().isIndex())
        return std::nullopt;
      Value x = toI64(s);
      return Bounds{x, x};
    }
    if (auto c = dyn_cast<arith::ConstantOp>(def)) {
      auto d = dyn_cast<DenseIntElementsAttr>(c.getValue());
      if (!d || !d.isSplat())
        return std::nullopt;
      Value x = constI64(d.getSplatValue<APInt>().getSExtValue());
      return Bounds{x, x};
    }
    if (isa<tt::BroadcastOp, tt::ExpandDimsOp>(def))
      return bounds(def->getOperand(0), noWrap, depth + 1);
    if (isa<arith::AddIOp, arith::SubIOp>(def)) {
      auto x = bounds(def->getOperand(0), noWrap, depth + 1);
      auto y = x ? bounds(def->getOperand(1), noWrap, depth + 1) : std::nullopt;
      if (!y)
        return std::nullopt;
      Bounds out;
      if (isa<arith::AddIOp>(def)) {
        out.min = arith::AddIOp::create(b, loc, x->min, y->min);
        out.max = arith::AddIOp::create(b, loc, x->max, y->max);
      } else {
        out.min = arith::SubIOp::create(b, loc, x->min, y->max);
        out.max = arith::SubIOp::create(b, loc, x->max, y->min);
      }
      checkFits(v, out, noWrap);
      return out;
    }
    if (auto mul = dyn_cast<arith::MulIOp>(def)) {
      // By a constant only (strides known at compile time), |c| < 2^31.
      for (int k = 0; k < 2; ++k) {
        auto c = mul->getOperand(k).getDefiningOp<arith::ConstantOp>();
        auto d = c ? dyn_cast<DenseIntElementsAttr>(c.getValue()) : nullptr;
        if (!d || !d.isSplat())
          continue;
        int64_t f = d.getSplatValue<APInt>().getSExtValue();
        if (f > INT32_MAX || f < -INT32_MAX)
          return std::nullopt;
        auto x = bounds(mul->getOperand(1 - k), noWrap, depth + 1);
        if (!x)
          return std::nullopt;
        if (elem.isInteger(64)) // i64 products of i32-sized bounds: no wrap
          checkFitsI32(*x, noWrap);
        Value cf = constI64(f);
        Value lo = arith::MulIOp::create(b, loc, x->min, cf);
        Value hi = arith::MulIOp::create(b, loc, x->max, cf);
        Bounds out = f >= 0 ? Bounds{lo, hi} : Bounds{hi, lo};
        checkFits(v, out, noWrap);
        return out;
      }
      return std::nullopt;
    }
    return std::nullopt;
  }
  void checkFitsI32(const Bounds &bd, SmallVector<Value> &noWrap) {
    using P = arith::CmpIPredicate;
    noWrap.push_back(arith::CmpIOp::create(b, loc, P::sge, bd.min,
                                           constI64(INT32_MIN)));
    noWrap.push_back(arith::CmpIOp::create(b, loc, P::sle, bd.max,
                                           constI64(INT32_MAX)));
  }

  OpBuilder &b;
  ConversionPatternRewriter &rewriter;
  Location loc;
};

/// The mask elements are tested as `allTrue || mask[i]`: when the analysis
/// proves every element true (the common case of a block inside the
/// bounds), LLVM unswitches the loop on the invariant `allTrue` and the
/// hot version loads and stores without masks, fully vectorized.
Value effectiveMask(OpBuilder &b, Location loc, Value allTrue, Value mask) {
  if (!mask || !allTrue)
    return mask;
  return arith::OrIOp::create(b, loc, allTrue, mask);
}

struct LoadPattern : public OpConversionPattern<tt::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::LoadOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (tt::isTensorPointerType(op.getPtr().getType()))
      return op.emitError("block pointers (tl.make_block_ptr) are not "
                          "supported by the cpu backend yet");
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type elem = memoryType(getElementTypeOrSelf(op.getType()));
    auto tensorType = dyn_cast<RankedTensorType>(resultType);
    if (!tensorType) {
      rewriter.replaceOp(op, maskedLoad(rewriter, loc, elem, a.getPtr(),
                                        a.getMask(), a.getOther()));
      return success();
    }
    std::optional<Contiguous> contig = contiguous(op.getPtr(), rewriter);
    SmallVector<Value> inputs;
    if (!contig)
      inputs.push_back(a.getPtr());
    if (a.getMask())
      inputs.push_back(a.getMask());
    if (a.getOther())
      inputs.push_back(a.getOther());
    int64_t rank = tensorType.getRank();
    AffineMap id = rewriter.getMultiDimIdentityMap(rank);
    SmallVector<AffineMap> maps(inputs.size() + 1, id);
    SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
    bool hasMask = bool(a.getMask()), hasOther = bool(a.getOther());
    Value allTrue;
    if (hasMask)
      allTrue = MaskAnalysis(rewriter, loc).allTrue(op.getMask());
    auto g = linalg::GenericOp::create(
        rewriter, loc, TypeRange{tensorType}, inputs,
        ValueRange{emptyLike(rewriter, loc, tensorType)}, maps, iters,
        [&](OpBuilder &b, Location l, ValueRange args) {
          unsigned k = 0;
          Value address =
              contig ? contiguousAddress(b, l, *contig,
                                         linalg::IndexOp::create(b, l, 0))
                     : args[k++];
          Value mask = effectiveMask(b, l, allTrue,
                                     hasMask ? args[k++] : Value());
          Value other = hasOther ? args[k++] : Value();
          Value v = maskedLoad(b, l, elem, address, mask, other);
          linalg::YieldOp::create(b, l, v);
        });
    rewriter.replaceOp(op, g.getResults());
    return success();
  }
};

/// Calls `body(b, indices)` for each element of `shape` (once when scalar).
void forEachElement(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                    function_ref<void(OpBuilder &, ValueRange)> body) {
  loopNest(b, loc, shape, ValueRange{},
           [&](OpBuilder &bb, ValueRange idx, ValueRange) {
             body(bb, idx);
             return SmallVector<Value>{};
           });
}

Value elementAt(OpBuilder &b, Location loc, Value v, ValueRange idx) {
  if (!v || !isa<RankedTensorType>(v.getType()))
    return v;
  return tensor::ExtractOp::create(b, loc, v, idx);
}

struct StorePattern : public OpConversionPattern<tt::StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::StoreOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    if (tt::isTensorPointerType(op.getPtr().getType()))
      return op.emitError("block pointers (tl.make_block_ptr) are not "
                          "supported by the cpu backend yet");
    Location loc = op.getLoc();
    ArrayRef<int64_t> shape;
    if (auto t = dyn_cast<RankedTensorType>(a.getPtr().getType()))
      shape = t.getShape();
    Value ptr = a.getPtr(), val = a.getValue(), mask = a.getMask();
    std::optional<Contiguous> contig = contiguous(op.getPtr(), rewriter);
    Value allTrue;
    if (mask && !shape.empty())
      allTrue = MaskAnalysis(rewriter, loc).allTrue(op.getMask());
    forEachElement(rewriter, loc, shape, [&](OpBuilder &b, ValueRange idx) {
      Value p = contig ? contiguousAddress(b, loc, *contig, idx[0])
                       : elementAt(b, loc, ptr, idx);
      Value v = elementAt(b, loc, val, idx);
      Value m = effectiveMask(b, loc, allTrue, elementAt(b, loc, mask, idx));
      auto store = [&](OpBuilder &bb) {
        LLVM::StoreOp::create(bb, loc, v, toPtr(bb, loc, p));
      };
      if (!m) {
        store(b);
        return;
      }
      auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, m, false);
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      store(b);
    });
    rewriter.eraseOp(op);
    return success();
  }
};

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

//===----------------------------------------------------------------------===//
// Reductions, scans, dot
//===----------------------------------------------------------------------===//

/// Clones the single-block combine region with its arguments bound to
/// `args`; returns the values its terminator yields.
SmallVector<Value> inlineCombine(OpBuilder &b, Region &region,
                                 ValueRange args) {
  IRMapping map;
  Block &block = region.front();
  for (auto [arg, v] : llvm::zip(block.getArguments(), args))
    map.map(arg, v);
  for (Operation &op : block.without_terminator())
    b.clone(op, map);
  SmallVector<Value> out;
  for (Value v : block.getTerminator()->getOperands())
    out.push_back(map.lookupOrDefault(v));
  return out;
}

struct ReducePattern : public OpConversionPattern<tt::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ReduceOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange srcs = a.getSrcs();
    auto srcType = cast<RankedTensorType>(srcs[0].getType());
    int64_t axis = op.getAxis();
    int64_t n = srcType.getDimSize(axis);
    SmallVector<int64_t> outer;
    for (int64_t i = 0; i < srcType.getRank(); ++i)
      if (i != axis)
        outer.push_back(i);
    SmallVector<int64_t> outShape;
    for (int64_t i : outer)
      outShape.push_back(srcType.getDimSize(i));
    Region &combine = op.getCombineOp();
    auto reduceAt = [&](OpBuilder &b, ValueRange outIdx) {
      auto full = [&](Value k) {
        SmallVector<Value> idx;
        size_t o = 0;
        for (int64_t i = 0; i < srcType.getRank(); ++i)
          idx.push_back(i == axis ? k : outIdx[o++]);
        return idx;
      };
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      SmallVector<Value> init;
      for (Value s : srcs)
        init.push_back(tensor::ExtractOp::create(b, loc, s, full(zero)));
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      Value ub = arith::ConstantIndexOp::create(b, loc, n);
      auto loop = scf::ForOp::create(b, loc, one, ub, one, init);
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(loop.getBody());
      SmallVector<Value> args(loop.getRegionIterArgs());
      for (Value s : srcs)
        args.push_back(
            tensor::ExtractOp::create(b, loc, s, full(loop.getInductionVar())));
      scf::YieldOp::create(b, loc, inlineCombine(b, combine, args));
      return SmallVector<Value>(loop.getResults());
    };
    if (outShape.empty()) {
      rewriter.replaceOp(op, reduceAt(rewriter, {}));
      return success();
    }
    SmallVector<Value> inits;
    for (Value s : srcs)
      inits.push_back(emptyLike(
          rewriter, loc,
          RankedTensorType::get(outShape,
                                getElementTypeOrSelf(s.getType()))));
    SmallVector<Value> results = loopNest(
        rewriter, loc, outShape, inits,
        [&](OpBuilder &b, ValueRange idx, ValueRange iters) {
          SmallVector<Value> vals = reduceAt(b, idx);
          SmallVector<Value> out;
          for (auto [v, t] : llvm::zip(vals, iters))
            out.push_back(tensor::InsertOp::create(b, loc, v, t, idx));
          return out;
        });
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct ScanPattern : public OpConversionPattern<tt::ScanOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ScanOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange srcs = a.getSrcs();
    auto srcType = cast<RankedTensorType>(srcs[0].getType());
    int64_t axis = op.getAxis();
    int64_t n = srcType.getDimSize(axis);
    bool reverse = op.getReverse();
    SmallVector<int64_t> outerShape;
    for (int64_t i = 0; i < srcType.getRank(); ++i)
      if (i != axis)
        outerShape.push_back(srcType.getDimSize(i));
    Region &combine = op.getCombineOp();
    SmallVector<Value> inits;
    for (Value s : srcs)
      inits.push_back(emptyLike(rewriter, loc, cast<RankedTensorType>(s.getType())));
    SmallVector<Value> results = loopNest(
        rewriter, loc, outerShape, inits,
        [&](OpBuilder &b, ValueRange outIdx, ValueRange tensors) {
          auto full = [&](Value k) {
            SmallVector<Value> idx;
            size_t o = 0;
            for (int64_t i = 0; i < srcType.getRank(); ++i)
              idx.push_back(i == axis ? k : outIdx[o++]);
            return idx;
          };
          auto at = [&](OpBuilder &bb, Value step) -> Value {
            if (!reverse)
              return step;
            Value last = arith::ConstantIndexOp::create(bb, loc, n - 1);
            return arith::SubIOp::create(bb, loc, last, step);
          };
          Value zero = arith::ConstantIndexOp::create(b, loc, 0);
          SmallVector<Value> acc, outs(tensors.begin(), tensors.end());
          Value first = at(b, zero);
          for (auto [i, s] : llvm::enumerate(srcs)) {
            Value v = tensor::ExtractOp::create(b, loc, s, full(first));
            acc.push_back(v);
            outs[i] = tensor::InsertOp::create(b, loc, v, outs[i], full(first));
          }
          Value one = arith::ConstantIndexOp::create(b, loc, 1);
          Value ub = arith::ConstantIndexOp::create(b, loc, n);
          SmallVector<Value> carried = acc;
          carried.append(outs.begin(), outs.end());
          auto loop = scf::ForOp::create(b, loc, one, ub, one, carried);
          OpBuilder::InsertionGuard g(b);
          b.setInsertionPointToStart(loop.getBody());
          Value k = at(b, loop.getInductionVar());
          size_t m = srcs.size();
          SmallVector<Value> args(loop.getRegionIterArgs().take_front(m));
          for (Value s : srcs)
            args.push_back(tensor::ExtractOp::create(b, loc, s, full(k)));
          SmallVector<Value> next = inlineCombine(b, combine, args);
          SmallVector<Value> yields = next;
          for (size_t i = 0; i < m; ++i)
            yields.push_back(tensor::InsertOp::create(
                b, loc, next[i], loop.getRegionIterArgs()[m + i], full(k)));
          scf::YieldOp::create(b, loc, yields);
          return SmallVector<Value>(loop.getResults().drop_front(m));
        });
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct DotPattern : public OpConversionPattern<tt::DotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::DotOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    auto t = cast<RankedTensorType>(op.getType());
    // fp8 operands (bytes here) are decoded to f32, exactly.
    auto operand = [&](Value original, Value converted) -> Value {
      Type elem = getElementTypeOrSelf(original.getType());
      if (!trident::cpu::isFp8(elem))
        return converted;
      Value table = trident::cpu::fp8Table(rewriter, op.getLoc(),
                                           cast<FloatType>(elem));
      return trident::cpu::mapElementwise(
          rewriter, op.getLoc(), ValueRange{converted}, rewriter.getF32Type(),
          [&](OpBuilder &b, Location l, ValueRange x) {
            return trident::cpu::decodeFp8(b, l, table, x[0]);
          });
    };
    Value lhs = operand(op.getA(), a.getA()), rhs = operand(op.getB(), a.getB());
    Operation *mm;
    if (t.getRank() == 2)
      mm = linalg::MatmulOp::create(rewriter, op.getLoc(), TypeRange{t},
                                    ValueRange{lhs, rhs}, ValueRange{a.getC()});
    else
      mm = linalg::BatchMatmulOp::create(rewriter, op.getLoc(), TypeRange{t},
                                         ValueRange{lhs, rhs},
                                         ValueRange{a.getC()});
    rewriter.replaceOp(op, mm->getResults());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Elementwise tt ops
//===----------------------------------------------------------------------===//

/// Float to float conversions that arith cannot express on the host: to
/// and from fp8 (stored as i8), and truncations toward zero.
struct FpToFpPattern : public OpConversionPattern<tt::FpToFpOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::FpToFpOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    using trident::cpu::isFp8;
    Location loc = op.getLoc();
    auto from = cast<FloatType>(getElementTypeOrSelf(op.getSrc().getType()));
    auto to = cast<FloatType>(getElementTypeOrSelf(op.getType()));
    bool rtz = op.getRounding() && *op.getRounding() == tt::RoundingMode::RTZ;
    Type resultElem =
        getTypeConverter()->convertType(getElementTypeOrSelf(op.getType()));
    Value table = isFp8(from) ? trident::cpu::fp8Table(rewriter, loc, from)
                              : Value();
    FloatType f32 = rewriter.getF32Type();
    auto resize = [&](OpBuilder &b, Location l, Value x, FloatType t) {
      unsigned w = cast<FloatType>(x.getType()).getWidth();
      if (x.getType() == t)
        return x;
      if (t.getWidth() > w)
        return Value(arith::ExtFOp::create(b, l, t, x));
      return rtz ? trident::cpu::truncTowardZero(b, l, t, x)
                 : Value(arith::TruncFOp::create(b, l, t, x));
    };
    Value r = trident::cpu::mapElementwise(
        rewriter, loc, ValueRange{a.getSrc()}, resultElem,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          Value x = args[0];
          if (isFp8(from))
            x = trident::cpu::decodeFp8(b, l, table, x); // exact
          if (!isFp8(to))
            return resize(b, l, x, to);
          // fp8 from f32; f16 and bf16 widen exactly, f64 narrows first
          // (rounding twice, as a conversion through f32 does).
          return trident::cpu::encodeFp8(b, l, to, resize(b, l, x, f32), rtz);
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

/// fp8 constants become their bytes.
struct Fp8ConstantPattern : public OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!trident::cpu::isFp8(getElementTypeOrSelf(op.getType())))
      return failure();
    Type i8 = rewriter.getI8Type();
    TypedAttr value;
    if (auto d = dyn_cast<DenseElementsAttr>(op.getValue()))
      value = d.bitcast(i8);
    else if (auto f = dyn_cast<FloatAttr>(op.getValue()))
      value = rewriter.getIntegerAttr(i8, f.getValue().bitcastToAPInt());
    else
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, value);
    return success();
  }
};

/// Arithmetic on fp8 values (Triton keeps `x + y` in fp8 when both are):
/// computed in f32 from the decoded operands, the result rounded back to
/// fp8 to nearest even. Sums, differences and products of two fp8 values
/// are exact in f32, so the result is rounded once.
struct Fp8ArithPattern : public ConversionPattern {
  Fp8ArithPattern(const TypeConverter &tc, MLIRContext *ctx)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), 1, ctx) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    using trident::cpu::isFp8;
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
        isa<arith::ConstantOp, arith::SelectOp, arith::BitcastOp>(op) ||
        op->getNumRegions() || op->getNumResults() != 1)
      return failure();
    auto fp8Elem = [](Type t) { return isFp8(getElementTypeOrSelf(t)); };
    if (!llvm::any_of(op->getOperandTypes(), fp8Elem) &&
        !fp8Elem(op->getResult(0).getType()))
      return failure();
    Location loc = op->getLoc();
    SmallVector<Value> tables;
    for (Value v : op->getOperands())
      tables.push_back(fp8Elem(v.getType())
                           ? trident::cpu::fp8Table(
                                 rewriter, loc,
                                 cast<FloatType>(getElementTypeOrSelf(v.getType())))
                           : Value());
    Type resultElem = getElementTypeOrSelf(op->getResult(0).getType());
    Type convertedElem = getTypeConverter()->convertType(resultElem);
    Value r = trident::cpu::mapElementwise(
        rewriter, loc, operands, convertedElem,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          SmallVector<Value> in;
          for (auto [i, x] : llvm::enumerate(args))
            in.push_back(tables[i] ? trident::cpu::decodeFp8(b, l, tables[i], x)
                                   : x);
          Type scalarResult = isFp8(resultElem) ? b.getF32Type() : resultElem;
          OperationState state(l, op->getName().getStringRef(), in,
                               TypeRange{scalarResult}, op->getAttrs());
          Value v = b.create(state)->getResult(0);
          if (!isFp8(resultElem))
            return v;
          return trident::cpu::encodeFp8(b, l, cast<FloatType>(resultElem), v,
                                         /*towardZero=*/false);
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct BitcastPattern : public OpConversionPattern<tt::BitcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::BitcastOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Type to = getTypeConverter()->convertType(op.getType());
    if (to == a.getSrc().getType())
      rewriter.replaceOp(op, a.getSrc());
    else
      rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, to, a.getSrc());
    return success();
  }
};

template <typename Op>
struct IdentityCastPattern : public OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, a.getSrc());
    return success();
  }
};

struct ClampPattern : public OpConversionPattern<tt::ClampFOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ClampFOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    bool all = op.getPropagateNan() == tt::PropagateNan::ALL;
    Location loc = op.getLoc();
    Value lo, r;
    if (all) {
      lo = arith::MaximumFOp::create(rewriter, loc, a.getX(), a.getMin());
      r = arith::MinimumFOp::create(rewriter, loc, lo, a.getMax());
    } else {
      lo = arith::MaxNumFOp::create(rewriter, loc, a.getX(), a.getMin());
      r = arith::MinNumFOp::create(rewriter, loc, lo, a.getMax());
    }
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct MulhiPattern : public OpConversionPattern<tt::MulhiUIOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::MulhiUIOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    auto m = arith::MulUIExtendedOp::create(rewriter, op.getLoc(), a.getX(),
                                            a.getY());
    rewriter.replaceOp(op, m.getHigh());
    return success();
  }
};

struct PreciseSqrtPattern : public OpConversionPattern<tt::PreciseSqrtOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::PreciseSqrtOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<math::SqrtOp>(op, a.getX());
    return success();
  }
};

struct PreciseDivPattern : public OpConversionPattern<tt::PreciseDivFOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::PreciseDivFOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::DivFOp>(op, a.getX(), a.getY());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Printing and assertions: printf and abort from the host's C library
//
// The formats are ours alone: the user's text (a print's prefix, an
// assertion's message and file name) is always passed as a %s argument, so
// a '%' in it is printed, never interpreted.
//===----------------------------------------------------------------------===//

LLVM::LLVMFuncOp declareLibc(OpBuilder &b, ModuleOp module, StringRef name,
                             LLVM::LLVMFunctionType type) {
  if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return f;
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
}

/// The address of a NUL-terminated constant string.
Value stringConstant(OpBuilder &b, ModuleOp module, Location loc,
                     StringRef text) {
  static unsigned counter = 0;
  std::string name;
  do
    name = "trident.str." + std::to_string(counter++);
  while (module.lookupSymbol(name));
  std::string data = text.str();
  data.push_back('\0');
  auto type = LLVM::LLVMArrayType::get(IntegerType::get(b.getContext(), 8),
                                       data.size());
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                           LLVM::Linkage::Internal, name,
                           b.getStringAttr(data));
  }
  return LLVM::AddressOfOp::create(b, loc,
                                   LLVM::LLVMPointerType::get(b.getContext()),
                                   name);
}

/// The program ids: the last six arguments of the enclosing function.
SmallVector<Value> programIds(Operation *op) {
  auto fn = op->getParentOfType<FunctionOpInterface>();
  Block &entry = fn.getFunctionBody().front();
  unsigned n = entry.getNumArguments();
  return {entry.getArgument(n - 6), entry.getArgument(n - 5),
          entry.getArgument(n - 4)};
}

std::string sourcePosition(Location loc) {
  std::string out = "<unknown>";
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColLoc>(l)) {
      out = f.getFilename().str() + ":" + std::to_string(f.getLine());
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return out;
}

struct PrintPattern : public OpConversionPattern<tt::PrintOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::PrintOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    MLIRContext *ctx = op.getContext();
    auto ptrT = LLVM::LLVMPointerType::get(ctx);
    auto i32 = IntegerType::get(ctx, 32);
    auto printf = declareLibc(rewriter, module, "printf",
                              LLVM::LLVMFunctionType::get(i32, {ptrT}, true));
    SmallVector<Value> pids = programIds(op);
    Value prefix = stringConstant(rewriter, module, loc, op.getPrefix());
    if (a.getArgs().empty()) {
      Value fmt =
          stringConstant(rewriter, module, loc, "pid (%u, %u, %u) %s\n");
      LLVM::CallOp::create(rewriter, loc, printf,
                           ValueRange{fmt, pids[0], pids[1], pids[2], prefix});
      rewriter.eraseOp(op);
      return success();
    }
    for (auto [k, arg] : llvm::enumerate(a.getArgs())) {
      Value v = arg; // a named copy: lambdas below capture it
      Type elem = getElementTypeOrSelf(v.getType());
      bool isSigned = k < op.getIsSigned().size() && op.getIsSigned()[k];
      bool isPtr = isa<tt::PointerType>(
          getElementTypeOrSelf(op.getArgs()[k].getType()));
      std::string conv;
      if (isa<FloatType>(elem))
        conv = "%f";
      else if (isPtr)
        conv = "0x%llx";
      else if (op.getHex())
        conv = elem.getIntOrFloatBitWidth() > 32 ? "0x%llx" : "0x%x";
      else if (elem.getIntOrFloatBitWidth() > 32)
        conv = isSigned ? "%lld" : "%llu";
      else
        conv = isSigned ? "%d" : "%u";
      ArrayRef<int64_t> shape;
      if (auto t = dyn_cast<RankedTensorType>(v.getType()))
        shape = t.getShape();
      Value fmt = stringConstant(rewriter, module, loc,
                                 "pid (%u, %u, %u) idx (%lld) %s" + conv +
                                     "\n");
      forEachElement(rewriter, loc, shape, [&](OpBuilder &b, ValueRange idx) {
        Value x = elementAt(b, loc, v, idx);
        Value lin = arith::ConstantIndexOp::create(b, loc, 0);
        for (auto [d, i] : llvm::enumerate(idx)) {
          Value dim = arith::ConstantIndexOp::create(b, loc, shape[d]);
          lin = arith::AddIOp::create(
              b, loc, arith::MulIOp::create(b, loc, lin, dim), i);
        }
        Value lin64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), lin);
        if (isa<FloatType>(elem)) {
          if (elem.getIntOrFloatBitWidth() < 64)
            x = arith::ExtFOp::create(b, loc, b.getF64Type(), x);
        } else if (elem.getIntOrFloatBitWidth() < 32) {
          x = isSigned ? (Value)arith::ExtSIOp::create(b, loc, i32, x)
                       : arith::ExtUIOp::create(b, loc, i32, x);
        }
        LLVM::CallOp::create(
            b, loc, printf,
            ValueRange{fmt, pids[0], pids[1], pids[2], lin64, prefix, x});
      });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct AssertPattern : public OpConversionPattern<tt::AssertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::AssertOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    MLIRContext *ctx = op.getContext();
    auto ptrT = LLVM::LLVMPointerType::get(ctx);
    auto i32 = IntegerType::get(ctx, 32);
    auto printf = declareLibc(rewriter, module, "printf",
                              LLVM::LLVMFunctionType::get(i32, {ptrT}, true));
    auto fflush = declareLibc(rewriter, module, "fflush",
                              LLVM::LLVMFunctionType::get(i32, {ptrT}));
    auto abortFn = declareLibc(
        rewriter, module, "abort",
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {}));
    SmallVector<Value> pids = programIds(op);
    Value fmt = stringConstant(rewriter, module, loc,
                               "%s: pid (%u, %u, %u): Assertion failed: %s\n");
    Value position =
        stringConstant(rewriter, module, loc, sourcePosition(loc));
    Value message = stringConstant(rewriter, module, loc, op.getMessage());
    Value cond = a.getCondition();
    ArrayRef<int64_t> shape;
    if (auto t = dyn_cast<RankedTensorType>(cond.getType()))
      shape = t.getShape();
    forEachElement(rewriter, loc, shape, [&](OpBuilder &b, ValueRange idx) {
      Value c = elementAt(b, loc, cond, idx);
      Value one = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
      Value bad = arith::XOrIOp::create(b, loc, c, one);
      auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, bad, false);
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      LLVM::CallOp::create(
          b, loc, printf,
          ValueRange{fmt, position, pids[0], pids[1], pids[2], message});
      // abort() discards stdio buffers: the message must get out first
      // (stdout is fully buffered when it is a pipe or a file).
      Value all = LLVM::ZeroOp::create(b, loc, ptrT);
      LLVM::CallOp::create(b, loc, fflush, ValueRange{all});
      LLVM::CallOp::create(b, loc, abortFn, ValueRange{});
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// tt.histogram: counts of each value in [0, bins) (masked elements and
/// values outside the range are not counted), one pass over the input.
struct HistogramPattern : public OpConversionPattern<tt::HistogramOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::HistogramOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resType = cast<RankedTensorType>(op.getType());
    auto srcType = cast<RankedTensorType>(a.getSrc().getType());
    int64_t bins = resType.getDimSize(0);
    Type elem = srcType.getElementType();
    Type resElem = resType.getElementType();
    Value zeros = arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(resType, rewriter.getIntegerAttr(resElem, 0)));
    Value src = a.getSrc(), mask = a.getMask();
    Value result =
        loopNest(rewriter, loc, srcType.getShape(), ValueRange{zeros},
                 [&](OpBuilder &b, ValueRange idx, ValueRange iter) {
                   Value x = tensor::ExtractOp::create(b, loc, src, idx);
                   Value lo = arith::ConstantOp::create(
                       b, loc, b.getIntegerAttr(elem, 0));
                   Value hi = arith::ConstantOp::create(
                       b, loc, b.getIntegerAttr(elem, bins));
                   Value ok = arith::AndIOp::create(
                       b, loc,
                       arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                             x, lo),
                       arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                             x, hi));
                   if (mask)
                     ok = arith::AndIOp::create(
                         b, loc, ok, tensor::ExtractOp::create(b, loc, mask, idx));
                   auto ifOp = scf::IfOp::create(b, loc, TypeRange{iter[0].getType()},
                                                 ok, true);
                   {
                     OpBuilder::InsertionGuard g(b);
                     b.setInsertionPointToStart(ifOp.thenBlock());
                     Value bin = arith::IndexCastOp::create(b, loc,
                                                            b.getIndexType(), x);
                     Value cur = tensor::ExtractOp::create(b, loc, iter[0],
                                                           ValueRange{bin});
                     Value one = arith::ConstantOp::create(
                         b, loc, b.getIntegerAttr(resElem, 1));
                     Value next = arith::AddIOp::create(b, loc, cur, one);
                     scf::YieldOp::create(
                         b, loc,
                         Value(tensor::InsertOp::create(b, loc, next, iter[0],
                                                        ValueRange{bin})));
                     b.setInsertionPointToStart(ifOp.elseBlock());
                     scf::YieldOp::create(b, loc, iter[0]);
                   }
                   return SmallVector<Value>{ifOp.getResult(0)};
                 })[0];
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// `tl.gather`: out[i] = src[i with i[axis] = index[i]]. An index outside
/// the source is undefined in Triton; here it is clamped into range so that
/// it cannot read outside the source's buffer.
struct GatherPattern : public OpConversionPattern<tt::GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::GatherOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto srcType = cast<RankedTensorType>(a.getSrc().getType());
    unsigned axis = op.getAxis();
    int64_t rank = resultType.getRank();
    Value src = a.getSrc();
    AffineMap id = rewriter.getMultiDimIdentityMap(rank);
    SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
    auto g = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{a.getIndices()},
        ValueRange{emptyLike(rewriter, loc, resultType)},
        SmallVector<AffineMap>{id, id}, iters,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value i = arith::IndexCastOp::create(b, l, b.getIndexType(), args[0]);
          Value zero = arith::ConstantIndexOp::create(b, l, 0);
          Value last = arith::ConstantIndexOp::create(
              b, l, srcType.getDimSize(axis) - 1);
          i = arith::MinSIOp::create(b, l, arith::MaxSIOp::create(b, l, i, zero),
                                     last);
          SmallVector<Value> at;
          for (int64_t d = 0; d < rank; ++d)
            at.push_back(d == axis ? i : Value(linalg::IndexOp::create(b, l, d)));
          linalg::YieldOp::create(b, l,
                                  Value(tensor::ExtractOp::create(b, l, src, at)));
        });
    rewriter.replaceOp(op, g.getResults());
    return success();
  }
};

/// Calls of vendor math libraries (libdevice `__nv_tanhf`, ROCm's
/// `__ocml_tanh_f32`), as Triton emits for `libdevice.*` functions: the
/// same function from the math and arith dialects, which the host lowers
/// to LLVM intrinsics or the C library.
struct ExternElementwisePattern
    : public OpConversionPattern<tt::ExternElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ExternElementwiseOp op, OpAdaptor a,
                  ConversionPatternRewriter &rewriter) const override {
    static const llvm::StringMap<StringRef> ops = {
        {"tanh", "math.tanh"},   {"sinh", "math.sinh"},
        {"cosh", "math.cosh"},   {"tan", "math.tan"},
        {"sin", "math.sin"},     {"cos", "math.cos"},
        {"asin", "math.asin"},   {"acos", "math.acos"},
        {"atan", "math.atan"},   {"asinh", "math.asinh"},
        {"acosh", "math.acosh"}, {"atanh", "math.atanh"},
        {"exp", "math.exp"},     {"exp2", "math.exp2"},
        {"expm1", "math.expm1"}, {"log", "math.log"},
        {"log2", "math.log2"},   {"log10", "math.log10"},
        {"log1p", "math.log1p"}, {"sqrt", "math.sqrt"},
        {"rsqrt", "math.rsqrt"}, {"cbrt", "math.cbrt"},
        {"erf", "math.erf"},     {"floor", "math.floor"},
        {"ceil", "math.ceil"},   {"trunc", "math.trunc"},
        {"round", "math.round"}, {"rint", "math.roundeven"},
        {"nearbyint", "math.roundeven"}, {"fabs", "math.absf"},
        {"pow", "math.powf"},    {"atan2", "math.atan2"},
        {"fmod", "arith.remf"},  {"fmin", "arith.minnumf"},
        {"fmax", "arith.maxnumf"}, {"copysign", "math.copysign"},
        {"fma", "math.fma"}};
    StringRef symbol = op.getSymbol();
    Type elem = getElementTypeOrSelf(op.getType());
    StringRef name;
    if (symbol.consume_front("__nv_")) {
      name = symbol;
      if (elem.isF32())
        name.consume_back("f");
    } else if (symbol.consume_front("__ocml_")) {
      name = symbol;
      if (!name.consume_back("_f32") && !name.consume_back("_f64"))
        name = "";
    }
    auto it = name.empty() ? ops.end() : ops.find(name);
    if (it == ops.end() || !(elem.isF32() || elem.isF64()))
      return op.emitError("tt.extern_elementwise: '")
             << op.getSymbol()
             << "' has no host equivalent in the cpu backend (supported: "
                "libdevice and ocml math functions on fp32/fp64)";
    OperationState state(op.getLoc(), it->second, a.getSrcs(),
                         TypeRange{op.getType()});
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

/// Ops the cpu backend cannot lower yet: a located error.
template <typename Op>
struct UnsupportedPattern : public OpConversionPattern<Op> {
  UnsupportedPattern(const TypeConverter &tc, MLIRContext *ctx,
                     const char *what)
      : OpConversionPattern<Op>(tc, ctx), what(what) {}
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor,
                  ConversionPatternRewriter &) const override {
    return op.emitError(std::string(what) +
                        " is not supported by the cpu backend yet");
  }
  const char *what;
};

/// Rebuilds an op whose operand or result types hold pointers with the
/// converted types (arith.select, arith.constant of pointers, ub.poison).
struct GenericTypePattern : public ConversionPattern {
  GenericTypePattern(const TypeConverter &tc, MLIRContext *ctx)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), 1, ctx) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumRegions() || !isa<arith::SelectOp, ub::PoisonOp>(op))
      return failure();
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), results)))
      return failure();
    OperationState state(op->getLoc(), op->getName().getStringRef(), operands,
                         results, op->getAttrs());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

struct ConvertTritonToLinalg
    : public trident::cpu::impl::CpuConvertTritonToLinalgBase<
          ConvertTritonToLinalg> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ModuleOp module = getOperation();
    PtrTypeConverter converter(ctx);
    ConversionTarget target(*ctx);
    target.addLegalDialect<arith::ArithDialect, math::MathDialect,
                           linalg::LinalgDialect, tensor::TensorDialect,
                           LLVM::LLVMDialect, func::FuncDialect,
                           scf::SCFDialect, cf::ControlFlowDialect>();
    target.addIllegalDialect<tt::TritonDialect>();
    target.addDynamicallyLegalDialect<arith::ArithDialect, ub::UBDialect>(
        [&](Operation *op) { return converter.isLegal(op); });
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp f) {
      return converter.isSignatureLegal(f.getFunctionType());
    });
    target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      return converter.isLegal(op);
    });

    RewritePatternSet patterns(ctx);
    patterns.add<FuncPattern, ReturnPattern, CallPattern, MakeRangePattern,
                 SplatPattern, UnsplatPattern, BroadcastPattern,
                 ExpandDimsPattern, ReshapePattern, TransPattern, JoinPattern,
                 SplitPattern, CatPattern, AddPtrPattern, LoadPattern,
                 StorePattern, AtomicRMWPattern, AtomicCASPattern,
                 ReducePattern, ScanPattern, DotPattern, FpToFpPattern,
                 BitcastPattern, IdentityCastPattern<tt::IntToPtrOp>,
                 IdentityCastPattern<tt::PtrToIntOp>, ClampPattern,
                 MulhiPattern, PreciseSqrtPattern, PreciseDivPattern,
                 GenericTypePattern, Fp8ConstantPattern, Fp8ArithPattern>(
        converter, ctx);
    patterns.add<PrintPattern, AssertPattern>(converter, ctx);
    patterns.add<HistogramPattern>(converter, ctx);
    patterns.add<GatherPattern>(converter, ctx);
    patterns.add<UnsupportedPattern<tt::MakeTensorPtrOp>>(
        converter, ctx, "tl.make_block_ptr");
    patterns.add<UnsupportedPattern<tt::AdvanceOp>>(converter, ctx,
                                                    "tl.advance");
    patterns.add<ExternElementwisePattern>(converter, ctx);
    patterns.add<UnsupportedPattern<tt::ElementwiseInlineAsmOp>>(
        converter, ctx, "inline assembly");
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    cf::populateCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
