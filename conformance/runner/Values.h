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
/// What outputs hold before a kernel writes them: for fp16, bf16, fp32 and
/// fp64 a quiet NaN with a payload no arithmetic produces (so an expected
/// NaN left unwritten is told apart from one written), 0x5a bytes for
/// the other types.
void poison(DT dt, unsigned char *p);
bool isPoison(DT dt, const unsigned char *p);
/// Whether the poison of `dt` is a NaN no kernel computes (fp16, bf16,
/// fp32, fp64); for fp8 it is the format's one NaN.
bool hasPoisonPayload(DT dt);
/// What a reference leaves in an element the kernel must not write (every
/// element starts so): a NaN of its own payload.
extern const double kUnwritten;
bool isUnwritten(double v);
/// `v` with 9 significant digits.
std::string fmt(double v);

} // namespace trident::conformance

#endif // TRIDENT_CONFORMANCE_VALUES_H
