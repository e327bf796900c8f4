//===- trident-conformance-run.cpp - run saved cases without the compiler -===//
//
//   trident-conformance-run DIR [--filter GLOB] [--results FILE]
//       [--device PREFIX] [--verbose]
//
// Runs the cases `trident-conformance --save-bundles DIR` wrote, on the
// first device whose target starts with the saved target (or PREFIX),
// drawing the same inputs from the saved seed. Linked against
// libtrident-runtime alone -- no LLVM, MLIR or compiler -- so it runs on a
// vendor's test machine that has the GPU but not the toolchain. Prints the
// same table as trident-conformance and exits 1 when a case failed.
//
// --results FILE saves the outcomes; `trident-conformance --report-from
// FILE --report FILE.json|FILE.xml`, where the compiler is, writes their
// report. The report writer is llvm::json's, which this runner does not
// link; nor does it take llvm::cl's command line, hence the small loop.
//
//===----------------------------------------------------------------------===//

#include "trident/Bundle.h"
#include "runner/Execute.h"
#include "runner/Saved.h"

#include <cstdio>
#include <cstring>
#include <fnmatch.h>
#include <fstream>
#include <sstream>
#include <string>

using namespace trident::conformance;

static const char *kUsage =
    "usage: trident-conformance-run DIR [--filter GLOB] [--results FILE]\n"
    "       [--device PREFIX] [--verbose]\n";

static int usage(const std::string &msg) {
  fprintf(stderr, "trident-conformance-run: error: %s\n\n%s", msg.c_str(),
          kUsage);
  return 2;
}

int main(int argc, char **argv) {
  std::string dir, filter, results, devicePrefix;
  bool verbose = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> const char * {
      return i + 1 < argc ? argv[++i] : nullptr;
    };
    const char *v = nullptr;
    if (a == "--filter" && (v = next()))
      filter = v;
    else if (a == "--results" && (v = next()))
      results = v;
    else if (a == "--report")
      return usage("this runner writes no report (it links no JSON writer): "
                   "save the outcomes with --results FILE and write the "
                   "report with trident-conformance --report-from FILE "
                   "--report FILE.json|FILE.xml");
    else if (a == "--device" && (v = next()))
      devicePrefix = v;
    else if (a == "--verbose")
      verbose = true;
    else if (a == "-h" || a == "--help") {
      fputs(kUsage, stdout);
      return 0;
    } else if (!a.empty() && a[0] != '-' && dir.empty())
      dir = a;
    else
      return usage("unknown or incomplete option '" + a + "'");
  }
  if (dir.empty())
    return usage("no directory of saved cases given");
  SavedCases saved;
  std::string error;
  if (!readSaved(dir, saved, error)) {
    fprintf(stderr, "trident-conformance-run: error: %s\n", error.c_str());
    return 1;
  }
  trident_runtime_t *runtime = nullptr;
  trident_device_t *device = nullptr;
  std::string deviceError;
  if (trident_status_t s = trident_runtime_create(&runtime)) {
    deviceError = trident_status_message(s);
    trident_status_free(s);
  } else {
    std::string prefix = devicePrefix.empty() ? saved.target : devicePrefix;
    if (trident_status_t s =
            trident_runtime_find_device(runtime, prefix.c_str(), &device)) {
      deviceError = trident_status_message(s);
      trident_status_free(s);
      device = nullptr;
    }
  }
  Printer printer(saved.target, "run", saved.seed, verbose);
  std::vector<Outcome> outcomes;
  for (const SavedCase &sc : saved.cases) {
    if (!filter.empty() && fnmatch(filter.c_str(), sc.name.c_str(), 0) != 0)
      continue;
    Outcome o;
    Case storage;
    const Case *k = findCase(sc.name, storage);
    if (!sc.runnable) {
      o = sc.recorded;
    } else if (!k) {
      o.name = sc.name;
      o.status = Outcome::Fail;
      o.message = "this runner does not know case '" + sc.name +
                  "' (saved by another version of the suite?)";
    } else if (!device) {
      o.name = sc.name;
      o.status = Outcome::Skip;
      o.message = "no device for " + saved.target + ": " + deviceError;
    } else {
      // The runtime's reader: a regular file of a bounded size, never a
      // FIFO to wait on or a link out of the directory.
      std::string data, why;
      if (!trident::bundle::readFile(sc.bundleFile, data, why,
                                     /*noFollow=*/true)) {
        o.name = sc.name;
        o.status = Outcome::Fail;
        o.message = "cannot read " + sc.bundleFile + ": " + why;
      } else {
        std::mt19937_64 rng = caseStream(saved.seed, sc.name);
        o = execute(device, *k, sc.args, data, rng);
      }
    }
    printer.print(o);
    outcomes.push_back(std::move(o));
  }
  printer.summary();
  trident_runtime_release(runtime);
  if (!results.empty() &&
      !writeResults(results, {saved.target, "run", saved.seed, outcomes},
                    error)) {
    fprintf(stderr, "trident-conformance-run: error: %s\n", error.c_str());
    return 1;
  }
  for (const Outcome &o : outcomes)
    if (o.status == Outcome::Fail)
      return 1;
  return 0;
}
