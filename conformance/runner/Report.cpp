//===- Report.cpp - printing and writing outcomes --------------------------===//

#include "Report.h"

#include <cstdio>

namespace trident::conformance {

const char *statusName(Outcome::Status status) {
  return status == Outcome::Pass   ? "pass"
         : status == Outcome::Fail ? "fail"
                                   : "skip";
}

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

} // namespace trident::conformance
