//===- Driver.cpp - frontend, core pipeline, backend stages, cache --------===//

#include "trident/Driver/Driver.h"

#include "trident/Compiler/Pipeline.h"
#include "trident/Compiler/Registration.h"
#include "trident/Driver/Cache.h"

#include "IRInput.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

#include <dlfcn.h>

#include "trident/Analysis/LayoutRemarks.h"

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

const char kTridentVersion[] = "0.1.0";

namespace {

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
std::optional<frontend::SourceLoc> userLoc(mlir::Location loc,
                                           const std::string &path) {
  std::optional<frontend::SourceLoc> found;
  loc->walk([&](mlir::Location l) {
    if (auto flc = mlir::dyn_cast<mlir::FileLineColLoc>(l))
      if (!found && flc.getFilename().getValue() == path)
        found = frontend::SourceLoc{flc.getLine(), flc.getColumn(), 0};
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

/// A hash of the compiler's own libraries (core, frontend, driver), so a
/// rebuilt compiler never reuses what an older one cached under the same
/// version string. Computed once per process (xxh3: well under 1 ms).
static const std::string &compilerFilesHash() {
  static const std::string hash = [] {
    std::string h;
    const void *symbols[] = {reinterpret_cast<const void *>(&buildCoreTTIRPipeline),
                             reinterpret_cast<const void *>(&frontend::generateTTIR),
                             reinterpret_cast<const void *>(&kTridentVersion)};
    for (const void *sym : symbols) {
      Dl_info info;
      if (!dladdr(sym, &info) || !info.dli_fname)
        continue;
      auto buffer = llvm::MemoryBuffer::getFile(info.dli_fname);
      if (!buffer)
        continue;
      h += llvm::utohexstr(llvm::xxh3_64bits(
               llvm::arrayRefFromStringRef((*buffer)->getBuffer()))) +
           ";";
    }
    return h;
  }();
  return hash;
}

const std::string &compilerBuildId() {
  static const std::string id =
      std::string(kTridentVersion) + "+" +
      llvm::utohexstr(llvm::xxh3_64bits(compilerFilesHash()));
  return id;
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

bool Driver::compile(const frontend::SourceFile &source,
                     const frontend::KernelSpec &spec,
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

bool Driver::compileTTIR(const frontend::SourceFile &source,
                         const frontend::KernelSpec &spec,
                         const CompileOptions &opts, CompiledKernel &out,
                         std::vector<std::string> &errors) const {
  return compileFor(source, spec, Target(), BackendRegistry::Entry(), opts,
                    out, errors);
}

bool Driver::compileFor(const frontend::SourceFile &source,
                        const frontend::KernelSpec &spec, const Target &target,
                        const BackendRegistry::Entry &entryRef,
                        const CompileOptions &opts, CompiledKernel &out,
                        std::vector<std::string> &errors) const {
  auto fail = [&](const std::string &message) {
    errors.push_back("error: " + message + "\n");
    return false;
  };
  std::string emit = opts.emit;
  const BackendRegistry::Entry *entry = entryRef.backend ? &entryRef : nullptr;
  NullBackend none;
  const Backend &backend = entry ? *entry->backend : none;

  // Options: the backend's defaults, then the caller's. They are the one
  // source of launch parameters: the metadata takes them here, and a GPU
  // backend's first stage writes them into the module (ttg.num-warps, ...).
  Options options;
  std::vector<OptionDef> defs;
  std::string pluginError;
  if (!guarded(backend, "options()", pluginError,
               [&] { defs = backend.options(); }))
    return fail(pluginError);
  for (const OptionDef &d : defs)
    options[d.name] = d.defaultValue;
  for (const auto &[name, value] : opts.backendOptions) {
    const OptionDef *def = nullptr;
    for (const OptionDef &d : defs)
      if (d.name == name)
        def = &d;
    if (!def) {
      std::string known;
      for (const OptionDef &d : defs)
        known += (known.empty() ? "" : ", ") + d.name;
      return fail("backend '" + backend.name() + "' has no option '" + name +
                  "' (its options: " + known + ")");
    }
    if (def->check) {
      std::string why = def->check(value);
      if (!why.empty())
        return fail("option " + name + "=" + value + " for backend '" +
                    backend.name() + "': " + why);
    }
    options[name] = value;
  }

  bool layoutRemarks = false;
  for (const std::string &r : opts.remarks) {
    if (r != "layouts")
      return fail("unknown remarks '" + r + "' (known: layouts)");
    layoutRemarks = true;
  }
  std::vector<Stage> stages;
  if (!guarded(backend, "stages()", pluginError,
               [&] { stages = backend.stages(target); }))
    return fail(pluginError);
  if (entry && stages.empty())
    return fail("backend '" + backend.name() + "' has no stages for " +
                target.str + " (a plugin defect: its stages() is empty)");
  for (const Stage &st : stages)
    if (st.name.empty() || !st.run)
      return fail("backend '" + backend.name() + "' has a stage " +
                  (st.name.empty() ? std::string("without a name")
                                   : "'" + st.name + "' without a run function") +
                  " for " + target.str + " (a plugin defect)");
  if (!emit.empty() && emit != "ttir-raw" && emit != "ttir") {
    bool known = false;
    for (const Stage &s : stages)
      known |= s.name == emit;
    if (!known) {
      std::string names = "ttir-raw, ttir";
      for (const Stage &s : stages)
        names += ", " + s.name;
      return fail("backend '" + backend.name() + "' has no stage '" + emit +
                  "' for " + target.str + " (its stages: " + names + ")");
    }
  }
  bool finalStage = emit.empty() || (!stages.empty() && emit == stages.back().name);

  // A TTIR file instead of kernel source: already specialized; the kernel
  // may be left unnamed when the file holds only one.
  const std::string &path = source.path();
  bool irInput = isIRInput(path);
  if (irInput && (!spec.signature.empty() || !spec.defines.empty()))
    return fail(path + " is TTIR, already specialized: --signature and -D "
                       "apply to kernel source only");
  std::string kernelName = spec.kernel;

  bundle::KernelMetadata &meta = out.metadata;
  meta.kernel = kernelName;
  meta.target = target.str;
  meta.backend = backend.name();
  if (!guarded(backend, "hash()", pluginError,
               [&] { meta.backendHash = backend.hash(target, options); }))
    return fail(pluginError);
  if (options.count("num_warps"))
    meta.numWarps = std::atoi(options["num_warps"].c_str());
  if (options.count("num_stages"))
    meta.numStages = std::atoi(options["num_stages"].c_str());
  if (options.count("num_ctas"))
    meta.numCtas = std::atoi(options["num_ctas"].c_str());

  // The cache: only whole compiles are cached.
  std::optional<Cache> cache;
  std::string key;
  // Remarks and IR dumps come from compiling: a cached binary has none to
  // give, so asking for them compiles (and refreshes the entry).
  std::string dumpDir = opts.dumpDir;
  if (dumpDir.empty())
    if (const char *env = std::getenv("TRIDENT_DUMP_DIR"))
      dumpDir = env;
  bool wantsCompile = layoutRemarks || opts.printIrAfterAll || !dumpDir.empty();
  if (opts.useCache && finalStage && !stages.empty() && entry) {
    auto t0 = Clock::now();
    std::vector<frontend::Diagnostic> diags;
    std::string src = irInput ? std::string(source.text())
                              : frontend::kernelSourceKey(source, spec,
                                                          diags);
    if (!src.empty()) {
      std::string material = std::string("trident ") + kTridentVersion;
      auto field = [&](const std::string &k, const std::string &v) {
        material += "\n" + k + "=" + std::to_string(v.size()) + ":" + v;
      };
      field("source", src);
      field("kernel", spec.kernel);
      for (const std::string &s : spec.signature)
        field("sig", s);
      for (const auto &[k, v] : spec.defines)
        field("define", k + "=" + v);
      field("debug", spec.debug ? "1" : "0");
      // With --debug, assertions carry the file's path and lines: a file
      // of the same text elsewhere must not get this one's messages.
      if (spec.debug)
        field("path", path);
      field("target", target.str);
      field("backend", backend.name());
      field("plugin_version", entry->pluginVersion);
      field("plugin_file", entry->fileHash);
      field("compiler_files", compilerFilesHash());
      field("backend_hash", meta.backendHash);
      for (const auto &[k, v] : options)
        field("option", k + "=" + v);
      key = llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(material)),
                        /*LowerCase=*/true);
      out.cacheKey = key;
      std::string warning;
      std::string dir = opts.cacheDir.empty()
                            ? Cache::defaultDirectory(warning)
                            : opts.cacheDir;
      if (!dir.empty())
        cache.emplace(dir);
      else
        out.warnings.push_back(warning);
      bundle::Entry hit;
      Cache::Lookup r = cache && !wantsCompile
                            ? cache->lookup(key, hit, warning)
                            : Cache::Lookup::Miss;
      if (r == Cache::Lookup::Hit &&
          (kernelName.empty() || hit.meta.kernel == kernelName) &&
          hit.meta.target == target.str) {
        out.metadata = hit.meta;
        out.output = std::move(hit.binary);
        out.stage = stages.back().name;
        out.binaryOutput = stages.back().binaryOutput;
        out.fromCache = true;
        out.times.push_back({"cache-hit", msSince(t0)});
        return true;
      }
      if (r == Cache::Lookup::Corrupt)
        out.warnings.push_back(warning + "; recompiling");
    }
  }

  // Everything below builds IR.
  mlir::DialectRegistry registry;
  registerCoreDialects(registry);
  if (!guarded(backend, "registerDialects()", pluginError,
               [&] { backend.registerDialects(registry); }))
    return fail(pluginError);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();
  ctx.printOpOnDiagnostic(false);

  std::vector<std::string> diagnostics;
  mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
    bool remark = d.getSeverity() == mlir::DiagnosticSeverity::Remark;
    if (d.getSeverity() != mlir::DiagnosticSeverity::Error && !remark)
      return mlir::success();
    // The pass manager's own summary; the driver reports the failing pass
    // and the reproducer itself.
    if (!remark && llvm::StringRef(d.str()).starts_with(
                       "Failures have been detected while processing an MLIR pass"))
      return mlir::success();
    frontend::Diagnostic fd;
    fd.severity = remark ? frontend::Severity::Remark : frontend::Severity::Error;
    if (auto l = userLoc(d.getLocation(), path))
      fd.loc = *l;
    fd.message = d.str();
    for (const mlir::Diagnostic &note : d.getNotes())
      fd.message += "\n  note: " + note.str();
    std::vector<std::string> &sink = remark ? out.remarks : diagnostics;
    // IR from elsewhere (Triton's dumps) locates ops in the kernel's Python
    // file, which is not the input: name that position without its text.
    if (!fd.loc.line)
      if (std::string other = otherFileLoc(d.getLocation()); !other.empty()) {
        sink.push_back(other + (remark ? ": remark: " : ": error: ") +
                       fd.message + "\n");
        return mlir::success();
      }
    sink.push_back(frontend::formatDiagnostic(source, fd));
    return mlir::success();
  });

  if (!dumpDir.empty()) {
    if (std::error_code ec = llvm::sys::fs::create_directories(dumpDir))
      return fail("cannot create the dump directory " + dumpDir + ": " +
                  ec.message());
  }
  int stageIndex = 0;
  auto dump = [&](const std::string &stage, const std::string &ext,
                  const std::string &data) {
    if (dumpDir.empty())
      return;
    char num[8];
    snprintf(num, sizeof(num), "%02d", stageIndex);
    std::string file = dumpDir + "/" + sanitize(kernelName) + "." +
                       sanitize(target.str) + "." + num + "-" + stage + ext;
    std::error_code ec;
    llvm::raw_fd_ostream os(file, ec);
    if (ec) {
      out.warnings.push_back("cannot write " + file + ": " + ec.message());
      return;
    }
    os << data;
  };

  std::string currentStage;
  auto runPasses =
      [&](mlir::ModuleOp module,
          const std::function<void(mlir::OpPassManager &)> &build) {
        mlir::PassManager pm(&ctx, mlir::ModuleOp::getOperationName(),
                             mlir::OpPassManager::Nesting::Implicit);
        build(pm);
        if (opts.passTimings)
          pm.enableTiming();
        if (opts.printIrAfterAll)
          pm.enableIRPrinting(
              [](mlir::Pass *, mlir::Operation *) { return false; },
              [](mlir::Pass *, mlir::Operation *) { return true; },
              /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false);
        std::string reproDir = dumpDir;
        if (reproDir.empty()) {
          llvm::SmallString<128> tmp;
          llvm::sys::path::system_temp_directory(true, tmp);
          reproDir = tmp.str().str();
        }
        std::string repro = reproDir + "/" + sanitize(kernelName) + "." +
                            sanitize(target.str) + "." + currentStage + "." +
                            std::to_string(getpid()) + ".repro.mlir";
        // TRIDENT_NO_REPRODUCER=1 lets a crashing pass crash (for debuggers)
        // instead of being caught to write a reproducer.
        const char *noRepro = std::getenv("TRIDENT_NO_REPRODUCER");
        if (opts.reproducers &&
            !(noRepro && *noRepro && std::string(noRepro) != "0"))
          pm.enableCrashReproducerGeneration(repro,
                                             /*genLocalReproducer=*/true);
        std::string failed;
        pm.addInstrumentation(std::make_unique<FailedPass>(&failed));
        if (mlir::succeeded(pm.run(module)))
          return mlir::success();
        errors.insert(errors.end(), diagnostics.begin(), diagnostics.end());
        diagnostics.clear();
        std::string cmd = "trident-opt";
        if (entry && entry->path != "<builtin>" && currentStage != "ttir")
          cmd += " --load-plugin " + entry->path;
        cmd += " --run-reproducer " + repro;
        errors.push_back(std::string("error: ") +
                         (failed.empty() ? "a pass crashed"
                                         : "pass '" + failed + "' failed") +
                         " in stage '" + currentStage + "'" +
                         (target.str.empty() ? "" : " for " + target.str) +
                         "\nnote: the IR before the failing "
                         "pass is in " + repro + "\nnote: reproduce with: " +
                         cmd + "\n");
        return mlir::failure();
      };

  // Frontend.
  auto t0 = Clock::now();
  std::vector<frontend::Diagnostic> ferrors;
  std::vector<frontend::KernelArgument> args;
  std::vector<frontend::KernelConstexpr> constexprs;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  bool ttgirInput = false;
  if (irInput) {
    std::string error;
    module = parseKernelIR(ctx, source, kernelName, args, error);
    out.times.push_back({"parse-ttir", msSince(t0)});
    if (!module) {
      errors.insert(errors.end(), diagnostics.begin(), diagnostics.end());
      if (!error.empty())
        errors.push_back("error: " + error + "\n");
      return false;
    }
    meta.kernel = kernelName;
    if (!applyTTGIRModule(*module, target, stages, opts.backendOptions,
                          options, meta, ttgirInput, error)) {
      errors.push_back("error: " + path + ": " + error + "\n");
      return false;
    }
    // The module's num_warps, checked as the backend checks the option.
    for (const OptionDef &d : defs)
      if (ttgirInput && d.name == "num_warps" && d.check)
        if (std::string why = d.check(options["num_warps"]); !why.empty())
          return fail(path + ": ttg.num-warps = " + options["num_warps"] +
                      " for backend '" + backend.name() + "': " + why);
    if (ttgirInput && (emit == "ttir-raw" || emit == "ttir"))
      return fail(path + " is TTGIR: the stages before the backend's "
                         "'ttgir' (ttir-raw, ttir) do not exist for it");
  } else {
    module = frontend::generateTTIR(ctx, source, spec, ferrors, &args,
                                    &constexprs);
    out.times.push_back({"frontend", msSince(t0)});
  }
  if (!module) {
    for (const frontend::Diagnostic &d : ferrors)
      errors.push_back(frontend::formatDiagnostic(source, d));
    return false;
  }
  for (const frontend::KernelArgument &a : args) {
    bundle::KernelArg arg;
    arg.name = a.name;
    arg.type = a.type;
    arg.divisibility = a.specialization == "16" ? 16 : 1;
    arg.equalsOne = a.specialization == "1";
    meta.args.push_back(std::move(arg));
  }
  for (const frontend::KernelConstexpr &c : constexprs)
    meta.constexprs.push_back({c.name, c.value});
  Artifact artifact;
  artifact.module = std::move(module);
  dump("ttir-raw", ".mlir", dumpDir.empty() ? "" : printModule(*artifact.module));
  ++stageIndex;
  auto finish = [&](const std::string &stage, bool binary) {
    out.stage = stage;
    out.binaryOutput = binary;
    out.output = artifact.isModule() ? printModule(*artifact.module)
                                     : std::move(artifact.bytes);
    return true;
  };
  if (emit == "ttir-raw")
    return finish("ttir-raw", false);

  // Core TTIR pipeline. TTGIR input (Triton's own, say) skips it and
  // starts after the backend's "ttgir" stage: its layouts are chosen.
  size_t firstStage = 0;
  if (ttgirInput) {
    while (stages[firstStage].name != "ttgir")
      ++firstStage;
    ++firstStage;
    if (layoutRemarks)
      emitLayoutRemarks(*artifact.module);
    if (emit == "ttgir")
      return finish("ttgir", false);
  } else {
    currentStage = "ttir";
    t0 = Clock::now();
    if (mlir::failed(runPasses(*artifact.module, [](mlir::OpPassManager &pm) {
          buildCoreTTIRPipeline(pm);
        })))
      return false;
    out.times.push_back({"ttir", msSince(t0)});
    dump("ttir", ".mlir", dumpDir.empty() ? "" : printModule(*artifact.module));
    ++stageIndex;
    if (emit == "ttir")
      return finish("ttir", false);
  }

  // The backend's stages.
  StageContext sctx{ctx, target, options, meta, runPasses,
                    [&](const std::string &m) {
                      errors.push_back("error: " + m + "\n");
                    }};
  for (size_t si = firstStage; si < stages.size(); ++si) {
    const Stage &stage = stages[si];
    currentStage = stage.name;
    t0 = Clock::now();
    size_t errorsBefore = errors.size();
    mlir::LogicalResult ran = mlir::failure();
    if (!guarded(backend, ("stage '" + stage.name + "'").c_str(), pluginError,
                 [&] { ran = stage.run(artifact, sctx); })) {
      errors.insert(errors.end(), diagnostics.begin(), diagnostics.end());
      return fail(pluginError + " for " + target.str);
    }
    if (mlir::failed(ran)) {
      errors.insert(errors.end(), diagnostics.begin(), diagnostics.end());
      if (errors.size() == errorsBefore)
        errors.push_back("error: stage '" + stage.name + "' of backend '" +
                         backend.name() + "' failed for " + target.str + "\n");
      return false;
    }
    out.times.push_back({stage.name, msSince(t0)});
    if (layoutRemarks && stage.name == "ttgir" && artifact.isModule())
      emitLayoutRemarks(*artifact.module);
    if (!dumpDir.empty())
      dump(stage.name, stage.extension,
           artifact.isModule() ? printModule(*artifact.module) : artifact.bytes);
    ++stageIndex;
    if (emit == stage.name)
      break;
  }
  const Stage &last = emit.empty() ? stages.back() : [&]() -> const Stage & {
    for (const Stage &s : stages)
      if (s.name == emit)
        return s;
    return stages.back();
  }();
  finish(last.name, last.binaryOutput);
  if (meta.format.empty())
    meta.format = last.name;
  if (cache) {
    bundle::Entry e{meta, out.output};
    std::string storeError;
    if (!cache->store(key, e, storeError))
      out.warnings.push_back("not cached: " + storeError);
  }
  return true;
}

} // namespace trident
