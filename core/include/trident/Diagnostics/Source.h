//===- Source.h - kernel source files, positions and diagnostics -*- C++ -*-===//
//
// A kernel source file held in memory, positions in it (1-based line and
// column, as users and editors count them), and the one diagnostic type
// that every frontend and the driver report against them (the driver turns
// MLIR's diagnostics at the user's locations into it):
// `file:line:col: error: message`, the source line and a caret under the
// column. Not llvm::SourceMgr: it expands tabs in the echoed line (ours
// keeps them, so the caret lines up in the user's editor) and ends lines
// only at '\n' (Python also ends them at a lone '\r').
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIAGNOSTICS_SOURCE_H
#define TRIDENT_DIAGNOSTICS_SOURCE_H

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace trident {

/// A position in a source file. Lines and columns start at 1; a column counts
/// bytes from the start of the line.
struct SourceLoc {
  uint32_t line = 0;
  uint32_t column = 0;
  uint32_t offset = 0;
};

/// One source file: its name as given by the user and its text.
class SourceFile {
public:
  SourceFile(std::string path, std::string text);

  const std::string &path() const { return path_; }
  std::string_view text() const { return text_; }

  /// The text of line `line` (1-based) without its line break; empty when out
  /// of range.
  std::string_view lineText(uint32_t line) const;

  /// The position of byte `offset` (clamped to the end of the file).
  SourceLoc locForOffset(uint32_t offset) const;

private:
  std::string path_;
  std::string text_;
  std::vector<uint32_t> lineStarts_;
};

enum class Severity { Error, Warning, Note, Remark };

/// A message tied to a position in a source file.
struct Diagnostic {
  Diagnostic() = default;
  Diagnostic(Severity severity, SourceLoc loc, std::string message)
      : severity(severity), loc(loc), message(std::move(message)) {}

  Severity severity = Severity::Error;
  SourceLoc loc;
  std::string message;
  /// The file `loc` is in when it is not the one being compiled (a module
  /// the kernel file imports); null for that file.
  std::shared_ptr<const SourceFile> file;
  /// Notes that follow the message: for an error in an imported helper,
  /// the calls that led there, up to the user's.
  std::vector<Diagnostic> notes;
};

/// `path:line:col: error: message`, then the source line and a caret under
/// the column, each line ending with '\n'; then the notes, formatted alike.
/// `file` is the one being compiled (used when `diag.file` is null).
std::string formatDiagnostic(const SourceFile &file, const Diagnostic &diag);

} // namespace trident

#endif // TRIDENT_DIAGNOSTICS_SOURCE_H
