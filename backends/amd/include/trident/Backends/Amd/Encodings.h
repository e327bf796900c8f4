//===- Encodings.h - AMD's encodings, registered with core's ttg -*- C++ -*-===//
//
// `#ttg.amd_mfma<{version, warpsPerCTA, instrShape, isTransposed}>`
// (Triton 3.6's text; `tilesPerWarp` and `elementBitWidth` are printed by
// Triton only when they differ from all-ones and 32, and are accepted here
// only at those values): the accumulator layout of the MFMA instructions
// (version 2 gfx90a, 3 gfx942, 4 gfx950; 32x32 and 16x16 instructions)
// and the register layouts of their dot operands (`#ttg.dot_op<{opIdx,
// parent = #mma, kWidth}>`); and `#ttg.amd_rotating_shared<{vec,
// perPhase, maxPhase, order}>`, Triton's LDS layout whose swizzle phase
// rotates every maxPhase rows (a shared encoding). The plugin registers the encoding through
// core's extension point when it registers its dialects; core sees it as
// any DistributedEncoding.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_AMD_ENCODINGS_H
#define TRIDENT_BACKENDS_AMD_ENCODINGS_H

namespace trident::amd {

/// Registers amd_mfma with core's ttg dialect (idempotent).
void registerAmdEncodings();

} // namespace trident::amd

#endif // TRIDENT_BACKENDS_AMD_ENCODINGS_H
