//===- Dialect.cpp - the ttg dialect: encodings, linear layouts, ops ------===//

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"

#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>

#include "llvm/ADT/StringSet.h"

#include <map>
#include <memory>
#include <set>
#include <shared_mutex>

using namespace mlir;
using namespace mlir::triton::gpu;

#include "trident/Dialect/TritonGPU/IR/AttrInterfaces.cpp.inc"
#include "trident/Dialect/TritonGPU/IR/OpInterfaces.cpp.inc"
#include "trident/Dialect/TritonGPU/IR/Dialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "trident/Dialect/TritonGPU/IR/Attrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/TritonGPU/IR/Types.cpp.inc"

#define GET_OP_CLASSES
#include "trident/Dialect/TritonGPU/IR/Ops.cpp.inc"

namespace {
/// `#blocked = #ttg.blocked<...>` aliases, as Triton prints them.
struct TritonGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<BlockedEncodingAttr>(attr)) {
      os << "blocked";
      return AliasResult::FinalAlias;
    }
    if (isa<SliceEncodingAttr>(attr)) {
      os << "slice";
      return AliasResult::FinalAlias;
    }
    if (isa<LinearEncodingAttr>(attr)) {
      os << "linear";
      return AliasResult::FinalAlias;
    }
    if (isa<SwizzledSharedEncodingAttr>(attr)) {
      os << "shared";
      return AliasResult::FinalAlias;
    }
    if (auto vendor = dyn_cast<VendorEncodingAttr>(attr)) {
      const VendorEncodingInfo *info = findVendorEncoding(vendor.getName());
      os << (info && !info->alias.empty() ? info->alias : std::string("enc"));
      return AliasResult::FinalAlias;
    }
    if (auto vendor = dyn_cast<VendorSharedEncodingAttr>(attr)) {
      const VendorEncodingInfo *info = findVendorEncoding(vendor.getName());
      os << (info && !info->alias.empty() ? info->alias : std::string("shared"));
      return AliasResult::FinalAlias;
    }
    if (isa<SharedMemorySpaceAttr>(attr)) {
      os << "smem";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void TritonGPUDialect::initialize() {
  registerAttributes();
  registerTypes();
  addInterfaces<TritonGPUOpAsmInterface>();
  addOperations<
#define GET_OP_LIST
#include "trident/Dialect/TritonGPU/IR/Ops.cpp.inc"
      >();
}

void TritonGPUDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "trident/Dialect/TritonGPU/IR/Types.cpp.inc"
      >();
}

void TritonGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "trident/Dialect/TritonGPU/IR/Attrs.cpp.inc"
      >();
}

static int intModuleAttr(ModuleOp m, StringRef name, int dflt) {
  if (auto a = m->getAttrOfType<IntegerAttr>(name))
    return int(a.getInt());
  return dflt;
}

int TritonGPUDialect::getNumWarps(ModuleOp m) {
  return intModuleAttr(m, kNumWarps, 4);
}
int TritonGPUDialect::getThreadsPerWarp(ModuleOp m) {
  return intModuleAttr(m, kThreadsPerWarp, 32);
}

//===----------------------------------------------------------------------===//
// Parsing and printing: `<{key = [..], ...}>` as Triton writes them.
//===----------------------------------------------------------------------===//

static ParseResult parseUnsignedArray(AsmParser &p, Attribute a, StringRef key,
                                      SmallVectorImpl<unsigned> &out) {
  auto arr = dyn_cast<ArrayAttr>(a);
  if (!arr)
    return p.emitError(p.getNameLoc(), "'") << key << "' must be an array";
  for (Attribute e : arr) {
    auto i = dyn_cast<IntegerAttr>(e);
    if (!i || i.getInt() < 0)
      return p.emitError(p.getNameLoc(), "'")
             << key << "' must hold non-negative integers";
    out.push_back(unsigned(i.getInt()));
  }
  return success();
}

static bool isTrivialCta(AsmParser &p, DictionaryAttr dict, unsigned rank) {
  // Triton prints CTAsPerCGA/CTASplitNum/CTAOrder only when num_ctas > 1.
  for (StringRef key : {"CTAsPerCGA", "CTASplitNum"})
    if (Attribute a = dict.get(key)) {
      SmallVector<unsigned> v;
      if (failed(parseUnsignedArray(p, a, key, v)))
        return false;
      for (unsigned x : v)
        if (x != 1) {
          p.emitError(p.getNameLoc(),
                      "layouts spanning several CTAs (num_ctas > 1) are not "
                      "supported yet");
          return false;
        }
    }
  (void)rank;
  return true;
}

Attribute BlockedEncodingAttr::parse(AsmParser &p, Type) {
  DictionaryAttr dict;
  if (p.parseLess() || p.parseAttribute(dict) || p.parseGreater())
    return {};
  SmallVector<unsigned> spt, tpw, wpc, order;
  for (NamedAttribute a : dict) {
    StringRef k = a.getName().strref();
    SmallVectorImpl<unsigned> *dst = k == "sizePerThread"    ? &spt
                                     : k == "threadsPerWarp" ? &tpw
                                     : k == "warpsPerCTA"    ? &wpc
                                     : k == "order"          ? &order
                                                             : nullptr;
    if (k == "CTAsPerCGA" || k == "CTASplitNum" || k == "CTAOrder")
      continue;
    if (!dst) {
      p.emitError(p.getNameLoc(), "unexpected key: ") << k;
      return {};
    }
    if (failed(parseUnsignedArray(p, a.getValue(), k, *dst)))
      return {};
  }
  if (!isTrivialCta(p, dict, spt.size()))
    return {};
  return p.getChecked<BlockedEncodingAttr>(p.getContext(), spt, tpw, wpc,
                                           order);
}

void BlockedEncodingAttr::print(AsmPrinter &p) const {
  auto list = [&](ArrayRef<unsigned> v) {
    p << "[";
    llvm::interleaveComma(v, p);
    p << "]";
  };
  p << "<{sizePerThread = ";
  list(getSizePerThread());
  p << ", threadsPerWarp = ";
  list(getThreadsPerWarp());
  p << ", warpsPerCTA = ";
  list(getWarpsPerCTA());
  p << ", order = ";
  list(getOrder());
  p << "}>";
}

LogicalResult
BlockedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            ArrayRef<unsigned> spt, ArrayRef<unsigned> tpw,
                            ArrayRef<unsigned> wpc, ArrayRef<unsigned> order) {
  size_t rank = order.size();
  if (rank == 0 || spt.size() != rank || tpw.size() != rank ||
      wpc.size() != rank)
    return emitError() << "sizePerThread, threadsPerWarp, warpsPerCTA and "
                          "order must have one entry per dimension";
  SmallVector<unsigned> sorted(order);
  llvm::sort(sorted);
  for (size_t i = 0; i < rank; ++i)
    if (sorted[i] != i)
      return emitError() << "order must be a permutation of 0.." << rank - 1;
  for (ArrayRef<unsigned> v : {spt, tpw, wpc})
    for (unsigned x : v)
      if (x == 0 || (x & (x - 1)))
        return emitError() << "blocked encoding sizes must be powers of two";
  return success();
}

Attribute SliceEncodingAttr::parse(AsmParser &p, Type) {
  DictionaryAttr dict;
  if (p.parseLess() || p.parseAttribute(dict) || p.parseGreater())
    return {};
  auto dim = dyn_cast_or_null<IntegerAttr>(dict.get("dim"));
  Attribute parent = dict.get("parent");
  if (!dim || !parent || dict.size() != 2) {
    p.emitError(p.getNameLoc(), "slice encoding needs exactly 'dim' and "
                                "'parent'");
    return {};
  }
  return p.getChecked<SliceEncodingAttr>(p.getContext(),
                                         unsigned(dim.getInt()), parent);
}

void SliceEncodingAttr::print(AsmPrinter &p) const {
  p << "<{dim = " << getDim() << ", parent = " << getParent() << "}>";
}

LogicalResult
SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned dim, Attribute parent) {
  auto d = dyn_cast<DistributedEncoding>(parent);
  if (!d)
    return emitError() << "the parent of a slice must be a distributed "
                          "encoding";
  if (dim >= d.getRank())
    return emitError() << "slice dim " << dim << " is out of range for a "
                       << "parent of rank " << d.getRank();
  return success();
}

unsigned SliceEncodingAttr::getRank() const {
  return cast<DistributedEncoding>(getParent()).getRank() - 1;
}

Attribute SwizzledSharedEncodingAttr::parse(AsmParser &p, Type) {
  DictionaryAttr dict;
  if (p.parseLess() || p.parseAttribute(dict) || p.parseGreater())
    return {};
  unsigned vec = 1, perPhase = 1, maxPhase = 1;
  SmallVector<unsigned> order;
  for (NamedAttribute a : dict) {
    StringRef k = a.getName().strref();
    if (k == "order") {
      if (failed(parseUnsignedArray(p, a.getValue(), k, order)))
        return {};
      continue;
    }
    if (k == "CTAsPerCGA" || k == "CTASplitNum" || k == "CTAOrder")
      continue; // checked below
    auto i = dyn_cast<IntegerAttr>(a.getValue());
    if (!i || i.getInt() < 0 ||
        (k != "vec" && k != "perPhase" && k != "maxPhase")) {
      p.emitError(p.getNameLoc(), "swizzled_shared has no field '")
          << k << "' (vec, perPhase, maxPhase, order)";
      return {};
    }
    (k == "vec" ? vec : k == "perPhase" ? perPhase : maxPhase) =
        unsigned(i.getInt());
  }
  if (!isTrivialCta(p, dict, order.size()))
    return {};
  return p.getChecked<SwizzledSharedEncodingAttr>(p.getContext(), vec,
                                                  perPhase, maxPhase, order);
}

void SwizzledSharedEncodingAttr::print(AsmPrinter &p) const {
  p << "<{vec = " << getVec() << ", perPhase = " << getPerPhase()
    << ", maxPhase = " << getMaxPhase() << ", order = [";
  llvm::interleaveComma(getOrder(), p);
  p << "]}>";
}

LogicalResult SwizzledSharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned vec,
    unsigned perPhase, unsigned maxPhase, ArrayRef<unsigned> order) {
  if (!vec || !perPhase || !maxPhase)
    return emitError() << "swizzled_shared vec, perPhase and maxPhase must "
                          "be at least 1";
  SmallVector<unsigned> sorted(order);
  llvm::sort(sorted);
  for (size_t i = 0; i < sorted.size(); ++i)
    if (sorted[i] != i)
      return emitError() << "order must be a permutation of 0.."
                         << order.size() - 1;
  return success();
}

bool mlir::triton::gpu::inSharedMemory(Type memdesc) {
  auto type = dyn_cast<MemDescType>(memdesc);
  auto space = type ? dyn_cast<MemorySpace>(type.getMemorySpace()) : nullptr;
  return space && space.isSharedMemory();
}

size_t mlir::triton::gpu::sharedEncodingRank(Attribute enc, size_t fallback) {
  if (auto s = dyn_cast<SwizzledSharedEncodingAttr>(enc))
    return s.getOrder().size();
  if (auto v = dyn_cast<VendorSharedEncodingAttr>(enc)) {
    const VendorEncodingInfo *info = findVendorEncoding(v.getName());
    if (info && info->rank)
      return info->rank(v.getParams());
  }
  return fallback;
}

Type MemDescType::parse(AsmParser &p) {
  SmallVector<int64_t> shape, alloc;
  Type elem;
  Attribute enc, space;
  bool isMutable = false;
  if (p.parseLess() || p.parseDimensionList(shape, /*allowDynamic=*/false) ||
      p.parseType(elem) || p.parseComma() || p.parseAttribute(enc) ||
      p.parseComma() || p.parseAttribute(space))
    return {};
  while (succeeded(p.parseOptionalComma())) {
    if (succeeded(p.parseOptionalKeyword("mutable"))) {
      isMutable = true;
      continue;
    }
    if (p.parseDimensionList(alloc, /*allowDynamic=*/false,
                             /*withTrailingX=*/false))
      return {};
  }
  if (p.parseGreater())
    return {};
  return p.getChecked<MemDescType>(p.getContext(), shape, elem, enc, space,
                                   isMutable, alloc);
}

void MemDescType::print(AsmPrinter &p) const {
  p << "<";
  for (int64_t d : getShape())
    p << d << "x";
  p << getElementType() << ", " << getEncoding() << ", " << getMemorySpace();
  if (getMutableMemory())
    p << ", mutable";
  if (!getAllocShape().empty() && getAllocShape() != getShape()) {
    p << ", ";
    llvm::interleave(getAllocShape(), p, "x");
  }
  p << ">";
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elem,
                                  Attribute enc, Attribute space, bool,
                                  ArrayRef<int64_t> alloc) {
  if (shape.empty())
    return emitError() << "a memdesc needs a shape";
  for (int64_t d : shape)
    if (d <= 0)
      return emitError() << "memdesc dimensions must be positive";
  if (!elem.isIntOrFloat() && !isa<triton::PointerType>(elem))
    return emitError() << "memdesc elements are integers, floats or pointers";
  if (!isa<MemorySpace>(space))
    return emitError() << "a memdesc's memory space is #ttg.shared_memory "
                          "or a backend's (an attribute implementing "
                          "MemorySpace), not " << space;
  if (!isa<SharedEncoding>(enc))
    return emitError() << "a memdesc's encoding must be a shared encoding "
                          "(#ttg.swizzled_shared, or a backend's)";
  // The encoding may cover the trailing dimensions only: the leading one
  // then counts buffers (a pipeline's stages), of any number.
  size_t encRank = sharedEncodingRank(enc, shape.size());
  if (encRank != shape.size() && encRank + 1 != shape.size())
    return emitError() << "the shared encoding is of rank " << encRank
                       << ", for a memdesc of rank " << shape.size();
  for (size_t i = shape.size() - encRank; i < shape.size(); ++i)
    if (!llvm::isPowerOf2_64(uint64_t(shape[i])))
      return emitError() << "memdesc dimensions must be powers of two "
                            "(but for a leading dimension of buffers)";
  if (!alloc.empty()) {
    if (alloc.size() < shape.size())
      return emitError() << "a memdesc's allocation has fewer dimensions "
                            "than its shape";
    for (size_t i = 0; i < shape.size(); ++i)
      if (alloc[alloc.size() - shape.size() + i] < shape[i])
        return emitError() << "a memdesc's shape exceeds its allocation";
  }
  return success();
}

/// A tensor and a memdesc of one shape and element type.
static LogicalResult matchTensor(Operation *op, RankedTensorType t,
                                 MemDescType m) {
  if (t.getShape() != m.getShape() ||
      t.getElementType() != m.getElementType())
    return op->emitOpError("tensor ")
           << t << " does not match the buffer's shape and element type";
  return success();
}

LogicalResult LocalAllocOp::verify() {
  MemDescType m = getType();
  if (!getSrc()) {
    if (!m.getMutableMemory())
      return emitOpError("an empty buffer must be mutable (it can only be "
                         "filled by local_store)");
    return success();
  }
  return matchTensor(*this, cast<RankedTensorType>(getSrc().getType()), m);
}

LogicalResult LocalLoadOp::verify() {
  return matchTensor(*this, getType(), getSrc().getType());
}

/// What every view keeps: element type, memory space, mutability.
static LogicalResult matchView(Operation *op, MemDescType src,
                               MemDescType dst) {
  if (src.getElementType() != dst.getElementType() ||
      src.getMemorySpace() != dst.getMemorySpace() ||
      src.getMutableMemory() != dst.getMutableMemory())
    return op->emitOpError("a view keeps its buffer's element type, memory "
                           "space and mutability: ")
           << src << " -> " << dst;
  return success();
}

LogicalResult MemDescIndexOp::verify() {
  MemDescType src = getSrc().getType(), dst = getType();
  if (failed(matchView(*this, src, dst)))
    return failure();
  if (src.getShape().size() < 2 ||
      dst.getShape() != src.getShape().drop_front())
    return emitOpError("the result is one buffer of the leading dimension: ")
           << "expected shape [" << src.getShape().drop_front() << "], got ["
           << dst.getShape() << "]";
  if (!src.getAllocShape().empty() && src.getAllocShape() != src.getShape())
    return emitOpError("indexes a whole allocation, not a view into one");
  return success();
}

LogicalResult MemDescSubsliceOp::verify() {
  MemDescType src = getSrc().getType(), dst = getType();
  if (failed(matchView(*this, src, dst)))
    return failure();
  ArrayRef<int32_t> offsets = getOffsets();
  ArrayRef<int64_t> from = src.getShape(), to = dst.getShape();
  if (offsets.size() != from.size() || to.size() != from.size())
    return emitOpError("takes one offset per dimension of a buffer of the "
                       "result's rank");
  for (size_t i = 0; i < from.size(); ++i)
    if (offsets[i] < 0 || offsets[i] + to[i] > from[i] ||
        offsets[i] % to[i])
      return emitOpError("offset ")
             << offsets[i] << " along dimension " << i
             << " must be a multiple of the tile's size " << to[i]
             << " within the buffer's " << from[i];
  ArrayRef<int64_t> alloc =
      src.getAllocShape().empty() ? from : src.getAllocShape();
  if (dst.getAllocShape() != alloc)
    return emitOpError("the result's allocation shape is its buffer's: [")
           << alloc << "]";
  if (dst.getEncoding() != src.getEncoding())
    return emitOpError("a tile keeps its buffer's encoding");
  return success();
}

LogicalResult GlobalScratchAllocOp::verify() {
  if (getNbytes() <= 0)
    return emitOpError("nbytes must be positive, not ") << getNbytes();
  int32_t a = getAlignment();
  if (a <= 0 || (a & (a - 1)))
    return emitOpError("alignment must be a power of two, not ") << a;
  return success();
}

LogicalResult MemDescTransOp::verify() {
  MemDescType src = getSrc().getType(), dst = getType();
  if (failed(matchView(*this, src, dst)))
    return failure();
  ArrayRef<int32_t> order = getOrder();
  ArrayRef<int64_t> from = src.getShape(), to = dst.getShape();
  SmallVector<bool> seen(from.size(), false);
  if (order.size() != from.size() || to.size() != from.size())
    return emitOpError("order must permute the buffer's ")
           << from.size() << " dimensions";
  for (size_t i = 0; i < order.size(); ++i) {
    if (order[i] < 0 || size_t(order[i]) >= from.size() || seen[order[i]])
      return emitOpError("order must permute the buffer's ")
             << from.size() << " dimensions";
    seen[order[i]] = true;
    if (to[i] != from[order[i]])
      return emitOpError("result dimension ")
             << i << " is the buffer's dimension " << order[i] << " ("
             << from[order[i]] << "), not " << to[i];
  }
  return success();
}

LogicalResult MemDescReshapeOp::verify() {
  MemDescType src = getSrc().getType(), dst = getType();
  if (failed(matchView(*this, src, dst)))
    return failure();
  if (ShapedType::getNumElements(src.getShape()) != ShapedType::getNumElements(dst.getShape()))
    return emitOpError("reshapes ")
           << ShapedType::getNumElements(src.getShape()) << " elements into "
           << ShapedType::getNumElements(dst.getShape());
  return success();
}

static constexpr std::pair<int32_t, llvm::StringLiteral> kBarrierSpaces[] = {
    {BarrierOp::kLocal, "local"},
    {BarrierOp::kGlobalRead, "global_read"},
    {BarrierOp::kGlobalWrite, "global_write"}};

ParseResult BarrierOp::parse(OpAsmParser &p, OperationState &state) {
  int32_t bits = 0;
  do {
    StringRef word;
    SMLoc at = p.getCurrentLocation();
    if (p.parseKeyword(&word))
      return failure();
    int32_t bit = 0;
    for (auto &[b, name] : kBarrierSpaces)
      if (word == name)
        bit = b;
    if (!bit)
      return p.emitError(at, "unknown memory '")
             << word << "' (expected local, global_read or global_write)";
    bits |= bit;
  } while (succeeded(p.parseOptionalVerticalBar()));
  state.addAttribute("addrSpace", p.getBuilder().getI32IntegerAttr(bits));
  return p.parseOptionalAttrDict(state.attributes);
}

void BarrierOp::print(OpAsmPrinter &p) {
  const char *sep = " ";
  for (auto &[b, name] : kBarrierSpaces)
    if (getAddrSpace() & uint32_t(b)) {
      p << sep << name;
      sep = "|";
    }
  p.printOptionalAttrDict((*this)->getAttrs(), {"addrSpace"});
}

LogicalResult BarrierOp::verify() {
  uint32_t all = kLocal | kGlobalRead | kGlobalWrite;
  if (!getAddrSpace() || (getAddrSpace() & ~all))
    return emitOpError("names no memory, or an unknown one");
  return success();
}

LogicalResult LocalStoreOp::verify() {
  if (!getDst().getType().getMutableMemory())
    return emitOpError("stores into an immutable buffer (the memdesc has "
                       "no 'mutable')");
  return matchTensor(*this, getSrc().getType(), getDst().getType());
}

LogicalResult AsyncCopyGlobalToLocalOp::verify() {
  MemDescType dst = getResult().getType();
  auto src = cast<RankedTensorType>(getSrc().getType());
  if (!dst.getMutableMemory())
    return emitOpError("copies into an immutable buffer (the memdesc has "
                       "no 'mutable')");
  if (src.getShape() != dst.getShape())
    return emitOpError("copies a tensor of shape [")
           << src.getShape() << "] into a buffer of shape [" << dst.getShape()
           << "]";
  auto ptr = cast<triton::PointerType>(src.getElementType());
  if (ptr.getPointeeType() != dst.getElementType())
    return emitOpError("copies ")
           << ptr.getPointeeType() << " elements into a buffer of "
           << dst.getElementType();
  if (Value m = getMask())
    if (cast<RankedTensorType>(m.getType()).getShape() != src.getShape())
      return emitOpError("mask's shape differs from the pointers'");
  if (getContiguity() < 1)
    return emitOpError("contiguity must be at least 1");
  return success();
}

static const char *const kLinearInputs[] = {"register", "lane", "warp",
                                            "block"};

Attribute LinearEncodingAttr::parse(AsmParser &p, Type) {
  DictionaryAttr dict;
  if (p.parseLess() || p.parseAttribute(dict) || p.parseGreater())
    return {};
  SmallVector<ArrayAttr> bases;
  for (const char *in : kLinearInputs) {
    Attribute a = dict.get(in);
    auto arr = dyn_cast_or_null<ArrayAttr>(a);
    if (a && !arr) {
      p.emitError(p.getNameLoc(), "'") << in << "' must be a list of bases";
      return {};
    }
    bases.push_back(arr ? arr : ArrayAttr::get(p.getContext(), {}));
  }
  for (NamedAttribute a : dict)
    if (!llvm::is_contained(kLinearInputs, a.getName().strref())) {
      p.emitError(p.getNameLoc(), "linear encoding has no input '")
          << a.getName().strref() << "' (register, lane, warp, block)";
      return {};
    }
  return p.getChecked<LinearEncodingAttr>(p.getContext(), bases[0], bases[1],
                                          bases[2], bases[3]);
}

void LinearEncodingAttr::print(AsmPrinter &p) const {
  ArrayAttr all[] = {getRegisterBases(), getLaneBases(), getWarpBases(),
                     getBlockBases()};
  p << "<{";
  for (int i = 0; i < 4; ++i) {
    p << (i ? ", " : "") << kLinearInputs[i] << " = [";
    llvm::interleaveComma(all[i], p, [&](Attribute b) {
      p << "[";
      llvm::interleaveComma(cast<ArrayAttr>(b), p, [&](Attribute v) {
        p << cast<IntegerAttr>(v).getInt();
      });
      p << "]";
    });
    p << "]";
  }
  p << "}>";
}

LogicalResult
LinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           ArrayAttr reg, ArrayAttr lane, ArrayAttr warp,
                           ArrayAttr block) {
  int64_t rank = -1;
  for (ArrayAttr bases : {reg, lane, warp, block})
    for (Attribute b : bases) {
      auto basis = dyn_cast<ArrayAttr>(b);
      if (!basis || basis.empty())
        return emitError() << "each basis of a linear encoding is a non-empty "
                              "list of coordinates";
      if (rank >= 0 && int64_t(basis.size()) != rank)
        return emitError() << "the bases of a linear encoding must all have "
                           << rank << " coordinates";
      rank = int64_t(basis.size());
      for (Attribute v : basis) {
        auto i = dyn_cast<IntegerAttr>(v);
        if (!i || i.getInt() < 0 || i.getInt() > (int64_t(1) << 30))
          return emitError() << "linear encoding coordinates must be "
                                "non-negative integers";
      }
    }
  if (rank < 0)
    return emitError() << "a linear encoding needs at least one basis";
  if (!block.empty())
    for (Attribute b : block)
      for (Attribute v : cast<ArrayAttr>(b))
        if (cast<IntegerAttr>(v).getInt() != 0)
          return emitError() << "layouts spanning several CTAs (num_ctas > 1) "
                                "are not supported yet";
  return success();
}

unsigned LinearEncodingAttr::getRank() const {
  for (ArrayAttr bases : {getRegisterBases(), getLaneBases(), getWarpBases(),
                          getBlockBases()})
    if (!bases.empty())
      return cast<ArrayAttr>(bases[0]).size();
  return 0;
}

/// A linear encoding's basis coordinate on a dimension of `size` elements
/// (a power of two): the bits at or above the size dropped. A layout made
/// for a larger shape then replicates along that dimension, as Triton 3.6
/// reads it (ensureLayoutNotLargerThan zeroes such power-of-two bases):
/// Triton emits bases of 1 on dimensions of size 1 (a MoE router's 1xN
/// tensors).
static int32_t cropLinearCoordinate(int64_t coordinate, int64_t size) {
  return int32_t(coordinate & (size - 1));
}

trident::LinearLayout
LinearEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  std::vector<trident::LinearLayout::InDim> ins;
  ArrayAttr all[] = {getRegisterBases(), getLaneBases(), getWarpBases(),
                     getBlockBases()};
  for (int i = 0; i < 4; ++i) {
    trident::LinearLayout::InDim in{kLinearInputs[i], {}};
    for (Attribute b : all[i]) {
      trident::LinearLayout::Basis basis;
      auto coords = cast<ArrayAttr>(b);
      for (size_t d = 0; d < coords.size(); ++d)
        basis.push_back(cropLinearCoordinate(
            cast<IntegerAttr>(coords[d]).getInt(),
            d < shape.size() ? shape[d] : 1));
      in.bases.push_back(std::move(basis));
    }
    ins.push_back(std::move(in));
  }
  std::vector<trident::LinearLayout::OutDim> outs;
  for (size_t d = 0; d < shape.size(); ++d)
    outs.push_back({"dim" + std::to_string(d), int32_t(shape[d])});
  return trident::LinearLayout(std::move(ins), std::move(outs));
}

//===----------------------------------------------------------------------===//
// Vendor encodings: the registry plugins fill, and the attribute
//===----------------------------------------------------------------------===//

namespace {
struct VendorRegistry {
  std::shared_mutex mutex;
  // Stable addresses: findVendorEncoding hands out pointers.
  std::map<std::string, std::unique_ptr<VendorEncodingInfo>, std::less<>> byName;
};
VendorRegistry &vendorRegistry() {
  static VendorRegistry r;
  return r;
}
} // namespace

bool mlir::triton::gpu::registerVendorEncoding(VendorEncodingInfo info,
                                               std::string *error) {
  auto refuse = [&](const std::string &why) {
    if (error)
      *error = "cannot register encoding '#ttg." + info.name + "': " + why;
    return false;
  };
  // Core's mnemonics parse first: a vendor encoding of that name could
  // never be read back.
  for (StringRef core : {"blocked", "slice", "linear", "dot_op",
                         "swizzled_shared", "shared_memory"})
    if (info.name == core)
      return refuse("core's ttg dialect has an encoding of that name");
  if (info.name.empty() || !info.rank || !info.toLinearLayout)
    return refuse("a name, a rank and a linear layout are required");
  VendorRegistry &r = vendorRegistry();
  std::unique_lock<std::shared_mutex> lock(r.mutex);
  // The first registration of a name stays: compiles may be reading it.
  if (!r.byName.count(info.name))
    r.byName.emplace(info.name, std::make_unique<VendorEncodingInfo>(info));
  return true;
}

const VendorEncodingInfo *mlir::triton::gpu::findVendorEncoding(StringRef name) {
  VendorRegistry &r = vendorRegistry();
  std::shared_lock<std::shared_mutex> lock(r.mutex);
  auto it = r.byName.find(name);
  return it == r.byName.end() ? nullptr : it->second.get();
}

LogicalResult
VendorEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           StringAttr name, DictionaryAttr params) {
  const VendorEncodingInfo *info = findVendorEncoding(name.getValue());
  if (!info)
    return emitError() << "encoding '#ttg." << name.getValue()
                       << "' is not registered: it comes from a backend "
                          "plugin, and none loaded provides it";
  return info->verify ? info->verify(params, emitError) : success();
}

// verify() checked the registration when the attribute was made (getChecked);
// one made unchecked for an unregistered name has no layout, not a crash.
trident::LinearLayout
VendorEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  const VendorEncodingInfo *info = findVendorEncoding(getName().getValue());
  return info ? info->toLinearLayout(getParams(), shape)
              : trident::LinearLayout();
}

unsigned VendorEncodingAttr::getRank() const {
  const VendorEncodingInfo *info = findVendorEncoding(getName().getValue());
  return info ? info->rank(getParams()) : 0;
}

FailureOr<trident::LinearLayout>
VendorEncodingAttr::toDotOperandLinearLayout(unsigned opIdx, unsigned kWidth,
                                             ArrayRef<int64_t> shape) const {
  const VendorEncodingInfo *info = findVendorEncoding(getName().getValue());
  if (!info || !info->dotOperand)
    return failure();
  return info->dotOperand(getParams(), opIdx, kWidth, shape);
}

LogicalResult
VendorSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringAttr name, DictionaryAttr params) {
  const VendorEncodingInfo *info = findVendorEncoding(name.getValue());
  if (!info || !info->shared)
    return emitError() << "shared encoding '#ttg." << name.getValue()
                       << "' is not registered: it comes from a backend "
                          "plugin, and none loaded provides it";
  return info->verify ? info->verify(params, emitError) : success();
}

trident::LinearLayout
VendorSharedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  const VendorEncodingInfo *info = findVendorEncoding(getName().getValue());
  return info ? info->toLinearLayout(getParams(), shape)
              : trident::LinearLayout();
}

uint64_t VendorSharedEncodingAttr::getAlignment() const {
  const VendorEncodingInfo *info = findVendorEncoding(getName().getValue());
  return info && info->alignment ? info->alignment(getParams()) : 16;
}

LogicalResult VendorEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (getRank() != shape.size())
    return emitError() << "encoding of rank " << getRank()
                       << " on a tensor of rank " << shape.size();
  return success();
}

Attribute TritonGPUDialect::parseAttribute(DialectAsmParser &parser,
                                           Type type) const {
  StringRef mnemonic;
  Attribute value;
  OptionalParseResult core =
      generatedAttributeParser(parser, &mnemonic, type, value);
  if (core.has_value())
    return value;
  const VendorEncodingInfo *info = findVendorEncoding(mnemonic);
  if (!info) {
    parser.emitError(parser.getNameLoc(), "unknown encoding '#ttg.")
        << mnemonic
        << "': not core's, and no loaded backend plugin registers it "
           "(vendor encodings such as nvidia_mma come with their target's "
           "plugin)";
    return {};
  }
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict) || parser.parseGreater())
    return {};
  unsigned rank = info->rank ? info->rank(dict) : 0;
  if (!isTrivialCta(parser, dict, rank))
    return {};
  NamedAttrList fields;
  for (NamedAttribute a : dict)
    if (a.getName() != "CTAsPerCGA" && a.getName() != "CTASplitNum" &&
        a.getName() != "CTAOrder")
      fields.push_back(a);
  if (info->shared)
    return parser.getChecked<VendorSharedEncodingAttr>(
        parser.getContext(), StringAttr::get(parser.getContext(), mnemonic),
        fields.getDictionary(parser.getContext()));
  return parser.getChecked<VendorEncodingAttr>(
      parser.getContext(), StringAttr::get(parser.getContext(), mnemonic),
      fields.getDictionary(parser.getContext()));
}

void TritonGPUDialect::printAttribute(Attribute attr,
                                      DialectAsmPrinter &os) const {
  if (succeeded(generatedAttributePrinter(attr, os)))
    return;
  StringAttr name;
  DictionaryAttr params;
  if (auto shared = dyn_cast<VendorSharedEncodingAttr>(attr)) {
    name = shared.getName();
    params = shared.getParams();
  } else {
    auto vendor = cast<VendorEncodingAttr>(attr);
    name = vendor.getName();
    params = vendor.getParams();
  }
  const VendorEncodingInfo *info = findVendorEncoding(name);
  os << name.getValue() << "<{";
  const char *sep = "";
  auto field = [&](StringRef key, Attribute value) {
    os << sep << key << " = ";
    // Integers as Triton writes them: no type, where the parser gives the
    // same attribute back (i64); others keep their type.
    auto i = dyn_cast<IntegerAttr>(value);
    if (i && i.getType().isSignlessInteger(64))
      os << i.getInt();
    else
      os.printAttribute(value);
    sep = ", ";
  };
  llvm::StringSet<> done;
  if (info)
    for (const std::string &key : info->printOrder)
      if (Attribute v = params.get(key)) {
        field(key, v);
        done.insert(key);
      }
  for (NamedAttribute a : params)
    if (!done.contains(a.getName().strref()))
      field(a.getName().strref(), a.getValue());
  os << "}>";
}

//===----------------------------------------------------------------------===//
// dot_op
//===----------------------------------------------------------------------===//

Attribute DotOperandEncodingAttr::parse(AsmParser &p, Type) {
  DictionaryAttr dict;
  if (p.parseLess() || p.parseAttribute(dict) || p.parseGreater())
    return {};
  auto opIdx = dyn_cast_or_null<IntegerAttr>(dict.get("opIdx"));
  Attribute parent = dict.get("parent");
  auto kWidth = dyn_cast_or_null<IntegerAttr>(dict.get("kWidth"));
  if (!opIdx || !parent || (dict.get("kWidth") && !kWidth) ||
      dict.size() != (kWidth ? 3u : 2u)) {
    p.emitError(p.getNameLoc(), "dot_op needs 'opIdx' and 'parent', and "
                                "optionally 'kWidth'");
    return {};
  }
  if (opIdx.getInt() < 0 || (kWidth && kWidth.getInt() < 0)) {
    p.emitError(p.getNameLoc(), "dot_op opIdx and kWidth are non-negative");
    return {};
  }
  return p.getChecked<DotOperandEncodingAttr>(
      p.getContext(), unsigned(opIdx.getInt()), parent,
      kWidth ? unsigned(kWidth.getInt()) : 0u);
}

void DotOperandEncodingAttr::print(AsmPrinter &p) const {
  p << "<{opIdx = " << getOpIdx() << ", parent = " << getParent();
  if (getKWidth())
    p << ", kWidth = " << getKWidth();
  p << "}>";
}

LogicalResult
DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned opIdx, Attribute parent, unsigned) {
  if (opIdx > 1)
    return emitError() << "dot_op opIdx is 0 (A) or 1 (B), not " << opIdx;
  if (!isa<DistributedEncoding>(parent))
    return emitError() << "the parent of a dot_op must be a distributed "
                          "encoding";
  return success();
}

unsigned DotOperandEncodingAttr::getRank() const {
  return cast<DistributedEncoding>(getParent()).getRank();
}

trident::LinearLayout
DotOperandEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  // verifyEncoding checked that the parent gives one.
  auto l = cast<DistributedEncoding>(getParent())
               .toDotOperandLinearLayout(getOpIdx(), getKWidth(), shape);
  return succeeded(l) ? *l : trident::LinearLayout();
}

LogicalResult DotOperandEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (getRank() != shape.size())
    return emitError() << "encoding of rank " << getRank()
                       << " on a tensor of rank " << shape.size();
  if (failed(cast<DistributedEncoding>(getParent())
                 .toDotOperandLinearLayout(getOpIdx(), getKWidth(), shape)))
    return emitError() << "the dot_op's parent " << getParent()
                       << " gives no layout for operand " << getOpIdx()
                       << " with kWidth = " << getKWidth() << " of shape "
                       << shape;
  return success();
}

//===----------------------------------------------------------------------===//
// Linear layouts
//===----------------------------------------------------------------------===//

static std::string dimName(unsigned d) { return "dim" + std::to_string(d); }

/// The identity over `sizes` for input `in`, minor dimension (order[0])
/// first, with outputs in tensor order; along `copies` (if in range) the
/// inputs all map to 0 instead (threads that hold the same elements).
static trident::LinearLayout identityND(const std::string &in,
                                        ArrayRef<unsigned> sizes,
                                        ArrayRef<unsigned> order,
                                        unsigned copies = ~0u) {
  size_t rank = order.size();
  auto part = [&](unsigned d) {
    return d == copies
               ? trident::LinearLayout::zeros1D(int32_t(sizes[d]), in, dimName(d))
               : trident::LinearLayout::identity1D(int32_t(sizes[d]), in,
                                                   dimName(d));
  };
  trident::LinearLayout l = part(order[0]);
  for (size_t k = 1; k < rank; ++k)
    l = l * part(order[k]);
  // Outputs are in `order`; put them in tensor order.
  std::vector<int32_t> perm(rank);
  for (size_t d = 0; d < rank; ++d)
    perm[d] = l.outDimIndex(dimName(unsigned(d)));
  return l.transposedOuts(perm);
}

trident::LinearLayout
BlockedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  ArrayRef<unsigned> order = getOrder();
  trident::LinearLayout l = identityND("register", getSizePerThread(), order) *
                            identityND("lane", getThreadsPerWarp(), order) *
                            identityND("warp", getWarpsPerCTA(), order);
  std::vector<int32_t> sizes(shape.begin(), shape.end());
  return l.resizedTo(sizes, std::vector<unsigned>(order.begin(), order.end()),
                     "register");
}

FailureOr<trident::LinearLayout>
BlockedEncodingAttr::toDotOperandLinearLayout(unsigned opIdx, unsigned,
                                              ArrayRef<int64_t> shape) const {
  unsigned rank = getRank();
  if (rank < 2 || shape.size() != rank || opIdx > 1)
    return failure();
  for (int64_t s : shape)
    if (!llvm::isPowerOf2_64(uint64_t(s)))
      return failure();
  unsigned k = opIdx == 0 ? rank - 1 : rank - 2;
  ArrayRef<unsigned> order = getOrder();
  SmallVector<unsigned> regs(getSizePerThread());
  regs[k] = unsigned(shape[k]);
  // Lanes and warps as the parent's, except along K: copies.
  trident::LinearLayout l = identityND("register", regs, order) *
                            identityND("lane", getThreadsPerWarp(), order, k) *
                            identityND("warp", getWarpsPerCTA(), order, k);
  std::vector<int32_t> sizes(shape.begin(), shape.end());
  return l.resizedTo(sizes, std::vector<unsigned>(order.begin(), order.end()),
                     "register");
}

trident::LinearLayout
SliceEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + getDim(), 1);
  trident::LinearLayout parent =
      cast<DistributedEncoding>(getParent()).toLinearLayout(parentShape);
  return parent.withoutOutDim(int32_t(getDim()), "register");
}

/// A tensor's shape against its encoding's rank: shared by every encoding.
static LogicalResult verifyRank(unsigned rank, ArrayRef<int64_t> shape,
                                function_ref<InFlightDiagnostic()> emitError) {
  if (rank != shape.size())
    return emitError() << "encoding of rank " << rank << " on a tensor of rank "
                       << shape.size();
  return success();
}

LogicalResult BlockedEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyRank(getRank(), shape, emitError);
}

LogicalResult SliceEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyRank(getRank(), shape, emitError);
}

LogicalResult LinearEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (failed(verifyRank(getRank(), shape, emitError)))
    return failure();
  // Every element reached: the bases' images, cropped to the shape
  // (cropLinearCoordinate: what lies outside a dimension replicates), must
  // span the tensor (as many independent powers of two as it has bits).
  int64_t bits = 0;
  for (int64_t s : shape)
    bits += llvm::Log2_64(uint64_t(s));
  std::vector<uint64_t> span; // reduced row echelon over GF(2), flattened
  auto flatten = [&](ArrayAttr b) {
    uint64_t v = 0, shift = 0;
    for (size_t d = shape.size(); d-- > 0;) {
      v |= uint64_t(cropLinearCoordinate(cast<IntegerAttr>(b[d]).getInt(),
                                         shape[d]))
           << shift;
      shift += llvm::Log2_64(uint64_t(shape[d]));
    }
    return v;
  };
  for (ArrayAttr bases : {getRegisterBases(), getLaneBases(), getWarpBases(),
                          getBlockBases()})
    for (Attribute a : bases) {
      auto b = cast<ArrayAttr>(a); // non-negative: the parser checked
      uint64_t v = flatten(b);
      for (uint64_t r : span)
        v = std::min(v, v ^ r);
      if (v)
        span.push_back(v);
    }
  if (int64_t(span.size()) != bits)
    return emitError() << "linear encoding does not reach every element of "
                          "the tensor (its bases span "
                       << span.size() << " of " << bits << " bits)";
  return success();
}

LayoutConversion mlir::triton::gpu::classifyConversion(RankedTensorType from,
                                                      RankedTensorType to) {
  trident::LinearLayout a = toLinearLayout(from), b = toLinearLayout(to);
  LayoutConversion c;
  if (a == b)
    return c;
  auto same = [&](const char *in) {
    int32_t n = std::max(a.inDimSizeLog2(in), b.inDimSizeLog2(in));
    for (int32_t bit = 0; bit < n; ++bit)
      if (a.basis(in, bit) != b.basis(in, bit))
        return false;
    return true;
  };
  c.withinWarps = same("warp");
  c.kind = LayoutConversion::SharedMemory;
  if (!c.withinWarps || !same("lane"))
    return c;
  // The same lanes and warps hold the same elements only if the register
  // images agree too (two layouts may complete the lanes differently).
  std::set<std::vector<int32_t>> held;
  for (int32_t r = 0; r < a.inDimSize("register"); ++r)
    held.insert(a.apply({{"register", r}}));
  for (int32_t r = 0; r < b.inDimSize("register"); ++r)
    if (!held.count(b.apply({{"register", r}})))
      return c;
  c.kind = LayoutConversion::Registers;
  return c;
}

trident::LinearLayout
SwizzledSharedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  unsigned rank = shape.size();
  std::vector<trident::LinearLayout::OutDim> outs;
  for (unsigned d = 0; d < rank; ++d)
    outs.push_back({dimName(d), int32_t(shape[d])});
  std::vector<trident::LinearLayout::Basis> bases;
  auto unit = [&](unsigned d, int32_t v) {
    trident::LinearLayout::Basis b(rank, 0);
    b[d] = v;
    return b;
  };
  ArrayRef<unsigned> order = getOrder();
  // The minor dimension first; in 2-D and up, rows (order[1]) xor the
  // column's groups of `vec` with (row / perPhase) % maxPhase.
  int32_t cols = int32_t(shape[order[0]]);
  for (int32_t c = 1; c < cols; c *= 2)
    bases.push_back(unit(order[0], c));
  if (rank >= 2) {
    for (int32_t r = 1; r < shape[order[1]]; r *= 2) {
      auto b = unit(order[1], r);
      b[order[0]] = int32_t((int64_t(getVec()) *
                             ((r / int32_t(getPerPhase())) % int32_t(getMaxPhase()))) %
                            cols);
      bases.push_back(b);
    }
  }
  for (unsigned k = 2; k < rank; ++k)
    for (int32_t v = 1; v < shape[order[k]]; v *= 2)
      bases.push_back(unit(order[k], v));
  return trident::LinearLayout({{"offset", bases}}, outs);
}

trident::LinearLayout mlir::triton::gpu::toLinearLayout(MemDescType t) {
  auto enc = cast<SharedEncoding>(t.getEncoding());
  ArrayRef<int64_t> shape = t.getShape();
  if (sharedEncodingRank(enc, shape.size()) == shape.size())
    return enc.toLinearLayout(shape);
  // Buffers along the leading dimension, one after another (a power of
  // two of them: a layout's sizes are).
  trident::LinearLayout inner = enc.toLinearLayout(shape.drop_front());
  std::vector<trident::LinearLayout::InDim> ins;
  std::vector<trident::LinearLayout::OutDim> outs = {
      {"dim0", int32_t(shape[0])}};
  for (const auto &o : inner.outs())
    outs.push_back({"dim" + std::to_string(std::stoi(o.name.substr(3)) + 1),
                    o.size});
  std::vector<trident::LinearLayout::Basis> bases;
  for (const auto &b : inner.ins().front().bases) {
    trident::LinearLayout::Basis nb = {0};
    nb.insert(nb.end(), b.begin(), b.end());
    bases.push_back(nb);
  }
  for (int64_t v = 1; v < shape[0]; v *= 2) {
    trident::LinearLayout::Basis nb(outs.size(), 0);
    nb[0] = int32_t(v);
    bases.push_back(nb);
  }
  return trident::LinearLayout({{"offset", bases}}, outs);
}

trident::LinearLayout mlir::triton::gpu::toLinearLayout(RankedTensorType t) {
  return cast<DistributedEncoding>(t.getEncoding())
      .toLinearLayout(t.getShape());
}

BlockedEncodingAttr mlir::triton::gpu::blockedEncodingFor(
    MLIRContext *ctx, ArrayRef<int64_t> shape, ArrayRef<unsigned> order,
    unsigned sizePerThread, int numWarps, int threadsPerWarp) {
  unsigned rank = shape.size();
  SmallVector<unsigned> spt(rank, 1), tpw(rank, 1), wpc(rank, 1);
  spt[order[0]] = sizePerThread;
  // Triton's BlockedEncodingAttr::get: fill lanes, then warps, from the
  // minor dimension; the last dimension takes what remains.
  unsigned lanes = unsigned(threadsPerWarp), threads = unsigned(numWarps * threadsPerWarp),
           warps = unsigned(numWarps), prevLanes = 1, prevWarps = 1;
  for (unsigned k = 0; k + 1 < rank; ++k) {
    unsigned i = order[k];
    unsigned perCta = std::clamp<unsigned>(
        threads, 1, std::max<unsigned>(1, unsigned(shape[i]) / spt[i]));
    tpw[i] = std::clamp<unsigned>(perCta, 1, lanes);
    wpc[i] = std::clamp<unsigned>(perCta / tpw[i], 1, warps);
    warps /= wpc[i];
    lanes /= tpw[i];
    threads /= perCta;
    prevLanes *= tpw[i];
    prevWarps *= wpc[i];
  }
  tpw[order[rank - 1]] = unsigned(threadsPerWarp) / prevLanes;
  wpc[order[rank - 1]] = unsigned(numWarps) / prevWarps;
  return BlockedEncodingAttr::get(ctx, spt, tpw, wpc, order);
}

BlockedEncodingAttr mlir::triton::gpu::defaultBlockedEncoding(
    MLIRContext *ctx, ArrayRef<int64_t> shape, int numWarps,
    int threadsPerWarp) {
  SmallVector<unsigned> order;
  for (int d = int(shape.size()) - 1; d >= 0; --d)
    order.push_back(unsigned(d));
  return blockedEncodingFor(ctx, shape, order, 1, numWarps, threadsPerWarp);
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<ConvertLayoutOp>())
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
  return {};
}
