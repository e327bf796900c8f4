//===- ReportFile.cpp - writing the JSON / JUnit XML report ---------------===//

#include "ReportFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace trident::conformance {

namespace {

/// `s` for an XML attribute value. XML 1.0 allows no control character but
/// tab, newline and carriage return; the others, and tab and carriage return
/// (which an attribute value would normalize to spaces anyway), are written
/// as spaces. (llvm::printHTMLEscaped leaves control characters alone.)
std::string xmlEscape(llvm::StringRef s) {
  std::string o;
  for (char ch : s) {
    switch (ch) {
    case '<': o += "&lt;"; break;
    case '>': o += "&gt;"; break;
    case '&': o += "&amp;"; break;
    case '"': o += "&quot;"; break;
    default: o += (unsigned char)ch < 0x20 && ch != '\n' ? ' ' : ch;
    }
  }
  return o;
}

void writeXml(llvm::raw_ostream &out, const RunResults &r, int failed,
              int skipped) {
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"trident-"
         "conformance\" target=\"" << xmlEscape(r.target)
      << "\" tests=\"" << r.outcomes.size() << "\" failures=\"" << failed
      << "\" skipped=\"" << skipped << "\">\n";
  for (const Outcome &o : r.outcomes) {
    out << "  <testcase classname=\"" << xmlEscape(r.target) << "\" name=\""
        << xmlEscape(o.name) << "\" time=\""
        << llvm::format("%g", o.milliseconds / 1000) << "\">";
    if (o.status != Outcome::Pass)
      out << (o.status == Outcome::Fail ? "<failure" : "<skipped")
          << " message=\"" << xmlEscape(o.message) << "\"/>";
    out << "</testcase>\n";
  }
  out << "</testsuite>\n";
}

/// The run's fields one per line, each case's outcome on one line.
void writeJson(llvm::raw_ostream &out, const RunResults &r, int passed,
               int failed, int skipped) {
  llvm::json::OStream j(out, /*IndentSize=*/2);
  j.object([&] {
    j.attribute("target", jsonString(r.target));
    j.attribute("mode", jsonString(r.mode));
    j.attribute("seed", r.seed);
    j.attribute("passed", passed);
    j.attribute("failed", failed);
    j.attribute("skipped", skipped);
    j.attributeArray("cases", [&] {
      for (const Outcome &o : r.outcomes)
        j.rawValue([&](llvm::raw_ostream &os) {
          os << "{\"name\": " << jsonString(o.name) << ", \"status\": \""
             << statusName(o.status) << "\", \"message\": "
             << jsonString(o.message) << ", \"ms\": "
             << llvm::format("%g", o.milliseconds) << "}";
        });
    });
  });
  out << "\n";
}

} // namespace

llvm::json::Value jsonString(llvm::StringRef s) {
  return llvm::json::isUTF8(s) ? s.str() : llvm::json::fixUTF8(s);
}

bool writeReport(const std::string &path, const RunResults &results,
                 std::string &error) {
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    error = "cannot write " + path + ": " + ec.message();
    return false;
  }
  int passed = 0, failed = 0, skipped = 0;
  for (const Outcome &o : results.outcomes)
    ++(o.status == Outcome::Pass   ? passed
       : o.status == Outcome::Fail ? failed
                                   : skipped);
  if (llvm::StringRef(path).ends_with(".xml"))
    writeXml(out, results, failed, skipped);
  else
    writeJson(out, results, passed, failed, skipped);
  out.close();
  if (out.has_error()) {
    error = "cannot write " + path + ": " + out.error().message();
    out.clear_error();
    return false;
  }
  return true;
}

} // namespace trident::conformance
