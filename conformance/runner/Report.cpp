//===- Report.cpp - printing and writing outcomes --------------------------===//

#include "Report.h"

#include <cstdio>
#include <fstream>

namespace trident::conformance {

std::mt19937_64 caseStream(uint64_t seed, const std::string &name) {
  std::seed_seq seq{seed, std::hash<std::string>()(name)};
  return std::mt19937_64(seq);
}

Printer::Printer(const std::string &target, const std::string &mode,
                 uint64_t seed, bool verbose)
    : verbose_(verbose) {
  printf("conformance: target %s, mode %s, seed %llu\n", target.c_str(),
         mode.c_str(), (unsigned long long)seed);
}

void Printer::print(const Outcome &o) {
  const char *tag = o.status == Outcome::Pass   ? "PASS"
                    : o.status == Outcome::Fail ? "FAIL"
                                                : "SKIP";
  (o.status == Outcome::Pass ? pass_ : o.status == Outcome::Fail ? fail_ : skip_)++;
  printf("%-4s %-44s %s\n", tag, o.name.c_str(),
         o.status == Outcome::Pass && !verbose_ ? "" : o.message.c_str());
  fflush(stdout);
}

void Printer::summary() const {
  printf("%d passed, %d failed, %d skipped\n", pass_, fail_, skip_);
}

std::string jsonEscape(const std::string &s) {
  std::string o;
  for (char ch : s) {
    if (ch == '"' || ch == '\\')
      o += '\\', o += ch;
    else if (ch == '\n')
      o += "\\n";
    else if ((unsigned char)ch < 0x20)
      o += ' ';
    else
      o += ch;
  }
  return o;
}

static std::string xmlEscape(const std::string &s) {
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

bool writeReport(const std::string &path, const std::string &target,
                 const std::string &mode, uint64_t seed,
                 const std::vector<Outcome> &outcomes, std::string &error) {
  std::ofstream out(path);
  if (!out) {
    error = "cannot write " + path;
    return false;
  }
  int pass = 0, failed = 0, skip = 0;
  for (const Outcome &o : outcomes)
    (o.status == Outcome::Pass ? pass : o.status == Outcome::Fail ? failed : skip)++;
  bool xml = path.size() > 4 && path.compare(path.size() - 4, 4, ".xml") == 0;
  if (xml) {
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"trident-"
           "conformance\" target=\"" << xmlEscape(target)
        << "\" tests=\"" << outcomes.size() << "\" failures=\"" << failed
        << "\" skipped=\"" << skip << "\">\n";
    for (const Outcome &o : outcomes) {
      out << "  <testcase classname=\"" << xmlEscape(target)
          << "\" name=\"" << xmlEscape(o.name) << "\" time=\""
          << o.milliseconds / 1000 << "\">";
      if (o.status == Outcome::Fail)
        out << "<failure message=\"" << xmlEscape(o.message) << "\"/>";
      else if (o.status == Outcome::Skip)
        out << "<skipped message=\"" << xmlEscape(o.message) << "\"/>";
      out << "</testcase>\n";
    }
    out << "</testsuite>\n";
  } else {
    out << "{\n  \"target\": \"" << jsonEscape(target)
        << "\",\n  \"mode\": \"" << mode
        << "\",\n  \"seed\": " << seed << ",\n  \"passed\": " << pass
        << ",\n  \"failed\": " << failed << ",\n  \"skipped\": " << skip
        << ",\n  \"cases\": [\n";
    for (size_t i = 0; i < outcomes.size(); ++i) {
      const Outcome &o = outcomes[i];
      out << "    {\"name\": \"" << jsonEscape(o.name) << "\", \"status\": \""
          << (o.status == Outcome::Pass   ? "pass"
              : o.status == Outcome::Fail ? "fail"
                                          : "skip")
          << "\", \"message\": \"" << jsonEscape(o.message)
          << "\", \"ms\": " << o.milliseconds << "}"
          << (i + 1 < outcomes.size() ? "," : "") << "\n";
    }
    out << "  ]\n}\n";
  }
  return bool(out);
}

} // namespace trident::conformance
