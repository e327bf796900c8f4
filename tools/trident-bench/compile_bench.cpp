//===- compile_bench.cpp - cost of cold compiles and warm cache hits ------===//
//
//   trident-compile-bench FILE.py --kernel K --signature SIG --target T
//                         [--load-plugin P] [--runs N]
//
// Compiles the kernel N times without the cache (cold: every stage runs)
// and prints the median time of each stage, then looks it up N times in a
// scratch cache that holds it (warm hit: key computation, file read,
// checksum, metadata parse) and prints the median and 99th percentile. All
// in one process, through the same Driver that tridentc uses.
//
//===----------------------------------------------------------------------===//

#include "common/CommandLine.h"
#include "trident/Driver/Driver.h"
#include "trident/Frontend/Compiler.h"
#include "trident/Plugin/Registry.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <unistd.h>
#include <vector>

using namespace trident;

static double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  size_t i = std::min(v.size() - 1, size_t(p * (v.size() - 1) + 0.5));
  return v[i];
}

namespace cl = llvm::cl;

static cl::OptionCategory benchCategory("trident-compile-bench options");
static cl::opt<std::string> fileOpt(cl::Positional, cl::desc("FILE.py"),
                                    cl::Required, cl::cat(benchCategory));
static cl::opt<std::string> kernelOpt("kernel", cl::desc("the kernel"),
                                      cl::value_desc("K"), cl::Required,
                                      cl::cat(benchCategory));
static cl::opt<std::string> signatureOpt("signature",
                                         cl::desc("its signature"),
                                         cl::value_desc("SIG"), cl::Required,
                                         cl::cat(benchCategory));
static cl::opt<std::string> targetOpt("target", cl::desc("the target"),
                                      cl::value_desc("T"), cl::Required,
                                      cl::cat(benchCategory));
static cl::list<std::string> pluginOpt("load-plugin",
                                       cl::desc("a backend plugin to load"),
                                       cl::value_desc("P"),
                                       cl::cat(benchCategory));
static cl::opt<unsigned> runsOpt("runs",
                                 cl::desc("compiles and lookups of each kind"),
                                 cl::init(20), cl::cat(benchCategory));

static const char kSynopsis[] =
    "usage: trident-compile-bench FILE.py --kernel K --signature SIG "
    "--target T [--load-plugin P] [--runs N]\n";

int main(int argc, char **argv) {
  if (!tools::parseCommandLine(argc, argv, benchCategory,
                               "trident-compile-bench",
                               "cold compiles and warm cache hits", kSynopsis))
    return 2;
  std::string file = fileOpt, target = targetOpt;
  frontend::KernelSpec spec;
  spec.kernel = kernelOpt;
  spec.signature = frontend::splitSignature(signatureOpt);
  std::vector<std::string> plugins(pluginOpt.begin(), pluginOpt.end());
  int runs = std::max(1u, unsigned(runsOpt));
  BackendRegistry registry;
  std::vector<std::string> errors;
  registry.loadDefaultPlugins(errors);
  for (const std::string &p : plugins) {
    std::string e;
    if (!registry.loadPlugin(p, e))
      errors.push_back(e);
  }
  for (const std::string &e : errors)
    fprintf(stderr, "warning: %s\n", e.c_str());
  auto buffer = llvm::MemoryBuffer::getFile(file, true);
  if (!buffer) {
    fprintf(stderr, "cannot read %s\n", file.c_str());
    return 1;
  }
  frontend::SourceFile source(file, (*buffer)->getBuffer().str());
  frontend::PythonFrontend python;
  Driver driver(registry, python);

  CompileOptions cold;
  cold.useCache = false;
  std::map<std::string, std::vector<double>> stageTimes;
  std::vector<std::string> order;
  std::vector<double> totals;
  for (int r = 0; r < runs; ++r) {
    CompiledKernel k;
    std::vector<std::string> errs;
    auto t0 = std::chrono::steady_clock::now();
    if (!driver.compile(source, spec, target, cold, k, errs)) {
      for (const std::string &e : errs)
        fprintf(stderr, "%s", e.c_str());
      return 1;
    }
    totals.push_back(std::chrono::duration<double, std::milli>(
                         std::chrono::steady_clock::now() - t0).count());
    for (const StageTime &s : k.times) {
      if (!stageTimes.count(s.stage))
        order.push_back(s.stage);
      stageTimes[s.stage].push_back(s.milliseconds);
    }
  }
  printf("cold compile of %s for %s, median of %d runs:\n",
         spec.kernel.c_str(), target.c_str(), runs);
  for (const std::string &s : order)
    printf("  %-14s %9.3f ms\n", s.c_str(), percentile(stageTimes[s], 0.5));
  printf("  %-14s %9.3f ms\n", "total", percentile(totals, 0.5));

  char dir[] = "/tmp/trident-bench-XXXXXX";
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 1;
  }
  CompileOptions warm;
  warm.cacheDir = dir;
  std::vector<double> hits;
  for (int r = 0; r < runs * 50 + 1; ++r) {
    CompiledKernel k;
    std::vector<std::string> errs;
    auto t0 = std::chrono::steady_clock::now();
    if (!driver.compile(source, spec, target, warm, k, errs))
      return 1;
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - t0).count();
    if (r > 0) {
      if (!k.fromCache) {
        fprintf(stderr, "expected a cache hit\n");
        return 1;
      }
      hits.push_back(ms);
    }
  }
  printf("warm cache hit, %zu lookups: median %.1f us, p99 %.1f us\n",
         hits.size(), percentile(hits, 0.5) * 1000, percentile(hits, 0.99) * 1000);
  std::string cmd = std::string("rm -rf ") + dir;
  return system(cmd.c_str()) == 0 ? 0 : 1;
}
