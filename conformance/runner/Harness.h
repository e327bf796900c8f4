//===- Harness.h - running conformance cases against a target --*- C++ -*-===//
//
// Compiles each case's kernel for a target through the compile driver,
// then (run mode) launches it through the runtime on a device of that
// target with fresh inputs and poisoned outputs and compares with the
// case's host reference; (compile mode) checks that a binary and its
// metadata came out. Reports a table, JSON or JUnit XML.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_CONFORMANCE_HARNESS_H
#define TRIDENT_CONFORMANCE_HARNESS_H

#include "Case.h"

#include <string>
#include <vector>

namespace trident::conformance {

struct RunOptions {
  std::string target = "cpu";
  std::vector<std::string> plugins;
  std::string filter; ///< a glob over case names; empty: all
  bool compileOnly = false;
  uint64_t seed = 0;
  std::string kernelDir; ///< where the cases' kernel files are
  bool verbose = false;
};

struct Outcome {
  std::string name;
  enum Status { Pass, Fail, Skip } status = Pass;
  std::string message; ///< why it failed or was skipped; details on pass
  double milliseconds = 0;
};

/// Runs every registered case that matches; prints one line per case and
/// the summary `N passed, N failed, N skipped`.
std::vector<Outcome> runAll(const RunOptions &options);

bool writeReport(const std::string &path, const RunOptions &options,
                 const std::vector<Outcome> &outcomes, std::string &error);

/// Writes the cases matching `filter` as JSON: name, kernel file, kernel,
/// signature, tensors (dtype, count), arguments and grid.
bool writeCaseSpecs(const std::string &path, const std::string &filter,
                    std::string &error);

} // namespace trident::conformance

#endif // TRIDENT_CONFORMANCE_HARNESS_H
