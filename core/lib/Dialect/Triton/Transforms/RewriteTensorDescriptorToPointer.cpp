//===- RewriteTensorDescriptorToPointer.cpp - descriptors without TMA ----===//
//
// On targets without a tensor copy engine a tensor descriptor is the values
// it describes: the pack (base, shape[r] i64, strides[r] i64, padding i1).
// A 1:N dialect conversion replaces every descriptor value by its pack --
// tt.make_tensor_descriptor by its operands, function and loop arguments
// by the pack's types -- and every access by pointer arithmetic:
//   ptrs = base + sum_d (index_d + arange(B_d)) * stride_d
//   mask = AND_d (0 <= index_d + arange(B_d) < shape_d)
// Loads read `padding ? NaN : 0` where the mask is off; stores and
// reductions skip those elements. A public function (the kernel) takes the
// pack as its launch arguments, as DescriptorArguments.h spells them: the
// last stride is folded to 1 and the alignment the descriptor contract
// guarantees is put on the base and the strides, so that accesses vectorize.
//
//===----------------------------------------------------------------------===//

#include "trident/ArgType.h"
#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/Triton/Transforms/DescriptorArguments.h"
#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"

#include <limits>
#include <tuple>

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREWRITETENSORDESCRIPTORTOPOINTER
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
namespace tt = mlir::triton;

//===----------------------------------------------------------------------===//
// The launch-argument convention (shared with the driver)
//===----------------------------------------------------------------------===//

bool tt::parseDescriptorSpelling(std::string_view text, std::string &element,
                                 std::vector<int64_t> &block) {
  std::string_view prefix = "tensordesc<";
  if (text.substr(0, prefix.size()) != prefix || text.back() != '>')
    return false;
  std::string_view inner =
      text.substr(prefix.size(), text.size() - prefix.size() - 1);
  size_t open = inner.find('[');
  if (open == std::string_view::npos || open == 0 || inner.back() != ']')
    return false;
  element = std::string(inner.substr(0, open));
  std::string_view dims = inner.substr(open + 1, inner.size() - open - 2);
  block.clear();
  while (true) {
    while (!dims.empty() && dims.front() == ' ')
      dims.remove_prefix(1);
    size_t n = 0;
    int64_t v = 0;
    while (n < dims.size() && dims[n] >= '0' && dims[n] <= '9' &&
           v < (int64_t(1) << 40))
      v = v * 10 + (dims[n++] - '0');
    if (n == 0 || v <= 0)
      return false;
    block.push_back(v);
    dims.remove_prefix(n);
    while (!dims.empty() && dims.front() == ' ')
      dims.remove_prefix(1);
    if (dims.empty())
      break;
    if (dims.front() != ',')
      return false;
    dims.remove_prefix(1);
  }
  return descriptorElementBytes(element) != 0 && !block.empty() &&
         block.size() <= 5;
}

unsigned tt::descriptorElementBytes(std::string_view e) {
  trident::bundle::ArgType t;
  if (!trident::bundle::ArgType::parse(e, t) || t.isPointer())
    return 0;
  return t.storageBytes();
}

std::vector<tt::DescriptorArgument>
tt::descriptorPointerArguments(const std::string &name,
                               const std::string &element, unsigned rank) {
  std::vector<DescriptorArgument> out;
  out.push_back({name, "*" + element, "16"});
  for (unsigned k = 0; k < rank; ++k)
    out.push_back({name + ".pack.shape" + std::to_string(k), "i64", ""});
  int64_t div = descriptorStrideDivisibility(descriptorElementBytes(element));
  for (unsigned k = 0; k < rank; ++k) {
    std::string spec = k + 1 == rank ? "1" : div > 1 ? std::to_string(div) : "";
    out.push_back({name + ".pack.stride" + std::to_string(k), "i64", spec});
  }
  out.push_back({name + ".pack.padding", "i1", ""});
  return out;
}

namespace {

//===----------------------------------------------------------------------===//
// Addresses and masks
//===----------------------------------------------------------------------===//

/// A descriptor's pack.
struct Pack {
  Value base, padding;
  SmallVector<Value> shape, strides;
};

Pack unpack(tt::TensorDescType type, ValueRange values) {
  unsigned rank = type.getBlockType().getRank();
  assert(values.size() == 2 * rank + 2 && "a descriptor's pack");
  Pack p;
  p.base = values[0];
  p.shape.assign(values.begin() + 1, values.begin() + 1 + rank);
  p.strides.assign(values.begin() + 1 + rank, values.begin() + 1 + 2 * rank);
  p.padding = values[1 + 2 * rank];
  return p;
}

/// `v` (a 1-D tensor of length shape[d]) placed along dimension d of
/// `shape` and broadcast to it.
Value placeAlong(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> shape,
                 unsigned d) {
  auto elem = cast<RankedTensorType>(v.getType()).getElementType();
  unsigned rank = shape.size();
  if (rank == 1)
    return v;
  SmallVector<int64_t> cur{shape[d]};
  for (unsigned e = 0, pos = 0; e < rank; ++e, ++pos) {
    if (e == d)
      continue;
    cur.insert(cur.begin() + pos, 1);
    v = tt::ExpandDimsOp::create(b, loc, RankedTensorType::get(cur, elem), v,
                                 int32_t(pos));
  }
  return tt::BroadcastOp::create(b, loc, RankedTensorType::get(shape, elem), v);
}

/// For each dimension, the element indices of the block (i64, the block's
/// shape): `start_d + arange(B_d)`, or the given rows for gathers.
SmallVector<Value> blockIndices(OpBuilder &b, Location loc,
                                ArrayRef<int64_t> shape, ValueRange starts,
                                Value rows = Value()) {
  auto i32 = b.getI32Type(), i64 = b.getI64Type();
  SmallVector<Value> out;
  for (unsigned d = 0; d < shape.size(); ++d) {
    Value idx;
    if (d == 0 && rows) {
      idx = rows;
    } else {
      auto t = RankedTensorType::get({shape[d]}, i32);
      Value range = tt::MakeRangeOp::create(b, loc, t, 0, uint32_t(shape[d]));
      Value start = tt::SplatOp::create(b, loc, t, starts[d]);
      idx = arith::AddIOp::create(b, loc, range, start);
    }
    Value placed = placeAlong(b, loc, idx, shape, d);
    out.push_back(arith::ExtSIOp::create(
        b, loc, RankedTensorType::get(shape, i64), placed));
  }
  return out;
}

/// The pointers and the in-bounds mask of the elements at `indices`.
std::pair<Value, Value> addresses(OpBuilder &b, Location loc, const Pack &p,
                                  ArrayRef<int64_t> shape,
                                  ArrayRef<Value> indices) {
  auto i64 = b.getI64Type();
  auto full = [&](Type e) { return RankedTensorType::get(shape, e); };
  Value offset, mask;
  Value zero = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(full(i64), b.getI64IntegerAttr(0)));
  for (unsigned d = 0; d < shape.size(); ++d) {
    Value stride = tt::SplatOp::create(b, loc, full(i64), p.strides[d]);
    Value term = arith::MulIOp::create(b, loc, indices[d], stride);
    offset = offset ? arith::AddIOp::create(b, loc, offset, term) : term;
    Value limit = tt::SplatOp::create(b, loc, full(i64), p.shape[d]);
    Value ge = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                     indices[d], zero);
    Value lt = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                     indices[d], limit);
    Value both = arith::AndIOp::create(b, loc, ge, lt);
    mask = mask ? arith::AndIOp::create(b, loc, mask, both) : both;
  }
  Type ptrType = p.base.getType();
  Value ptrs = tt::SplatOp::create(b, loc, full(ptrType), p.base);
  ptrs = tt::AddPtrOp::create(b, loc, full(ptrType), ptrs, offset);
  return {ptrs, mask};
}

/// What a masked-off element reads: NaN where the pack's padding says so
/// (floats only), else zero.
Value padValue(OpBuilder &b, Location loc, const Pack &p,
               RankedTensorType type) {
  Type e = type.getElementType();
  auto f = dyn_cast<FloatType>(e);
  // A descriptor made in the kernel has a constant padding.
  IntegerAttr known;
  bool isConstant = matchPattern(p.padding, m_Constant(&known));
  auto zero = [&] {
    return arith::ConstantOp::create(b, loc, b.getZeroAttr(type)).getResult();
  };
  auto nan = [&] {
    return arith::ConstantOp::create(
               b, loc,
               DenseElementsAttr::get(
                   type,
                   b.getFloatAttr(e, APFloat::getNaN(f.getFloatSemantics()))))
        .getResult();
  };
  if (!f || (isConstant && !known.getValue().getBoolValue()))
    return zero();
  if (isConstant)
    return nan();
  return arith::SelectOp::create(b, loc, p.padding, nan(), zero());
}

/// An access of a block of `shape` through a descriptor (its pack in
/// `values`): the pointers and the in-bounds mask of its elements, at
/// `starts` per dimension (the rows `rows` of a gather or scatter).
struct Access {
  Pack pack;
  Value ptrs, mask;
};
Access access(OpBuilder &b, Location loc, tt::TensorDescType type,
              ValueRange values, ArrayRef<int64_t> shape, ValueRange starts,
              Value rows = Value()) {
  Access a;
  a.pack = unpack(type, values);
  auto idx = blockIndices(b, loc, shape, starts, rows);
  std::tie(a.ptrs, a.mask) = addresses(b, loc, a.pack, shape, idx);
  return a;
}

SmallVector<Value> toI64(OpBuilder &b, Location loc, ValueRange values) {
  SmallVector<Value> out;
  for (Value v : values)
    out.push_back(v.getType().isInteger(64)
                      ? v
                      : b.createOrFold<arith::ExtSIOp>(loc, b.getI64Type(), v));
  return out;
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

struct MakeDescriptor : OpConversionPattern<tt::MakeTensorDescOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::MakeTensorDescOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> pack{adaptor.getBase()};
    llvm::append_range(pack, toI64(rewriter, loc, adaptor.getShape()));
    llvm::append_range(pack, adaptor.getStrides());
    pack.push_back(arith::ConstantOp::create(
        rewriter, loc,
        rewriter.getBoolAttr(op.getPadding() == tt::PaddingOption::PAD_NAN)));
    rewriter.replaceOpWithMultiple(op, {pack});
    return success();
  }
};

struct Load : OpConversionPattern<tt::DescriptorLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::DescriptorLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    Access a = access(rewriter, op.getLoc(), op.getDesc().getType(),
                      adaptor.getDesc(), type.getShape(), op.getIndices());
    Value other = padValue(rewriter, op.getLoc(), a.pack, type);
    rewriter.replaceOpWithNewOp<tt::LoadOp>(op, a.ptrs, a.mask, other,
                                            op.getCache(), op.getEvict());
    return success();
  }
};

struct Store : OpConversionPattern<tt::DescriptorStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::DescriptorStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getSrc().getType());
    Access a = access(rewriter, op.getLoc(), op.getDesc().getType(),
                      adaptor.getDesc(), type.getShape(), op.getIndices());
    rewriter.replaceOpWithNewOp<tt::StoreOp>(op, a.ptrs, op.getSrc(), a.mask);
    return success();
  }
};

/// The atomic each reduction kind becomes, or none (reported).
std::optional<tt::RMWOp> atomicFor(tt::DescriptorReduceKind kind, Type e) {
  bool isFloat = isa<FloatType>(e);
  switch (kind) {
  case tt::DescriptorReduceKind::ADD:
    return isFloat ? tt::RMWOp::FADD : tt::RMWOp::ADD;
  case tt::DescriptorReduceKind::MIN:
    return isFloat ? std::nullopt : std::optional(tt::RMWOp::MIN);
  case tt::DescriptorReduceKind::MAX:
    return isFloat ? std::nullopt : std::optional(tt::RMWOp::MAX);
  case tt::DescriptorReduceKind::AND:
    return isFloat ? std::nullopt : std::optional(tt::RMWOp::AND);
  case tt::DescriptorReduceKind::OR:
    return isFloat ? std::nullopt : std::optional(tt::RMWOp::OR);
  case tt::DescriptorReduceKind::XOR:
    return isFloat ? std::nullopt : std::optional(tt::RMWOp::XOR);
  default:
    return std::nullopt;
  }
}

struct Reduce : OpConversionPattern<tt::DescriptorReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::DescriptorReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getSrc().getType());
    auto rmw = atomicFor(op.getKind(), type.getElementType());
    if (!rmw)
      return op.emitOpError()
             << "'" << tt::stringifyDescriptorReduceKind(op.getKind())
             << "' of " << type.getElementType()
             << " through a tensor descriptor needs the tensor copy engine "
                "(TMA); this target lowers descriptors to pointers, where "
                "only add (integers and floats) and min, max, and, or, xor "
                "(integers) exist";
    Access a = access(rewriter, op.getLoc(), op.getDesc().getType(),
                      adaptor.getDesc(), type.getShape(), op.getIndices());
    rewriter.replaceOpWithNewOp<tt::AtomicRMWOp>(
        op, type, *rmw, a.ptrs, op.getSrc(), a.mask, tt::MemSemantic::RELAXED,
        tt::MemSyncScope::GPU);
    return success();
  }
};

struct Gather : OpConversionPattern<tt::DescriptorGatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::DescriptorGatherOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    Value y = op.getYOffset();
    Access a = access(rewriter, op.getLoc(), op.getDesc().getType(),
                      adaptor.getDesc(), type.getShape(), {y, y},
                      op.getXOffsets());
    Value other = padValue(rewriter, op.getLoc(), a.pack, type);
    rewriter.replaceOpWithNewOp<tt::LoadOp>(op, a.ptrs, a.mask, other);
    return success();
  }
};

struct Scatter : OpConversionPattern<tt::DescriptorScatterOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::DescriptorScatterOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getSrc().getType());
    Value y = op.getYOffset();
    Access a = access(rewriter, op.getLoc(), op.getDesc().getType(),
                      adaptor.getDesc(), type.getShape(), {y, y},
                      op.getXOffsets());
    rewriter.replaceOpWithNewOp<tt::StoreOp>(op, a.ptrs, op.getSrc(), a.mask);
    return success();
  }
};

SmallVector<Value> flatten(ArrayRef<ValueRange> ranges) {
  SmallVector<Value> out;
  for (ValueRange r : ranges)
    llvm::append_range(out, r);
  return out;
}

struct Call : OpConversionPattern<tt::CallOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::CallOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> results;
    SmallVector<unsigned> counts;
    for (Type t : op.getResultTypes()) {
      size_t before = results.size();
      if (failed(getTypeConverter()->convertType(t, results)))
        return failure();
      counts.push_back(results.size() - before);
    }
    auto call = tt::CallOp::create(rewriter, op.getLoc(), op.getCalleeAttr(),
                                   results, flatten(adaptor.getOperands()));
    SmallVector<SmallVector<Value>> replacements;
    unsigned next = 0;
    for (unsigned n : counts) {
      replacements.emplace_back(call.getResults().slice(next, n));
      next += n;
    }
    SmallVector<ValueRange> ranges(replacements.begin(), replacements.end());
    rewriter.replaceOpWithMultiple(op, ranges);
    return success();
  }
};

struct Return : OpConversionPattern<tt::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ReturnOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<tt::ReturnOp>(op,
                                              flatten(adaptor.getOperands()));
    return success();
  }
};

bool mentionsDescriptor(TypeRange types) {
  return llvm::any_of(types, [](Type t) { return isa<tt::TensorDescType>(t); });
}

/// A kernel's descriptor parameter, recorded before the conversion.
struct KernelDescriptor {
  unsigned index; ///< the parameter's position before the conversion
  unsigned rank;
  unsigned elementBytes;
};

/// Whether `v`, a descriptor, is read and written only by
/// tt.descriptor_load / tt.descriptor_store.
bool onlyLoadedAndStored(Value v) {
  for (OpOperand &use : v.getUses()) {
    Operation *user = use.getOwner();
    bool ok = (isa<tt::DescriptorLoadOp>(user) &&
               cast<tt::DescriptorLoadOp>(user).getDesc() == v) ||
              (isa<tt::DescriptorStoreOp>(user) &&
               cast<tt::DescriptorStoreOp>(user).getDesc() == v);
    if (!ok)
      return false;
  }
  return true;
}

/// Whether every descriptor of `module` is one `keep` takes, read and
/// written only by tt.descriptor_load / tt.descriptor_store: a kernel
/// parameter, or made by tt.make_tensor_descriptor in the kernel's own
/// body, outside loops and branches (made once per program, in global
/// scratch, by the backend).
bool allDescriptorsKept(ModuleOp module,
                        const std::function<bool(tt::TensorDescType)> &keep) {
  bool kept = true;
  module.walk([&](Operation *op) {
    if (auto make = dyn_cast<tt::MakeTensorDescOp>(op)) {
      auto f = dyn_cast<tt::FuncOp>(op->getParentOp());
      if (!f || !f.isPublic() || !keep(make.getType()) ||
          !onlyLoadedAndStored(make.getResult())) {
        kept = false;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    }
    if (isa<tt::DescriptorReduceOp, tt::DescriptorGatherOp,
            tt::DescriptorScatterOp>(op)) {
      kept = false;
      return WalkResult::interrupt();
    }
    if (auto f = dyn_cast<tt::FuncOp>(op)) {
      for (BlockArgument a : f.getArguments()) {
        auto d = dyn_cast<tt::TensorDescType>(a.getType());
        if (!d)
          continue;
        bool ok = f.isPublic() && !f.isExternal() && keep(d) &&
                  onlyLoadedAndStored(a);
        if (!ok) {
          kept = false;
          return WalkResult::interrupt();
        }
      }
      if (mentionsDescriptor(f.getResultTypes())) {
        kept = false;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    }
    // A descriptor anywhere else (a loop or branch argument, a call's
    // result) is not a kernel parameter.
    for (Region &r : op->getRegions())
      for (Block &b : r)
        if (mentionsDescriptor(b.getArgumentTypes()) && !isa<tt::FuncOp>(op))
          kept = false;
    if (mentionsDescriptor(op->getResultTypes()))
      kept = false;
    return kept ? WalkResult::advance() : WalkResult::interrupt();
  });
  return kept;
}

struct RewriteTensorDescriptorToPointer
    : public tt::impl::TritonRewriteTensorDescriptorToPointerBase<
          RewriteTensorDescriptorToPointer> {
  std::function<bool(tt::TensorDescType)> keep;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    if (keep && allDescriptorsKept(module, keep))
      return;

    TypeConverter converter;
    converter.addConversion([](Type t) { return t; });
    converter.addConversion(
        [](tt::TensorDescType t, SmallVectorImpl<Type> &out) {
          RankedTensorType block = t.getBlockType();
          auto i64 = IntegerType::get(t.getContext(), 64);
          out.push_back(tt::getPointerType(block.getElementType()));
          out.append(2 * block.getRank(), i64);
          out.push_back(IntegerType::get(t.getContext(), 1));
          return success();
        });

    // The kernels' descriptor parameters, to give them the launch
    // convention once they are packs.
    DenseMap<Operation *, SmallVector<KernelDescriptor>> kernels;
    for (auto func : module.getOps<tt::FuncOp>()) {
      if (!func.isPublic())
        continue;
      for (auto [i, t] : llvm::enumerate(func.getArgumentTypes()))
        if (auto d = dyn_cast<tt::TensorDescType>(t))
          kernels[func].push_back(
              {unsigned(i), unsigned(d.getBlockType().getRank()),
               unsigned(tt::getElementBitWidth(d.getBlockType()) / 8)});
    }

    ConversionTarget target(*ctx);
    target.addIllegalOp<tt::MakeTensorDescOp, tt::DescriptorLoadOp,
                        tt::DescriptorStoreOp, tt::DescriptorReduceOp,
                        tt::DescriptorGatherOp, tt::DescriptorScatterOp>();
    target.addDynamicallyLegalOp<tt::FuncOp>([&](tt::FuncOp f) {
      return converter.isSignatureLegal(f.getFunctionType());
    });
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      return !mentionsDescriptor(op->getOperandTypes()) &&
             !mentionsDescriptor(op->getResultTypes());
    });

    RewritePatternSet patterns(ctx);
    patterns.add<MakeDescriptor, Load, Store, Reduce, Gather, Scatter, Call,
                 Return>(converter, ctx);
    populateFunctionOpInterfaceTypeConversionPattern<tt::FuncOp>(patterns,
                                                                 converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    for (auto &[op, descriptors] : kernels)
      applyLaunchConvention(cast<tt::FuncOp>(op), descriptors);
  }

  /// Base 16-byte aligned, strides multiples of 16 bytes, the last stride 1:
  /// what Triton's TensorDescriptor asserts on the host, made known here.
  void applyLaunchConvention(tt::FuncOp func,
                             ArrayRef<KernelDescriptor> descriptors) {
    if (func.isExternal())
      return;
    OpBuilder b(func.getBody());
    auto i32Attr = [&](int64_t v) { return b.getI32IntegerAttr(int32_t(v)); };
    llvm::BitVector erase(func.getNumArguments());
    unsigned shift = 0; // parameters added by earlier packs
    for (const KernelDescriptor &d : descriptors) {
      unsigned base = d.index + shift;
      func.setArgAttr(base, "tt.divisibility", i32Attr(16));
      int64_t div = tt::descriptorStrideDivisibility(d.elementBytes);
      for (unsigned k = 0; k + 1 < d.rank; ++k)
        if (div > 1)
          func.setArgAttr(base + 1 + d.rank + k, "tt.divisibility",
                          i32Attr(div));
      BlockArgument last = func.getArgument(base + 2 * d.rank);
      Value one = arith::ConstantOp::create(b, last.getLoc(),
                                            b.getI64IntegerAttr(1));
      last.replaceAllUsesWith(one);
      erase.set(last.getArgNumber());
      shift += 2 * d.rank + 1;
    }
    (void)func.eraseArguments(erase);
  }
};

} // namespace

std::unique_ptr<Pass> tt::createTritonRewriteTensorDescriptorToPointer(
    std::function<bool(TensorDescType)> keep) {
  auto pass = std::make_unique<RewriteTensorDescriptorToPointer>();
  pass->keep = std::move(keep);
  return pass;
}
