//===- Pipeline.cpp - the cpu backend's stages ----------------------------===//
//
//   linalg    (IR)     TTIR -> tensor/linalg/scf with LLVM memory accesses
//   llvm-ir   (IR)     bufferized, lowered to the LLVM dialect, with the cpu
//                      kernel ABI entry points
//   llir      (text)   LLVM IR optimized at -O3 for the host CPU
//   obj       (binary) an ELF object for the host
//   host-so   (binary) the shared object the runtime's cpu driver loads
//
//===----------------------------------------------------------------------===//

#include "Pipeline.h"

#include "trident/Support/TempFile.h"
#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/Triton/Transforms/Passes.h"
#include "trident/Compiler/LLVMOptimize.h"

#include "trident/Backends/Cpu/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"

#include <fstream>
#include <sstream>

using namespace mlir;

namespace trident::cpu {

void registerCpuDialects(DialectRegistry &registry) {
  registry.insert<linalg::LinalgDialect, tensor::TensorDialect,
                  bufferization::BufferizationDialect, memref::MemRefDialect,
                  affine::AffineDialect, index::IndexDialect,
                  LLVM::LLVMDialect, func::FuncDialect>();
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

void recordKernels(ModuleOp module) {
  SmallVector<Attribute> names;
  for (auto f : module.getOps<mlir::triton::FuncOp>())
    if (f.isPublic())
      names.push_back(f.getSymNameAttr());
  module->setAttr("trident.kernels", ArrayAttr::get(module.getContext(), names));
}

void buildLinalgPipeline(OpPassManager &pm, bool checked) {
  // Calls cost a boundary bufferization would have to cross and buy nothing
  // on the host: inline everything (noinline included), and make early
  // returns structured again for buffer deallocation.
  pm.addPass(createCpuInlineAll());
  pm.addPass(createInlinerPass());
  pm.addPass(mlir::triton::createTritonRewriteTensorPointer());
  pm.addPass(mlir::triton::createTritonRewriteTensorDescriptorToPointer());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCpuAddProgramArgs());
  pm.addPass(createCpuEraseGpuHints());
  pm.addPass(createCpuGuardIntegerDivision());
  if (checked)
    pm.addPass(createCpuCheckMemoryAccesses());
  pm.addPass(createCpuConvertTritonToLinalg());
  pm.addPass(createLiftControlFlowToSCFPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void buildLLVMPipeline(OpPassManager &pm) {
  // Huge functions (unrolled Python loops) become calls of parts of
  // bounded size, here on tensors -- before fusion, which then works on
  // bounded bodies -- and again after lowering to loops (a part that
  // grew): the passes after each see bounded functions.
  pm.addPass(createCpuSplitLargeFunctions());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createConvertElementwiseToLinalgPass());
  pm.addPass(createCpuFuseElementwise());
  pm.addPass(createCpuFreshElementwiseInits());
  bufferization::OneShotBufferizePassOptions opts;
  opts.bufferizeFunctionBoundaries = true;
  opts.allowReturnAllocsFromLoops = true; // loop-carried tensors may be new buffers
  opts.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(opts));
  bufferization::buildBufferDeallocationPipeline(pm);
  // Deallocation clones a buffer a function returns when the function does
  // not own it (a part of a split function returning its argument's
  // buffer): alloc plus copy, before the copies become loops.
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addPass(createCpuOutlineDots());
  pm.addPass(createCpuMemRefCopyToLinalg());
  pm.addPass(createCpuExpandAtomics());
  pm.addPass(createConvertLinalgToLoopsPass());
  pm.addPass(createCpuSplitLargeFunctions());
  pm.addPass(createCpuUnrollSmallLoops());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  {
    // aligned_alloc, not malloc plus pointer arithmetic: LLVM then knows
    // each buffer is its own allocation, so stores into one do not force
    // reloads from another (which made unrolled code quadratic to compile).
    FinalizeMemRefToLLVMConversionPassOptions memrefOpts;
    memrefOpts.useAlignedAlloc = true;
    pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefOpts));
  }
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createCpuBarePointerCalls());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCpuReturnThroughMemory());
  pm.addPass(createCpuAddKernelWrapper());
  pm.addPass(createCanonicalizerPass());
}

static std::string hostFeatures() {
  llvm::SubtargetFeatures f;
  for (const auto &[name, on] : llvm::sys::getHostCPUFeatures())
    f.AddFeature(name, on);
  return f.getString();
}

std::string hostDescription() {
  return llvm::sys::getProcessTriple() + "/" +
         llvm::sys::getHostCPUName().str();
}

static llvm::TargetMachine *hostMachine(std::string &error) {
  static bool init = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)init;
  std::string triple = llvm::sys::getProcessTriple();
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(triple), error);
  if (!target)
    return nullptr;
  return target->createTargetMachine(
      llvm::Triple(triple), llvm::sys::getHostCPUName(), hostFeatures(),
      llvm::TargetOptions(), llvm::Reloc::PIC_, std::nullopt,
      llvm::CodeGenOptLevel::Aggressive);
}

LogicalResult translateToLLVMIR(ModuleOp module, std::string &text,
                                std::string &error) {
  llvm::LLVMContext llvmCtx;
  std::unique_ptr<llvm::Module> m = translateModuleToLLVMIR(module, llvmCtx);
  if (!m) {
    error = "translation of the LLVM dialect to LLVM IR failed";
    return failure();
  }
  std::unique_ptr<llvm::TargetMachine> tm(hostMachine(error));
  if (!tm)
    return failure();
  m->setTargetTriple(tm->getTargetTriple());
  m->setDataLayout(tm->createDataLayout());
  trident::optimizeAtO3(*m, *tm);
  llvm::raw_string_ostream os(text);
  m->print(os, nullptr);
  return success();
}

int hostVectorRegisters() {
  llvm::Triple triple(llvm::sys::getProcessTriple());
  if (triple.isAArch64())
    return 32;
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  auto it = features.find("avx512f");
  return it != features.end() && it->second ? 32 : 16;
}

/// Bytes the module's functions allocate with a size known at compile
/// time: static allocas, and aligned_alloc/malloc calls of a constant size
/// (bufferization puts a kernel's larger tensors on the heap).
static uint64_t blockLocalBytes(const llvm::Module &m) {
  const llvm::DataLayout &dl = m.getDataLayout();
  uint64_t bytes = 0;
  for (const llvm::Function &f : m)
    for (const llvm::BasicBlock &bb : f)
      for (const llvm::Instruction &i : bb) {
        if (auto *a = llvm::dyn_cast<llvm::AllocaInst>(&i)) {
          if (auto size = a->getAllocationSize(dl); size && !size->isScalable())
            bytes += size->getFixedValue();
        } else if (auto *call = llvm::dyn_cast<llvm::CallInst>(&i)) {
          const llvm::Function *callee = call->getCalledFunction();
          if (!callee || call->arg_empty())
            continue;
          llvm::StringRef name = callee->getName();
          unsigned sizeArg = name == "aligned_alloc" ? 1 : name == "malloc" ? 0 : ~0u;
          if (sizeArg >= call->arg_size())
            continue;
          if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(sizeArg)))
            bytes += c->getZExtValue();
        }
      }
  return bytes;
}

LogicalResult compileObject(const std::string &llvmIR, std::string &object,
                            bundle::KernelMetadata &metadata,
                            std::string &error) {
  llvm::LLVMContext llvmCtx;
  std::unique_ptr<llvm::Module> m =
      trident::parseLLVMIR(llvmIR, llvmCtx, "llir", error);
  if (!m)
    return failure();
  metadata.sharedMemory = blockLocalBytes(*m);
  metadata.registers = uint32_t(hostVectorRegisters());
  std::unique_ptr<llvm::TargetMachine> tm(hostMachine(error));
  if (!tm)
    return failure();
  // Functions with a block of more than a thousand instructions (the
  // parts of an unrolled kernel) are tuned for a generic x86 rather than
  // the host CPU: that tuning has no post-RA list scheduler, whose time
  // grows with the square of a block's length and was most of codegen
  // there (dwconv backward W = 64: 83 of 140 s). The code stays the
  // host's (target-cpu and features); only scheduling heuristics differ.
  // Ordinary kernels' blocks are far shorter (a 64x64x32 matmul: 477).
  constexpr size_t kLongBlock = 1000;
  for (llvm::Function &f : *m) {
    if (f.isDeclaration() || f.hasFnAttribute("tune-cpu"))
      continue;
    for (llvm::BasicBlock &bb : f)
      if (bb.size() > kLongBlock) {
        f.addFnAttr("tune-cpu", "generic");
        break;
      }
  }
  return success(trident::emitCode(*m, *tm, llvm::CodeGenFileType::ObjectFile,
                                   object, error));
}

LogicalResult linkSharedObject(const std::string &object, std::string &so,
                               std::string &error) {
  llvm::SmallString<128> obj, out;
  if (!trident::writeTemporaryFile("trident-kernel", "o", object, obj,
                                   "object file", error))
    return failure();
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("trident-kernel", "so", out)) {
    llvm::sys::fs::remove(obj);
    error = trident::temporaryFileError("shared object", ec);
    return failure();
  }
  std::string lld = TRIDENT_LLD_PATH;
  // compiler-rt's builtins supply conversions LLVM emits as calls on
  // hosts without native support (__truncsfbf2 for bf16, ...).
  llvm::SmallVector<llvm::StringRef> args = {lld, "-shared", "-o", out, obj};
  std::string builtins = TRIDENT_CLANG_RT_BUILTINS;
  if (!builtins.empty())
    args.push_back(builtins);
  std::string msg;
  int rc = llvm::sys::ExecuteAndWait(lld, args, std::nullopt, {}, 0, 0, &msg);
  llvm::sys::fs::remove(obj);
  if (rc != 0) {
    llvm::sys::fs::remove(out);
    error = "linking the kernel with " + lld + " failed" +
            (msg.empty() ? "" : ": " + msg) + " (exit status " +
            std::to_string(rc) + ")";
    return failure();
  }
  std::ifstream in(out.c_str(), std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  so = ss.str();
  llvm::sys::fs::remove(out);
  return success();
}

void describeSharedObject(bundle::KernelMetadata &metadata) {
  metadata.format = "host-so";
  metadata.threadsPerWarp = 1;
  metadata.extra["host"] = hostDescription();
}

} // namespace trident::cpu
