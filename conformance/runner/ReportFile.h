//===- ReportFile.h - the JSON / JUnit XML report --------------*- C++ -*-===//
//
// The report of a conformance run, written with llvm::json: only the
// compiler-side runner (trident-conformance) links this. The runtime-only
// runner, which links no LLVM, saves its outcomes instead
// (trident-conformance-run --results FILE, Saved.h), and
// `trident-conformance --report-from FILE` writes their report here: one
// writer, so a report says the same for the same outcomes whichever runner
// ran them.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_CONFORMANCE_REPORTFILE_H
#define TRIDENT_CONFORMANCE_REPORTFILE_H

#include "Report.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace trident::conformance {

/// `s` as a JSON string value; bytes that are not UTF-8 become U+FFFD
/// (llvm::json holds UTF-8 only).
llvm::json::Value jsonString(llvm::StringRef s);

/// JSON unless `path` ends in `.xml` (JUnit).
bool writeReport(const std::string &path, const RunResults &results,
                 std::string &error);

} // namespace trident::conformance

#endif // TRIDENT_CONFORMANCE_REPORTFILE_H
