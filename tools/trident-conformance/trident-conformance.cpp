//===- trident-conformance.cpp - run the conformance suite ----------------===//
//
//   trident-conformance --target cpu|cuda:90|hip:gfx942 [--plugin PATH]
//       [--filter GLOB] [--mode run|compile] [--report FILE.json|FILE.xml]
//       [--seed N] [--list] [--verbose] [--save-bundles DIR] [--emit STAGE]
//   trident-conformance --export-specs FILE.json [--filter GLOB]
//
// --save-bundles DIR writes each case's bundle and recipe for
// trident-conformance-run, which runs them where there is a device but no
// compiler (usually with --mode compile here).
//
// --emit STAGE stops at a backend stage and launches its output, e.g.
// `--target cuda:80 --emit ptx`: code for an older GPU, compiled by the
// CUDA driver at load time, runs on a newer one.
//
// --export-specs writes each case's kernel, signature, tensors, arguments
// and grid as JSON, for tools that run the same kernels elsewhere (e.g.
// tools/triton-reference/dump_ttir.py, which compiles them with Triton).
//
// Prints one line per case (PASS/FAIL/SKIP with the reason) and ends with
// `N passed, N failed, N skipped`. Exits 1 when anything failed.
//
//===----------------------------------------------------------------------===//

#include "runner/Harness.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fnmatch.h>
#include <random>
#include <string>

using namespace trident::conformance;

static const char *kUsage =
    "usage: trident-conformance --target T [--plugin PATH] [--filter GLOB] "
    "[--mode run|compile]\n"
    "       [--report FILE.json|FILE.xml] [--seed N] [--list] [--verbose] "
    "[--save-bundles DIR] [--emit STAGE]\n"
    "       trident-conformance --export-specs FILE.json [--filter GLOB]\n";

static int usage(const char *msg) {
  fprintf(stderr, "trident-conformance: error: %s\n\n%s", msg, kUsage);
  return 2;
}

int main(int argc, char **argv) {
  RunOptions o;
  o.kernelDir = TRIDENT_CONFORMANCE_KERNELS;
  std::string report;
  bool list = false, seeded = false;
  std::string exportSpecs;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> const char * {
      return i + 1 < argc ? argv[++i] : nullptr;
    };
    const char *v = nullptr;
    if (a == "--target" && (v = next()))
      o.target = v;
    else if (a == "--plugin" && (v = next()))
      o.plugins.push_back(v);
    else if (a == "--filter" && (v = next()))
      o.filter = v;
    else if (a == "--mode" && (v = next())) {
      if (std::string(v) != "run" && std::string(v) != "compile")
        return usage("--mode takes run or compile");
      o.compileOnly = std::string(v) == "compile";
    } else if (a == "--report" && (v = next()))
      report = v;
    else if (a == "--seed" && (v = next())) {
      o.seed = std::strtoull(v, nullptr, 10);
      seeded = true;
    } else if (a == "--kernels" && (v = next()))
      o.kernelDir = v;
    else if (a == "--list")
      list = true;
    else if (a == "--save-bundles" && (v = next()))
      o.saveDir = v;
    else if (a == "--emit" && (v = next()))
      o.emit = v;
    else if (a == "--export-specs" && (v = next()))
      exportSpecs = v;
    else if (a == "--verbose")
      o.verbose = true;
    else if (a == "-h" || a == "--help") {
      fputs(kUsage, stdout);
      return 0;
    }
    else
      return usage(("unknown or incomplete option '" + a + "'").c_str());
  }
  if (!exportSpecs.empty()) {
    std::string error;
    if (!writeCaseSpecs(exportSpecs, o.filter, error)) {
      fprintf(stderr, "trident-conformance: error: %s\n", error.c_str());
      return 1;
    }
    return 0;
  }
  if (list) {
    for (const Case &c : casesWithTTIR(o.kernelDir))
      if (o.filter.empty() || fnmatch(o.filter.c_str(), c.name.c_str(), 0) == 0)
        printf("%s\n", c.name.c_str());
    return 0;
  }
  if (!seeded)
    o.seed = std::random_device()();
  std::vector<Outcome> outcomes;
  std::string runError;
  if (!runAll(o, outcomes, runError)) {
    fprintf(stderr, "trident-conformance: error: %s\n", runError.c_str());
    return 1;
  }
  if (!report.empty()) {
    std::string error;
    if (!writeReport(report, o.target, o.compileOnly ? "compile" : "run",
                     o.seed, outcomes, error)) {
      fprintf(stderr, "trident-conformance: error: %s\n", error.c_str());
      return 1;
    }
  }
  for (const Outcome &out : outcomes)
    if (out.status == Outcome::Fail)
      return 1;
  return 0;
}
