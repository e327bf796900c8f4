//===- TMAToLLVM.cpp - ttng TMA and mbarrier ops to PTX --------------------===//
//
// Inline PTX, in the forms Triton 3.6 writes for sm_90 (checked against
// its output in docs/research/hopper-tma.md):
//
//   init_barrier     @p mbarrier.init.shared::cta.b64 [bar], count;     (thread 0)
//   inval_barrier    @p mbarrier.inval.shared::cta.b64 [bar];           (thread 0)
//   barrier_expect   @p mbarrier.arrive.expect_tx.shared.b64 _, [bar], bytes;
//   arrive_barrier   @p mbarrier.arrive.shared::cta.b64 _, [bar], count;
//   wait_barrier     a try_wait.parity loop, every thread
//   global_to_local  @p cp.async.bulk.tensor.Nd.shared::cluster.global.
//                       mbarrier::complete_tx::bytes [smem], [map, {x, y}], [bar];
//   local_to_global  @p cp.async.bulk.tensor.Nd.global.shared::cta.bulk_group
//                       [map, {x, y}], [smem];  then cp.async.bulk.commit_group
//   reduce           @p cp.reduce.async.bulk.tensor.Nd.global.shared::cta.
//                       KIND.bulk_group [map, {x, y}], [smem];
//   store_wait       cp.async.bulk.wait_group.read N
//   tensormap_create built in shared scratch (tensormap.replace by thread 0),
//                    copied out with tensormap.cp_fenceproxy by warp 0
//   fenceproxy_acquire  fence.proxy.tensormap::generic.acquire.gpu, barrier
//
// A block is copied as one message per TMA box (TmaBox): the box is the
// block with each dimension clamped to 256 and, in a swizzled
// #ttg.nvmma_shared buffer, the contiguous dimension as wide as the
// swizzle, so that each message fills one panel of the layout (Encodings.
// cpp: panels of `swizzle` bytes along the contiguous dimension, each
// holding every row) and the hardware's swizzle is the layout's. Message
// k is issued by one elected lane of warp k mod num_warps. Coordinates go
// to PTX innermost first.
//
//===----------------------------------------------------------------------===//

#include "TMAToLLVM.h"

#include "trident/Backends/Nvidia/Dialect/Dialect.h"
#include "trident/Conversion/TritonGPUToLLVM/TargetInfo.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/VendorEncodingHelpers.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace trident::nvidia {

bool tmaBoxOf(Attribute encoding, ArrayRef<int64_t> shape,
              unsigned elementBits, TmaBox &out, std::string &why) {
  using namespace trident::encoding;
  size_t rank = shape.size();
  out = TmaBox();
  if (elementBits < 8 || elementBits % 8) {
    why = "TMA copies of " + std::to_string(elementBits) +
          "-bit elements are not supported";
    return false;
  }
  // (Triton also takes unswizzled buffers: an unswizzled
  // #ttg.swizzled_shared one, whose 16-byte alignment here is below the
  // 128 bytes a bulk copy needs, and nvmma with swizzle 0, which Trident
  // lays out as tiles of 8 rows x 16 bytes that row-major boxes do not
  // fill.)
  auto v = dyn_cast_or_null<VendorSharedEncodingAttr>(encoding);
  if (!v || v.getName().getValue() != "nvmma_shared") {
    why = "a TMA buffer's layout must be a swizzled #ttg.nvmma_shared";
    return false;
  }
  DictionaryAttr d = v.getParams();
  out.swizzleBytes = int(integer(d, "swizzlingByteWidth"));
  if (boolean(d, "transposed") || out.swizzleBytes == 0) {
    why = "a TMA buffer in a transposed or unswizzled #ttg.nvmma_shared "
          "layout is not supported";
    return false;
  }
  if (rank != 2) {
    why = "a TMA buffer of rank " + std::to_string(rank) +
          " (only rank 2 is supported)";
    return false;
  }
  // A panel must start on the swizzle's period (8 rows), or the hardware's
  // address-bit swizzle is not the layout's.
  if (shape[0] < 8) {
    why = "a swizzled TMA block of " + std::to_string(shape[0]) +
          " rows (at least 8 are needed)";
    return false;
  }
  int64_t perRow = out.swizzleBytes * 8 / elementBits;
  if (shape[1] % perRow) {
    why = "a TMA block " + std::to_string(shape[1]) +
          " elements wide is narrower than its " +
          std::to_string(out.swizzleBytes) + "-byte swizzle";
    return false;
  }
  out.box = {std::min<int64_t>(shape[0], 256), perRow};
  if (out.box.back() * elementBits / 8 % 16) {
    why = "a TMA box whose contiguous dimension is " +
          std::to_string(out.box.back() * elementBits / 8) +
          " bytes (a multiple of 16 is needed)";
    return false;
  }
  for (size_t i = 0; i < rank; ++i)
    if (shape[i] % out.box[i]) {
      why = "a TMA block of " + std::to_string(shape[i]) +
            " elements in dimension " + std::to_string(i);
      return false;
    }
  return true;
}

namespace {

using namespace trident::encoding;

/// Side-effecting inline PTX without results.
void asmStatement(OpBuilder &b, Location loc, StringRef text,
                  StringRef constraints, ValueRange operands) {
  LLVM::InlineAsmOp::create(b, loc, Type(), operands, text, constraints,
                            /*has_side_effects=*/true, /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

/// A shared-memory address as the 32-bit operand PTX's `[...]` takes.
Value sharedAddress(OpBuilder &b, Location loc, Value ptr) {
  return LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), ptr);
}

Value andI1(OpBuilder &b, Location loc, Value a, Value c) {
  return LLVM::AndOp::create(b, loc, a, c);
}

Value isThreadZero(OpBuilder &b, Location loc, const TargetInfo &target) {
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                              target.threadId(b, loc), i32Const(b, loc, 0));
}

/// One op on a barrier by thread 0, where `pred` (if any) holds.
template <typename Op>
struct ThreadZeroBarrierOp : public ConvertOpToLLVMPattern<Op> {
  ThreadZeroBarrierOp(LLVMTypeConverter &tc, const TargetInfo &target)
      : ConvertOpToLLVMPattern<Op>(tc), target(target) {}
  const TargetInfo &target;

  virtual std::string text(Op op) const = 0;
  virtual Value extraPred(typename Op::Adaptor) const { return Value(); }

  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    Value pred = isThreadZero(rw, loc, target);
    if (Value p = extraPred(adaptor))
      pred = andI1(rw, loc, pred, p);
    asmStatement(rw, loc, text(op), "b,r",
                 {pred, sharedAddress(rw, loc, adaptor.getAlloc())});
    rw.eraseOp(op);
    return success();
  }
};

struct InitBarrierConversion : ThreadZeroBarrierOp<InitBarrierOp> {
  using ThreadZeroBarrierOp::ThreadZeroBarrierOp;
  std::string text(InitBarrierOp op) const override {
    return "@$0 mbarrier.init.shared::cta.b64 [$1], " +
           std::to_string(op.getCount()) + ";";
  }
};

struct InvalBarrierConversion : ThreadZeroBarrierOp<InvalBarrierOp> {
  using ThreadZeroBarrierOp::ThreadZeroBarrierOp;
  std::string text(InvalBarrierOp) const override {
    return "@$0 mbarrier.inval.shared::cta.b64 [$1];";
  }
};

struct BarrierExpectConversion : ThreadZeroBarrierOp<BarrierExpectOp> {
  using ThreadZeroBarrierOp::ThreadZeroBarrierOp;
  std::string text(BarrierExpectOp op) const override {
    return "@$0 mbarrier.arrive.expect_tx.shared.b64 _, [$1], " +
           std::to_string(op.getSize()) + ";";
  }
  Value extraPred(BarrierExpectOp::Adaptor a) const override {
    return a.getPred();
  }
};

struct ArriveBarrierConversion : ThreadZeroBarrierOp<ArriveBarrierOp> {
  using ThreadZeroBarrierOp::ThreadZeroBarrierOp;
  std::string text(ArriveBarrierOp op) const override {
    return "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], " +
           std::to_string(op.getCount()) + ";";
  }
  Value extraPred(ArriveBarrierOp::Adaptor a) const override {
    return a.getPred();
  }
};

/// Every thread spins on try_wait.parity until the phase completes; with
/// a predicate, threads where it is false skip the wait.
struct WaitBarrierConversion : public ConvertOpToLLVMPattern<WaitBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(WaitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    Value bar = sharedAddress(rw, loc, adaptor.getAlloc());
    const char *loop = "\n"
                       "\t.reg .pred complete;\n"
                       "\twaitLoop:\n"
                       "\tmbarrier.try_wait.parity.shared.b64 complete, [$0], $1;\n"
                       "\t@!complete bra.uni waitLoop;\n";
    if (Value pred = adaptor.getPred()) {
      std::string text = std::string("\n{\n\t@!$2 bra.uni skipWait;") + loop +
                         "\tskipWait:\n}\n";
      asmStatement(rw, loc, text, "r,r,b", {bar, adaptor.getPhase(), pred});
    } else {
      std::string text = std::string("\n{") + loop + "}\n";
      asmStatement(rw, loc, text, "r,r", {bar, adaptor.getPhase()});
    }
    rw.eraseOp(op);
    return success();
  }
};

/// The messages of a TMA copy of a buffer of `type`: each one's coordinate
/// offsets (tensor order) and its byte offset in the buffer.
struct Message {
  SmallVector<int64_t> coord;
  int64_t byteOffset;
};

FailureOr<SmallVector<Message>> messagesOf(Operation *op, MemDescType type,
                                           TmaBox &box) {
  ArrayRef<int64_t> shape = type.getShape();
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  std::string why;
  if (!tmaBoxOf(type.getEncoding(), shape, bits, box, why))
    return op->emitError(why);
  size_t rank = shape.size();
  SmallVector<int64_t> counts;
  int64_t total = 1;
  for (size_t i = 0; i < rank; ++i) {
    counts.push_back(shape[i] / box.box[i]);
    total *= counts.back();
  }
  SmallVector<Message> out;
  for (int64_t k = 0; k < total; ++k) {
    Message m;
    m.coord.assign(rank, 0);
    int64_t rest = k;
    for (size_t i = rank; i-- > 0;) { // dimension 0 varies slowest
      m.coord[i] = (rest % counts[i]) * box.box[i];
      rest /= counts[i];
    }
    // Panel m.coord[1] / perRow, rows from m.coord[0].
    int64_t perRow = box.box[1];
    int64_t elements =
        (m.coord[1] / perRow) * shape[0] * perRow + m.coord[0] * perRow;
    m.byteOffset = elements * bits / 8;
    out.push_back(std::move(m));
  }
  return out;
}

/// `{$a, $b}`: operands `first` .. first+n-1.
std::string operandList(unsigned first, size_t n) {
  std::string s = "{";
  for (size_t i = 0; i < n; ++i)
    s += (i ? ", $" : "$") + std::to_string(first + i);
  return s + "}";
}

/// Issues `emit(k, pred)` for each message k by warp k mod num_warps's
/// elected lane, where `pred` (may be null) holds.
void perMessage(OpBuilder &b, Location loc, const TargetInfo &target,
                int numWarps, size_t messages, Value pred,
                const std::function<void(size_t, Value)> &emit) {
  ThreadIds ids = threadIds(b, loc, target);
  Value elected = NVVM::ElectSyncOp::create(b, loc, b.getI1Type(), Value());
  if (pred)
    elected = andI1(b, loc, elected, pred);
  for (size_t k = 0; k < messages; ++k) {
    Value mine = LLVM::ICmpOp::create(
        b, loc, LLVM::ICmpPredicate::eq, ids.warp,
        i32Const(b, loc, int64_t(k % size_t(numWarps))));
    emit(k, andI1(b, loc, elected, mine));
  }
}

/// Coordinates for message `m`, innermost first, as PTX takes them.
SmallVector<Value> messageCoords(OpBuilder &b, Location loc, ValueRange coord,
                                 const Message &m) {
  SmallVector<Value> out;
  for (size_t i = coord.size(); i-- > 0;) {
    Value c = coord[i];
    if (m.coord[i])
      c = LLVM::AddOp::create(b, loc, c, i32Const(b, loc, m.coord[i]));
    out.push_back(c);
  }
  return out;
}

Value byteOffsetPtr(OpBuilder &b, Location loc, Value base, int64_t bytes) {
  if (!bytes)
    return base;
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{int32_t(bytes)});
}

int numWarpsOf(Operation *op) {
  return TritonGPUDialect::getNumWarps(op->getParentOfType<ModuleOp>());
}

struct CopyGlobalToLocalConversion
    : public ConvertOpToLLVMPattern<AsyncTMACopyGlobalToLocalOp> {
  CopyGlobalToLocalConversion(LLVMTypeConverter &tc, const TargetInfo &target)
      : ConvertOpToLLVMPattern(tc), target(target) {}
  const TargetInfo &target;
  LogicalResult
  matchAndRewrite(AsyncTMACopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    TmaBox box;
    auto messages = messagesOf(op, op.getResult().getType(), box);
    if (failed(messages))
      return failure();
    size_t rank = op.getCoord().size();
    std::string text = "@$0 cp.async.bulk.tensor." + std::to_string(rank) +
                       "d.shared::cluster.global.mbarrier::complete_tx::bytes "
                       "[$1], [$2, " +
                       operandList(3, rank) + "], [$" +
                       std::to_string(3 + rank) + "];";
    std::string constraints = "b,r,l";
    for (size_t i = 0; i < rank; ++i)
      constraints += ",r";
    constraints += ",r";
    Value bar = sharedAddress(rw, loc, adaptor.getBarrier());
    perMessage(rw, loc, target, numWarpsOf(op), messages->size(),
               adaptor.getPred(), [&](size_t k, Value pred) {
                 const Message &m = (*messages)[k];
                 SmallVector<Value> operands = {
                     pred,
                     sharedAddress(rw, loc,
                                   byteOffsetPtr(rw, loc, adaptor.getResult(),
                                                 m.byteOffset)),
                     adaptor.getDesc()};
                 llvm::append_range(
                     operands, messageCoords(rw, loc, adaptor.getCoord(), m));
                 operands.push_back(bar);
                 asmStatement(rw, loc, text, constraints, operands);
               });
    rw.eraseOp(op);
    return success();
  }
};

/// local_to_global and reduce: the same messages into a bulk group, then
/// the group is committed.
template <typename Op>
struct CopyLocalToGlobalConversion : public ConvertOpToLLVMPattern<Op> {
  CopyLocalToGlobalConversion(LLVMTypeConverter &tc, const TargetInfo &target)
      : ConvertOpToLLVMPattern<Op>(tc), target(target) {}
  const TargetInfo &target;

  static std::string instruction(Op op, size_t rank) {
    std::string dims = std::to_string(rank) + "d";
    if constexpr (std::is_same_v<Op, AsyncTMAReduceOp>)
      return "cp.reduce.async.bulk.tensor." + dims + ".global.shared::cta." +
             stringifyDescriptorReduceKind(op.getKind()).str() +
             ".bulk_group";
    else
      return "cp.async.bulk.tensor." + dims + ".global.shared::cta.bulk_group";
  }

  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    TmaBox box;
    auto messages = messagesOf(op, op.getSrc().getType(), box);
    if (failed(messages))
      return failure();
    size_t rank = op.getCoord().size();
    std::string text = "@$0 " + instruction(op, rank) + " [$1, " +
                       operandList(2, rank) + "], [$" +
                       std::to_string(2 + rank) + "];";
    std::string constraints = "b,l";
    for (size_t i = 0; i < rank; ++i)
      constraints += ",r";
    constraints += ",r";
    perMessage(rw, loc, target, numWarpsOf(op), messages->size(), Value(),
               [&](size_t k, Value pred) {
                 const Message &m = (*messages)[k];
                 SmallVector<Value> operands = {pred, adaptor.getDesc()};
                 llvm::append_range(
                     operands, messageCoords(rw, loc, adaptor.getCoord(), m));
                 operands.push_back(sharedAddress(
                     rw, loc,
                     byteOffsetPtr(rw, loc, adaptor.getSrc(), m.byteOffset)));
                 asmStatement(rw, loc, text, constraints, operands);
               });
    NVVM::CpAsyncBulkCommitGroupOp::create(rw, loc);
    rw.eraseOp(op);
    return success();
  }
};

/// Waits until at most `pendings` bulk groups still read shared memory
/// (`.read`, as Triton 3.6 writes it: the buffer may be reused; the
/// global writes complete by the kernel's end).
struct StoreWaitConversion
    : public ConvertOpToLLVMPattern<AsyncTMAStoreWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AsyncTMAStoreWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    NVVM::CpAsyncBulkWaitGroupOp::create(rw, op.getLoc(),
                                         rw.getI32IntegerAttr(op.getPendings()),
                                         rw.getUnitAttr());
    rw.eraseOp(op);
    return success();
  }
};

/// The 128 bytes of a TMA descriptor built in the op's shared scratch, as
/// Triton 3.6 does: warp 0 zeroes them, thread 0 writes each field with
/// tensormap.replace, warp 0 copies them to global memory with
/// tensormap.cp_fenceproxy (a release of the tensormap proxy).
struct TensormapCreateConversion
    : public ConvertOpToLLVMPattern<TensormapCreateOp> {
  TensormapCreateConversion(LLVMTypeConverter &tc, const TargetInfo &target)
      : ConvertOpToLLVMPattern(tc), target(target) {}
  const TargetInfo &target;
  LogicalResult
  matchAndRewrite(TensormapCreateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    auto off = op->getAttrOfType<IntegerAttr>("allocation.offset");
    if (!off)
      return op.emitError("'ttng.tensormap_create' has no shared scratch: "
                          "run allocate-shared-memory before the lowering");
    Value smemPtr = sharedBase(rw, loc, op, target);
    if (off.getInt())
      smemPtr = LLVM::GEPOp::create(rw, loc, smemPtr.getType(), rw.getI8Type(),
                                    smemPtr,
                                    ArrayRef<LLVM::GEPArg>{int32_t(off.getInt())});
    Value smem = sharedAddress(rw, loc, smemPtr);
    ThreadIds ids = threadIds(rw, loc, target);
    Value warp0 = LLVM::ICmpOp::create(rw, loc, LLVM::ICmpPredicate::ult,
                                       ids.tid, i32Const(rw, loc, 32));
    Value thread0 = LLVM::ICmpOp::create(rw, loc, LLVM::ICmpPredicate::eq,
                                         ids.tid, i32Const(rw, loc, 0));
    // Zeroed: one word a lane of warp 0.
    Value word = LLVM::AddOp::create(
        rw, loc, smem,
        LLVM::MulOp::create(rw, loc, ids.lane, i32Const(rw, loc, 4)));
    asmStatement(rw, loc, "@$0 st.shared.b32 [$1], 0;", "b,r", {warp0, word});
    asmStatement(rw, loc, "@$0 bar.warp.sync -1;", "b", {warp0});
    auto field = [&](const std::string &name, int ordinal, Value v,
                     bool wide) {
      std::string text = "@$0 tensormap.replace.tile." + name +
                         ".shared::cta.b1024." + (wide ? "b64" : "b32") +
                         " [$1], " +
                         (ordinal >= 0 ? std::to_string(ordinal) + ", " : "") +
                         "$2;";
      asmStatement(rw, loc, text, wide ? "b,r,l" : "b,r,r",
                   {thread0, smem, v});
    };
    auto literal = [&](const std::string &name, int64_t v) {
      asmStatement(rw, loc,
                   "@$0 tensormap.replace.tile." + name +
                       ".shared::cta.b1024.b32 [$1], " + std::to_string(v) +
                       ";",
                   "b,r", {thread0, smem});
    };
    Value base = LLVM::PtrToIntOp::create(rw, loc, rw.getI64Type(),
                                          adaptor.getGlobalAddress());
    field("global_address", -1, base, /*wide=*/true);
    int rank = int(op.getBoxDim().size());
    literal("rank", rank - 1);
    for (int i = 0; i < rank; ++i) {
      field("box_dim", i, adaptor.getBoxDim()[i], false);
      field("global_dim", i, adaptor.getGlobalDim()[i], false);
      field("element_stride", i, adaptor.getElementStride()[i], false);
    }
    for (auto [i, stride] : llvm::enumerate(adaptor.getGlobalStride()))
      field("global_stride", int(i), stride, /*wide=*/true);
    literal("elemtype", op.getElemType());
    literal("interleave_layout", op.getInterleaveLayout());
    literal("swizzle_mode", op.getSwizzleMode());
    literal("fill_mode", op.getFillMode());
    asmStatement(rw, loc, "@$0 bar.warp.sync -1;", "b", {warp0});
    asmStatement(rw, loc,
                 "@$0 tensormap.cp_fenceproxy.global.shared::cta.tensormap::"
                 "generic.release.gpu.sync.aligned [$1], [$2], 128;",
                 "b,l,r", {warp0, adaptor.getDescPtr(), smem});
    rw.eraseOp(op);
    return success();
  }
};

/// The acquire side: warp 0 fences the descriptor for the tensormap proxy
/// and waits until the copy-out (tensormap.cp_fenceproxy) has finished
/// reading the shared scratch, which may be reused at once -- the
/// commit/wait pair Triton 3.6 emits there as a workaround for ptxas --
/// then the CTA meets at a barrier.
struct TensormapFenceproxyAcquireConversion
    : public ConvertOpToLLVMPattern<TensormapFenceproxyAcquireOp> {
  TensormapFenceproxyAcquireConversion(LLVMTypeConverter &tc,
                                       const TargetInfo &target)
      : ConvertOpToLLVMPattern(tc), target(target) {}
  const TargetInfo &target;
  LogicalResult
  matchAndRewrite(TensormapFenceproxyAcquireOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    Value warp0 = LLVM::ICmpOp::create(rw, loc, LLVM::ICmpPredicate::ult,
                                       target.threadId(rw, loc),
                                       i32Const(rw, loc, 32));
    Value generic = LLVM::AddrSpaceCastOp::create(
        rw, loc, LLVM::LLVMPointerType::get(rw.getContext()),
        adaptor.getDescPtr());
    asmStatement(rw, loc,
                 "@$0 fence.proxy.tensormap::generic.acquire.gpu [$1], 128;",
                 "b,l", {warp0, generic});
    asmStatement(rw, loc, "@$0 cp.async.bulk.commit_group;", "b", {warp0});
    asmStatement(rw, loc, "@$0 cp.async.bulk.wait_group.read 0;", "b",
                 {warp0});
    target.barrier(rw, loc);
    rw.eraseOp(op);
    return success();
  }
};

/// A descriptor in global memory, as the generic address TMA takes.
struct ReinterpretTensorDescConversion
    : public ConvertOpToLLVMPattern<ReinterpretTensorDescOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ReinterpretTensorDescOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    rw.replaceOpWithNewOp<LLVM::AddrSpaceCastOp>(
        op, LLVM::LLVMPointerType::get(rw.getContext()), adaptor.getRawDesc());
    return success();
  }
};

} // namespace

void populateTMAPatterns(TritonGPUToLLVMTypeConverter &tc,
                         RewritePatternSet &patterns,
                         const TargetInfo &target) {
  MLIRContext *ctx = patterns.getContext();
  // A descriptor is the address of its CUtensorMap (a kernel parameter).
  tc.addConversion([ctx](triton::TensorDescType) -> Type {
    return LLVM::LLVMPointerType::get(ctx);
  });
  patterns.add<InitBarrierConversion, InvalBarrierConversion,
               BarrierExpectConversion, ArriveBarrierConversion,
               CopyGlobalToLocalConversion,
               CopyLocalToGlobalConversion<AsyncTMACopyLocalToGlobalOp>,
               CopyLocalToGlobalConversion<AsyncTMAReduceOp>,
               TensormapCreateConversion,
               TensormapFenceproxyAcquireConversion>(tc, target);
  patterns.add<WaitBarrierConversion, StoreWaitConversion,
               ReinterpretTensorDescConversion>(tc);
}

TensorMapParameters findTensorMapParameters(ModuleOp module) {
  TensorMapParameters out;
  module.walk([&](triton::FuncOp f) {
    if (!f.isPublic())
      return;
    std::vector<unsigned> indices;
    for (auto [i, t] : llvm::enumerate(f.getArgumentTypes()))
      if (isa<triton::TensorDescType>(t))
        indices.push_back(unsigned(i));
    if (!indices.empty())
      out.kernels.push_back({f.getName().str(), std::move(indices)});
  });
  return out;
}

LogicalResult recordTensorMapArguments(ModuleOp module,
                                       trident::bundle::KernelMetadata &meta) {
  // The heads of the descriptors' launch arguments, in order.
  std::vector<uint32_t> heads;
  for (size_t i = 0; i + 1 < meta.args.size(); ++i)
    if (meta.args[i + 1].name == meta.args[i].name + ".pack.shape0")
      heads.push_back(uint32_t(i));
  size_t next = 0;
  const std::string &kernel = meta.symbol.empty() ? meta.kernel : meta.symbol;
  WalkResult r = module.walk([&](triton::FuncOp f) {
    if (!f.isPublic() || f.getName() != kernel)
      return WalkResult::advance();
    for (BlockArgument a : f.getArguments()) {
      auto desc = dyn_cast<triton::TensorDescType>(a.getType());
      if (!desc)
        continue;
      RankedTensorType block = desc.getBlockType();
      Location loc = a.getLoc();
      if (next >= heads.size()) {
        emitError(loc) << "the kernel's metadata lists no launch arguments "
                          "for this tensor descriptor";
        return WalkResult::interrupt();
      }
      TmaBox box;
      std::string why;
      if (!block.getEncoding()) {
        emitError(loc) << "a tensor descriptor parameter without a "
                          "shared-memory layout on its block type (TTGIR "
                          "gives it the layout its TMA copies use)";
        return WalkResult::interrupt();
      }
      if (!tmaBoxOf(block.getEncoding(), block.getShape(),
                    block.getElementType().getIntOrFloatBitWidth(), box,
                    why)) {
        emitError(loc) << why;
        return WalkResult::interrupt();
      }
      trident::bundle::TensorMapArg t;
      t.arg = heads[next++];
      t.swizzle = uint32_t(box.swizzleBytes);
      for (int64_t n : box.box)
        t.box.push_back(uint32_t(n));
      meta.tensorMaps.push_back(std::move(t));
    }
    return WalkResult::advance();
  });
  if (r.wasInterrupted())
    return failure();
  if (!meta.tensorMaps.empty() &&
      std::find(meta.requirements.begin(), meta.requirements.end(), "tma") ==
          meta.requirements.end())
    meta.requirements.push_back("tma");
  return success();
}

void markTensorMapParameters(ModuleOp module,
                             const TensorMapParameters &params) {
  MLIRContext *ctx = module.getContext();
  Builder b(ctx);
  Type bytes = LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), 128);
  for (const auto &[name, indices] : params.kernels) {
    auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
    if (!fn)
      continue;
    for (unsigned i : indices) {
      fn.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                    TypeAttr::get(bytes));
      fn.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                    b.getI64IntegerAttr(64));
      fn.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                    b.getUnitAttr());
    }
  }
}

} // namespace trident::nvidia
