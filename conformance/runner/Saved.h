//===- Saved.h - conformance cases saved for a runner without a compiler -*- C++ -*-===//
//
// `trident-conformance --save-bundles DIR` writes each case's bundle and
// its recipe -- the case's name (which names its inputs, generators and
// reference in the suite's registry), its resolved launch arguments and
// the seed its inputs are drawn from -- to DIR/manifest.txt and DIR/*.bundle.
// `trident-conformance-run DIR`, linked against libtrident-runtime alone,
// runs them on a device that has no compiler and prints the same table.
// Cases that were skipped or failed to compile are recorded as such, so
// both runners report the same outcome for every case.
//
// manifest.txt: a line `trident-conformance-saved 1`, `target T`, `seed N`,
// then one line per case, fields separated by tabs:
//   case NAME  BUNDLE-FILE  ARGS     (ARGS: t<i> tensor, i<v> int, f<hex> float,
//                                     separated by commas)
//   outcome NAME  skip|fail  MESSAGE (backslash, newline and tab written
//                                     as \\, \n and \t)
//
// The runtime-only runner's outcomes go back the same way: it links no
// JSON writer (that is llvm::json, ReportFile.h), so `--results FILE`
// saves them and `trident-conformance --report-from FILE` writes the
// report. FILE: a line `trident-conformance-results 1`, `target T`,
// `mode M`, `seed N`, then one line per case, tab-separated:
//   result NAME  pass|fail|skip  MS  MESSAGE (MS: milliseconds, %.17g)
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_CONFORMANCE_SAVED_H
#define TRIDENT_CONFORMANCE_SAVED_H

#include "Case.h"
#include "Report.h"

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace trident::conformance {

/// Writes a saved-cases directory, case by case.
class SavedWriter {
public:
  /// Creates `dir` (and parents); false with `error` when it cannot.
  bool open(const std::string &dir, const std::string &target, uint64_t seed,
            std::string &error);
  void add(const std::string &name, const std::string &bundle,
           const std::vector<ArgSpec> &args);
  void addOutcome(const Outcome &o);
  /// Whether the last case recorded is `name`.
  bool has(const std::string &name) const;
  /// False when anything could not be written.
  bool close(std::string &error);

private:
  std::string dir_;
  std::ofstream manifest_;
  std::vector<std::string> names_;
  std::string error_;
};

struct SavedCase {
  std::string name;
  bool runnable = false;      ///< a bundle and arguments, or:
  Outcome recorded;           ///< the skip or failure recorded at compile time
  std::string bundleFile;     ///< absolute
  std::vector<ArgSpec> args;
};

struct SavedCases {
  std::string target;
  uint64_t seed = 0;
  std::vector<SavedCase> cases;
};

/// Reads DIR/manifest.txt; false with `error` naming the line.
bool readSaved(const std::string &dir, SavedCases &out, std::string &error);

/// Writes a run's outcomes for `trident-conformance --report-from`.
bool writeResults(const std::string &path, const RunResults &results,
                  std::string &error);

/// Reads what writeResults wrote; false with `error` naming the line.
bool readResults(const std::string &path, RunResults &out, std::string &error);

/// The registered case `name` (a `ttir/` name maps to the case it was made
/// from: same tensors and reference), or null.
const Case *findCase(const std::string &name, Case &storage);

} // namespace trident::conformance

#endif // TRIDENT_CONFORMANCE_SAVED_H
