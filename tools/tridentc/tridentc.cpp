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
#include "trident/Plugin/Registry.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <optional>
#include <string>
#include <sys/stat.h>

using namespace trident;
using namespace trident::frontend;

namespace {

const char *kUsage =
    "usage: tridentc FILE.py --kernel NAME --signature SIG [options]\n"
    "       tridentc FILE.ttir [--kernel NAME] [options]\n"
    "       tridentc FILE.ttgir --target T [--kernel NAME] [options]\n"
    "       tridentc --list-backends\n"
    "\n"
    "  FILE.py              a kernel file written against triton.language\n"
    "  FILE.ttir, FILE.mlir TTIR, e.g. as Triton dumps it: already\n"
    "                       specialized (no --signature or -D); --kernel\n"
    "                       may be left out when it holds one kernel\n"
        "  FILE.ttgir           TTGIR (Triton's `asm[\"ttgir\"]`, or --emit\n"
    "                       ttgir): compiled from the backend's ttgir\n"
    "                       stage on, with the file's layouts and\n"
    "                       ttg.num-warps\n"
"  --kernel NAME        the @triton.jit function to compile\n"
    "  --signature SIG      one entry per parameter, as triton/tools/compile.py\n"
    "                       takes them: '*fp32:16, *fp32:16, i32, 1024'\n"
    "                       (:16 = divisible by 16, :1 = equal to 1, a value =\n"
    "                       a constexpr)\n"
    "  -D NAME=VALUE        set a constexpr parameter by name\n"
    "  -I DIR               look for imported modules in DIR first (then\n"
    "                       the file's package root and directory,\n"
    "                       TRIDENT_PYTHON_PATH, PYTHONPATH); repeatable\n"
    "  --target T[,T...]    compile for these targets (cuda:90, hip:gfx942,\n"
    "                       cpu, ...); without it only ttir/ttir-raw exist\n"
    "  --emit STAGE         print this stage: ttir-raw (frontend), ttir (after\n"
    "                       the core pipeline, the default without --target)\n"
    "                       or a backend stage (default: the last)\n"
    "  -o FILE              write the output to FILE; with several targets, or\n"
    "                       a FILE ending in .bundle, write a bundle\n"
    "  --num-warps N        warps per program (--option num_warps=N)\n"
    "  --num-stages N       software pipelining stages (--option num_stages=N)\n"
    "  --option NAME=VALUE  set a backend option\n"
    "  --debug              keep tl.device_assert checks\n"
    "  --dump-ir DIR        write every stage's output to DIR (also\n"
    "                       TRIDENT_DUMP_DIR)\n"
    "  --print-ir-after-all print the IR after every pass to stderr\n"
    "  --remarks=layouts    report to stderr, at your file:line:col, each\n"
    "                       layout conversion left in the TTGIR (register\n"
    "                       permutation or shared memory, and its bytes)\n"
    "                       and each load or store not fully vectorized,\n"
    "                       with what bounds it (layout, contiguity,\n"
    "                       alignment, mask)\n"
    "  --timings            print the time of each stage to stderr\n"
    "  --pass-timings       print the time of each pass of each stage\n"
    "  --no-cache           do not use the on-disk cache\n"
    "  --cache-dir DIR      cache directory (default TRIDENT_CACHE_DIR or\n"
    "                       ~/.cache/trident)\n"
    "  --load-plugin PATH   load a backend plugin besides the installed ones\n"
    "                       and those on TRIDENT_PLUGIN_PATH\n"
    "  --list-backends      list the backends of all loaded plugins\n"
    "  --no-locs            print IR without source locations\n";

int usage(const std::string &message) {
  llvm::errs() << "tridentc: error: " << message << "\n\n" << kUsage;
  return 2;
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
  std::string file, output, emit;
  std::vector<std::string> targets, plugins;
  KernelSpec spec;
  CompileOptions options;
  bool locs = true, timings = false, listBackends = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const char *flag) -> std::optional<std::string> {
      std::string f(flag);
      if (a == f) {
        if (i + 1 >= argc)
          return std::nullopt;
        return std::string(argv[++i]);
      }
      if (a.rfind(f + "=", 0) == 0)
        return a.substr(f.size() + 1);
      return std::nullopt;
    };
    auto isFlag = [&](const char *flag) {
      std::string f(flag);
      return a == f || a.rfind(f + "=", 0) == 0;
    };
    auto need = [&](const char *flag, std::string &dst) {
      auto v = value(flag);
      if (!v)
        return false;
      dst = *v;
      return true;
    };
    auto number = [&](const char *flag, int &dst) {
      auto v = value(flag);
      char *end = nullptr;
      long n = v ? std::strtol(v->c_str(), &end, 10) : 0;
      if (!v || v->empty() || *end || n <= 0 || n > 1024)
        return false;
      dst = int(n);
      return true;
    };
    // `-X VALUE` or `-XVALUE` (-D, -I): nothing when the value is missing.
    auto shortValue = [&]() -> std::optional<std::string> {
      if (a.size() > 2)
        return a.substr(2);
      if (i + 1 >= argc)
        return std::nullopt;
      return std::string(argv[++i]);
    };
    if (a == "-h" || a == "--help") {
      llvm::outs() << kUsage;
      return 0;
    }
    if (isFlag("--kernel")) {
      if (!need("--kernel", spec.kernel))
        return usage("--kernel needs a value");
    } else if (isFlag("--signature")) {
      std::string sig;
      if (!need("--signature", sig))
        return usage("--signature needs a value");
      spec.signature = splitSignature(sig);
    } else if (a.rfind("-D", 0) == 0) {
      std::optional<std::string> v = shortValue();
      if (!v)
        return usage("-D needs NAME=VALUE");
      const std::string &def = *v;
      size_t eq = def.find('=');
      if (eq == std::string::npos || eq == 0)
        return usage("-D needs NAME=VALUE, got '" + def + "'");
      spec.defines.push_back({def.substr(0, eq), def.substr(eq + 1)});
    } else if (a.rfind("-I", 0) == 0) {
      std::optional<std::string> dir = shortValue();
      if (!dir)
        return usage("-I needs a directory");
      spec.importPath.push_back(*dir);
    } else if (isFlag("--target")) {
      std::string t;
      if (!need("--target", t) || t.empty())
        return usage("--target needs a value");
      for (const std::string &part : splitSignature(t))
        if (!part.empty())
          targets.push_back(part);
    } else if (isFlag("--num-warps") || isFlag("--num-stages")) {
      // Shorthands for the backend options: the options are the one source
      // of launch parameters (the IR and the metadata both come from them).
      bool warps = isFlag("--num-warps");
      int n = 0;
      if (!number(warps ? "--num-warps" : "--num-stages", n))
        return usage(std::string(warps ? "--num-warps" : "--num-stages") +
                     " needs a positive integer");
      options.backendOptions[warps ? "num_warps" : "num_stages"] =
          std::to_string(n);
    } else if (isFlag("--option")) {
      std::string kv;
      if (!need("--option", kv) || kv.find('=') == std::string::npos ||
          kv[0] == '=')
        return usage("--option needs NAME=VALUE");
      options.backendOptions[kv.substr(0, kv.find('='))] =
          kv.substr(kv.find('=') + 1);
    } else if (a == "--debug") {
      spec.debug = true;
    } else if (a == "--no-locs") {
      locs = false;
    } else if (a == "--print-ir-after-all") {
      options.printIrAfterAll = true;
    } else if (isFlag("--remarks")) {
      std::string kinds;
      if (!need("--remarks", kinds))
        return usage("--remarks needs a kind (layouts)");
      llvm::SmallVector<llvm::StringRef> parts;
      llvm::StringRef(kinds).split(parts, ',');
      for (llvm::StringRef k : parts)
        options.remarks.push_back(k.str());
    } else if (a == "--timings") {
      timings = true;
    } else if (a == "--pass-timings") {
      options.passTimings = true;
    } else if (a == "--no-cache") {
      options.useCache = false;
    } else if (isFlag("--cache-dir")) {
      if (!need("--cache-dir", options.cacheDir))
        return usage("--cache-dir needs a directory");
    } else if (isFlag("--dump-ir")) {
      if (!need("--dump-ir", options.dumpDir))
        return usage("--dump-ir needs a directory");
    } else if (isFlag("--emit")) {
      if (!need("--emit", emit) || emit.empty())
        return usage("--emit needs a stage name");
    } else if (isFlag("--load-plugin")) {
      std::string p;
      if (!need("--load-plugin", p))
        return usage("--load-plugin needs a file");
      plugins.push_back(p);
    } else if (a == "--list-backends") {
      listBackends = true;
    } else if (a == "-o") {
      if (i + 1 >= argc)
        return usage("-o needs a file name");
      output = argv[++i];
    } else if (!a.empty() && a[0] == '-') {
      return usage("unknown option '" + a + "'");
    } else if (file.empty()) {
      file = a;
    } else {
      return usage("more than one input file ('" + file + "' and '" + a + "')");
    }
  }

  BackendRegistry registry;
  std::vector<std::string> loadErrors, loadWarnings;
  registry.loadDefaultPlugins(loadErrors, &loadWarnings);
  for (const std::string &w : loadWarnings)
    llvm::errs() << "tridentc: warning: " << w << "\n";
  for (const std::string &p : plugins) {
    std::string error;
    if (!registry.loadPlugin(p, error))
      loadErrors.push_back(error);
  }
  for (const std::string &e : loadErrors)
    llvm::errs() << "tridentc: error: " << e << "\n";
  if (!plugins.empty() && !loadErrors.empty())
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

  if (file.empty())
    return usage("no input file");
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

  Driver driver(registry);
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
      char line[128];
      snprintf(line, sizeof(line), "  %-12s %10.3f ms\n", "total", total);
      llvm::errs() << line;
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
