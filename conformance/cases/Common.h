//===- Common.h - helpers shared by the case files -------------*- C++ -*-===//
#ifndef TRIDENT_CONFORMANCE_CASES_COMMON_H
#define TRIDENT_CONFORMANCE_CASES_COMMON_H

#include "runner/Case.h"

#include <string>

namespace trident::conformance {

inline std::string ptr(DT dt) { return std::string("*") + dtName(dt) + ":16"; }

inline TensorSpec in(const char *name, DT dt, size_t n, Gen g = Gen::range(-4, 4)) {
  return {name, dt, n, false, true, g};
}
inline TensorSpec out(const char *name, DT dt, size_t n) {
  return {name, dt, n, true, false, {}};
}

inline double tolFor(DT dt) {
  switch (dt) {
  case DT::F16: return 2e-3;
  case DT::BF16: return 1.6e-2;
  case DT::F32: return 2e-6;
  default: return 1e-12;
  }
}

inline Case tileCase(std::string name, std::string file, std::string kernel,
                     std::string sig, std::vector<TensorSpec> tensors,
                     std::vector<ArgSpec> args, std::function<void(Data &)> ref,
                     double rtol, double atol) {
  Case c;
  c.name = std::move(name);
  c.file = std::move(file);
  c.kernel = std::move(kernel);
  c.signature = std::move(sig);
  c.tensors = std::move(tensors);
  c.args = std::move(args);
  c.reference = std::move(ref);
  c.rtol = rtol;
  c.atol = atol;
  return c;
}

/// The launch arguments of a host-side tensor descriptor over tensor `t`
/// (a `tensordesc<...>` signature entry): the pack that targets without a
/// tensor copy engine take (base, shape, strides, NaN padding; see
/// trident/Dialect/Triton/Transforms/DescriptorArguments.h), then the shape
/// and strides the kernel itself reads (desc.shape, desc.strides).
inline std::vector<ArgSpec> descriptorArgs(int t, std::vector<int64_t> shape,
                                           std::vector<int64_t> strides,
                                           bool nanPadding = false) {
  std::vector<ArgSpec> a{ArgSpec::t(t)};
  for (int64_t s : shape)
    a.push_back(ArgSpec::integer(s));
  for (int64_t s : strides)
    a.push_back(ArgSpec::integer(s));
  a.push_back(ArgSpec::integer(nanPadding));
  for (int64_t s : shape)
    a.push_back(ArgSpec::integer(s));
  for (int64_t s : strides)
    a.push_back(ArgSpec::integer(s));
  return a;
}

/// Argument lists one after the other.
inline std::vector<ArgSpec>
joinArgs(std::initializer_list<std::vector<ArgSpec>> parts) {
  std::vector<ArgSpec> out;
  for (const auto &p : parts)
    out.insert(out.end(), p.begin(), p.end());
  return out;
}

} // namespace trident::conformance

#endif
