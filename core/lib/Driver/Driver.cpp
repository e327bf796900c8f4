//===- Driver.cpp - frontend, core pipeline, backend stages, cache --------===//

#include "trident/Driver/Driver.h"

#include "trident/Compiler/Pipeline.h"
#include "trident/Compiler/Registration.h"
#include "trident/Driver/Cache.h"
#include "trident/Driver/RemoteCache.h"
#include "trident/Version.h"

#include "IRInput.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

#include <dlfcn.h>
#include <map>
#include <mutex>

#include "trident/Analysis/LayoutRemarks.h"
#include "trident/Analysis/WrittenArguments.h"
#include "trident/Dialect/Triton/Transforms/DescriptorArguments.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/ADT/StringExtras.h"

#include <chrono>
#include <cstdlib>
#include <unistd.h>

namespace trident {

const char kTridentVersion[] = TRIDENT_VERSION_STRING;

namespace {

/// A launch argument for the bundle's metadata; `specialization` is "1"
/// (equal to 1), a power of two (pointer alignment or integer
/// divisibility) or "".
bundle::KernelArg bundleArgument(const std::string &name,
                                 const std::string &type,
                                 const std::string &specialization) {
  bundle::KernelArg arg;
  arg.name = name;
  arg.type = type;
  arg.equalsOne = specialization == "1";
  int div = specialization.empty() || arg.equalsOne
                ? 1
                : std::atoi(specialization.c_str());
  arg.divisibility = div > 1 ? uint32_t(div) : 1;
  return arg;
}

/// Stands in for a backend when only target-independent stages run.
struct NullBackend : public Backend {
  std::string name() const override { return "none"; }
  std::vector<std::string> targets() const override { return {}; }
  std::vector<Stage> stages(const Target &) const override { return {}; }
  std::string hash(const Target &, const Options &) const override {
    return "";
  }
};

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

/// The innermost position in the user's file that `loc` refers to.
std::optional<SourceLoc> userLoc(mlir::Location loc,
                                           const std::string &path) {
  std::optional<SourceLoc> found;
  loc->walk([&](mlir::Location l) {
    if (auto flc = mlir::dyn_cast<mlir::FileLineColLoc>(l))
      if (!found && flc.getFilename().getValue() == path)
        found = SourceLoc{flc.getLine(), flc.getColumn(), 0};
    return mlir::WalkResult::advance();
  });
  return found;
}

/// `file:line:col` of the first file location inside `loc`, or empty.
std::string otherFileLoc(mlir::Location loc) {
  std::string found;
  loc->walk([&](mlir::Location l) {
    if (auto flc = mlir::dyn_cast<mlir::FileLineColLoc>(l); flc && found.empty())
      found = flc.getFilename().str() + ":" + std::to_string(flc.getLine()) +
              ":" + std::to_string(flc.getColumn());
    return mlir::WalkResult::advance();
  });
  return found;
}

std::string printModule(mlir::ModuleOp module) {
  std::string s;
  llvm::raw_string_ostream os(s);
  mlir::OpPrintingFlags flags;
  flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  flags.printNameLocAsPrefix(true);
  module->print(os, flags);
  os << "\n";
  return s;
}

std::string sanitize(const std::string &s) {
  std::string out;
  for (char c : s)
    out += std::isalnum((unsigned char)c) || c == '-' || c == '_' ? c : '_';
  return out;
}

/// Records which pass failed.
struct FailedPass : public mlir::PassInstrumentation {
  std::string *name;
  explicit FailedPass(std::string *name) : name(name) {}
  void runAfterPassFailed(mlir::Pass *pass, mlir::Operation *) override {
    if (name->empty())
      *name = pass->getArgument().empty() ? pass->getName().str()
                                          : pass->getArgument().str();
  }
};

} // namespace

/// Runs `f`, a call into a backend plugin: an exception it throws becomes
/// `error` naming the backend and the call, never std::terminate.
template <typename F>
static bool guarded(const Backend &backend, const char *call,
                    std::string &error, F &&f) {
  try {
    f();
    return true;
  } catch (const std::exception &e) {
    error = "backend '" + backend.name() + "' threw in " + call + ": " + e.what();
  } catch (...) {
    error = "backend '" + backend.name() + "' threw in " + call;
  }
  return false;
}

/// The xxh3 of the shared library holding `symbol` ("" when unknown).
static std::string libraryHash(const void *symbol) {
  Dl_info info;
  if (!dladdr(symbol, &info) || !info.dli_fname)
    return "";
  auto buffer = llvm::MemoryBuffer::getFile(info.dli_fname);
  if (!buffer)
    return "";
  return llvm::utohexstr(
      llvm::xxh3_64bits(llvm::arrayRefFromStringRef((*buffer)->getBuffer())));
}

/// A hash of the compiler's own libraries (core, driver), so a rebuilt
/// compiler never reuses what an older one cached under the same version
/// string. Computed once per process (xxh3: well under 1 ms).
static const std::string &compilerFilesHash() {
  static const std::string hash =
      libraryHash(reinterpret_cast<const void *>(&buildCoreTTIRPipeline)) +
      ";" + libraryHash(reinterpret_cast<const void *>(&kTridentVersion)) + ";";
  return hash;
}

/// The same for a frontend's library, once per library.
static std::string frontendFilesHash(const KernelFrontend &frontend) {
  static std::mutex mutex;
  static std::map<const void *, std::string> hashes;
  const void *symbol = frontend.libraryAddress();
  std::lock_guard<std::mutex> lock(mutex);
  auto it = hashes.find(symbol);
  if (it == hashes.end())
    it = hashes.emplace(symbol, libraryHash(symbol)).first;
  return it->second;
}

std::string compilerBuildId(const KernelFrontend &frontend) {
  return std::string(kTridentVersion) + "+" +
         llvm::utohexstr(llvm::xxh3_64bits(compilerFilesHash() +
                                           frontendFilesHash(frontend)));
}

bool Driver::stageNames(const std::string &target,
                        std::vector<std::string> &out,
                        std::string &error) const {
  Target t;
  if (!Target::parse(target, t)) {
    error = "malformed target '" + target + "' (expected kind[:arch], e.g. "
            "cuda:90, hip:gfx942, cpu)";
    return false;
  }
  const BackendRegistry::Entry *e = registry_.findForTarget(t, error);
  if (!e)
    return false;
  out = {"ttir-raw", "ttir"};
  for (const Stage &s : e->backend->stages(t))
    out.push_back(s.name);
  return true;
}

bool Driver::compile(const SourceFile &source,
                     const KernelSpec &spec,
                     const std::string &targetText,
                     const CompileOptions &opts, CompiledKernel &out,
                     std::vector<std::string> &errors) const {
  out = CompiledKernel();
  auto fail = [&](const std::string &message) {
    errors.push_back("error: " + message + "\n");
    return false;
  };
  // Without a target only the target-independent stages exist.
  std::string emit = opts.emit;
  if (targetText.empty()) {
    if (emit != "ttir" && emit != "ttir-raw")
      return fail("no target given: only --emit ttir and --emit ttir-raw "
                  "work without --target");
    return compileTTIR(source, spec, opts, out, errors);
  }
  Target target;
  if (!Target::parse(targetText, target))
    return fail("malformed target '" + targetText +
                "' (expected kind[:arch], e.g. cuda:90, hip:gfx942, cpu)");
  std::string error;
  const BackendRegistry::Entry *entry = registry_.findForTarget(target, error);
  if (!entry)
    return fail(error);
  return compileFor(source, spec, target, *entry, opts, out, errors);
}

bool Driver::compileTTIR(const SourceFile &source,
                         const KernelSpec &spec,
                         const CompileOptions &opts, CompiledKernel &out,
                         std::vector<std::string> &errors) const {
  return compileFor(source, spec, Target(), BackendRegistry::Entry(), opts,
                    out, errors);
}

namespace {

/// One compile of one kernel for one target (Driver::compileFor), in the
/// steps it takes. Each step reads what the steps before it decided and
/// returns false, with `errors` filled, when the compile stops there.
class CompileJob {
public:
  CompileJob(const KernelFrontend &frontend, const SourceFile &source,
             const KernelSpec &spec, const Target &target,
             const BackendRegistry::Entry &entry, const CompileOptions &opts,
             CompiledKernel &out, std::vector<std::string> &errors)
      : frontend_(frontend), source_(source), spec_(spec), target_(target),
        entry_(entry.backend ? &entry : nullptr),
        backend_(entry_ ? *entry_->backend : none_), opts_(opts), out_(out),
        errors_(errors), emit_(opts.emit), path_(source.path()),
        meta_(out.metadata) {}

  bool run() {
    if (!resolveOptions() || !resolveStages() || !checkInput())
      return false;
    if (lookupCache())
      return true;
    if (!createContext() || !readInput())
      return false;
    if (emit_ == "ttir-raw")
      return finish("ttir-raw", false);
    bool done = false;
    if (!runCorePipeline(done))
      return false;
    if (done)
      return true;
    if (!runBackendStages())
      return false;
    store();
    return true;
  }

private:
  bool fail(const std::string &message) {
    errors_.push_back("error: " + message + "\n");
    return false;
  }
  /// Moves the MLIR diagnostics gathered so far into the errors.
  void flushDiagnostics() {
    errors_.insert(errors_.end(), diagnostics_.begin(), diagnostics_.end());
    diagnostics_.clear();
  }

  /// The backend's option defaults, then the caller's, each checked. They
  /// are the one source of launch parameters: the metadata takes them
  /// here, and a GPU backend's first stage writes them into the module
  /// (ttg.num-warps, ...).
  bool resolveOptions() {
    if (!guarded(backend_, "options()", pluginError_,
                 [&] { defs_ = backend_.options(); }))
      return fail(pluginError_);
    for (const OptionDef &d : defs_)
      options_[d.name] = d.defaultValue;
    for (const auto &[name, value] : opts_.backendOptions) {
      const OptionDef *def = nullptr;
      for (const OptionDef &d : defs_)
        if (d.name == name)
          def = &d;
      if (!def) {
        std::string known;
        for (const OptionDef &d : defs_)
          known += (known.empty() ? "" : ", ") + d.name;
        return fail("backend '" + backend_.name() + "' has no option '" +
                    name + "' (its options: " + known + ")");
      }
      if (def->check) {
        std::string why = def->check(value);
        if (!why.empty())
          return fail("option " + name + "=" + value + " for backend '" +
                      backend_.name() + "': " + why);
      }
      options_[name] = value;
    }
    for (const std::string &r : opts_.remarks) {
      if (r != "layouts")
        return fail("unknown remarks '" + r + "' (known: layouts)");
      layoutRemarks_ = true;
    }
    return true;
  }

  /// The backend's stages for the target, checked, and the one to stop at.
  bool resolveStages() {
    if (!guarded(backend_, "stages()", pluginError_,
                 [&] { stages_ = backend_.stages(target_); }))
      return fail(pluginError_);
    if (entry_ && stages_.empty())
      return fail("backend '" + backend_.name() + "' has no stages for " +
                  target_.str + " (a plugin defect: its stages() is empty)");
    for (const Stage &st : stages_)
      if (st.name.empty() || !st.run)
        return fail("backend '" + backend_.name() + "' has a stage " +
                    (st.name.empty()
                         ? std::string("without a name")
                         : "'" + st.name + "' without a run function") +
                    " for " + target_.str + " (a plugin defect)");
    if (!emit_.empty() && emit_ != "ttir-raw" && emit_ != "ttir") {
      bool known = false;
      for (const Stage &s : stages_)
        known |= s.name == emit_;
      if (!known) {
        std::string names = "ttir-raw, ttir";
        for (const Stage &s : stages_)
          names += ", " + s.name;
        return fail("backend '" + backend_.name() + "' has no stage '" +
                    emit_ + "' for " + target_.str + " (its stages: " + names +
                    ")");
      }
    }
    finalStage_ =
        emit_.empty() || (!stages_.empty() && emit_ == stages_.back().name);
    return true;
  }

  /// What the input is (kernel source, or TTIR already specialized; then
  /// the kernel may be left unnamed when the file holds only one), and the
  /// metadata known before compiling.
  bool checkInput() {
    irInput_ = isIRInput(path_);
    if (irInput_ && (!spec_.signature.empty() || !spec_.defines.empty()))
      return fail(path_ + " is TTIR, already specialized: --signature and "
                          "-D apply to kernel source only");
    kernelName_ = spec_.kernel;
    meta_.kernel = kernelName_;
    meta_.target = target_.str;
    meta_.backend = backend_.name();
    if (!guarded(backend_, "hash()", pluginError_, [&] {
          meta_.backendHash = backend_.hash(target_, options_);
        }))
      return fail(pluginError_);
    if (options_.count("num_warps"))
      meta_.numWarps = std::atoi(options_["num_warps"].c_str());
    if (options_.count("num_stages"))
      meta_.numStages = std::atoi(options_["num_stages"].c_str());
    if (options_.count("num_ctas"))
      meta_.numCtas = std::atoi(options_["num_ctas"].c_str());
    dumpDir_ = opts_.dumpDir;
    if (dumpDir_.empty())
      if (const char *env = std::getenv("TRIDENT_DUMP_DIR"))
        dumpDir_ = env;
    return true;
  }

  /// The cache key and, for a whole compile, the cached entry: true on a
  /// hit (`out` holds it). Remarks and IR dumps come from compiling: a
  /// cached binary has none to give, so asking for them compiles (and
  /// refreshes the entry).
  bool lookupCache() {
    bool wantsCompile =
        layoutRemarks_ || opts_.printIrAfterAll || !dumpDir_.empty();
    if (!opts_.useCache || !finalStage_ || stages_.empty() || !entry_)
      return false;
    auto t0 = Clock::now();
    std::vector<Diagnostic> diags;
    std::string src = irInput_ ? std::string(source_.text())
                               : frontend_.sourceKey(source_, spec_, diags);
    if (src.empty())
      return false;
    std::string material = std::string("trident ") + kTridentVersion;
    auto field = [&](const std::string &k, const std::string &v) {
      material += "\n" + k + "=" + std::to_string(v.size()) + ":" + v;
    };
    field("source", src);
    field("kernel", spec_.kernel);
    for (const std::string &s : spec_.signature)
      field("sig", s);
    for (const auto &[k, v] : spec_.defines)
      field("define", k + "=" + v);
    for (const auto &[k, v] : spec_.facts)
      field("fact", k + "=" + v);
    field("debug", spec_.debug ? "1" : "0");
    // With --debug, assertions carry the file's path and lines: a file
    // of the same text elsewhere must not get this one's messages.
    if (spec_.debug)
      field("path", path_);
    field("target", target_.str);
    field("backend", backend_.name());
    field("plugin_version", entry_->pluginVersion);
    field("plugin_file", entry_->fileHash);
    field("compiler_files", compilerFilesHash() + frontendFilesHash(frontend_));
    field("backend_hash", meta_.backendHash);
    for (const auto &[k, v] : options_)
      field("option", k + "=" + v);
    key_ = llvm::toHex(
        llvm::SHA256::hash(llvm::arrayRefFromStringRef(material)),
        /*LowerCase=*/true);
    out_.cacheKey = key_;
    std::string warning;
    std::string dir = opts_.cacheDir.empty() ? Cache::defaultDirectory(warning)
                                             : opts_.cacheDir;
    if (!dir.empty())
      cache_.emplace(dir);
    else
      out_.warnings.push_back(warning);
    std::string remoteWarning;
    remote_ = RemoteCache::get(opts_.remoteCache, remoteWarning);
    if (!remoteWarning.empty())
      out_.warnings.push_back(remoteWarning);
    out_.cacheOutcome = "miss";
    bundle::Entry hit;
    Cache::Lookup r = cache_ && !wantsCompile ? cache_->lookup(key_, hit, warning)
                                              : Cache::Lookup::Miss;
    auto serves = [&](const bundle::Entry &e) {
      return (kernelName_.empty() || e.meta.kernel == kernelName_) &&
             e.meta.target == target_.str;
    };
    auto serve = [&](bundle::Entry &e, const char *outcome) {
      out_.metadata = e.meta;
      out_.output = std::move(e.binary);
      out_.stage = stages_.back().name;
      out_.binaryOutput = stages_.back().binaryOutput;
      out_.fromCache = true;
      out_.cacheOutcome = outcome;
      out_.times.push_back({"cache-hit", msSince(t0)});
      return true;
    };
    if (r == Cache::Lookup::Hit && serves(hit))
      return serve(hit, "local hit");
    if (r == Cache::Lookup::Corrupt)
      out_.warnings.push_back(warning + "; recompiling");
    else if (r == Cache::Lookup::Unreadable)
      out_.warnings.push_back(warning);
    // The second level: a hit is checked as a local entry is, and written
    // to the local cache.
    if (remote_ && !wantsCompile) {
      auto r0 = Clock::now();
      std::string bytes, why;
      RemoteCache::Result rr =
          remote_->lookup(RemoteCache::Kind::Bundle, key_, bytes, remoteWarning);
      out_.remoteMilliseconds = msSince(r0);
      if (!remoteWarning.empty())
        out_.warnings.push_back(remoteWarning);
      if (rr == RemoteCache::Result::Hit) {
        out_.remoteBytesRead = bytes.size();
        bundle::Entry got;
        if (Cache::decode(key_, bytes, got, why) && serves(got)) {
          std::string storeError;
          if (cache_ && !cache_->storeEncoded(key_, bytes, storeError))
            out_.warnings.push_back("not cached locally: " + storeError);
          return serve(got, "remote hit");
        }
        if (why.empty())
          why = "an entry of another kernel or target";
        remoteWarning.clear();
        remote_->reportBadPayload(key_, why, remoteWarning);
        if (!remoteWarning.empty())
          out_.warnings.push_back(remoteWarning);
      }
    }
    return false;
  }

  /// The MLIR context with the core's and the backend's dialects, and the
  /// handler that turns MLIR diagnostics into located messages.
  bool createContext() {
    mlir::DialectRegistry registry;
    registerCoreDialects(registry);
    if (!guarded(backend_, "registerDialects()", pluginError_,
                 [&] { backend_.registerDialects(registry); }))
      return fail(pluginError_);
    ctx_ = std::make_unique<mlir::MLIRContext>(
        registry, mlir::MLIRContext::Threading::DISABLED);
    ctx_->loadAllAvailableDialects();
    ctx_->printOpOnDiagnostic(false);
    handler_ = std::make_unique<mlir::ScopedDiagnosticHandler>(
        ctx_.get(), [this](mlir::Diagnostic &d) { return onDiagnostic(d); });
    if (!dumpDir_.empty()) {
      if (std::error_code ec = llvm::sys::fs::create_directories(dumpDir_))
        return fail("cannot create the dump directory " + dumpDir_ + ": " +
                    ec.message());
    }
    return true;
  }

  mlir::LogicalResult onDiagnostic(mlir::Diagnostic &d) {
    bool remark = d.getSeverity() == mlir::DiagnosticSeverity::Remark;
    if (d.getSeverity() != mlir::DiagnosticSeverity::Error && !remark)
      return mlir::success();
    // The pass manager's own summary; the driver reports the failing pass
    // and the reproducer itself.
    if (!remark &&
        llvm::StringRef(d.str()).starts_with(
            "Failures have been detected while processing an MLIR pass"))
      return mlir::success();
    Diagnostic fd;
    fd.severity =
        remark ? Severity::Remark : Severity::Error;
    if (auto l = userLoc(d.getLocation(), path_))
      fd.loc = *l;
    fd.message = d.str();
    for (const mlir::Diagnostic &note : d.getNotes())
      fd.message += "\n  note: " + note.str();
    std::vector<std::string> &sink = remark ? out_.remarks : diagnostics_;
    // IR from elsewhere (Triton's dumps) locates ops in the kernel's Python
    // file, which is not the input: name that position without its text.
    if (!fd.loc.line)
      if (std::string other = otherFileLoc(d.getLocation()); !other.empty()) {
        sink.push_back(other + (remark ? ": remark: " : ": error: ") +
                       fd.message + "\n");
        return mlir::success();
      }
    sink.push_back(formatDiagnostic(source_, fd));
    return mlir::success();
  }

  void dump(const std::string &stage, const std::string &ext,
            const std::string &data) {
    if (dumpDir_.empty())
      return;
    char num[8];
    snprintf(num, sizeof(num), "%02d", stageIndex_);
    std::string file = dumpDir_ + "/" + sanitize(kernelName_) + "." +
                       sanitize(target_.str) + "." + num + "-" + stage + ext;
    std::error_code ec;
    llvm::raw_fd_ostream os(file, ec);
    if (ec) {
      out_.warnings.push_back("cannot write " + file + ": " + ec.message());
      return;
    }
    os << data;
  }

  /// Runs passes with the driver's instrumentation (StageContext::runPasses).
  mlir::LogicalResult
  runPasses(mlir::ModuleOp module,
            const std::function<void(mlir::OpPassManager &)> &build) {
    mlir::PassManager pm(ctx_.get(), mlir::ModuleOp::getOperationName(),
                         mlir::OpPassManager::Nesting::Implicit);
    build(pm);
    if (opts_.passTimings)
      pm.enableTiming();
    if (opts_.printIrAfterAll)
      pm.enableIRPrinting(
          [](mlir::Pass *, mlir::Operation *) { return false; },
          [](mlir::Pass *, mlir::Operation *) { return true; },
          /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false);
    std::string reproDir = dumpDir_;
    if (reproDir.empty()) {
      llvm::SmallString<128> tmp;
      llvm::sys::path::system_temp_directory(true, tmp);
      reproDir = tmp.str().str();
    }
    std::string repro = reproDir + "/" + sanitize(kernelName_) + "." +
                        sanitize(target_.str) + "." + currentStage_ + "." +
                        std::to_string(getpid()) + ".repro.mlir";
    // TRIDENT_NO_REPRODUCER=1 lets a crashing pass crash (for debuggers)
    // instead of being caught to write a reproducer. The reproducer is the
    // stage's input with the stage's passes, not the IR before the failing
    // pass: that one costs a copy of the module before every pass (40% of
    // the cpu llvm-ir stage on an unrolled kernel), this one a copy per
    // stage, and replaying it fails in the same pass.
    const char *noRepro = std::getenv("TRIDENT_NO_REPRODUCER");
    if (opts_.reproducers &&
        !(noRepro && *noRepro && std::string(noRepro) != "0"))
      pm.enableCrashReproducerGeneration(repro,
                                         /*genLocalReproducer=*/false);
    std::string failed;
    pm.addInstrumentation(std::make_unique<FailedPass>(&failed));
    if (mlir::succeeded(pm.run(module)))
      return mlir::success();
    flushDiagnostics();
    std::string cmd = "trident-opt";
    if (entry_ && entry_->path != "<builtin>" && currentStage_ != "ttir")
      cmd += " --load-plugin " + entry_->path;
    cmd += " --run-reproducer " + repro;
    errors_.push_back(std::string("error: ") +
                      (failed.empty() ? "a pass crashed"
                                      : "pass '" + failed + "' failed") +
                      " in stage '" + currentStage_ + "'" +
                      (target_.str.empty() ? "" : " for " + target_.str) +
                      "\nnote: the stage's input and passes are in " +
                      repro + "\nnote: reproduce with: " + cmd + "\n");
    return mlir::failure();
  }

  /// The kernel's module: from the frontend, or parsed from TTIR/TTGIR;
  /// the launch arguments and constexprs into the metadata.
  bool readInput() {
    auto t0 = Clock::now();
    std::vector<Diagnostic> ferrors;
    std::vector<KernelArgument> args;
    std::vector<KernelConstexpr> constexprs;
    mlir::OwningOpRef<mlir::ModuleOp> module;
    if (irInput_) {
      std::string error;
      module = parseKernelIR(*ctx_, source_, kernelName_, args, error);
      out_.times.push_back({"parse-ttir", msSince(t0)});
      if (!module) {
        flushDiagnostics();
        if (!error.empty())
          errors_.push_back("error: " + error + "\n");
        return false;
      }
      meta_.kernel = kernelName_;
      if (!applyTTGIRModule(*module, target_, stages_, opts_.backendOptions,
                            options_, meta_, ttgirInput_, error)) {
        errors_.push_back("error: " + path_ + ": " + error + "\n");
        return false;
      }
      // The module's num_warps, checked as the backend checks the option.
      for (const OptionDef &d : defs_)
        if (ttgirInput_ && d.name == "num_warps" && d.check)
          if (std::string why = d.check(options_["num_warps"]); !why.empty())
            return fail(path_ + ": ttg.num-warps = " + options_["num_warps"] +
                        " for backend '" + backend_.name() + "': " + why);
      if (ttgirInput_ && (emit_ == "ttir-raw" || emit_ == "ttir"))
        return fail(path_ + " is TTGIR: the stages before the backend's "
                            "'ttgir' (ttir-raw, ttir) do not exist for it");
    } else {
      KernelSpec spec = spec_;
      spec.numWarps = meta_.numWarps;
      spec.target = target_.str;
      module = frontend_.generateTTIR(*ctx_, source_, spec, ferrors, &args,
                                      &constexprs);
      out_.times.push_back({"frontend", msSince(t0)});
    }
    if (!module) {
      for (const Diagnostic &d : ferrors)
        errors_.push_back(formatDiagnostic(source_, d));
      return false;
    }
    for (const KernelArgument &a : args) {
      // A tensor descriptor is launched as the arguments that
      // triton-rewrite-tensor-descriptor-to-pointer gives the kernel in its
      // place (every target lowers descriptors to pointers today).
      std::string element;
      std::vector<int64_t> block;
      if (mlir::triton::parseDescriptorSpelling(a.type, element, block)) {
        for (const auto &d : mlir::triton::descriptorPointerArguments(
                 a.name, element, unsigned(block.size())))
          meta_.args.push_back(bundleArgument(d.name, d.type,
                                              d.specialization));
        continue;
      }
      meta_.args.push_back(bundleArgument(a.name, a.type, a.specialization));
    }
    for (const KernelConstexpr &c : constexprs)
      meta_.constexprs.push_back({c.name, c.value});
    recordWrittenArguments(*module);
    artifact_.module = std::move(module);
    dump("ttir-raw", ".mlir",
         dumpDir_.empty() ? "" : printModule(*artifact_.module));
    ++stageIndex_;
    return true;
  }

  /// `x.writes`: the kernel's pointer arguments it may write through, by
  /// name (trident/Analysis/WrittenArguments.h), so that hosts can refuse
  /// read-only memory there.
  void recordWrittenArguments(mlir::ModuleOp module) {
    auto names = writtenArgumentNames(module, kernelName_);
    if (!names)
      return; // unknown: say nothing rather than guess
    std::string joined;
    for (const std::string &n : *names)
      joined += (joined.empty() ? "" : ",") + n;
    meta_.extra["writes"] = joined;
  }

  bool finish(const std::string &stage, bool binary) {
    out_.stage = stage;
    out_.binaryOutput = binary;
    out_.output = artifact_.isModule() ? printModule(*artifact_.module)
                                       : std::move(artifact_.bytes);
    return true;
  }

  /// The core TTIR pipeline. TTGIR input (Triton's own, say) skips it and
  /// starts after the backend's "ttgir" stage: its layouts are chosen.
  /// `done` when the requested output is ready.
  bool runCorePipeline(bool &done) {
    if (ttgirInput_) {
      while (stages_[firstStage_].name != "ttgir")
        ++firstStage_;
      ++firstStage_;
      if (layoutRemarks_)
        emitLayoutRemarks(*artifact_.module);
      if (emit_ == "ttgir")
        done = finish("ttgir", false);
      return true;
    }
    currentStage_ = "ttir";
    auto t0 = Clock::now();
    if (mlir::failed(runPasses(*artifact_.module, [](mlir::OpPassManager &pm) {
          buildCoreTTIRPipeline(pm);
        })))
      return false;
    out_.times.push_back({"ttir", msSince(t0)});
    dump("ttir", ".mlir",
         dumpDir_.empty() ? "" : printModule(*artifact_.module));
    ++stageIndex_;
    if (emit_ == "ttir")
      done = finish("ttir", false);
    return true;
  }

  /// The backend's stages, up to the one requested; then the output.
  bool runBackendStages() {
    StageContext sctx{
        *ctx_, target_, options_, meta_,
        [this](mlir::ModuleOp m,
               const std::function<void(mlir::OpPassManager &)> &build) {
          return runPasses(m, build);
        },
        [this](const std::string &m) {
          errors_.push_back("error: " + m + "\n");
        }};
    for (size_t si = firstStage_; si < stages_.size(); ++si) {
      const Stage &stage = stages_[si];
      currentStage_ = stage.name;
      auto t0 = Clock::now();
      size_t errorsBefore = errors_.size();
      mlir::LogicalResult ran = mlir::failure();
      if (!guarded(backend_, ("stage '" + stage.name + "'").c_str(),
                   pluginError_, [&] { ran = stage.run(artifact_, sctx); })) {
        flushDiagnostics();
        return fail(pluginError_ + " for " + target_.str);
      }
      if (mlir::failed(ran)) {
        flushDiagnostics();
        if (errors_.size() == errorsBefore)
          errors_.push_back("error: stage '" + stage.name + "' of backend '" +
                            backend_.name() + "' failed for " + target_.str +
                            "\n");
        return false;
      }
      out_.times.push_back({stage.name, msSince(t0)});
      if (layoutRemarks_ && stage.name == "ttgir" && artifact_.isModule())
        emitLayoutRemarks(*artifact_.module);
      if (!dumpDir_.empty())
        dump(stage.name, stage.extension,
             artifact_.isModule() ? printModule(*artifact_.module)
                                  : artifact_.bytes);
      ++stageIndex_;
      if (emit_ == stage.name)
        break;
    }
    const Stage *last = &stages_.back();
    if (!emit_.empty())
      for (const Stage &s : stages_)
        if (s.name == emit_) {
          last = &s;
          break;
        }
    finish(last->name, last->binaryOutput);
    if (meta_.format.empty())
      meta_.format = last->name;
    return true;
  }

  void store() {
    if (key_.empty())
      return;
    bundle::Entry e{meta_, out_.output};
    std::string data, storeError;
    if (!Cache::encode(key_, e, data, storeError)) {
      out_.warnings.push_back("not cached: " + storeError);
      return;
    }
    if (cache_ && !cache_->storeEncoded(key_, data, storeError))
      out_.warnings.push_back("not cached: " + storeError);
    // The remote write happens on the remote cache's own thread.
    if (remote_ && remote_->canWrite()) {
      size_t size = data.size();
      if (remote_->store(RemoteCache::Kind::Bundle, key_, std::move(data)))
        out_.remoteBytesWritten = size;
    }
  }

  // The request.
  const KernelFrontend &frontend_;
  const SourceFile &source_;
  const KernelSpec &spec_;
  const Target &target_;
  const BackendRegistry::Entry *entry_;
  NullBackend none_;
  const Backend &backend_;
  const CompileOptions &opts_;
  CompiledKernel &out_;
  std::vector<std::string> &errors_;
  std::string emit_;
  std::string path_;
  bundle::KernelMetadata &meta_;
  // What the steps decide.
  std::string pluginError_;
  Options options_;
  std::vector<OptionDef> defs_;
  bool layoutRemarks_ = false;
  std::vector<Stage> stages_;
  bool finalStage_ = false;
  bool irInput_ = false;
  bool ttgirInput_ = false;
  std::string kernelName_;
  std::string dumpDir_;
  std::optional<Cache> cache_;
  RemoteCache *remote_ = nullptr;
  std::string key_;
  std::unique_ptr<mlir::MLIRContext> ctx_;
  std::unique_ptr<mlir::ScopedDiagnosticHandler> handler_;
  std::vector<std::string> diagnostics_;
  std::string currentStage_;
  int stageIndex_ = 0;
  size_t firstStage_ = 0;
  Artifact artifact_; // after ctx_: destroyed before it
};

} // namespace

bool Driver::compileFor(const SourceFile &source,
                        const KernelSpec &spec, const Target &target,
                        const BackendRegistry::Entry &entry,
                        const CompileOptions &opts, CompiledKernel &out,
                        std::vector<std::string> &errors) const {
  return CompileJob(frontend_, source, spec, target, entry, opts, out, errors)
      .run();
}

} // namespace trident
