//===- tridentc.cpp - compile a Triton kernel file --------------------------===//
//
//   tridentc FILE.py --kernel NAME --signature '*fp32:16, i32, 1024'
//            [--target T[,T...]] [--emit STAGE] [-o FILE] [options]
//   tridentc FILE.ttir [--kernel NAME] [--target ...] [options]
//   tridentc FILE.ttgir --target T [--kernel NAME] [options]
//   tridentc --list-backends
//
// Reads a kernel file written against triton.language, builds TTIR for one
// kernel specialized as the signature says (or reads TTIR, e.g. as Triton
// dumps it), runs the core TTIR pipeline and,
// with --target, the backend's stages. Errors point at the user's
// file:line:col and make the exit status non-zero (1; usage errors 2).
//
//===----------------------------------------------------------------------===//

#include "trident/Bundle.h"
#include "trident/Driver/Driver.h"
#include "trident/Frontend/Compiler.h"
#include "trident/Plugin/Registry.h"

#include "common/CommandLine.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdio>
#include <string>
#include <sys/stat.h>

using namespace trident;
using namespace trident::frontend;

namespace {

namespace cl = llvm::cl;

const char *kSynopsis =
    "usage: tridentc FILE.py --kernel NAME --signature SIG [options]\n"
    "       tridentc FILE.ttir [--kernel NAME] [options]\n"
    "       tridentc FILE.ttgir --target T [--kernel NAME] [options]\n"
    "       tridentc --list-backends\n";

// What --help says before the options.
const char *kInputs =
    "  FILE.py              a kernel file written against triton.language\n"
    "  FILE.ttir, FILE.mlir TTIR, e.g. as Triton dumps it: already\n"
    "                       specialized (no --signature or -D); --kernel\n"
    "                       may be left out when it holds one kernel\n"
    "  FILE.ttgir           TTGIR (Triton's `asm[\"ttgir\"]`, or --emit\n"
    "                       ttgir): compiled from the backend's ttgir\n"
    "                       stage on, with the file's layouts and\n"
    "                       ttg.num-warps\n";

cl::OptionCategory category("tridentc options");

// A list, so that a second input file is our error (naming both), not
// llvm::cl's.
cl::list<std::string> inputFiles(cl::Positional, cl::desc("FILE"),
                                 cl::cat(category));
// Options llvm::cl does not know: reported as ours are.
cl::list<std::string> unknownOptions(cl::Sink, cl::Hidden);

cl::opt<std::string> kernelName("kernel",
                                cl::desc("the @triton.jit function to compile"),
                                cl::value_desc("NAME"), cl::cat(category));
cl::opt<std::string> signatureText(
    "signature",
    cl::desc("one entry per parameter, as triton/tools/compile.py takes\n"
             "them: '*fp32:16, *fp32:16, i32, 1024' (:16 = divisible by\n"
             "16, :1 = equal to 1, a value = a constexpr)"),
    cl::value_desc("SIG"), cl::cat(category));
cl::list<std::string> defines(
    "D", cl::Prefix,
    cl::desc("set a constexpr parameter by name (-D NAME=VALUE or\n"
             "-DNAME=VALUE); repeatable"),
    cl::value_desc("NAME=VALUE"), cl::cat(category));
cl::list<std::string> importDirs(
    "I", cl::Prefix,
    cl::desc("look for imported modules in DIR first (then the file's\n"
             "package root and directory, TRIDENT_PYTHON_PATH,\n"
             "PYTHONPATH); -I DIR or -IDIR, repeatable"),
    cl::value_desc("DIR"), cl::cat(category));
cl::list<std::string> targetNames(
    "target",
    cl::desc("compile for these targets (cuda:90, hip:gfx942, cpu, ...);\n"
             "without it only ttir/ttir-raw exist"),
    cl::value_desc("T[,T...]"), cl::cat(category));
cl::opt<std::string> emitStage(
    "emit",
    cl::desc("print this stage: ttir-raw (frontend), ttir (after the core\n"
             "pipeline, the default without --target) or a backend stage\n"
             "(default: the last)"),
    cl::value_desc("STAGE"), cl::cat(category));
cl::opt<std::string> outputFile(
    "o",
    cl::desc("write the output to FILE ('-': stdout); with several\n"
             "targets, or a FILE ending in .bundle, write a bundle"),
    cl::value_desc("FILE"), cl::cat(category));
cl::opt<unsigned> numWarps("num-warps",
                           cl::desc("warps per program (--option num_warps=N)"),
                           cl::value_desc("N"), cl::cat(category));
cl::opt<unsigned> numStages(
    "num-stages",
    cl::desc("software pipelining stages (--option num_stages=N)"),
    cl::value_desc("N"), cl::cat(category));
cl::list<std::string> backendOptions("option",
                                     cl::desc("set a backend option"),
                                     cl::value_desc("NAME=VALUE"),
                                     cl::cat(category));
cl::opt<bool> debugChecks("debug", cl::desc("keep tl.device_assert checks"),
                          cl::cat(category));
cl::opt<std::string> dumpDir(
    "dump-ir",
    cl::desc("write every stage's output to DIR (also TRIDENT_DUMP_DIR)"),
    cl::value_desc("DIR"), cl::cat(category));
cl::opt<bool> printIrAfterAll("print-ir-after-all",
                              cl::desc("print the IR after every pass to stderr"),
                              cl::cat(category));
cl::list<std::string> remarks(
    "remarks", cl::CommaSeparated,
    cl::desc("layouts: report to stderr, at your file:line:col, each\n"
             "layout conversion left in the TTGIR (register permutation\n"
             "or shared memory, and its bytes) and each load or store not\n"
             "fully vectorized, with what bounds it (layout, contiguity,\n"
             "alignment, mask)"),
    cl::value_desc("layouts"), cl::cat(category));
cl::opt<bool> timings("timings",
                      cl::desc("print the time of each stage to stderr"),
                      cl::cat(category));
cl::opt<bool> passTimings(
    "pass-timings", cl::desc("print the time of each pass of each stage"),
    cl::cat(category));
cl::opt<bool> noCache("no-cache", cl::desc("do not use the on-disk cache"),
                      cl::cat(category));
cl::opt<bool> force("force",
                    cl::desc("let -o replace an existing Python file (a "
                             "kernel source is never replaced otherwise)"),
                    cl::cat(category));
cl::opt<std::string> remoteCache(
    "remote-cache",
    cl::desc("a shared cache behind the on-disk one, "
             "redis://[[user]:password@]host[:port][/db] (default: "
             "TRIDENT_REMOTE_CACHE); TRIDENT_REMOTE_CACHE_KEY authenticates "
             "its entries"),
    cl::value_desc("URL"), cl::cat(category));
cl::opt<std::string> cacheDir(
    "cache-dir",
    cl::desc("cache directory (default TRIDENT_CACHE_DIR or\n"
             "~/.cache/trident)"),
    cl::value_desc("DIR"), cl::cat(category));
cl::list<std::string> pluginFiles(
    "load-plugin",
    cl::desc("load a backend plugin besides the installed ones and those\n"
             "on TRIDENT_PLUGIN_PATH"),
    cl::value_desc("PATH"), cl::cat(category));
cl::opt<bool> listBackends("list-backends",
                           cl::desc("list the backends of all loaded plugins"),
                           cl::cat(category));
cl::opt<bool> noLocs("no-locs", cl::desc("print IR without source locations"),
                     cl::cat(category));

int usage(const llvm::Twine &message) {
  return trident::tools::usageError("tridentc", message, kSynopsis);
}

std::string stripLocs(const std::string &ir) {
  // Drops `loc(...)` suffixes and `#locN = ...` lines: the IR as it would be
  // printed without debug info.
  std::string out;
  size_t i = 0;
  while (i < ir.size()) {
    size_t eol = ir.find('\n', i);
    std::string line = ir.substr(i, eol == std::string::npos ? std::string::npos : eol - i);
    i = eol == std::string::npos ? ir.size() : eol + 1;
    if (line.rfind("#loc", 0) == 0)
      continue;
    std::string cleaned;
    size_t p = 0;
    while (p < line.size()) {
      size_t at = line.find(" loc(", p);
      if (at == std::string::npos) {
        cleaned += line.substr(p);
        break;
      }
      cleaned += line.substr(p, at - p);
      int depth = 0;
      size_t q = at + 4;
      for (; q < line.size(); ++q) {
        if (line[q] == '(')
          ++depth;
        else if (line[q] == ')' && --depth == 0)
          break;
      }
      p = q + 1;
    }
    out += cleaned + "\n";
  }
  return out;
}

/// Writes `data` to `path`. A regular file (or a new one) is replaced
/// atomically: the data goes to a temporary file of a unique name in the
/// same directory, renamed over it once complete, so a failed write leaves
/// the old file and concurrent compiles to one path each leave a whole
/// file. Anything else (/dev/null, a FIFO, a terminal) is written in
/// place: renaming over it would replace the node. Symbolic links are
/// followed, so a link to a regular file stays a link.
bool writeOutput(const std::string &path, llvm::StringRef data,
                 std::string &error) {
  namespace fs = llvm::sys::fs;
  std::string target = path;
  struct stat st;
  if (lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
    llvm::SmallString<256> real;
    if (!fs::real_path(path, real))
      target = std::string(real);
  }
  bool replace = stat(target.c_str(), &st) != 0 ? errno == ENOENT
                                                : S_ISREG(st.st_mode);
  if (!replace) {
    std::error_code ec;
    llvm::raw_fd_ostream out(target, ec);
    if (!ec) {
      out << data;
      out.close();
      ec = out.error();
      out.clear_error();
    }
    if (ec)
      error = ec.message();
    return !ec;
  }
  llvm::StringRef dir = llvm::sys::path::parent_path(target);
  llvm::SmallString<256> model(dir.empty() ? "." : dir);
  llvm::sys::path::append(model, "." + llvm::sys::path::filename(target).str() +
                                     ".tmp-%%%%%%%%");
  int fd = -1;
  llvm::SmallString<256> tmp;
  if (std::error_code ec = fs::createUniqueFile(model, fd, tmp)) {
    error = ec.message();
    return false;
  }
  std::error_code ec;
  {
    llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
    out << data;
    out.close();
    ec = out.error();
    out.clear_error();
  }
  if (!ec)
    ec = fs::rename(tmp, target);
  if (ec) {
    fs::remove(tmp);
    error = ec.message();
    return false;
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  std::string overview = std::string("compile a Triton kernel file\n\n") +
                         kSynopsis + "\n" + kInputs;
  if (!trident::tools::parseCommandLine(argc, argv, category, "tridentc",
                                        overview, kSynopsis))
    return 2;
  if (!unknownOptions.empty())
    return usage("unknown option '" + unknownOptions.front() + "'");
  if (inputFiles.size() > 1)
    return usage("more than one input file ('" + inputFiles[0] + "' and '" +
                 inputFiles[1] + "')");

  KernelSpec spec;
  spec.kernel = kernelName;
  if (signatureText.getNumOccurrences())
    spec.signature = splitSignature(signatureText);
  for (const std::string &def : defines) {
    size_t eq = def.find('=');
    if (eq == std::string::npos || eq == 0)
      return usage("-D needs NAME=VALUE, got '" + def + "'");
    spec.defines.push_back({def.substr(0, eq), def.substr(eq + 1)});
  }
  spec.importPath.assign(importDirs.begin(), importDirs.end());
  spec.debug = debugChecks;

  std::vector<std::string> targets;
  for (const std::string &t : targetNames) {
    if (t.empty())
      return usage("--target needs a value");
    for (const std::string &part : splitSignature(t))
      if (!part.empty())
        targets.push_back(part);
  }

  CompileOptions options;
  // --num-warps and --num-stages are shorthands for the backend options
  // (the one source of launch parameters: the IR and the metadata both come
  // from them). Where one is given twice, the later on the command line
  // wins.
  struct Setting {
    unsigned position;
    std::string name, value;
  };
  std::vector<Setting> settings;
  for (auto [opt, name] : {std::pair{&numWarps, "num_warps"},
                           std::pair{&numStages, "num_stages"}}) {
    if (!opt->getNumOccurrences())
      continue;
    unsigned n = opt->getValue();
    if (n < 1 || n > 1024)
      return usage("--" + opt->ArgStr +
                   " needs a positive integer (at most 1024)");
    settings.push_back({opt->getPosition(), name, std::to_string(n)});
  }
  for (size_t i = 0; i < backendOptions.size(); ++i) {
    const std::string &kv = backendOptions[i];
    size_t eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      return usage("--option needs NAME=VALUE");
    settings.push_back(
        {backendOptions.getPosition(i), kv.substr(0, eq), kv.substr(eq + 1)});
  }
  llvm::sort(settings, [](const Setting &a, const Setting &b) {
    return a.position < b.position;
  });
  for (const Setting &s : settings)
    options.backendOptions[s.name] = s.value;
  options.remarks.assign(remarks.begin(), remarks.end());
  options.printIrAfterAll = printIrAfterAll;
  options.passTimings = passTimings;
  options.useCache = !noCache;
  if (cacheDir.getNumOccurrences())
    options.cacheDir = cacheDir;
  options.remoteCache = remoteCache;
  if (dumpDir.getNumOccurrences())
    options.dumpDir = dumpDir;
  std::string emit = emitStage;
  if (emitStage.getNumOccurrences() && emit.empty())
    return usage("--emit needs a stage name");
  std::string output = outputFile;
  bool locs = !noLocs;
  // -o must not destroy what the user wrote: never an input of this run
  // (also through a link), and not an existing Python file without
  // --force (`-o kernel.py` for `-o kernel.bundle`).
  if (!output.empty() && output != "-" && llvm::sys::fs::exists(output)) {
    for (const std::string &in : inputFiles)
      if (llvm::sys::fs::equivalent(in, output)) {
        llvm::errs() << "tridentc: error: the output '" << output
                     << "' is the input file '" << in
                     << "'; give another -o\n";
        return 1;
      }
    if (!force && llvm::sys::fs::is_regular_file(output) &&
        llvm::sys::path::extension(output) == ".py") {
      llvm::errs() << "tridentc: error: '" << output
                   << "' exists and is a Python file, not something tridentc "
                      "writes; not replaced (write to FILE.bundle, or pass "
                      "--force)\n";
      return 1;
    }
  }

  BackendRegistry registry;
  std::vector<std::string> loadErrors, loadWarnings;
  registry.loadDefaultPlugins(loadErrors, &loadWarnings);
  for (const std::string &w : loadWarnings)
    llvm::errs() << "tridentc: warning: " << w << "\n";
  for (const std::string &p : pluginFiles) {
    std::string error;
    if (!registry.loadPlugin(p, error))
      loadErrors.push_back(error);
  }
  for (const std::string &e : loadErrors)
    llvm::errs() << "tridentc: error: " << e << "\n";
  if (!pluginFiles.empty() && !loadErrors.empty())
    return 1;

  if (listBackends) {
    if (registry.entries().empty())
      llvm::outs() << "no backend plugins loaded (plugin directory: "
                   << BackendRegistry::installedPluginDir()
                   << "; TRIDENT_PLUGIN_PATH adds more)\n";
    for (const BackendRegistry::Entry &e : registry.entries()) {
      llvm::outs() << e.backend->name() << " (plugin " << e.pluginName << " "
                   << e.pluginVersion << ")\n  targets:";
      for (const std::string &t : e.backend->targets())
        llvm::outs() << " " << t;
      llvm::outs() << "\n  options:";
      for (const OptionDef &o : e.backend->options())
        llvm::outs() << " " << o.name << "=" << o.defaultValue;
      llvm::outs() << "\n  file: " << e.path << "\n";
    }
    return loadErrors.empty() ? 0 : 1;
  }

  if (inputFiles.empty())
    return usage("no input file");
  const std::string &file = inputFiles.front();
  llvm::StringRef fileRef(file);
  bool irInput = fileRef.ends_with(".ttir") || fileRef.ends_with(".ttgir") ||
                 fileRef.ends_with(".mlir");
  if (spec.kernel.empty() && !irInput)
    return usage("--kernel is required");
  if (emit.empty() && targets.empty())
    emit = "ttir";
  if (targets.size() > 1 && !emit.empty())
    return usage("--emit prints one stage of one target; with several "
                 "targets, write a bundle with -o");
  options.emit = emit;

  auto buffer = llvm::MemoryBuffer::getFile(file, /*IsText=*/true);
  if (!buffer) {
    llvm::errs() << "tridentc: error: cannot read '" << file
                 << "': " << buffer.getError().message() << "\n";
    return 1;
  }
  SourceFile source(file, (*buffer)->getBuffer().str());

  frontend::PythonFrontend python;
  Driver driver(registry, python);
  std::vector<bundle::Entry> entries;
  std::vector<CompiledKernel> results;
  for (const std::string &t : targets.empty() ? std::vector<std::string>{""}
                                              : targets) {
    CompiledKernel k;
    std::vector<std::string> errors;
    bool ok = driver.compile(source, spec, t, options, k, errors);
    for (const std::string &w : k.warnings)
      llvm::errs() << "tridentc: warning: " << w << "\n";
    for (const std::string &r : k.remarks)
      llvm::errs() << r;
    if (!ok) {
      for (const std::string &e : errors)
        llvm::errs() << (e.rfind("error:", 0) == 0 ? "tridentc: " : "") << e;
      return 1;
    }
    if (timings) {
      llvm::errs() << "timings for " << k.metadata.kernel
                   << (t.empty() ? "" : " on " + t)
                   << (k.fromCache ? " (cache hit)" : "") << ":\n";
      double total = 0;
      for (const StageTime &st : k.times) {
        char line[128];
        snprintf(line, sizeof(line), "  %-12s %10.3f ms\n", st.stage.c_str(),
                 st.milliseconds);
        llvm::errs() << line;
        total += st.milliseconds;
      }
      char line[160];
      snprintf(line, sizeof(line), "  %-12s %10.3f ms\n", "total", total);
      llvm::errs() << line;
      if (k.cacheOutcome != "off") {
        // Which cache level served it, and what the remote one cost.
        snprintf(line, sizeof(line),
                 "  cache: %s; remote: %llu bytes read, %llu bytes written, "
                 "%.3f ms\n",
                 k.cacheOutcome.c_str(),
                 (unsigned long long)k.remoteBytesRead,
                 (unsigned long long)k.remoteBytesWritten,
                 k.remoteMilliseconds);
        llvm::errs() << line;
      }
    }
    entries.push_back({k.metadata, k.output});
    results.push_back(std::move(k));
  }

  bool asBundle = targets.size() > 1 ||
                  (output.size() > 7 &&
                   output.compare(output.size() - 7, 7, ".bundle") == 0);
  std::string data;
  if (asBundle) {
    if (output.empty())
      return usage("several targets make a bundle: give -o FILE.bundle");
    std::string error;
    if (!bundle::write(entries, data, error)) {
      llvm::errs() << "tridentc: error: " << error << "\n";
      return 1;
    }
  } else {
    data = results[0].output;
    if (!results[0].binaryOutput && !locs)
      data = stripLocs(data);
  }
  if (output.empty() || output == "-") {
    if (results[0].binaryOutput && !asBundle) {
      llvm::errs() << "tridentc: error: stage '" << results[0].stage
                   << "' is binary; write it with -o FILE\n";
      return 1;
    }
    llvm::outs() << data;
    return 0;
  }
  std::string error;
  if (!writeOutput(output, data, error)) {
    llvm::errs() << "tridentc: error: cannot write '" << output
                 << "': " << error << "\n";
    return 1;
  }
  return 0;
}
