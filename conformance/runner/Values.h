//===- Values.h - host doubles to dtype bytes and back ---------*- C++ -*-===//
//
// The conformance suite's own encodings of each dtype (independent of any
// backend's conversions), shared by the in-process runner and the
// runtime-only runner.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_CONFORMANCE_VALUES_H
#define TRIDENT_CONFORMANCE_VALUES_H

#include "Case.h"

#include <string>

namespace trident::conformance {

/// Writes `v` as a value of `dt` into `p` (dtBytes(dt) bytes): integers wrap
/// to their width, floats round to nearest even (fp8: saturating).
void encode(DT dt, double v, unsigned char *p);
/// The value of the dtBytes(dt) bytes at `p`.
double decode(DT dt, const unsigned char *p);
/// `v` with 9 significant digits.
std::string fmt(double v);

} // namespace trident::conformance

#endif // TRIDENT_CONFORMANCE_VALUES_H
