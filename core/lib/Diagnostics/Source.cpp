//===- Source.cpp - source files and diagnostics --------------------------===//

#include "trident/Diagnostics/Source.h"

#include <algorithm>

namespace trident {

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)) {
  // Lines end at "\n", "\r\n" or a lone "\r", as in Python.
  lineStarts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n' ||
        (text_[i] == '\r' && (i + 1 == text_.size() || text_[i + 1] != '\n')))
      lineStarts_.push_back(static_cast<uint32_t>(i + 1));
}

std::string_view SourceFile::lineText(uint32_t line) const {
  if (line == 0 || line > lineStarts_.size())
    return {};
  size_t begin = lineStarts_[line - 1];
  size_t end = line < lineStarts_.size() ? lineStarts_[line] : text_.size();
  std::string_view s = std::string_view(text_).substr(begin, end - begin);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

SourceLoc SourceFile::locForOffset(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  uint32_t line = static_cast<uint32_t>(it - lineStarts_.begin());
  return SourceLoc{line, offset - lineStarts_[line - 1] + 1, offset};
}

namespace {
std::string formatOne(const SourceFile &file, const Diagnostic &diag) {
  const char *kind = diag.severity == Severity::Error     ? "error"
                     : diag.severity == Severity::Warning ? "warning"
                     : diag.severity == Severity::Remark  ? "remark"
                                                          : "note";
  if (diag.loc.line == 0)
    return file.path() + ": " + kind + ": " + diag.message + "\n";
  std::string out = file.path() + ":" + std::to_string(diag.loc.line) + ":" +
                    std::to_string(diag.loc.column) + ": " + kind + ": " +
                    diag.message + "\n";
  std::string_view line = file.lineText(diag.loc.line);
  out += line;
  out += "\n";
  // Keep tabs in the caret line so the caret lines up under the column.
  for (uint32_t i = 1; i < diag.loc.column && i <= line.size(); ++i)
    out += line[i - 1] == '\t' ? '\t' : ' ';
  out += "^\n";
  return out;
}
} // namespace

std::string formatDiagnostic(const SourceFile &mainFile,
                             const Diagnostic &diag) {
  std::string out = formatOne(diag.file ? *diag.file : mainFile, diag);
  for (const Diagnostic &note : diag.notes)
    out += formatDiagnostic(mainFile, note);
  return out;
}

} // namespace trident
