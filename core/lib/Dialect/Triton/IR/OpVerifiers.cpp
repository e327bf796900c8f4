//===- OpVerifiers.cpp - verifiers, builders and effects of tt ops --------===//
//
// Every verifier names what it found and what it expected, so that a user
// reading `'tt.dot' op ...` knows which operand to fix.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;
using namespace mlir::triton;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static ArrayRef<int64_t> shapeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getShape();
  return {};
}

static std::string shapeString(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "scalar";
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(shape, os);
  os << "]";
  return s;
}

/// `tensor<shape x element>` with `like`'s encoding.
static Type tensorLike(RankedTensorType like, ArrayRef<int64_t> shape,
                       Type element) {
  return RankedTensorType::get(shape, element, like.getEncoding());
}

/// Checks that `order` is a permutation of [0, rank).
static LogicalResult verifyPermutation(Operation *op, ArrayRef<int32_t> order,
                                       int64_t rank, StringRef what) {
  if (static_cast<int64_t>(order.size()) != rank)
    return op->emitOpError() << what << " has " << order.size()
                             << " entries but the tensor has rank " << rank;
  llvm::SmallBitVector seen(rank);
  for (int32_t d : order) {
    if (d < 0 || d >= rank || seen.test(d))
      return op->emitOpError()
             << what << " must be a permutation of [0, " << rank << ")";
    seen.set(d);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify() {
  unsigned srcBits = getElementBitWidth(getSrc().getType());
  unsigned dstBits = getElementBitWidth(getType());
  if (srcBits != dstBits)
    return emitOpError() << "requires source and result of the same bit "
                            "width, got "
                         << srcBits << " (" << getSrc().getType() << ") and "
                         << dstBits << " (" << getType() << ")";
  return success();
}

LogicalResult FpToFpOp::verify() {
  Type src = getElementTypeOrSelf(getSrc().getType());
  Type dst = getElementTypeOrSelf(getType());
  if (dst.getIntOrFloatBitWidth() < src.getIntOrFloatBitWidth() &&
      !getRounding())
    return emitOpError() << "requires a rounding mode for the down-cast from "
                         << src << " to " << dst;
  return success();
}

//===----------------------------------------------------------------------===//
// Pointers, loads and stores
//===----------------------------------------------------------------------===//

LogicalResult AdvanceOp::verify() {
  auto block = cast<RankedTensorType>(
      cast<PointerType>(getPtr().getType()).getPointeeType());
  if (static_cast<int64_t>(getOffsets().size()) != block.getRank())
    return emitOpError() << "has " << getOffsets().size()
                         << " offsets for a block of rank " << block.getRank();
  return success();
}

/// Checks boundaryCheck/padding/mask against the kind of pointer accessed.
static LogicalResult verifyAccess(Operation *op, Type ptrType, Value mask,
                                  Value other, ArrayRef<int32_t> boundaryCheck,
                                  bool hasPadding) {
  if (isTensorPointerType(ptrType)) {
    if (mask || other)
      return op->emitOpError()
             << "through a block pointer takes no mask or other; bounds are "
                "checked with boundaryCheck";
    int64_t rank = cast<RankedTensorType>(
                       cast<PointerType>(ptrType).getPointeeType())
                       .getRank();
    llvm::SmallBitVector seen(rank);
    for (int32_t d : boundaryCheck) {
      if (d < 0 || d >= rank)
        return op->emitOpError() << "boundaryCheck dimension " << d
                                 << " is out of range for a block of rank "
                                 << rank;
      if (seen.test(d))
        return op->emitOpError()
               << "boundaryCheck lists dimension " << d << " twice";
      seen.set(d);
    }
    return success();
  }
  if (!boundaryCheck.empty() || hasPadding)
    return op->emitOpError() << "takes boundaryCheck and padding only "
                                "through a block pointer, got "
                             << ptrType;
  return success();
}

LogicalResult LoadOp::verify() {
  return verifyAccess(*this, getPtr().getType(), getMask(), getOther(),
                      getBoundaryCheck(), getPadding().has_value());
}

LogicalResult StoreOp::verify() {
  return verifyAccess(*this, getPtr().getType(), getMask(), Value(),
                      getBoundaryCheck(), /*hasPadding=*/false);
}

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other, CacheModifier cache,
                   EvictionPolicy evict, bool isVolatile) {
  build(builder, state, ptr, mask, other, ArrayRef<int32_t>{},
        PaddingOptionAttr(), cache, evict, isVolatile);
}

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   ArrayRef<int32_t> boundaryCheck,
                   std::optional<PaddingOption> padding, CacheModifier cache,
                   EvictionPolicy evict, bool isVolatile) {
  PaddingOptionAttr paddingAttr;
  if (padding)
    paddingAttr = PaddingOptionAttr::get(builder.getContext(), *padding);
  build(builder, state, ptr, Value(), Value(), boundaryCheck, paddingAttr,
        cache, evict, isVolatile);
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       GlobalMemory::get());
  // A volatile load must be neither removed nor merged with another.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

/// Checks that `ptr` points to `val`'s element type with `val`'s shape.
static LogicalResult verifyAtomicOperands(Operation *op, Value ptr, Value val,
                                          Value mask, Type result) {
  Type pointee = getPointeeType(ptr.getType());
  if (shapeOf(ptr.getType()) != shapeOf(val.getType()))
    return op->emitOpError()
           << "pointer shape " << shapeString(shapeOf(ptr.getType()))
           << " does not match value shape "
           << shapeString(shapeOf(val.getType()));
  if (getElementTypeOrSelf(pointee) != getElementTypeOrSelf(val.getType()))
    return op->emitOpError()
           << "pointer element type " << getElementTypeOrSelf(pointee)
           << " does not match value element type "
           << getElementTypeOrSelf(val.getType());
  if (mask && shapeOf(mask.getType()) != shapeOf(val.getType()))
    return op->emitOpError()
           << "mask shape " << shapeString(shapeOf(mask.getType()))
           << " does not match value shape "
           << shapeString(shapeOf(val.getType()));
  if (result != val.getType())
    return op->emitOpError() << "result type " << result
                             << " does not match value type " << val.getType();
  return success();
}

LogicalResult AtomicRMWOp::verify() {
  if (failed(verifyAtomicOperands(*this, getPtr(), getVal(), getMask(),
                                  getType())))
    return failure();
  Type element = getElementTypeOrSelf(getVal().getType());
  switch (getAtomicRmwOp()) {
  case RMWOp::FADD:
    if (!isa<FloatType>(element))
      return emitOpError() << "fadd needs floating-point values, got "
                           << element;
    break;
  case RMWOp::AND:
  case RMWOp::OR:
  case RMWOp::XOR:
  case RMWOp::UMAX:
  case RMWOp::UMIN:
    if (!isa<IntegerType>(element))
      return emitOpError() << stringifyRMWOp(getAtomicRmwOp())
                           << " needs integer values, got " << element;
    break;
  default:
    break;
  }
  return success();
}

LogicalResult AtomicCASOp::verify() {
  if (getCmp().getType() != getVal().getType())
    return emitOpError() << "compare value type " << getCmp().getType()
                         << " does not match new value type "
                         << getVal().getType();
  return verifyAtomicOperands(*this, getPtr(), getVal(), Value(), getType());
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

LogicalResult SplatOp::verify() {
  if (isa<RankedTensorType>(getSrc().getType()))
    return emitOpError() << "source must be a scalar, got "
                         << getSrc().getType();
  return success();
}

LogicalResult UnsplatOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  if (src.getNumElements() != 1)
    return emitOpError() << "source must have exactly one element, got "
                         << src;
  return success();
}

void ExpandDimsOp::build(OpBuilder &builder, OperationState &state, Value src,
                         int axis) {
  auto srcType = cast<RankedTensorType>(src.getType());
  SmallVector<int64_t> shape(srcType.getShape());
  shape.insert(shape.begin() + axis, 1);
  build(builder, state, tensorLike(srcType, shape, srcType.getElementType()),
        src, axis);
}

LogicalResult ExpandDimsOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  int64_t axis = getAxisAttr().getInt();
  if (axis < 0 || axis > src.getRank())
    return emitOpError() << "axis " << axis
                         << " is out of range for a tensor of rank "
                         << src.getRank();
  SmallVector<int64_t> expected(src.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (cast<RankedTensorType>(getType()).getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape " << shapeString(cast<RankedTensorType>(getType()).getShape())
                         << " should be " << shapeString(expected);
  return success();
}

void ReshapeOp::build(OpBuilder &builder, OperationState &state,
                      ArrayRef<int64_t> shape, Value src, bool allowReorder) {
  auto srcType = cast<RankedTensorType>(src.getType());
  build(builder, state, tensorLike(srcType, shape, srcType.getElementType()),
        src, allowReorder, /*efficient_layout=*/false);
}

LogicalResult ReshapeOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  if (src.getNumElements() != cast<RankedTensorType>(getType()).getNumElements())
    return emitOpError() << "cannot reshape " << src.getNumElements()
                         << " elements " << shapeString(src.getShape())
                         << " into " << cast<RankedTensorType>(getType()).getNumElements() << " "
                         << shapeString(cast<RankedTensorType>(getType()).getShape());
  return success();
}

LogicalResult BroadcastOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto dst = cast<RankedTensorType>(getType());
  if (src.getRank() != dst.getRank())
    return emitOpError() << "source rank " << src.getRank()
                         << " differs from result rank " << dst.getRank();
  for (auto [i, s, d] : llvm::enumerate(src.getShape(), dst.getShape()))
    if (s != d && s != 1)
      return emitOpError() << "cannot broadcast dimension " << i << " of size "
                           << s << " to " << d
                           << "; only dimensions of size 1 can grow";
  return success();
}

LogicalResult CatOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  SmallVector<int64_t> expected(lhs.getShape());
  if (expected.empty())
    return emitOpError() << "operands must have rank at least 1";
  expected[0] *= 2;
  if (cast<RankedTensorType>(getType()).getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape " << shapeString(cast<RankedTensorType>(getType()).getShape())
                         << " should be " << shapeString(expected);
  return success();
}

void JoinOp::build(OpBuilder &builder, OperationState &state, Value lhs,
                   Value rhs) {
  auto type = cast<RankedTensorType>(lhs.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape.push_back(2);
  build(builder, state, tensorLike(type, shape, type.getElementType()), lhs,
        rhs);
}

LogicalResult JoinOp::verify() {
  auto src = cast<RankedTensorType>(getLhs().getType());
  SmallVector<int64_t> expected(src.getShape());
  expected.push_back(2);
  if (cast<RankedTensorType>(getType()).getShape() != ArrayRef<int64_t>(expected) ||
      cast<RankedTensorType>(getType()).getElementType() != src.getElementType())
    return emitOpError() << "result must be " << shapeString(expected)
                         << " of " << src.getElementType() << ", got "
                         << getType();
  return success();
}

void SplitOp::build(OpBuilder &builder, OperationState &state, Value src) {
  auto type = cast<RankedTensorType>(src.getType());
  auto shape = type.getShape().drop_back();
  Type half = tensorLike(type, shape, type.getElementType());
  build(builder, state, half, half, src);
}

LogicalResult SplitOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  if (src.getRank() == 0 || src.getShape().back() != 2)
    return emitOpError() << "source's last dimension must have size 2, got "
                         << shapeString(src.getShape());
  auto expected = src.getShape().drop_back();
  auto out = cast<RankedTensorType>(getOutLHS().getType());
  if (out.getShape() != expected ||
      out.getElementType() != src.getElementType())
    return emitOpError() << "results must be " << shapeString(expected)
                         << " of " << src.getElementType() << ", got " << out;
  return success();
}

void TransOp::build(OpBuilder &builder, OperationState &state, Value src,
                    ArrayRef<int32_t> order) {
  auto type = cast<RankedTensorType>(src.getType());
  SmallVector<int64_t> shape;
  for (int32_t d : order)
    shape.push_back(type.getShape()[d]);
  build(builder, state, tensorLike(type, shape, type.getElementType()), src,
        order);
}

LogicalResult TransOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  if (failed(verifyPermutation(*this, getOrder(), src.getRank(), "order")))
    return failure();
  SmallVector<int64_t> expected;
  for (int32_t d : getOrder())
    expected.push_back(src.getShape()[d]);
  if (cast<RankedTensorType>(getType()).getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape " << shapeString(cast<RankedTensorType>(getType()).getShape())
                         << " should be " << shapeString(expected)
                         << " for this order";
  return success();
}

LogicalResult MakeRangeOp::verify() {
  int64_t start = getStartAttr().getInt();
  int64_t end = getEndAttr().getInt();
  if (start >= end)
    return emitOpError() << "start " << start << " must be less than end "
                         << end;
  auto type = cast<RankedTensorType>(getType());
  if (type.getRank() != 1)
    return emitOpError() << "result must be a 1-D tensor, got " << type;
  if (type.getShape()[0] != end - start)
    return emitOpError() << "result has " << type.getShape()[0]
                         << " elements but the range [" << start << ", "
                         << end << ") has " << end - start;
  return success();
}

//===----------------------------------------------------------------------===//
// Dot
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto c = cast<RankedTensorType>(getC().getType());
  int64_t rank = a.getRank();
  if (rank != 2 && rank != 3)
    return emitOpError() << "operands must be 2-D, or 3-D with a batch "
                            "dimension, got rank "
                         << rank;
  if (b.getRank() != rank || c.getRank() != rank)
    return emitOpError() << "operands must have the same rank, got a: "
                         << a.getRank() << ", b: " << b.getRank()
                         << ", c: " << c.getRank();
  auto as = a.getShape(), bs = b.getShape(), cs = c.getShape();
  int64_t m = as[rank - 2], k = as[rank - 1];
  int64_t kb = bs[rank - 2], n = bs[rank - 1];
  if (k != kb)
    return emitOpError() << "reduction dimension of a (K=" << k
                         << ") does not match that of b (K=" << kb << ")";
  if (cs[rank - 2] != m || cs[rank - 1] != n)
    return emitOpError() << "accumulator shape " << shapeString(cs)
                         << " should be [" << (rank == 3 ? "B, " : "") << m
                         << ", " << n << "]";
  if (rank == 3 && (as[0] != bs[0] || as[0] != cs[0]))
    return emitOpError() << "batch dimensions differ: a " << as[0] << ", b "
                         << bs[0] << ", c " << cs[0];
  bool aInt = isa<IntegerType>(a.getElementType());
  bool bInt = isa<IntegerType>(b.getElementType());
  bool cInt = isa<IntegerType>(c.getElementType());
  if (aInt != bInt)
    return emitOpError() << "cannot multiply " << a.getElementType() << " by "
                         << b.getElementType()
                         << "; operands must both be integers or both floats";
  if (aInt != cInt)
    return emitOpError() << "accumulator of " << c.getElementType()
                         << " does not suit operands of "
                         << a.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// Reduce and scan
//===----------------------------------------------------------------------===//

/// Checks a combine region: 2N scalar arguments (N accumulated values then N
/// new ones, each of the sources' element types) and a terminator yielding N
/// values of those types.
template <typename ReturnOpT>
static LogicalResult verifyCombineRegion(Operation *op, Region &region,
                                         ArrayRef<Type> elementTypes) {
  if (region.empty())
    return op->emitOpError() << "needs a combine region";
  Block &block = region.front();
  size_t n = elementTypes.size();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError() << "combine region must take " << 2 * n
                             << " arguments (two per operand), got "
                             << block.getNumArguments();
  for (unsigned i = 0; i < 2 * n; ++i)
    if (block.getArgument(i).getType() != elementTypes[i % n])
      return op->emitOpError()
             << "combine region argument " << i << " has type "
             << block.getArgument(i).getType() << ", expected "
             << elementTypes[i % n];
  auto ret = dyn_cast<ReturnOpT>(block.getTerminator());
  if (!ret)
    return op->emitOpError() << "combine region must end with "
                             << ReturnOpT::getOperationName();
  if (ret->getNumOperands() != n)
    return op->emitOpError() << "combine region returns "
                             << ret->getNumOperands() << " values, expected "
                             << n;
  for (auto [i, v] : llvm::enumerate(ret->getOperands()))
    if (v.getType() != elementTypes[i])
      return op->emitOpError() << "combine region returns " << v.getType()
                               << " for operand " << i << ", expected "
                               << elementTypes[i];
  return success();
}

static SmallVector<Type> elementTypesOf(ValueRange values) {
  SmallVector<Type> types;
  for (Value v : values)
    types.push_back(getElementTypeOrSelf(v.getType()));
  return types;
}

/// Result type of reducing `src` along `axis`: the shape without `axis`, or
/// the element type for a 1-D tensor.
static Type reducedType(RankedTensorType src, int axis) {
  if (src.getRank() == 1)
    return src.getElementType();
  SmallVector<int64_t> shape(src.getShape());
  shape.erase(shape.begin() + axis);
  // Encodings of reduced tensors are assigned by backends (slice layouts);
  // TTIR tensors have none.
  return RankedTensorType::get(shape, src.getElementType());
}

void ReduceOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                     int axis) {
  SmallVector<Type> results;
  for (Value src : srcs)
    results.push_back(reducedType(cast<RankedTensorType>(src.getType()), axis));
  build(builder, state, results, srcs, axis);
}

LogicalResult ReduceOp::verify() {
  if (getSrcs().empty())
    return emitOpError() << "needs at least one operand";
  auto first = cast<RankedTensorType>(getSrcs()[0].getType());
  int64_t axis = getAxisAttr().getInt();
  if (axis < 0 || axis >= first.getRank())
    return emitOpError() << "axis " << axis
                         << " is out of range for operands of rank "
                         << first.getRank();
  if (getNumResults() != getSrcs().size())
    return emitOpError() << "has " << getNumResults() << " results for "
                         << getSrcs().size() << " operands";
  for (auto [i, src, result] :
       llvm::enumerate(getSrcs(), getResultTypes())) {
    Type expected = reducedType(cast<RankedTensorType>(src.getType()), axis);
    bool sameShape = shapeOf(expected) == shapeOf(result) &&
                     getElementTypeOrSelf(expected) ==
                         getElementTypeOrSelf(result) &&
                     isa<RankedTensorType>(expected) ==
                         isa<RankedTensorType>(result);
    if (!sameShape)
      return emitOpError() << "result " << i << " has type " << result
                           << ", expected " << expected;
  }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombineRegion<ReduceReturnOp>(*this, getCombineOp(),
                                             elementTypesOf(getSrcs()));
}

Operation *ReduceOp::getSingleCombiner() {
  Block &block = getCombineOp().front();
  if (block.getOperations().size() != 2)
    return nullptr;
  return &block.front();
}

void ScanOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                   int axis, bool reverse) {
  build(builder, state, TypeRange(srcs), srcs, axis, reverse);
}

LogicalResult ScanOp::verify() {
  if (getSrcs().empty())
    return emitOpError() << "needs at least one operand";
  auto first = cast<RankedTensorType>(getSrcs()[0].getType());
  int64_t axis = getAxisAttr().getInt();
  if (axis < 0 || axis >= first.getRank())
    return emitOpError() << "axis " << axis
                         << " is out of range for operands of rank "
                         << first.getRank();
  if (getNumResults() != getSrcs().size())
    return emitOpError() << "has " << getNumResults() << " results for "
                         << getSrcs().size() << " operands";
  for (auto [i, src, result] : llvm::enumerate(getSrcs(), getResultTypes()))
    if (getElementTypeOrSelf(src.getType()) != getElementTypeOrSelf(result))
      return emitOpError() << "result " << i << " has type " << result
                           << ", expected elements of "
                           << getElementTypeOrSelf(src.getType());
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombineRegion<ScanReturnOp>(*this, getCombineOp(),
                                           elementTypesOf(getSrcs()));
}

//===----------------------------------------------------------------------===//
// External calls and inline assembly
//===----------------------------------------------------------------------===//

/// Effects of code we cannot see: none when declared pure, else it may read
/// and write anything.
static void addOpaqueCodeEffects(
    bool pure,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (pure)
    return;
  effects.emplace_back(MemoryEffects::Write::get(),
                       SideEffects::DefaultResource::get());
  effects.emplace_back(MemoryEffects::Read::get(),
                       SideEffects::DefaultResource::get());
}

void ExternElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addOpaqueCodeEffects(getPure(), effects);
}

void ElementwiseInlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addOpaqueCodeEffects(getPure(), effects);
}

LogicalResult ElementwiseInlineAsmOp::verify() {
  if (getPackedElement() < 1)
    return emitOpError() << "packed_element must be at least 1, got "
                         << getPackedElement();
  // Equal shapes of tensor arguments and results: the Elementwise trait.
  return success();
}

//===----------------------------------------------------------------------===//
// Histogram, gather, print
//===----------------------------------------------------------------------===//

LogicalResult HistogramOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  if (src.getRank() != 1 || cast<RankedTensorType>(getType()).getRank() != 1)
    return emitOpError() << "source and result must be 1-D, got " << src
                         << " and " << getType();
  return success();
}

LogicalResult GatherOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto indices = cast<RankedTensorType>(getIndices().getType());
  auto result = cast<RankedTensorType>(getType());
  int64_t axis = getAxisAttr().getInt();
  if (indices.getRank() != src.getRank())
    return emitOpError() << "indices rank " << indices.getRank()
                         << " differs from source rank " << src.getRank();
  if (axis < 0 || axis >= src.getRank())
    return emitOpError() << "axis " << axis
                         << " is out of range for a source of rank "
                         << src.getRank();
  if (result.getShape() != indices.getShape())
    return emitOpError() << "result shape " << shapeString(result.getShape())
                         << " must equal indices shape "
                         << shapeString(indices.getShape());
  if (result.getElementType() != src.getElementType())
    return emitOpError() << "result element type " << result.getElementType()
                         << " differs from source element type "
                         << src.getElementType();
  for (int64_t d = 0; d < src.getRank(); ++d)
    if (d != axis && indices.getShape()[d] > src.getShape()[d])
      return emitOpError() << "indices dimension " << d << " ("
                           << indices.getShape()[d]
                           << ") exceeds the source's (" << src.getShape()[d]
                           << ")";
  return success();
}

LogicalResult PrintOp::verify() {
  if (getIsSigned().size() != getArgs().size())
    return emitOpError() << "isSigned has " << getIsSigned().size()
                         << " entries for " << getArgs().size()
                         << " arguments";
  return success();
}

//===----------------------------------------------------------------------===//
// Block pointers
//===----------------------------------------------------------------------===//

void MakeTensorPtrOp::build(OpBuilder &builder, OperationState &state,
                            Value base, ValueRange shape, ValueRange strides,
                            ValueRange offsets, ArrayRef<int64_t> blockShape,
                            ArrayRef<int32_t> order) {
  auto ptr = cast<PointerType>(base.getType());
  auto block = RankedTensorType::get(blockShape, ptr.getPointeeType());
  build(builder, state, PointerType::get(block, ptr.getAddressSpace()), base,
        shape, strides, offsets, order);
}

LogicalResult MakeTensorPtrOp::verify() {
  auto block = cast<RankedTensorType>(
      cast<PointerType>(getType()).getPointeeType());
  int64_t rank = block.getRank();
  if (static_cast<int64_t>(getShape().size()) != rank)
    return emitOpError() << "has " << getShape().size()
                         << " shape entries for a block of rank " << rank;
  return verifyPermutation(*this, getOrder(), rank, "order");
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

/// A tensor of the descriptor's block shape and element type (encodings
/// aside: in TTGIR the block type carries a shared layout, the value a
/// register one).
static LogicalResult verifyBlockValue(Operation *op, TensorDescType desc,
                                      Type value, StringRef what) {
  RankedTensorType block = desc.getBlockType();
  auto tensor = dyn_cast<RankedTensorType>(value);
  if (!tensor || tensor.getShape() != block.getShape() ||
      tensor.getElementType() != block.getElementType())
    return op->emitOpError()
           << what << " must be the descriptor's block, a tensor of shape "
           << shapeString(block.getShape()) << " of " << block.getElementType()
           << "; got " << value;
  return success();
}

static LogicalResult verifyIndices(Operation *op, TensorDescType desc,
                                   size_t count) {
  int64_t rank = desc.getBlockType().getRank();
  if (static_cast<int64_t>(count) != rank)
    return op->emitOpError() << "has " << count
                             << " indices for a descriptor of rank " << rank;
  return success();
}

LogicalResult MakeTensorDescOp::verify() {
  RankedTensorType block = getType().getBlockType();
  int64_t rank = block.getRank();
  if (rank < 1 || rank > 5)
    return emitOpError() << "makes a descriptor of rank " << rank
                         << "; tensor descriptors have rank 1 to 5";
  if (static_cast<int64_t>(getShape().size()) != rank)
    return emitOpError() << "has " << getShape().size()
                         << " shape entries for a block of rank " << rank;
  Type pointee = cast<PointerType>(getBase().getType()).getPointeeType();
  if (pointee != block.getElementType())
    return emitOpError() << "base points to " << pointee
                         << " but the descriptor's blocks hold "
                         << block.getElementType();
  return success();
}

LogicalResult DescriptorLoadOp::verify() {
  if (failed(verifyIndices(*this, getDesc().getType(), getIndices().size())))
    return failure();
  return verifyBlockValue(*this, getDesc().getType(), getType(), "the result");
}

LogicalResult DescriptorStoreOp::verify() {
  if (failed(verifyIndices(*this, getDesc().getType(), getIndices().size())))
    return failure();
  return verifyBlockValue(*this, getDesc().getType(), getSrc().getType(),
                          "the stored value");
}

LogicalResult DescriptorReduceOp::verify() {
  if (failed(verifyIndices(*this, getDesc().getType(), getIndices().size())))
    return failure();
  if (getKind() == DescriptorReduceKind::NONE)
    return emitOpError() << "needs a reduction kind (add, min, max, and, or, "
                            "xor, inc, dec)";
  return verifyBlockValue(*this, getDesc().getType(), getSrc().getType(),
                          "the reduced value");
}

/// Gathered rows: a 1xN descriptor block, a 1-D index tensor of M rows,
/// and an MxN value of the block's element type.
static LogicalResult verifyRows(Operation *op, TensorDescType desc,
                                RankedTensorType xOffsets, Type value,
                                StringRef what) {
  RankedTensorType block = desc.getBlockType();
  if (block.getRank() != 2 || block.getShape()[0] != 1)
    return op->emitOpError() << "needs a descriptor whose block is one row "
                                "(1xN), got "
                             << shapeString(block.getShape());
  if (xOffsets.getRank() != 1)
    return op->emitOpError() << "needs 1-D row offsets, got "
                             << shapeString(xOffsets.getShape());
  auto tensor = dyn_cast<RankedTensorType>(value);
  SmallVector<int64_t> want{xOffsets.getShape()[0], block.getShape()[1]};
  if (!tensor || tensor.getShape() != ArrayRef<int64_t>(want) ||
      tensor.getElementType() != block.getElementType())
    return op->emitOpError() << what << " must be a tensor of shape "
                             << shapeString(want) << " of "
                             << block.getElementType() << "; got " << value;
  return success();
}

LogicalResult DescriptorGatherOp::verify() {
  return verifyRows(*this, getDesc().getType(), getXOffsets().getType(),
                    getType(), "the result");
}

LogicalResult DescriptorScatterOp::verify() {
  return verifyRows(*this, getDesc().getType(), getXOffsets().getType(),
                    getSrc().getType(), "the scattered value");
}
