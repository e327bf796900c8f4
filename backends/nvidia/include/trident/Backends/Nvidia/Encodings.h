//===- Encodings.h - NVIDIA's encodings, registered with core's ttg -*- C++ -*-===//
//
// `#ttg.nvmma_shared<{swizzlingByteWidth, transposed, elementBitWidth}>`:
// the swizzled shared-memory layout wgmma and TMA read and write (a shared
// encoding, 8 x swizzle bytes aligned). `#ttg.nvidia_mma<{versionMajor,
// versionMinor, warpsPerCTA, instrShape}>` (Triton's text): the accumulator layout of mma.sync (versionMajor 2,
// sm_80+) and of wgmma (3, sm_90a), and the register layouts of their dot
// operands (`#ttg.dot_op<{opIdx, parent = #mma, kWidth}>`: A and B for
// mma.sync, A for wgmma). Core knows none of this: the plugin registers the
// encoding through core's extension point (registerVendorEncoding) when it
// registers its dialects, and core's passes and lowering then see it as
// any DistributedEncoding.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_NVIDIA_ENCODINGS_H
#define TRIDENT_BACKENDS_NVIDIA_ENCODINGS_H

namespace trident::nvidia {

/// Registers nvidia_mma with core's ttg dialect (idempotent).
void registerNvidiaEncodings();

} // namespace trident::nvidia

#endif // TRIDENT_BACKENDS_NVIDIA_ENCODINGS_H
