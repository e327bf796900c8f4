//===- TensorDescriptors.cpp - tensor descriptors through TMA -------------===//
//
// The TMA copier (TensorDescriptors.h) and nvidia-lower-tensor-descriptors
// (Passes.td). The ops are those Triton 3.6 writes for sm_90: one mbarrier
// per ring slot, init count 1; a slot's copies announce their bytes with
// barrier_expect and signal it; readers wait for the slot's phase parity.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Nvidia/TensorDescriptors.h"

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

struct LowerTensorDescriptors
    : public impl::NvidiaLowerTensorDescriptorsBase<LowerTensorDescriptors> {
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
