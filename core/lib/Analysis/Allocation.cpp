//===- Allocation.cpp - offsets in shared memory, by liveness -------------===//

#include "trident/Analysis/Allocation.h"

#include "trident/Analysis/ShapeOps.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace trident {

unsigned sharedSlotBytes(Type t) {
  if (isa<triton::PointerType, LLVM::LLVMPointerType>(t))
    return 8;
  return std::max(1u, t.getIntOrFloatBitWidth() / 8);
}

static bool distributed(Type t) {
  auto tensor = dyn_cast<RankedTensorType>(t);
  return tensor && isa_and_nonnull<DistributedEncoding>(tensor.getEncoding());
}

static uint64_t tensorBytes(Type t) {
  auto tensor = cast<RankedTensorType>(t);
  return uint64_t(tensor.getNumElements()) *
         sharedSlotBytes(tensor.getElementType());
}

/// The bits of the warp index along `axis` of `ll`.
static int32_t warpBitsAlong(const LinearLayout &ll, unsigned axis) {
  int32_t n = 0;
  for (int32_t bit = 0; bit < ll.inDimSizeLog2("warp"); ++bit)
    if (ll.basis("warp", bit)[axis])
      ++n;
  return n;
}

static unsigned widestSlot(ValueRange values) {
  unsigned bytes = 1;
  for (Value v : values)
    bytes = std::max(
        bytes, sharedSlotBytes(cast<RankedTensorType>(v.getType()).getElementType()));
  return bytes;
}

bool reduceCombinesInLanes(ReduceOp reduce) {
  auto src = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
  LinearLayout ll = toLinearLayout(src);
  int64_t warps = int64_t(1) << warpBitsAlong(ll, reduce.getAxis());
  int64_t sliceElems = src.getNumElements() / src.getShape()[reduce.getAxis()];
  int64_t tpw = TritonGPUDialect::getThreadsPerWarp(
      reduce->getParentOfType<ModuleOp>());
  int64_t threads = tpw * (int64_t(1) << ll.inDimSizeLog2("warp"));
  return sliceElems * warps <= threads && warps <= tpw;
}

SmallVector<int32_t> conversionChunkBits(RankedTensorType src,
                                         RankedTensorType dst) {
  unsigned rank = unsigned(src.getRank());
  SmallVector<int32_t> bits(rank, 0);
  LinearLayout a = toLinearLayout(src), b = toLinearLayout(dst);
  // Whether bit `bit` of dimension `d` is set by no lane, warp or block
  // basis of `ll` (only registers move along it).
  auto registersOnly = [&](const LinearLayout &ll, unsigned d, int32_t bit) {
    int32_t out = ll.outDimIndex("dim" + std::to_string(d));
    if (out < 0)
      return false;
    for (const char *in : {"lane", "warp", "block"})
      for (int32_t i = 0; i < ll.inDimSizeLog2(in); ++i)
        if (ll.basis(in, i)[out] & (1 << bit))
          return false;
    return true;
  };
  uint64_t bytes = tensorBytes(dst);
  while (bytes > kConversionChunkBytes) {
    bool split = false;
    for (unsigned d = 0; d < rank && !split; ++d) {
      int32_t log2 = int32_t(llvm::Log2_64(uint64_t(dst.getShape()[d])));
      int32_t bit = log2 - 1 - bits[d];
      if (bit < 0 || !registersOnly(a, d, bit) || !registersOnly(b, d, bit))
        continue;
      ++bits[d];
      bytes /= 2;
      split = true;
    }
    if (!split)
      break;
  }
  return bits;
}

uint64_t scratchBytes(Operation *op) {
  if (auto cvt = dyn_cast<ConvertLayoutOp>(op)) {
    auto src = cast<RankedTensorType>(cvt.getSrc().getType());
    if (!distributed(src) || !distributed(cvt.getType()) ||
        classifyConversion(src, cvt.getType()).kind !=
            LayoutConversion::SharedMemory)
      return 0;
    int32_t rounds = 0;
    for (int32_t b : conversionChunkBits(src, cvt.getType()))
      rounds += b;
    return tensorBytes(cvt.getType()) >> rounds;
  }
  if (isa<TransOp, ReshapeOp, JoinOp, SplitOp, CatOp>(op)) {
    if (!shapeOpNeedsSharedMemory(op))
      return 0;
    // The image is the result's (split's: the operand's).
    return tensorBytes(isa<SplitOp>(op) ? op->getOperand(0).getType()
                                        : op->getResult(0).getType());
  }
  if (auto gather = dyn_cast<GatherOp>(op))
    return distributed(gather.getSrc().getType())
               ? tensorBytes(gather.getSrc().getType())
               : 0;
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    auto src = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
    if (!distributed(src))
      return 0;
    unsigned axis = reduce.getAxis();
    LinearLayout ll = toLinearLayout(src);
    int32_t bits = warpBitsAlong(ll, axis);
    if (!bits)
      return 0;
    int64_t warps = int64_t(1) << bits;
    int64_t sliceElems = src.getNumElements() / src.getShape()[axis];
    uint64_t n = reduce.getSrcs().size();
    uint64_t slot = widestSlot(reduce.getSrcs());
    uint64_t region = uint64_t(sliceElems * warps) * slot;
    // Few partials: a second region holds each slice's total.
    if (reduceCombinesInLanes(reduce))
      return (region + uint64_t(sliceElems) * slot) * n;
    return region * n;
  }
  if (auto scan = dyn_cast<ScanOp>(op)) {
    auto src = cast<RankedTensorType>(scan.getSrcs()[0].getType());
    if (!distributed(src) || !warpBitsAlong(toLinearLayout(src), scan.getAxis()))
      return 0;
    return uint64_t(src.getNumElements()) * widestSlot(scan.getSrcs()) *
           scan.getSrcs().size();
  }
  if (auto histogram = dyn_cast<HistogramOp>(op))
    return uint64_t(histogram.getType().getShape()[0]) * 4;
  // A plugin's op that builds something in shared memory for a moment.
  if (auto s = dyn_cast<SharedScratchOpInterface>(op))
    return s.getSharedScratchBytes();
  if (isa<AtomicRMWOp, AtomicCASOp>(op)) {
    // The old value goes from the thread that owns an element to its
    // copies through shared memory.
    if (op->getResult(0).use_empty())
      return 0;
    Type ptr = op->getOperand(0).getType();
    Type result = op->getResult(0).getType();
    if (auto tensor = dyn_cast<RankedTensorType>(ptr)) {
      LinearLayout ll = toLinearLayout(tensor);
      if (!ll.freeVariableMask("lane") && !ll.freeVariableMask("warp"))
        return 0;
      return tensorBytes(result);
    }
    return sharedSlotBytes(result);
  }
  return 0;
}

uint64_t bufferBytes(Type memdesc) {
  auto type = cast<MemDescType>(memdesc);
  // Saturating: a shape past 2^40 elements is "too large", not a wrap.
  constexpr uint64_t kHuge = uint64_t(1) << 40;
  uint64_t elems = 1;
  for (int64_t s : type.getAllocShape().empty() ? type.getShape()
                                                : type.getAllocShape())
    elems = s > 0 && elems > kHuge / uint64_t(s) ? kHuge
                                                 : std::min(kHuge, elems * uint64_t(s));
  return elems * sharedSlotBytes(type.getElementType());
}

static uint64_t alignUp(uint64_t x, uint64_t align = kSharedAlignment) {
  return (x + align - 1) / align * align;
}

/// The alignment a buffer of `memdesc` type needs: its encoding's (at
/// least kSharedAlignment).
static uint64_t bufferAlignment(Type memdesc) {
  auto enc = cast<SharedEncoding>(cast<MemDescType>(memdesc).getEncoding());
  return std::max<uint64_t>(kSharedAlignment, enc.getAlignment());
}

static uint64_t intAttr(Operation *op, StringRef name, uint64_t dflt) {
  if (auto a = op->getAttrOfType<IntegerAttr>(name))
    return uint64_t(a.getInt());
  return dflt;
}

Operation *rootAllocation(Value memdesc) {
  while (Operation *def = memdesc.getDefiningOp()) {
    if (isa<LocalAllocOp>(def))
      return def;
    if (!def->hasTrait<MemDescViewTrait>())
      return nullptr;
    memdesc = def->getOperand(0);
  }
  return nullptr;
}

/// The range of the buffer `memdesc` describes: its local_alloc's (the
/// whole allocation for a view into it), or all of shared memory when it
/// comes from elsewhere.
SharedAccess bufferAccess(Value memdesc) {
  SharedAccess a;
  if (Operation *alloc = rootAllocation(memdesc))
    if (auto off = alloc->getAttrOfType<IntegerAttr>(kAllocationOffset)) {
      a.begin = uint64_t(off.getInt());
      a.end = a.begin + bufferBytes(alloc->getResult(0).getType());
      return a;
    }
  a.end = UINT64_MAX;
  return a;
}

SmallVector<SharedAccess> sharedAccesses(Operation *op) {
  SmallVector<SharedAccess> out;
  // Reads and writes of shared memory an op declares (local_load and
  // local_store, and any plugin op that names the SharedMemory resource):
  // the buffer of the memdesc the effect is on, or all of shared memory.
  if (!isa<LocalAllocOp>(op))
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(op)) {
      SmallVector<MemoryEffects::EffectInstance> effects;
      iface.getEffects(effects);
      for (const MemoryEffects::EffectInstance &e : effects) {
        if (e.getResource() != SharedMemory::get())
          continue;
        bool read = isa<MemoryEffects::Read>(e.getEffect()),
             write = isa<MemoryEffects::Write>(e.getEffect());
        if (!read && !write)
          continue;
        Value v = e.getValue();
        SharedAccess a;
        if (v && isa<MemDescType>(v.getType()) && !inSharedMemory(v.getType()))
          continue; // a backend's own memory: its plugin orders it
        if (v && isa<MemDescType>(v.getType()))
          a = bufferAccess(v);
        else
          a.end = UINT64_MAX;
        a.read = read;
        a.write = write;
        out.push_back(a);
      }
      if (!out.empty())
        return out;
    }
  if (isa<CallOp>(op) && llvm::any_of(op->getOperandTypes(), [](Type t) {
        return isa<MemDescType>(t);
      })) {
    // The callee may read or write the buffers it is given.
    SharedAccess all;
    all.end = UINT64_MAX;
    all.read = all.write = true;
    out.push_back(all);
    return out;
  }
  auto off = op->getAttrOfType<IntegerAttr>(kAllocationOffset);
  if (!off)
    return out;
  SharedAccess a;
  a.begin = uint64_t(off.getInt());
  if (auto alloc = dyn_cast<LocalAllocOp>(op)) {
    if (!alloc.getSrc())
      return out;
    a.end = a.begin + bufferBytes(alloc.getType());
    a.write = true;
  } else if (auto call = dyn_cast<CallOp>(op)) {
    Operation *callee =
        SymbolTable::lookupNearestSymbolFrom(op, call.getCalleeAttr());
    a.end = callee ? a.begin + intAttr(callee, kAllocationSize, 0) : UINT64_MAX;
    a.read = a.write = true;
  } else {
    a.end = a.begin + scratchBytes(op);
    a.read = a.write = true;
  }
  if (a.end > a.begin)
    out.push_back(a);
  return out;
}

namespace {

struct Buffer {
  Operation *op;
  uint64_t size;
  int64_t start, end; ///< live over the ops numbered start..end
  bool atZero;        ///< a call: its callee's offsets start at 0
  uint64_t align = kSharedAlignment;
  uint64_t offset = 0;
};

/// Allocates `func`, whose callees' sizes are in `sizes`; returns its size.
uint64_t allocateFunction(FuncOp func,
                          const llvm::DenseMap<Operation *, uint64_t> &sizes) {
  // Ops numbered in program order; `last` is the last number inside an op.
  llvm::DenseMap<Operation *, int64_t> index, last;
  int64_t n = 0;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) { index[op] = n++; });
  func.walk<WalkOrder::PostOrder>([&](Operation *op) {
    int64_t l = index[op];
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (Operation &inner : b)
          l = std::max(l, last[&inner]);
    last[op] = l;
  });

  std::vector<Buffer> buffers;
  func.walk([&](Operation *op) {
    int64_t at = index[op];
    if (auto call = dyn_cast<CallOp>(op)) {
      Operation *callee =
          SymbolTable::lookupNearestSymbolFrom(op, call.getCalleeAttr());
      auto it = callee ? sizes.find(callee) : sizes.end();
      if (it != sizes.end() && it->second)
        buffers.push_back({op, it->second, at, at, true});
      return;
    }
    if (auto alloc = dyn_cast<LocalAllocOp>(op)) {
      if (!inSharedMemory(alloc.getType()))
        return; // a backend's own memory: its plugin allocates it
      int64_t start = at, end = at;
      Block *home = op->getBlock();
      // The uses of the buffer and of every view into it.
      SmallVector<Operation *> users(alloc->getUsers().begin(),
                                     alloc->getUsers().end());
      for (size_t i = 0; i < users.size(); ++i) {
        Operation *user = users[i];
        Operation *anc = home->findAncestorOpInBlock(*user);
        // Yielded out of a region that is not a loop around the buffer
        // (an scf.if's, a loop's when the buffer was made before it): the
        // op's results are the buffer from there on.
        if (anc && isa<RegionBranchTerminatorOpInterface>(user)) {
          Operation *parent = user->getParentOp();
          if (!(isa<LoopLikeOpInterface>(parent) && parent->isAncestor(op))) {
            end = std::max(end, last[anc]);
            for (Value r : parent->getResults())
              if (isa<MemDescType>(r.getType()))
                users.append(r.getUsers().begin(), r.getUsers().end());
            continue;
          }
        }
        if (!anc || user->hasTrait<mlir::OpTrait::IsTerminator>() ||
            isa<CallOpInterface>(user)) {
          // Escapes (yielded into a loop's next iteration, passed on):
          // live over the whole function, ops before it included.
          start = 0;
          end = last[func];
          break;
        }
        end = std::max(end, last[anc]);
        // A view, or an op that hands the buffer on (a plugin's wait that
        // returns the buffers its asynchronous reader still reads): the
        // uses of what it returns are the buffer's too.
        for (Value r : user->getResults())
          if (isa<MemDescType>(r.getType()))
            users.append(r.getUsers().begin(), r.getUsers().end());
      }
      buffers.push_back({op, bufferBytes(alloc.getType()), start, end, false,
                         bufferAlignment(alloc.getType())});
      return;
    }
    if (uint64_t bytes = scratchBytes(op)) {
      uint64_t align = kSharedAlignment;
      if (auto s = dyn_cast<SharedScratchOpInterface>(op))
        align = std::max<uint64_t>(align, s.getSharedScratchAlignment());
      buffers.push_back({op, bytes, at, at, false, align});
    }
  });

  for (const Buffer &buf : buffers)
    if (buf.size > uint64_t(INT32_MAX)) {
      buf.op->emitError("needs ")
          << buf.size << " bytes of shared memory, more than any GPU has";
      return UINT64_MAX;
    }

  // Calls first (at 0), then the largest first.
  std::stable_sort(buffers.begin(), buffers.end(),
                   [](const Buffer &a, const Buffer &b) {
                     if (a.atZero != b.atZero)
                       return a.atZero;
                     if (a.size != b.size)
                       return a.size > b.size;
                     return a.start < b.start;
                   });
  uint64_t total = 0;
  for (size_t i = 0; i < buffers.size(); ++i) {
    Buffer &buf = buffers[i];
    SmallVector<const Buffer *> live;
    for (size_t j = 0; j < i; ++j)
      if (buffers[j].start <= buf.end && buf.start <= buffers[j].end)
        live.push_back(&buffers[j]);
    auto fits = [&](uint64_t at) {
      for (const Buffer *o : live)
        if (at < o->offset + o->size && o->offset < at + buf.size)
          return false;
      return true;
    };
    uint64_t best = 0;
    if (!buf.atZero && !fits(0)) {
      best = UINT64_MAX;
      for (const Buffer *o : live) {
        uint64_t at = alignUp(o->offset + o->size, buf.align);
        if (at < best && fits(at))
          best = at;
      }
    }
    buf.offset = best;
    total = std::max(total, buf.offset + buf.size);
  }

  Builder b(func.getContext());
  if (total > uint64_t(INT32_MAX)) {
    func.emitError("the function needs ")
        << total << " bytes of shared memory, more than any GPU has";
    return UINT64_MAX;
  }
  for (const Buffer &buf : buffers)
    buf.op->setAttr(kAllocationOffset, b.getI32IntegerAttr(int32_t(buf.offset)));
  func->setAttr(kAllocationSize, b.getI32IntegerAttr(int32_t(total)));
  return total;
}

} // namespace

LogicalResult allocateSharedMemory(ModuleOp module) {
  // Callees before callers: a depth-first walk of the call graph.
  llvm::DenseMap<Operation *, uint64_t> sizes;
  llvm::SetVector<Operation *> active;
  std::function<LogicalResult(FuncOp)> visit = [&](FuncOp f) -> LogicalResult {
    if (sizes.count(f))
      return success();
    // A returned buffer would have to outlive the callee's allocation.
    if (llvm::any_of(f.getFunctionType().getResults(),
                     [](Type t) { return isa<MemDescType>(t); }))
      return f.emitError("a function returning a shared-memory buffer "
                         "(!ttg.memdesc) is not supported: allocate it in the "
                         "caller and pass it in");
    active.insert(f);
    WalkResult r = f.walk([&](CallOp call) {
      auto callee = dyn_cast_or_null<FuncOp>(
          SymbolTable::lookupNearestSymbolFrom(call, call.getCalleeAttr()));
      if (!callee)
        return WalkResult::advance();
      if (active.contains(callee)) {
        call.emitError("a recursive call: shared memory cannot be allocated "
                       "for '")
            << callee.getName() << "'";
        return WalkResult::interrupt();
      }
      return failed(visit(callee)) ? WalkResult::interrupt()
                                   : WalkResult::advance();
    });
    if (r.wasInterrupted())
      return failure();
    active.remove(f);
    sizes[f] = allocateFunction(f, sizes);
    return sizes[f] == UINT64_MAX ? failure() : success();
  };
  uint64_t total = 0;
  for (FuncOp f : module.getOps<FuncOp>()) {
    if (failed(visit(f)))
      return failure();
    total = std::max(total, sizes[f]);
  }
  module->setAttr(kSharedBytes,
                  Builder(module.getContext()).getI32IntegerAttr(int32_t(total)));
  return success();
}

} // namespace trident
