//===- Report.h - outcomes of conformance cases and their table -*- C++ -*-===//
//
// One outcome per case, the per-case random stream and the table printed
// as cases run (`PASS name`, ..., `N passed, N failed, N skipped`). Both
// runners -- the in-process one that compiles (trident-conformance) and the
// runtime-only one that runs saved bundles (trident-conformance-run) --
// print through this, so their outputs match line for line. The JSON /
// JUnit XML report is ReportFile.h's, on the compiler's side only (it
// writes with llvm::json); the runtime-only runner saves its outcomes for
// it (Saved.h).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_CONFORMANCE_REPORT_H
#define TRIDENT_CONFORMANCE_REPORT_H

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace trident::conformance {

struct Outcome {
  std::string name;
  enum Status { Pass, Fail, Skip } status = Pass;
  std::string message; ///< why it failed or was skipped; details on pass
  double milliseconds = 0;
};

/// `pass`, `fail` or `skip`: the status as reports and saved files spell it.
const char *statusName(Outcome::Status status);

/// The random stream case `name` draws its inputs from under `seed`: each
/// case has its own, so a case reproduces alone and on another runner.
std::mt19937_64 caseStream(uint64_t seed, const std::string &name);

/// Prints the header, a line per outcome and the summary.
class Printer {
public:
  Printer(const std::string &target, const std::string &mode, uint64_t seed,
          bool verbose);
  void print(const Outcome &o);
  /// `N passed, N failed, N skipped`.
  void summary() const;

private:
  bool verbose_;
  int pass_ = 0, fail_ = 0, skip_ = 0;
};

/// What a report says: the run and its outcomes, case by case.
struct RunResults {
  std::string target;
  std::string mode; ///< run or compile
  uint64_t seed = 0;
  std::vector<Outcome> outcomes;
};

} // namespace trident::conformance

#endif // TRIDENT_CONFORMANCE_REPORT_H
