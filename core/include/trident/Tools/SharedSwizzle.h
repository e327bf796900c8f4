//===- SharedSwizzle.h - shared-memory layouts free of bank conflicts -*- C++ -*-===//
//
// When a tensor moves between two distributed layouts through shared
// memory (a convert_layout whose lanes or warps differ), each thread
// writes the elements it holds and reads the ones it will hold. Where an
// element sits in memory is free to choose, and the choice decides two
// costs: how wide each thread's accesses can be (a run of elements that
// is consecutive in both layouts moves as one vector) and how many times
// the banks serialize one warp's access (threads of one access phase that
// hit the same bank at different addresses).
//
// `conversionSharedLayout` derives that placement from the two layouts,
// as a linear layout "offset" -> element, without a table per pair of
// encodings: the lowest offset bits are the register bases both layouts
// share (the vector), the bank bits are the writing lanes' bases (the
// write is conflict-free), and the reading lanes that would collide are
// spread over the banks by xor-ing higher offset bits into the bank bits
// (a swizzle). `bankConflictWays` measures a placement, for tests and
// remarks. Both are plain GF(2) linear algebra on layouts; no vendor or
// op is named here. The bank geometry (row of banks, word, widest access)
// is a parameter: every GPU we target has 32 banks of 4 bytes and 16-byte
// accesses, the default.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TOOLS_SHAREDSWIZZLE_H
#define TRIDENT_TOOLS_SHAREDSWIZZLE_H

#include "trident/Tools/LinearLayout.h"

namespace trident {

/// The geometry of shared memory's banks.
struct SharedBanks {
  int32_t rowBytes = 128;       ///< all banks side by side (32 x 4 bytes)
  int32_t wordBytes = 4;        ///< one bank's width
  int32_t maxVectorBytes = 16;  ///< the widest access of one thread
};

/// How a vendor's matrix load or store accesses shared memory (NVIDIA's
/// ldmatrix, stmatrix): each access is one contiguous `row` (bases of the
/// reading or writing layout, lowest first: its elements, at consecutive
/// offsets), and the threads of one phase access the rows that `rows`
/// (bases of the same layout) step through, each row its own bank group.
struct SharedMatrixPattern {
  std::vector<std::pair<std::string, int32_t>> row;
  std::vector<std::pair<std::string, int32_t>> rows;
};

/// A bijective layout "offset" -> the outputs of `from` (which `to` must
/// share, names and sizes) for moving a tensor from `from` to `to`
/// (inputs "register", "lane", "warp"; others ignored) through shared
/// memory, elements of `elementBytes` each: vectorized by the register
/// bases the two share, and free of bank conflicts on the write and, as
/// far as a linear placement allows, on the read. With `read` (or else
/// `write`), the reading (writing) side accesses memory as that pattern
/// says (its row lowest).
LinearLayout conversionSharedLayout(const LinearLayout &from,
                                    const LinearLayout &to,
                                    int32_t elementBytes,
                                    const SharedBanks &banks = {},
                                    const SharedMatrixPattern *read = nullptr,
                                    const SharedMatrixPattern *write = nullptr);

/// How many ways the banks serialize the worst access phase when the
/// registers of `regs` are read or written at their place in `shared`
/// (offset -> element, the same outputs), one vector of the widest run
/// of registers at consecutive aligned offsets (at most
/// banks.maxVectorBytes) per access: 1 when no access conflicts.
int32_t bankConflictWays(const LinearLayout &regs, const LinearLayout &shared,
                         int32_t elementBytes, const SharedBanks &banks = {});

/// What accessing `shared` with the registers of `regs` costs: the
/// accesses one thread makes (its distinct registers over the vector
/// width) times the bank-conflict ways; huge when `regs` does not map
/// onto `shared`.
int64_t sharedAccessCost(const LinearLayout &regs, const LinearLayout &shared,
                         int32_t elementBytes, const SharedBanks &banks = {});

/// The vector width (in elements) of accesses of `regs` into `shared`:
/// the widest run of registers at consecutive offsets whose start is
/// aligned for every thread, at most banks.maxVectorBytes.
int32_t sharedVectorWidth(const LinearLayout &toOffset, int32_t elementBytes,
                          const SharedBanks &banks = {});

} // namespace trident

#endif
