//===- Target.cpp - LLVM IR, AMDGPU assembly and hsaco --------------------===//

#include "Target.h"

#include "trident/Support/TempFile.h"
#include "trident/Compiler/LLVMOptimize.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/TargetParser.h"

#include <cstdlib>
#include <mutex>
#include <thread>
#include <tuple>

namespace trident::amd {

namespace {

constexpr const char *kTriple = "amdgcn-amd-amdhsa";
/// Code object v5 (what ROCm 6 and 7 load, and Triton 3.6 emits).
constexpr unsigned kCodeObjectVersion = 500;

void initAMDGPU() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
    LLVMInitializeAMDGPUAsmParser();
  });
}

const llvm::Target *lookup(std::string &error) {
  initAMDGPU();
  std::string lookupError;
  const llvm::Target *t =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(kTriple), lookupError);
  if (!t)
    error = "LLVM has no AMDGPU target: " + lookupError;
  return t;
}

std::unique_ptr<llvm::TargetMachine> machine(const std::string &arch,
                                             std::string &error) {
  const llvm::Target *t = lookup(error);
  if (!t)
    return nullptr;
  llvm::TargetOptions opts;
  opts.AllowFPOpFusion = llvm::FPOpFusion::Fast;
  opts.TrapUnreachable = true;
  // wave64 is gfx9's default: no features.
  return std::unique_ptr<llvm::TargetMachine>(t->createTargetMachine(
      llvm::Triple(kTriple), arch, "", opts, llvm::Reloc::PIC_, std::nullopt,
      llvm::CodeGenOptLevel::Aggressive));
}

/// __oclc_ISA_version: major * 1000 + minor * 100 + stepping (9402 for
/// gfx942, 9010 for gfx90a), which Debian's device libraries have no file
/// for past gfx940.
unsigned isaVersionNumber(const std::string &arch) {
  llvm::AMDGPU::IsaVersion v = llvm::AMDGPU::getIsaVersion(arch);
  return v.Major * 1000 + v.Minor * 100 + v.Stepping;
}

/// The value of each control constant the device libraries read
/// (ROCm-Device-Libs' oclc_*.bc set them; we define them for the target):
/// IEEE behaviour, no finite-only or unsafe math, correctly rounded sqrt,
/// wave64, code object v5.
bool controlConstant(llvm::StringRef name, const std::string &arch,
                     uint64_t &value) {
  if (name == "__oclc_ISA_version")
    value = isaVersionNumber(arch);
  else if (name == "__oclc_ABI_version")
    value = kCodeObjectVersion;
  else if (name == "__oclc_wavefrontsize64" ||
           name == "__oclc_correctly_rounded_sqrt32")
    value = 1;
  else if (name == "__oclc_finite_only_opt" ||
           name == "__oclc_unsafe_math_opt" || name == "__oclc_daz_opt")
    value = 0;
  else
    return false;
  return true;
}

/// The ocml function for a libdevice one (`__nv_tanhf` -> `__ocml_tanh_f32`,
/// `__nv_tanh` -> `__ocml_tanh_f64`), which TTIR written for NVIDIA GPUs
/// calls through tt.extern_elementwise; "" when the name is not of that
/// form. Most share the C name; one that ocml lacks stays undefined and is
/// reported as such.
std::string ocmlNameOf(llvm::Function &f) {
  llvm::StringRef name = f.getName();
  if (!name.consume_front("__nv_") || f.arg_empty())
    return "";
  llvm::Type *t = f.getReturnType();
  if (t->isFloatTy() && name.ends_with("f"))
    return ("__ocml_" + name.drop_back() + "_f32").str();
  if (t->isDoubleTy())
    return ("__ocml_" + name + "_f64").str();
  return "";
}

bool isLibraryFunction(llvm::StringRef name) {
  return name.starts_with("__ocml_") || name.starts_with("__ockl_");
}

std::string slurp(llvm::StringRef path) {
  auto b = llvm::MemoryBuffer::getFile(path);
  return b ? (*b)->getBuffer().str() : std::string();
}

} // namespace

bool isKnownArch(const std::string &arch) {
  return llvm::AMDGPU::parseArchAMDGCN(arch) != llvm::AMDGPU::GK_NONE;
}

std::string findDeviceLibraries(std::string &why) {
  auto complete = [](const std::string &dir) {
    return llvm::sys::fs::exists(dir + "/ocml.bc") &&
           llvm::sys::fs::exists(dir + "/ockl.bc");
  };
  // Set by the user: that one or an error.
  if (const char *e = std::getenv("TRIDENT_ROCM_DEVICE_LIBS"); e && *e) {
    if (complete(e))
      return e;
    why = std::string("TRIDENT_ROCM_DEVICE_LIBS=") + e +
          " has no ocml.bc and ockl.bc";
    return "";
  }
  std::vector<std::string> candidates;
  if (const char *e = std::getenv("ROCM_PATH"); e && *e)
    candidates.push_back(std::string(e) + "/amdgcn/bitcode");
  candidates.push_back("/opt/rocm/amdgcn/bitcode");
  candidates.push_back("/usr/lib/x86_64-linux-gnu/amdgcn/bitcode");
  candidates.push_back("/usr/lib/amdgcn/bitcode");
  for (const std::string &c : candidates)
    if (complete(c))
      return c;
  why = "the ROCm device libraries (ocml.bc, ockl.bc) were not found (looked "
        "in";
  for (const std::string &c : candidates)
    why += " " + c;
  why += "); install rocm-device-libs or set TRIDENT_ROCM_DEVICE_LIBS";
  return "";
}

std::string findLinker(std::string &why) {
  if (const char *e = std::getenv("TRIDENT_LLD"); e && *e) {
    if (llvm::sys::fs::can_execute(e))
      return e;
    why = std::string("TRIDENT_LLD=") + e + " is not an executable";
    return "";
  }
#ifdef TRIDENT_LLD_PATH
  if (llvm::sys::fs::can_execute(TRIDENT_LLD_PATH))
    return TRIDENT_LLD_PATH;
#endif
  for (const char *name : {"ld.lld-22", "ld.lld"})
    if (auto p = llvm::sys::findProgramByName(name))
      return *p;
  why = "no ld.lld found (TRIDENT_LLD, the one Trident was built with, "
        "ld.lld on PATH); install lld";
  return "";
}

mlir::LogicalResult translateToLLVMIR(mlir::ModuleOp module,
                                      const std::string &arch, std::string &out,
                                      std::string &error) {
  std::unique_ptr<llvm::TargetMachine> tm = machine(arch, error);
  if (!tm)
    return mlir::failure();
  llvm::LLVMContext llvmCtx;
  std::unique_ptr<llvm::Module> m = trident::translateForMachine(
      module, llvmCtx, *tm,
      [](mlir::DialectRegistry &r) {
        mlir::registerROCDLDialectTranslation(r);
      },
      error);
  if (!m)
    return mlir::failure();
  m->addModuleFlag(llvm::Module::Error, "amdhsa_code_object_version",
                   kCodeObjectVersion);

  for (llvm::Function &f : *m)
    if (f.isDeclaration())
      if (std::string ocml = ocmlNameOf(f); !ocml.empty()) {
        if (llvm::Function *existing = m->getFunction(ocml)) {
          f.replaceAllUsesWith(existing);
        } else {
          f.setName(ocml);
        }
      }
  // ocml and ockl, only when something calls them; only what is called.
  bool needsLibraries = false;
  for (llvm::Function &f : *m)
    needsLibraries |= f.isDeclaration() && isLibraryFunction(f.getName());
  if (needsLibraries) {
    std::string why;
    std::string dir = findDeviceLibraries(why);
    if (dir.empty()) {
      error = "the kernel calls ocml or ockl, but " + why;
      return mlir::failure();
    }
    for (const char *lib : {"ocml.bc", "ockl.bc"}) {
      if (!trident::linkBitcodeLibrary(*m, dir + "/" + lib, error))
        return mlir::failure();
    }
    for (llvm::Function &f : *m)
      if (!f.isDeclaration() && f.getCallingConv() !=
                                    llvm::CallingConv::AMDGPU_KERNEL)
        f.setLinkage(llvm::GlobalValue::InternalLinkage);
    // The control constants the libraries read, for this target.
    for (llvm::GlobalVariable &g : m->globals()) {
      if (!g.isDeclaration() || !g.getName().starts_with("__oclc_"))
        continue;
      uint64_t value;
      auto *type = llvm::dyn_cast<llvm::IntegerType>(g.getValueType());
      if (!type || !controlConstant(g.getName(), arch, value)) {
        error = "the device libraries read " + g.getName().str() +
                ", which Trident has no value for";
        return mlir::failure();
      }
      g.setInitializer(llvm::ConstantInt::get(type, value));
      g.setConstant(true);
      g.setLinkage(llvm::GlobalValue::InternalLinkage);
    }
  }
  // Any other function left undefined has no definition anywhere.
  for (llvm::Function &f : *m)
    if (f.isDeclaration() && !f.isIntrinsic() && !f.use_empty()) {
      error = "the kernel calls '" + f.getName().str() +
              "', which neither Trident nor the ROCm device libraries define";
      return mlir::failure();
    }

  // Without SLP: whether packing pays is decided by compileToAssembly,
  // which measures the code with and without it.
  trident::optimizeAtO3(*m, *tm, /*slpVectorize=*/false);
  llvm::raw_string_ostream os(out);
  m->print(os, nullptr);
  return mlir::success();
}

/// What one candidate assembly costs, read from the assembly: its spills
/// and VGPRs from the kernel metadata, its instructions counted in the
/// bodies of its functions.
struct CodeCost {
  uint64_t spills = 0, vgprs = 0, instructions = 0;
  bool operator<(const CodeCost &o) const {
    return std::tie(spills, vgprs, instructions) <
           std::tie(o.spills, o.vgprs, o.instructions);
  }
};

static CodeCost costOf(llvm::StringRef assembly) {
  CodeCost cost;
  llvm::StringSet<> functions;
  bool inside = false;
  llvm::SmallVector<llvm::StringRef> lines;
  assembly.split(lines, '\n');
  auto field = [](llvm::StringRef line, llvm::StringRef key) -> uint64_t {
    uint64_t v = 0;
    line.drop_front(key.size()).trim().getAsInteger(10, v);
    return v;
  };
  for (llvm::StringRef raw : lines) {
    llvm::StringRef line = raw.split(';').first.trim();
    if (line.consume_front(".type")) {
      auto [name, kind] = line.split(',');
      if (kind.trim() == "@function")
        functions.insert(name.trim());
      continue;
    }
    if (line.starts_with(".Lfunc_end")) {
      inside = false;
      continue;
    }
    if (!raw.starts_with(" ") && !raw.starts_with("\t") &&
        line.ends_with(":") && functions.contains(line.drop_back())) {
      inside = true;
      continue;
    }
    if (line.starts_with(".vgpr_count:"))
      cost.vgprs = std::max(cost.vgprs, field(line, ".vgpr_count:"));
    else if (line.starts_with(".vgpr_spill_count:"))
      cost.spills += field(line, ".vgpr_spill_count:");
    else if (line.starts_with(".sgpr_spill_count:"))
      cost.spills += field(line, ".sgpr_spill_count:");
    if (inside && !line.empty() && !line.starts_with(".") &&
        !line.ends_with(":"))
      ++cost.instructions;
  }
  return cost;
}

static std::string describe(const CodeCost &c) {
  return std::to_string(c.vgprs) + " VGPRs, " + std::to_string(c.spills) +
         " spills, " + std::to_string(c.instructions) + " instructions";
}

/// The assembly of `llvmIR` for `arch`; `packed` first SLP-vectorizes it
/// and schedules it to minimize registers. Self-contained (its own context
/// and target machine), so the two candidates can be made at once.
static bool candidate(const std::string &llvmIR, const std::string &arch,
                      bool packed, std::string &assembly, std::string &error) {
  llvm::LLVMContext llvmCtx;
  std::unique_ptr<llvm::Module> m =
      trident::parseLLVMIR(llvmIR, llvmCtx, "llvm-ir", error);
  if (!m)
    return false;
  std::unique_ptr<llvm::TargetMachine> tm = machine(arch, error);
  if (!tm)
    return false;
  if (packed) {
    if (!trident::runPipeline(
            *m, *tm,
            "function(slp-vectorizer,vector-combine,instcombine<no-verify-fixpoint>,"
            "simplifycfg)",
            error))
      return false;
    for (llvm::Function &f : *m)
      if (!f.isDeclaration() && !f.hasFnAttribute("amdgpu-sched-strategy"))
        f.addFnAttr("amdgpu-sched-strategy", "iterative-minreg");
  }
  return trident::emitCode(*m, *tm, llvm::CodeGenFileType::AssemblyFile,
                           assembly, error);
}

mlir::LogicalResult compileToAssembly(const std::string &llvmIR,
                                      const std::string &arch,
                                      std::string &assembly,
                                      std::string &error) {
  // Which code is better is not known before register allocation: SLP
  // packs pairs of fp32 or fp16 operations into one instruction but wants
  // even-aligned register pairs and reorders what it packs, which can cost
  // the registers it saves instructions for (a layer norm: 20 VGPRs packed
  // against 16 not); the register-minimizing scheduler wins some of them
  // back. So both are generated, on two threads, and the cheaper kept.
  std::string plain, vectorized, plainError, packedError;
  bool packedOk = false;
  std::thread other([&] {
    packedOk = candidate(llvmIR, arch, /*packed=*/true, vectorized,
                         packedError);
  });
  bool plainOk = candidate(llvmIR, arch, /*packed=*/false, plain, plainError);
  other.join();
  if (!plainOk || !packedOk) {
    error = plainOk ? packedError : plainError;
    return mlir::failure();
  }
  CodeCost a = costOf(plain), b = costOf(vectorized);
  bool takePacked = b < a;
  assembly = std::string("; Trident: ") +
             (takePacked ? "SLP-vectorized, register-minimizing schedule ("
                         : "not vectorized, default schedule (") +
             describe(takePacked ? b : a) + "; the other: " +
             describe(takePacked ? a : b) + ")\n" +
             (takePacked ? vectorized : plain);
  return mlir::success();
}

/// An ELF object of `assembly`, through LLVM MC in process.
static mlir::LogicalResult assemble(const std::string &assembly,
                                    const std::string &arch,
                                    std::string &object, std::string &error) {
  const llvm::Target *t = lookup(error);
  if (!t)
    return mlir::failure();
  llvm::Triple triple(kTriple);
  llvm::SourceMgr srcMgr;
  srcMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(assembly, "kernel.s", false),
      llvm::SMLoc());
  std::string diagnostics;
  llvm::raw_string_ostream diagOs(diagnostics);
  srcMgr.setDiagHandler(
      [](const llvm::SMDiagnostic &d, void *os) {
        d.print("amdgcn", *static_cast<llvm::raw_string_ostream *>(os));
      },
      &diagOs);
  llvm::MCTargetOptions mcOptions;
  std::unique_ptr<llvm::MCRegisterInfo> mri(t->createMCRegInfo(triple));
  std::unique_ptr<llvm::MCAsmInfo> mai(
      t->createMCAsmInfo(*mri, triple, mcOptions));
  std::unique_ptr<llvm::MCSubtargetInfo> sti(
      t->createMCSubtargetInfo(triple, arch, ""));
  std::unique_ptr<llvm::MCInstrInfo> mcii(t->createMCInstrInfo());
  llvm::MCContext ctx(triple, mai.get(), mri.get(), sti.get(), &srcMgr,
                      &mcOptions);
  std::unique_ptr<llvm::MCObjectFileInfo> mofi(
      t->createMCObjectFileInfo(ctx, /*PIC=*/true));
  ctx.setObjectFileInfo(mofi.get());
  llvm::SmallString<0> buffer;
  llvm::raw_svector_ostream os(buffer);
  std::unique_ptr<llvm::MCAsmBackend> mab(
      t->createMCAsmBackend(*sti, *mri, mcOptions));
  std::unique_ptr<llvm::MCObjectWriter> writer = mab->createObjectWriter(os);
  std::unique_ptr<llvm::MCCodeEmitter> emitter(
      t->createMCCodeEmitter(*mcii, ctx));
  std::unique_ptr<llvm::MCStreamer> streamer(
      t->createMCObjectStreamer(triple, ctx, std::move(mab), std::move(writer),
                                std::move(emitter), *sti));
  std::unique_ptr<llvm::MCAsmParser> parser(
      llvm::createMCAsmParser(srcMgr, ctx, *streamer, *mai));
  std::unique_ptr<llvm::MCTargetAsmParser> targetParser(
      t->createMCAsmParser(*sti, *parser, *mcii, mcOptions));
  if (!targetParser) {
    error = "LLVM has no AMDGPU assembler";
    return mlir::failure();
  }
  parser->setTargetParser(*targetParser);
  if (parser->Run(/*NoInitialTextSection=*/false)) {
    error = "the AMDGPU assembler failed: " + diagnostics;
    return mlir::failure();
  }
  streamer->finish();
  object.assign(buffer.begin(), buffer.end());
  return mlir::success();
}

mlir::LogicalResult assembleAndLink(const std::string &assembly,
                                    const std::string &arch,
                                    std::string &hsaco, std::string &error) {
  std::string object;
  if (mlir::failed(assemble(assembly, arch, object, error)))
    return mlir::failure();
  std::string why;
  std::string lld = findLinker(why);
  if (lld.empty()) {
    error = "cannot link the code object: " + why;
    return mlir::failure();
  }
  llvm::SmallString<128> in, out, err;
  if (!trident::writeTemporaryFile("trident-kernel", "o", object, in,
                                   "object file", error))
    return mlir::failure();
  llvm::sys::fs::createTemporaryFile("trident-kernel", "hsaco", out);
  llvm::sys::fs::createTemporaryFile("trident-lld", "err", err);
  // A symbol nothing defines is an error, not a load-time failure.
  std::vector<llvm::StringRef> argv = {lld, "--threads=1", "-shared",
                                       "--no-undefined", in, "-o", out};
  std::optional<llvm::StringRef> redirects[] = {
      std::nullopt, llvm::StringRef(err), llvm::StringRef(err)};
  std::string execError;
  int rc = llvm::sys::ExecuteAndWait(lld, argv, std::nullopt, redirects, 60, 0,
                                     &execError);
  std::string messages = slurp(err) + execError;
  std::string linked = slurp(out);
  llvm::sys::fs::remove(in);
  llvm::sys::fs::remove(out);
  llvm::sys::fs::remove(err);
  if (rc != 0 || linked.empty()) {
    error = "ld.lld failed (exit " + std::to_string(rc) + "): " + messages;
    return mlir::failure();
  }
  hsaco = std::move(linked);
  return mlir::success();
}

static uint64_t number(llvm::msgpack::MapDocNode &map, llvm::StringRef key) {
  auto it = map.find(key);
  if (it == map.end())
    return 0;
  llvm::msgpack::DocNode &n = it->second;
  if (n.getKind() == llvm::msgpack::Type::UInt)
    return n.getUInt();
  if (n.getKind() == llvm::msgpack::Type::Int)
    return uint64_t(n.getInt());
  return 0;
}

mlir::LogicalResult readKernelResources(const std::string &hsaco,
                                        const std::string &kernel,
                                        KernelResources &out,
                                        std::string &error) {
  using ELF = llvm::object::ELF64LEFile;
  llvm::Expected<ELF> file = ELF::create(hsaco);
  if (!file) {
    error = "the code object is not an ELF file: " +
            llvm::toString(file.takeError());
    return mlir::failure();
  }
  auto headers = file->program_headers();
  if (!headers) {
    error = llvm::toString(headers.takeError());
    return mlir::failure();
  }
  for (const auto &phdr : *headers) {
    if (phdr.p_type != llvm::ELF::PT_NOTE)
      continue;
    llvm::Error err = llvm::Error::success();
    for (const auto &note : file->notes(phdr, err)) {
      if (note.getName() != "AMDGPU" ||
          note.getType() != llvm::ELF::NT_AMDGPU_METADATA)
        continue;
      llvm::ArrayRef<uint8_t> desc = note.getDesc(phdr.p_align);
      llvm::msgpack::Document doc;
      if (!doc.readFromBlob(
              llvm::StringRef(reinterpret_cast<const char *>(desc.data()),
                              desc.size()),
              /*Multi=*/false)) {
        error = "the code object's metadata note is not MessagePack";
        return mlir::failure();
      }
      auto &root = doc.getRoot().getMap();
      auto kernels = root.find("amdhsa.kernels");
      if (kernels == root.end() ||
          kernels->second.getKind() != llvm::msgpack::Type::Array)
        break;
      for (llvm::msgpack::DocNode &k : kernels->second.getArray()) {
        auto &m = k.getMap();
        auto name = m.find(".name");
        if (name == m.end() || name->second.getString() != kernel)
          continue;
        out.vgprs = number(m, ".vgpr_count");
        out.sgprs = number(m, ".sgpr_count");
        out.agprs = number(m, ".agpr_count");
        out.vgprSpills = number(m, ".vgpr_spill_count");
        out.sgprSpills = number(m, ".sgpr_spill_count");
        out.ldsBytes = number(m, ".group_segment_fixed_size");
        out.privateBytes = number(m, ".private_segment_fixed_size");
        out.kernargBytes = number(m, ".kernarg_segment_size");
        out.wavefrontSize = number(m, ".wavefront_size");
        out.maxWorkgroupSize = number(m, ".max_flat_workgroup_size");
        llvm::consumeError(std::move(err));
        return mlir::success();
      }
    }
    if (err) {
      error = "cannot read the code object's notes: " +
              llvm::toString(std::move(err));
      return mlir::failure();
    }
  }
  error = "the code object has no metadata for kernel '" + kernel + "'";
  return mlir::failure();
}

} // namespace trident::amd
