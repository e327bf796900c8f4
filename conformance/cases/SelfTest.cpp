//===- SelfTest.cpp - cases that must fail, to test the harness -----------===//
//
// Registered only when TRIDENT_CONFORMANCE_SELFTEST=1: a wrong kernel, a
// kernel that leaves an output element unwritten (caught by poisoning),
// one that leaves unwritten an element whose expected value is a NaN
// (caught by the poison's payload), one that writes into an input, one
// whose custom check fails, and a wrong reference. ctest
// conformance-selftest expects all six to fail, each for its reason.
//
//===----------------------------------------------------------------------===//

#include "cases/Common.h"

#include <cmath>
#include <cstdlib>

using namespace trident::conformance;

namespace {

Register selftest([](std::vector<Case> &cases) {
  const char *on = std::getenv("TRIDENT_CONFORMANCE_SELFTEST");
  if (!on || std::string(on) != "1")
    return;
  const int N = 1000;
  auto T = ArgSpec::t;
  auto add = [&](const char *name, const char *kernel, bool twoInputs,
                 std::function<void(Data &)> ref) {
    std::vector<TensorSpec> t = {in("x", DT::F32, N)};
    std::vector<ArgSpec> a = {T(0)};
    if (twoInputs) {
      t.push_back(in("y", DT::F32, N));
      a.push_back(T(1));
    }
    t.push_back(out("out", DT::F32, N));
    a.push_back(T(int(t.size()) - 1));
    a.push_back(ArgSpec::integer(N));
    std::string sig = twoInputs ? "*fp32:16, *fp32:16, *fp32:16, i32, 128"
                                : "*fp32:16, *fp32:16, i32, 128";
    Case c = tileCase(name, "selftest.py", kernel, sig, t, a, ref, 1e-6, 1e-6);
    c.grid[0] = (N + 127) / 128;
    cases.push_back(c);
  };
  auto sum = [](Data &d) {
    for (size_t i = 0; i < d[0].size(); ++i)
      d[2][i] = roundTo(DT::F32, d[0][i] + d[1][i]);
  };
  add("selftest/wrong_kernel", "off_by_one", true, sum);
  add("selftest/unwritten_output", "skips_last", false, [](Data &d) {
    for (size_t i = 0; i < d[0].size(); ++i)
      d[1][i] = d[0][i];
  });
  add("selftest/wrong_reference", "correct_add", true, [](Data &d) {
    for (size_t i = 0; i < d[0].size(); ++i)
      d[2][i] = roundTo(DT::F32, d[0][i] - d[1][i]);
  });
  add("selftest/unwritten_nan", "skips_last_nan", false, [](Data &d) {
    for (size_t i = 0; i < d[0].size(); ++i)
      d[1][i] = i + 1 == d[0].size() ? std::nan("") : d[0][i];
  });
  add("selftest/clobbered_input", "clobbers_input", false, [](Data &d) {
    for (size_t i = 0; i < d[0].size(); ++i)
      d[1][i] = d[0][i];
  });
  add("selftest/failing_check", "correct_add", true, [](Data &d) {
    for (size_t i = 0; i < d[0].size(); ++i)
      d[2][i] = roundTo(DT::F32, d[0][i] + d[1][i]);
  });
  cases.back().check = [](const Data &) -> std::string {
    return "the custom check says no";
  };
});

} // namespace
