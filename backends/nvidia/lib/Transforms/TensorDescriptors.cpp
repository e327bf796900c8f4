//===- TensorDescriptors.cpp - tensor descriptors through TMA -------------===//
//
// The TMA copier (TensorDescriptors.h) and nvidia-lower-tensor-descriptors
// (Passes.td). The ops are those Triton 3.6 writes for sm_90: one mbarrier
// per ring slot, init count 1; a slot's copies announce their bytes with
// barrier_expect and signal it; readers wait for the slot's phase parity.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Nvidia/TensorDescriptors.h"

#include "ToLLVM/TMAToLLVM.h"

#include "trident/Backends/Nvidia/Dialect/Dialect.h"
#include "trident/Backends/Nvidia/Passes.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace trident::nvidia {
#define GEN_PASS_DEF_NVIDIALOWERTENSORDESCRIPTORS
#include "trident/Backends/Nvidia/Passes.h.inc"
} // namespace trident::nvidia

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace trident::nvidia {

Attribute tmaEncoding(TensorDescType type) {
  RankedTensorType block = type.getBlockType();
  if (block.getRank() != 2 || block.getShape()[0] < 8)
    return {};
  unsigned bits = block.getElementTypeBitWidth();
  if (bits != 8 && bits != 16 && bits != 32)
    return {};
  int64_t bytes = block.getShape()[1] * bits / 8;
  int64_t swizzle = 128;
  while (swizzle >= 32 && (bytes < swizzle || bytes % swizzle))
    swizzle /= 2;
  if (swizzle < 32)
    return {};
  MLIRContext *ctx = type.getContext();
  Builder b(ctx);
  NamedAttrList fields;
  fields.append("swizzlingByteWidth", b.getI64IntegerAttr(swizzle));
  fields.append("transposed", b.getBoolAttr(false));
  fields.append("elementBitWidth", b.getI64IntegerAttr(int64_t(bits)));
  return VendorSharedEncodingAttr::get(
      ctx, StringAttr::get(ctx, "nvmma_shared"), fields.getDictionary(ctx));
}

namespace {

/// `!ttg.memdesc<n x 1 x i64>` (n > 0) or `<1xi64>` of barriers.
MemDescType barrierType(MLIRContext *ctx, ArrayRef<int64_t> shape) {
  auto enc = SwizzledSharedEncodingAttr::get(ctx, 1, 1, 1, {0});
  return MemDescType::get(ctx, shape, IntegerType::get(ctx, 64), enc,
                          SharedMemorySpaceAttr::get(ctx), /*mutable=*/true,
                          {});
}

/// Barrier `i` of the ring `signals`.
Value slotOf(OpBuilder &b, Location loc, Value signals, Value i) {
  return MemDescIndexOp::create(b, loc, barrierType(b.getContext(), {1}),
                                signals, i)
      .getResult();
}

Value i32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(int32_t(v)));
}

int64_t blockBytes(Value desc) {
  RankedTensorType block = cast<TensorDescType>(desc.getType()).getBlockType();
  return block.getNumElements() * block.getElementTypeBitWidth() / 8;
}

class TmaCopier : public DescriptorCopier {
public:
  bool takes(TensorDescType type) const override {
    return static_cast<bool>(tmaEncoding(type));
  }
  Attribute bufferEncoding(TensorDescType type) const override {
    // A layout the block already has (TTGIR input) is the one its
    // descriptor was made for.
    if (Attribute given = type.getBlockType().getEncoding())
      return given;
    return tmaEncoding(type);
  }
  Attribute transposedEncoding(Attribute encoding) const override {
    auto v = dyn_cast_or_null<VendorSharedEncodingAttr>(encoding);
    if (!v || v.getName().getValue() != "nvmma_shared")
      return {};
    NamedAttrList fields(v.getParams());
    auto t = dyn_cast_or_null<BoolAttr>(fields.get("transposed"));
    fields.set("transposed",
               BoolAttr::get(encoding.getContext(), !(t && t.getValue())));
    return VendorSharedEncodingAttr::get(encoding.getContext(), v.getName(),
                                         fields.getDictionary(
                                             encoding.getContext()));
  }
  Value createSignals(OpBuilder &b, Location loc, int slots) const override {
    Value ring = LocalAllocOp::create(b, loc,
                                      barrierType(b.getContext(), {slots, 1}),
                                      Value())
                     .getResult();
    for (int i = 0; i < slots; ++i)
      InitBarrierOp::create(b, loc, slotOf(b, loc, ring, i32(b, loc, i)), 1);
    return ring;
  }
  SmallVector<Operation *> issue(OpBuilder &b, Location loc, Value signals,
                                 Value slot, ArrayRef<DescriptorLoadOp> loads,
                                 ArrayRef<Value> views,
                                 Value pred) const override {
    SmallVector<Operation *> ops;
    Value bar = slotOf(b, loc, signals, slot);
    ops.push_back(bar.getDefiningOp());
    int64_t bytes = 0;
    for (DescriptorLoadOp load : loads)
      bytes += blockBytes(DescriptorLoadOp(load).getDesc());
    ops.push_back(BarrierExpectOp::create(b, loc, bar, int32_t(bytes), pred));
    for (size_t i = 0; i < loads.size(); ++i) {
      DescriptorLoadOp load = loads[i];
      ops.push_back(AsyncTMACopyGlobalToLocalOp::create(
          b, load.getLoc(), load.getDesc(), load.getIndices(), bar, views[i],
          pred));
    }
    return ops;
  }
  SmallVector<Operation *> wait(OpBuilder &b, Location loc, Value signals,
                                Value slot, Value phase) const override {
    Value bar = slotOf(b, loc, signals, slot);
    auto w = WaitBarrierOp::create(b, loc, bar, phase, Value(), ValueRange());
    return {bar.getDefiningOp(), w};
  }
  void destroySignals(OpBuilder &b, Location loc, Value signals,
                      int slots) const override {
    for (int i = 0; i < slots; ++i)
      InvalBarrierOp::create(b, loc, slotOf(b, loc, signals, i32(b, loc, i)));
    LocalDeallocOp::create(b, loc, signals);
  }
  bool predicable(Operation *op) const override {
    return isa<BarrierExpectOp, AsyncTMACopyGlobalToLocalOp>(op);
  }
  Operation *predicate(RewriterBase &rw, Operation *op,
                       Value pred) const override {
    auto andPred = [&](Value old) {
      rw.setInsertionPoint(op);
      return arith::AndIOp::create(rw, op->getLoc(), old, pred).getResult();
    };
    if (auto e = dyn_cast<BarrierExpectOp>(op)) {
      Value p = andPred(e.getPred());
      rw.modifyOpInPlace(e, [&] { e.getPredMutable().assign(p); });
      return e;
    }
    if (auto c = dyn_cast<AsyncTMACopyGlobalToLocalOp>(op)) {
      Value p = andPred(c.getPred());
      rw.modifyOpInPlace(c, [&] { c.getPredMutable().assign(p); });
      return c;
    }
    return nullptr;
  }
};

/// The memdesc of a buffer for `desc`'s block.
MemDescType bufferType(Value desc, bool mutableMemory) {
  auto type = cast<TensorDescType>(desc.getType());
  RankedTensorType block = type.getBlockType();
  MLIRContext *ctx = type.getContext();
  return MemDescType::get(ctx, block.getShape(), block.getElementType(),
                          block.getEncoding(), SharedMemorySpaceAttr::get(ctx),
                          mutableMemory, {});
}

/// PTX's tensormap element type of `t` (the .elemtype field): integers
/// unsigned by size, 8-bit floats as bytes.
int32_t tensormapElementType(Type t) {
  unsigned bits = t.getIntOrFloatBitWidth();
  if (t.isF16())
    return 6;
  if (t.isBF16())
    return 10;
  if (t.isF32())
    return 7;
  if (t.isF64())
    return 9;
  return bits == 8 ? 0 : bits == 16 ? 1 : bits == 32 ? 2 : 4;
}

struct LowerTensorDescriptors
    : public impl::NvidiaLowerTensorDescriptorsBase<LowerTensorDescriptors> {
  LogicalResult lowerMake(MakeTensorDescOp make) {
    auto type = cast<TensorDescType>(make.getType());
    RankedTensorType block = type.getBlockType();
    Attribute enc = block.getEncoding() ? block.getEncoding()
                                        : tmaEncoding(type);
    if (!enc)
      return make.emitError("a tensor descriptor of block ")
             << block << " reached the TMA lowering, which does not take it";
    unsigned bits = block.getElementTypeBitWidth();
    TmaBox box;
    std::string why;
    if (!tmaBoxOf(enc, block.getShape(), bits, box, why))
      return make.emitError(why);
    MLIRContext *ctx = make.getContext();
    OpBuilder b(make);
    Location loc = make.getLoc();
    auto bytePtr = PointerType::get(IntegerType::get(ctx, 8), 1);
    Value scratch =
        GlobalScratchAllocOp::create(b, loc, bytePtr, 128, 128).getResult();
    size_t rank = block.getRank();
    SmallVector<Value> boxDims, globalDims, globalStrides, elementStrides;
    Value elemBytes = arith::ConstantOp::create(
        b, loc, b.getI64IntegerAttr(int64_t(bits / 8)));
    for (size_t i = 0; i < rank; ++i) {
      size_t d = rank - 1 - i; // innermost first
      boxDims.push_back(i32(b, loc, box.box[d]));
      globalDims.push_back(make.getShape()[d]);
      elementStrides.push_back(i32(b, loc, 1));
      if (i + 1 < rank)
        globalStrides.push_back(arith::MulIOp::create(
            b, loc, make.getStrides()[rank - 2 - i], elemBytes));
    }
    int32_t swizzle = box.swizzleBytes == 128  ? 3
                      : box.swizzleBytes == 64 ? 2
                      : box.swizzleBytes == 32 ? 1
                                               : 0;
    TensormapCreateOp::create(
        b, loc, scratch, make.getBase(), boxDims, globalDims, globalStrides,
        elementStrides, tensormapElementType(block.getElementType()),
        /*interleave_layout=*/0, swizzle,
        make.getPadding() == PaddingOption::PAD_NAN ? 1 : 0);
    TensormapFenceproxyAcquireOp::create(b, loc, scratch);
    auto typed = TensorDescType::get(
        ctx, RankedTensorType::get(block.getShape(), block.getElementType(),
                                   enc));
    Value desc =
        ReinterpretTensorDescOp::create(b, loc, typed, scratch).getResult();
    make.getResult().replaceAllUsesWith(desc);
    make.erase();
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The parameters' block types carry the copies' encoding.
    bool failedType = false;
    module.walk([&](triton::FuncOp f) {
      SmallVector<Type> inputs(f.getArgumentTypes());
      bool changed = false;
      for (auto [i, a] : llvm::enumerate(f.getArguments())) {
        auto d = dyn_cast<TensorDescType>(a.getType());
        if (!d || d.getBlockType().getEncoding())
          continue;
        Attribute enc = tmaEncoding(d);
        if (!enc) {
          emitError(a.getLoc()) << "a tensor descriptor of block "
                                << d.getBlockType()
                                << " reached the TMA lowering, which does "
                                   "not take it";
          failedType = true;
          continue;
        }
        RankedTensorType block = d.getBlockType();
        auto typed = TensorDescType::get(
            f.getContext(),
            RankedTensorType::get(block.getShape(), block.getElementType(),
                                  enc));
        a.setType(typed);
        inputs[i] = typed;
        changed = true;
      }
      if (changed)
        f.setType(FunctionType::get(f.getContext(), inputs,
                                    f.getFunctionType().getResults()));
    });
    if (failedType)
      return signalPassFailure();

    // Descriptors made in the kernel: written into 128 bytes of the
    // program's global scratch, as Triton 3.6's TMA lowering does.
    SmallVector<MakeTensorDescOp> makes;
    module.walk([&](MakeTensorDescOp op) { makes.push_back(op); });
    for (MakeTensorDescOp make : makes)
      if (failed(lowerMake(make)))
        return signalPassFailure();

    SmallVector<DescriptorLoadOp> loads;
    SmallVector<DescriptorStoreOp> stores;
    module.walk([&](DescriptorLoadOp op) { loads.push_back(op); });
    module.walk([&](DescriptorStoreOp op) { stores.push_back(op); });
    for (DescriptorLoadOp load : loads) {
      if (!cast<TensorDescType>(load.getDesc().getType())
               .getBlockType()
               .getEncoding()) {
        load.emitError("a descriptor load outside a kernel's TMA "
                       "descriptor parameters reached the TMA lowering");
        return signalPassFailure();
      }
      OpBuilder b(load);
      Location loc = load.getLoc();
      Value buf = LocalAllocOp::create(b, loc, bufferType(load.getDesc(), true),
                                       Value())
                      .getResult();
      Value bar = LocalAllocOp::create(b, loc, barrierType(b.getContext(), {1}),
                                       Value())
                      .getResult();
      InitBarrierOp::create(b, loc, bar, 1);
      Value yes = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
      BarrierExpectOp::create(b, loc, bar, int32_t(blockBytes(load.getDesc())),
                              yes);
      AsyncTMACopyGlobalToLocalOp::create(b, loc, load.getDesc(),
                                          load.getIndices(), bar, buf, yes);
      WaitBarrierOp::create(b, loc, bar, i32(b, loc, 0), Value(),
                            ValueRange());
      InvalBarrierOp::create(b, loc, bar);
      Value v = LocalLoadOp::create(b, loc, load.getType(), buf, Value())
                    .getResult();
      LocalDeallocOp::create(b, loc, bar);
      LocalDeallocOp::create(b, loc, buf);
      load.replaceAllUsesWith(v);
      load.erase();
    }
    for (DescriptorStoreOp store : stores) {
      OpBuilder b(store);
      Location loc = store.getLoc();
      Value buf = LocalAllocOp::create(b, loc,
                                       bufferType(store.getDesc(), false),
                                       store.getSrc())
                      .getResult();
      FenceAsyncSharedOp::create(b, loc, false);
      AsyncTMACopyLocalToGlobalOp::create(b, loc, store.getDesc(),
                                          store.getIndices(), buf);
      AsyncTMAStoreWaitOp::create(b, loc, 0);
      store.erase();
    }
  }
};

} // namespace

DescriptorCopierRef tmaCopier() { return std::make_shared<TmaCopier>(); }

} // namespace trident::nvidia
