//===- Execute.h - run one compiled case on a device ------------*- C++ -*-===//
//
// Given a case, its bundle and its launch arguments: draw fresh inputs from
// `rng`, poison the outputs, load and launch through the runtime, and
// compare every output element with the case's host reference. Needs the
// runtime alone, no compiler.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_CONFORMANCE_EXECUTE_H
#define TRIDENT_CONFORMANCE_EXECUTE_H

#include "Case.h"
#include "Report.h"

#include "trident/runtime.h"

#include <random>
#include <string>
#include <vector>

namespace trident::conformance {

Outcome execute(trident_device_t *device, const Case &k,
                const std::vector<ArgSpec> &args,
                const std::string &bundleData, std::mt19937_64 &rng);

} // namespace trident::conformance

#endif // TRIDENT_CONFORMANCE_EXECUTE_H
