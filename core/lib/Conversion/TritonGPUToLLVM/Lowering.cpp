//===- Lowering.cpp - the type converter and the conversion driver --------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::triton;

namespace trident {

/// Every llvm.extractvalue of a field that an llvm.insertvalue chain put
/// there replaced by the inserted value, in one pass per chain. Each
/// lowered op hands its tensor on as a struct of all the thread's values
/// (an insertvalue chain) that the next op takes apart again; the
/// canonicalizer folds such pairs too, but each fold walks the chain from
/// its end, which is quadratic in a thread's values (8192 values a thread:
/// 2 of the 4 seconds of a 2^20-element kernel's lowering).
static void foldStructRoundTrips(ModuleOp module) {
  // The fields of the struct an insertvalue yields, by one-index position,
  // as far back as its chain of insertvalues reaches.
  llvm::DenseMap<Operation *, llvm::DenseMap<int64_t, Value>> fields;
  auto fieldsOf = [&](LLVM::InsertValueOp last)
      -> const llvm::DenseMap<int64_t, Value> & {
    auto found = fields.find(last);
    if (found != fields.end())
      return found->second;
    llvm::DenseMap<int64_t, Value> map;
    for (LLVM::InsertValueOp op = last; op;
         op = op.getContainer().getDefiningOp<LLVM::InsertValueOp>()) {
      ArrayRef<int64_t> pos = op.getPosition();
      if (pos.size() == 1)
        map.try_emplace(pos[0], op.getValue()); // the latest insert wins
    }
    return fields[last] = std::move(map);
  };
  SmallVector<LLVM::ExtractValueOp> extracts;
  module.walk([&](LLVM::ExtractValueOp op) { extracts.push_back(op); });
  for (LLVM::ExtractValueOp op : extracts) {
    auto chain = op.getContainer().getDefiningOp<LLVM::InsertValueOp>();
    ArrayRef<int64_t> pos = op.getPosition();
    if (!chain || pos.size() != 1)
      continue;
    const auto &map = fieldsOf(chain);
    auto it = map.find(pos[0]);
    if (it != map.end() && it->second.getType() == op.getType()) {
      op.replaceAllUsesWith(it->second);
      op.erase();
    }
  }
}

TritonGPUToLLVMTypeConverter::TritonGPUToLLVMTypeConverter(
    MLIRContext *ctx, const TargetInfo &target)
    : LLVMTypeConverter(ctx) {
  unsigned global = target.globalAddressSpace();
  addConversion([ctx, global](PointerType) -> Type {
    return LLVM::LLVMPointerType::get(ctx, global);
  });
  // A buffer in shared memory: its base address.
  unsigned shared = target.sharedAddressSpace();
  addConversion([ctx, shared](triton::gpu::MemDescType) -> Type {
    return LLVM::LLVMPointerType::get(ctx, shared);
  });
  // A token orders nothing at run time: an i32 that is never read.
  addConversion([ctx](triton::gpu::AsyncTokenType) -> Type {
    return IntegerType::get(ctx, 32);
  });
  addConversion([this](RankedTensorType t) -> std::optional<Type> {
    if (!isa_and_nonnull<triton::gpu::DistributedEncoding>(t.getEncoding()))
      return std::nullopt;
    Type elem = convertType(t.getElementType());
    if (!elem)
      return std::nullopt;
    int32_t n = numRegisters(triton::gpu::toLinearLayout(t));
    return LLVM::LLVMStructType::getLiteral(t.getContext(),
                                            SmallVector<Type>(n, elem));
  });
}

/// A tensor arith.select on a scalar condition that a later scf.if of the
/// same block branches on too, used only after that scf.if, becomes one
/// more result of the scf.if: the then branch yields the select's true
/// value, the else branch its false value. Triton's loop flattening resets
/// a persistent matmul's accumulator so (select, then an scf.if on the same
/// condition that stores the tile); as a select, every element of an
/// accumulator a wgmma may still be writing is read before its wait, and
/// ptxas serializes the wgmmas. Threaded into the branch, the accumulator
/// flows on untouched on the path that keeps it.
static void threadSelectsIntoIfs(ModuleOp module) {
  SmallVector<arith::SelectOp> selects;
  module.walk([&](arith::SelectOp s) {
    if (isa<RankedTensorType>(s.getType()) &&
        s.getCondition().getType().isInteger(1))
      selects.push_back(s);
  });
  for (arith::SelectOp s : selects) {
    Value cond = s.getCondition();
    scf::IfOp branch;
    for (Operation *op = s->getNextNode(); op && !branch; op = op->getNextNode())
      if (auto i = dyn_cast<scf::IfOp>(op); i && i.getCondition() == cond)
        branch = i;
    if (!branch)
      continue;
    Block *block = s->getBlock();
    bool usedAfter = llvm::all_of(s->getUses(), [&](OpOperand &use) {
      Operation *user = block->findAncestorOpInBlock(*use.getOwner());
      return user && branch->isBeforeInBlock(user);
    });
    if (!usedAfter)
      continue;
    OpBuilder b(branch);
    SmallVector<Type> types(branch.getResultTypes());
    types.push_back(s.getType());
    auto threaded = scf::IfOp::create(b, branch.getLoc(), types, cond,
                                      /*addThenBlock=*/false,
                                      /*addElseBlock=*/false);
    threaded.getThenRegion().takeBody(branch.getThenRegion());
    if (!branch.getElseRegion().empty()) {
      threaded.getElseRegion().takeBody(branch.getElseRegion());
    } else {
      Block *e = b.createBlock(&threaded.getElseRegion());
      b.setInsertionPointToEnd(e);
      scf::YieldOp::create(b, branch.getLoc());
    }
    auto append = [](Region &r, Value v) {
      Operation *yield = r.front().getTerminator();
      yield->insertOperands(yield->getNumOperands(), v);
    };
    append(threaded.getThenRegion(), s.getTrueValue());
    append(threaded.getElseRegion(), s.getFalseValue());
    branch->replaceAllUsesWith(
        threaded.getResults().take_front(branch.getNumResults()));
    s.getResult().replaceAllUsesWith(threaded.getResults().back());
    branch->erase();
    s->erase();
  }
}

LogicalResult lowerTritonGPUToLLVM(
    ModuleOp module, const TargetInfo &target,
    const std::function<void(TritonGPUToLLVMTypeConverter &,
                             RewritePatternSet &)> &extra) {
  MLIRContext *ctx = module.getContext();
  // Layouts the lowering can take faithfully (a pass run without the
  // backend's pipeline, as trident-opt's, meets this check here).
  if (failed(triton::gpu::verifyTritonGPUModule(module)))
    return failure();
  // Every use of shared memory needs its offset from the allocation.
  Operation *unallocated = nullptr;
  module.walk([&](Operation *op) {
    auto alloc = dyn_cast<triton::gpu::LocalAllocOp>(op);
    if (alloc && !triton::gpu::inSharedMemory(alloc.getType())) {
      // A backend's own memory space: its plugin's patterns lower it.
      return WalkResult::advance();
    }
    if ((alloc || scratchBytes(op)) && !op->hasAttr(kAllocationOffset)) {
      unallocated = op;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (unallocated)
    return unallocated->emitError("'")
           << unallocated->getName()
           << "' uses shared memory but has no offset: run "
              "allocate-shared-memory and insert-shared-barriers before the "
              "lowering";
  threadSelectsIntoIfs(module);
  // AxisInfo reads loop bounds off scf.for; the lowering wants the CFG.
  // Ops inside loops move to blocks unchanged, so the facts stay valid.
  AxisInfoAnalysis axis(module);
  {
    RewritePatternSet scf(ctx);
    populateSCFToControlFlowConversionPatterns(scf);
    ConversionTarget t(*ctx);
    t.addIllegalDialect<scf::SCFDialect>();
    t.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(module, t, std::move(scf))))
      return failure();
  }
  {
    // Triton's TTGIR may hold arith.ceildivsi / floordivsi (its frontend
    // writes tl.cdiv so): expanded into the arith ops lowered below.
    RewritePatternSet expand(ctx);
    arith::populateCeilFloorDivExpandOpsPatterns(expand);
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(applyPatternsGreedily(module, std::move(expand), config)))
      return failure();
  }
  LoweringContext lc{target, axis,
                     triton::gpu::TritonGPUDialect::getNumWarps(module)};
  TritonGPUToLLVMTypeConverter tc(ctx, target);
  RewritePatternSet patterns(ctx);
  populateFuncOpToLLVMPatterns(tc, patterns, lc);
  populateElementwiseOpToLLVMPatterns(tc, patterns, lc);
  populateFloatConversionOpToLLVMPatterns(tc, patterns, lc);
  populateViewOpToLLVMPatterns(tc, patterns, lc);
  populateMemoryOpToLLVMPatterns(tc, patterns, lc);
  populateShapeOpToLLVMPatterns(tc, patterns, lc);
  populateReduceOpToLLVMPatterns(tc, patterns, lc);
  populateAtomicOpToLLVMPatterns(tc, patterns, lc);
  populateDebugOpToLLVMPatterns(tc, patterns, lc);
  populateScanOpToLLVMPatterns(tc, patterns, lc);
  populateGatherOpToLLVMPatterns(tc, patterns, lc);
  populateHistogramOpToLLVMPatterns(tc, patterns, lc);
  populateSharedMemoryOpToLLVMPatterns(tc, patterns, lc);
  populateDotOpToLLVMPatterns(tc, patterns, lc);
  if (extra)
    extra(tc, patterns);
  arith::populateArithToLLVMConversionPatterns(tc, patterns);
  populateMathToLLVMConversionPatterns(tc, patterns);
  cf::populateControlFlowToLLVMConversionPatterns(tc, patterns);
  index::populateIndexToLLVMConversionPatterns(tc, patterns);
  ub::populateUBToLLVMConversionPatterns(tc, patterns);

  ConversionTarget legal(*ctx);
  legal.addLegalDialect<LLVM::LLVMDialect>();
  legal.addLegalOp<ModuleOp>();
  legal.markUnknownOpDynamicallyLegal([](Operation *op) {
    // Vendor dialects (nvvm, rocdl) the backend's patterns produce.
    StringRef ns = op->getDialect() ? op->getDialect()->getNamespace() : "";
    return ns == "nvvm" || ns == "rocdl";
  });
  if (failed(applyFullConversion(module, legal, std::move(patterns))) ||
      lc.allocationError)
    return failure();
  foldStructRoundTrips(module);
  return success();
}

} // namespace trident
