//===- Harness.cpp - compile, launch, compare -----------------------------===//

#include "Harness.h"

#include "Execute.h"
#include "ReportFile.h"
#include "Saved.h"
#include "Values.h"

#include "trident/Bundle.h"
#include "trident/Driver/Driver.h"
#include "trident/Frontend/Compiler.h"
#include "trident/runtime.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_os_ostream.h"

#include <chrono>
#include <cmath>
#include <cstring>
#include <fnmatch.h>
#include <fstream>
#include <map>
#include <sstream>

namespace trident::conformance {

namespace {

struct Context {
  RunOptions options;
  BackendRegistry registry;
  frontend::PythonFrontend python;
  std::unique_ptr<Driver> driver;
  trident_runtime_t *runtime = nullptr;
  trident_device_t *device = nullptr;
  std::string deviceError;
  std::map<std::string, std::string> sources;
  std::unique_ptr<SavedWriter> saved;
};

bool readSource(Context &c, const std::string &file, std::string &out) {
  auto it = c.sources.find(file);
  if (it != c.sources.end()) {
    out = it->second;
    return true;
  }
  std::ifstream in(c.options.kernelDir + "/" + file);
  if (!in)
    return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = c.sources[file] = ss.str();
  return true;
}

/// For a case run from Triton's TTIR: the case's arguments (which follow
/// the kernel source's runtime parameters) picked by the IR's parameter
/// names. The source's parameter names come from the frontend.
bool matchArgumentsByName(Context &c, const Case &k,
                          const bundle::KernelMetadata &ir,
                          std::vector<ArgSpec> &out, std::string &why) {
  std::string text;
  if (!readSource(c, k.sourceFile, text)) {
    why = "cannot read kernel file " + k.sourceFile;
    return false;
  }
  frontend::SourceFile source(c.options.kernelDir + "/" + k.sourceFile, text);
  frontend::KernelSpec spec;
  spec.kernel = k.kernel;
  spec.signature = frontend::splitSignature(k.sourceSignature);
  CompileOptions copts;
  copts.emit = "ttir-raw";
  copts.useCache = false;
  CompiledKernel front;
  std::vector<std::string> errors;
  if (!c.driver->compile(source, spec, "", copts, front, errors)) {
    why = "the kernel source of the TTIR does not compile";
    return false;
  }
  const auto &names = front.metadata.args;
  if (names.size() != k.args.size()) {
    why = "the case has " + std::to_string(k.args.size()) +
          " arguments, its kernel source " + std::to_string(names.size());
    return false;
  }
  out.clear();
  for (const bundle::KernelArg &a : ir.args) {
    size_t i = 0;
    while (i < names.size() && names[i].name != a.name)
      ++i;
    if (i == names.size()) {
      why = "TTIR argument '" + a.name + "' is not a parameter of " +
            k.sourceFile + ":" + k.kernel;
      return false;
    }
    out.push_back(k.args[i]);
  }
  return true;
}

Outcome runOne(Context &c, const Case &k, std::mt19937_64 &rng) {
  Outcome o;
  o.name = k.name;
  for (const std::string &p : k.skipTargets)
    if (c.options.target.rfind(p, 0) == 0) {
      o.status = Outcome::Skip;
      o.message = k.skipReason;
      return o;
    }
  auto fail = [&](const std::string &m) {
    o.status = Outcome::Fail;
    o.message = m;
    return o;
  };
  std::string text;
  if (!readSource(c, k.file, text))
    return fail("cannot read kernel file " + c.options.kernelDir + "/" + k.file);
  frontend::SourceFile source(c.options.kernelDir + "/" + k.file, text);
  frontend::KernelSpec spec;
  spec.kernel = k.kernel;
  spec.signature = frontend::splitSignature(k.signature);
  spec.debug = k.debug;
  CompileOptions copts;
  copts.emit = c.options.emit;
  copts.backendOptions = c.options.backendOptions;
  CompiledKernel compiled;
  std::vector<std::string> errors;
  if (!c.driver->compile(source, spec, c.options.target, copts, compiled,
                         errors)) {
    std::string m = "compile error: ";
    for (const std::string &e : errors)
      m += e;
    while (!m.empty() && m.back() == '\n')
      m.pop_back();
    return fail(m);
  }
  if (compiled.output.empty())
    return fail("the backend produced an empty binary");
  if (c.options.compileOnly && !c.saved) {
    o.message = "compiled: " + std::to_string(compiled.output.size()) +
                " bytes of " + compiled.metadata.format;
    return o;
  }

  // The launch arguments, resolved here: a runner without the compiler
  // gets them from the saved recipe.
  std::vector<ArgSpec> argSpecs = k.args;
  if (!k.sourceFile.empty()) {
    std::string why;
    if (!matchArgumentsByName(c, k, compiled.metadata, argSpecs, why))
      return fail(why);
  }
  std::string bundleData, error;
  if (!bundle::write({{compiled.metadata, compiled.output}}, bundleData, error))
    return fail("bundle: " + error);
  if (c.saved)
    c.saved->add(k.name, bundleData, argSpecs);
  if (c.options.compileOnly) {
    o.message = "compiled: " + std::to_string(compiled.output.size()) +
                " bytes of " + compiled.metadata.format;
    return o;
  }
  if (!c.device) {
    o.status = Outcome::Skip;
    o.message = "no device for " + c.options.target + ": " + c.deviceError;
    return o;
  }
  return execute(c.device, k, argSpecs, bundleData, rng);
}

} // namespace

bool runAll(const RunOptions &options, std::vector<Outcome> &outcomes,
            std::string &error) {
  Context c;
  c.options = options;
  std::vector<std::string> loadErrors;
  c.registry.loadDefaultPlugins(loadErrors);
  for (const std::string &p : options.plugins) {
    std::string e;
    if (!c.registry.loadPlugin(p, e))
      loadErrors.push_back(e);
  }
  for (const std::string &e : loadErrors)
    printf("warning: %s\n", e.c_str());
  // A target no backend takes fails once, not once per case (in run mode
  // a bare prefix such as `cuda` names the first such device).
  if (options.compileOnly ||
      options.target.find(':') != std::string::npos) {
    Target t;
    if (!Target::parse(options.target, t)) {
      error = "'" + options.target + "' is not a target (cpu, cuda:90, "
              "hip:gfx942, ...)";
      return false;
    }
    if (!c.registry.findForTarget(t, error))
      return false;
  }
  c.driver = std::make_unique<Driver>(c.registry, c.python);
  if (!options.saveDir.empty()) {
    c.saved = std::make_unique<SavedWriter>();
    if (!c.saved->open(options.saveDir, options.target, options.seed, error))
      return false;
  }
  if (!options.compileOnly) {
    if (trident_status_t s = trident_runtime_create(&c.runtime)) {
      c.deviceError = trident_status_message(s);
      trident_status_free(s);
    } else {
      std::string prefix = options.target;
      if (trident_status_t s =
              trident_runtime_find_device(c.runtime, prefix.c_str(), &c.device)) {
        c.deviceError = trident_status_message(s);
        trident_status_free(s);
        c.device = nullptr;
      }
    }
  }
  Printer printer(options.target, options.compileOnly ? "compile" : "run",
                  options.seed, options.verbose);
  outcomes.clear();
  for (const Case &k : casesWithTTIR(options.kernelDir, options.target)) {
    if (!options.filter.empty() &&
        fnmatch(options.filter.c_str(), k.name.c_str(), 0) != 0)
      continue;
    std::mt19937_64 rng = caseStream(options.seed, k.name);
    Outcome o = runOne(c, k, rng);
    if (c.saved && !c.saved->has(k.name) && o.status != Outcome::Pass)
      c.saved->addOutcome(o);
    printer.print(o);
    outcomes.push_back(std::move(o));
  }
  printer.summary();
  trident_runtime_release(c.runtime);
  return !c.saved || c.saved->close(error);
}

bool writeCaseSpecs(const std::string &path, const std::string &filter,
                    std::string &error) {
  std::ofstream out(path);
  if (!out) {
    error = "cannot write " + path;
    return false;
  }
  // JSON has no NaN or infinity: those float arguments are the strings
  // "nan", "inf" and "-inf" (what Python's float() reads back).
  llvm::raw_os_ostream os(out);
  {
    llvm::json::OStream j(os, 2);
    j.array([&] {
      for (const Case &c : registry()) {
        if (!filter.empty() && fnmatch(filter.c_str(), c.name.c_str(), 0) != 0)
          continue;
        j.object([&] {
          j.attribute("name", jsonString(c.name));
          j.attribute("file", jsonString(c.file));
          j.attribute("kernel", jsonString(c.kernel));
          j.attribute("signature", jsonString(c.signature));
          j.attribute("debug", c.debug);
          j.attributeArray("tensors", [&] {
            for (const TensorSpec &t : c.tensors)
              j.object([&] {
                j.attribute("dtype", dtName(t.dtype));
                j.attribute("count", int64_t(t.count));
              });
          });
          j.attributeArray("args", [&] {
            for (const ArgSpec &a : c.args)
              j.object([&] {
                if (a.kind == ArgSpec::Tensor)
                  j.attribute("tensor", int64_t(a.tensor));
                else if (a.kind == ArgSpec::Int)
                  j.attribute("int", int64_t(a.i));
                else if (std::isfinite(a.f))
                  j.attribute("float", double(a.f));
                else
                  j.attribute("float", std::isnan(a.f) ? "nan"
                                       : a.f > 0      ? "inf"
                                                      : "-inf");
              });
          });
          j.attributeArray("grid", [&] {
            for (int g : c.grid)
              j.value(int64_t(g));
          });
        });
      }
    });
  }
  os << "\n";
  os.flush();
  return bool(out);
}

} // namespace trident::conformance
