//===- trident-conformance.cpp - run the conformance suite ----------------===//
//
//   trident-conformance --target cpu|cuda:90|hip:gfx942 [--plugin PATH]
//       [--filter GLOB] [--mode run|compile] [--report FILE.json|FILE.xml]
//       [--seed N] [--list] [--verbose] [--save-bundles DIR] [--emit STAGE]
//   trident-conformance --export-specs FILE.json [--filter GLOB]
//   trident-conformance --report-from RESULTS --report FILE.json|FILE.xml
//
// --save-bundles DIR writes each case's bundle and recipe for
// trident-conformance-run, which runs them where there is a device but no
// compiler (usually with --mode compile here).
//
// --emit STAGE stops at a backend stage and launches its output, e.g.
// `--target cuda:80 --emit ptx`: code for an older GPU, compiled by the
// CUDA driver at load time, runs on a newer one.
//
// --report-from RESULTS writes the report of the outcomes that
// trident-conformance-run, which links no JSON writer, saved with
// `--results RESULTS`.
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
#include "runner/ReportFile.h"
#include "runner/Saved.h"

#include "common/CommandLine.h"

#include "llvm/Support/CommandLine.h"

#include <cstdio>
#include <fnmatch.h>
#include <random>
#include <string>

using namespace trident::conformance;
namespace cl = llvm::cl;

namespace {

const char *kSynopsis =
    "usage: trident-conformance --target T [--plugin PATH] [--filter GLOB] "
    "[--mode run|compile]\n"
    "       [--report FILE.json|FILE.xml] [--seed N] [--list] [--verbose] "
    "[--save-bundles DIR] [--emit STAGE]\n"
    "       [--option NAME=VALUE]...\n"
    "       trident-conformance --export-specs FILE.json [--filter GLOB]\n"
    "       trident-conformance --report-from RESULTS --report "
    "FILE.json|FILE.xml\n";

cl::OptionCategory category("trident-conformance options");

// What llvm::cl does not know, options and other arguments alike (the tool
// takes no positional argument).
cl::list<std::string> unknownOptions(cl::Sink, cl::Hidden);

cl::opt<std::string> target(
    "target",
    cl::desc("the target to compile for (cpu, cuda:90, hip:gfx942, ...); in\n"
             "run mode the first device whose target starts with it runs\n"
             "the cases"),
    cl::value_desc("T"), cl::init("cpu"), cl::cat(category));
cl::list<std::string> plugins(
    "plugin",
    cl::desc("load a backend plugin besides the installed ones and those\n"
             "on TRIDENT_PLUGIN_PATH"),
    cl::value_desc("PATH"), cl::cat(category));
cl::opt<std::string> filter(
    "filter", cl::desc("only the cases whose name matches ('dot/*', '*/fp16')"),
    cl::value_desc("GLOB"), cl::cat(category));
cl::opt<std::string> mode(
    "mode",
    cl::desc("run: compile, launch and compare (the default); compile:\n"
             "compile only, checking that a binary and its metadata come out"),
    cl::value_desc("run|compile"), cl::init("run"), cl::cat(category));
cl::opt<std::string> report(
    "report",
    cl::desc("write a JSON report of every case's status and message, or\n"
             "JUnit XML when FILE ends in .xml"),
    cl::value_desc("FILE"), cl::cat(category));
cl::opt<std::string> reportFrom(
    "report-from",
    cl::desc("write the --report of the outcomes trident-conformance-run\n"
             "--results saved to RESULTS, and nothing else"),
    cl::value_desc("RESULTS"), cl::cat(category));
cl::opt<uint64_t> seed(
    "seed",
    cl::desc("the run's seed (a fresh one by default); each case draws\n"
             "from its own stream, so --seed N --filter NAME reproduces one"),
    cl::value_desc("N"), cl::cat(category));
cl::opt<std::string> kernelDir(
    "kernels", cl::desc("where the cases' kernel files are"),
    cl::value_desc("DIR"), cl::init(TRIDENT_CONFORMANCE_KERNELS),
    cl::cat(category));
cl::opt<bool> list("list", cl::desc("print the names of the cases and exit"),
                   cl::cat(category));
cl::opt<std::string> saveDir(
    "save-bundles",
    cl::desc("write each case's bundle and recipe to DIR, for\n"
             "trident-conformance-run where there is no compiler"),
    cl::value_desc("DIR"), cl::cat(category));
cl::opt<std::string> emit(
    "emit",
    cl::desc("stop at this backend stage and launch its output (e.g. ptx)"),
    cl::value_desc("STAGE"), cl::cat(category));
cl::opt<std::string> exportSpecs(
    "export-specs",
    cl::desc("write each case's kernel, signature, tensors, arguments and\n"
             "grid as JSON, and nothing else"),
    cl::value_desc("FILE"), cl::cat(category));
cl::list<std::string> backendOptions(
    "option",
    cl::desc("set a backend option for every case (repeatable)"),
    cl::value_desc("NAME=VALUE"), cl::cat(category));
cl::opt<bool> verbose("verbose",
                      cl::desc("print the details of passing cases too"),
                      cl::cat(category));

int usage(const std::string &message) {
  return trident::tools::usageError("trident-conformance", message, kSynopsis);
}

int fail(const std::string &error) {
  fprintf(stderr, "trident-conformance: error: %s\n", error.c_str());
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  std::string overview =
      std::string("run the conformance suite against a target\n\n") +
      kSynopsis;
  if (!trident::tools::parseCommandLine(
          argc, argv, category, "trident-conformance", overview, kSynopsis))
    return 2;
  if (!unknownOptions.empty())
    return usage("unknown or incomplete option '" + unknownOptions.front() +
                 "'");
  if (mode != "run" && mode != "compile")
    return usage("--mode takes run or compile");

  std::string error;
  if (!reportFrom.empty()) {
    if (report.empty())
      return usage("--report-from needs --report FILE.json|FILE.xml");
    RunResults results;
    if (!readResults(reportFrom, results, error) ||
        !writeReport(report, results, error))
      return fail(error);
    return 0;
  }
  RunOptions o;
  o.target = target;
  o.plugins.assign(plugins.begin(), plugins.end());
  o.filter = filter;
  o.compileOnly = mode == "compile";
  o.kernelDir = kernelDir;
  o.verbose = verbose;
  o.saveDir = saveDir;
  o.emit = emit;
  for (const std::string &kv : backendOptions) {
    size_t eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      return usage("--option takes NAME=VALUE, not '" + kv + "'");
    o.backendOptions[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  if (!exportSpecs.empty())
    return writeCaseSpecs(exportSpecs, o.filter, error) ? 0 : fail(error);
  if (list) {
    for (const Case &c : casesWithTTIR(o.kernelDir))
      if (o.filter.empty() || fnmatch(o.filter.c_str(), c.name.c_str(), 0) == 0)
        printf("%s\n", c.name.c_str());
    return 0;
  }
  o.seed = seed.getNumOccurrences() ? uint64_t(seed) : std::random_device()();
  RunResults results{o.target, mode, o.seed, {}};
  if (!runAll(o, results.outcomes, error))
    return fail(error);
  if (!report.empty() && !writeReport(report, results, error))
    return fail(error);
  for (const Outcome &out : results.outcomes)
    if (out.status == Outcome::Fail)
      return 1;
  return 0;
}
