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
#include "Report.h"

#include <map>
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
  /// Write each case's bundle and recipe here (see Saved.h), for
  /// trident-conformance-run on a machine without the compiler.
  std::string saveDir;
  /// Stop at this backend stage and launch its output (e.g. `ptx`, which
  /// the CUDA driver compiles at load time: code for an older GPU run on a
  /// newer one). Empty: the backend's last stage.
  std::string emit;
  /// Backend options given to every compile (--option NAME=VALUE).
  std::map<std::string, std::string> backendOptions;
};

/// Runs every registered case that matches; prints one line per case and
/// the summary `N passed, N failed, N skipped`. False with `error` when the
/// saved cases could not be written.
bool runAll(const RunOptions &options, std::vector<Outcome> &outcomes,
            std::string &error);

/// Writes the cases matching `filter` as JSON: name, kernel file, kernel,
/// signature, tensors (dtype, count), arguments and grid.
bool writeCaseSpecs(const std::string &path, const std::string &filter,
                    std::string &error);

} // namespace trident::conformance

#endif // TRIDENT_CONFORMANCE_HARNESS_H
