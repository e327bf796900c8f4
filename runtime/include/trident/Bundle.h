//===- Bundle.h - the kernel bundle file format ------------------*- C++ -*-===//
//
// A bundle holds compiled kernels: one entry per (kernel, target), each a
// binary (cubin, PTX, hsaco, host shared object, ...) with the metadata a
// runtime needs to launch it. The compiler writes bundles and cache entries
// in this format; the runtime reads them. Plain C++17, no dependencies, so
// that both sides share one implementation.
//
// Layout (all integers little-endian), documented in docs/bundle-format.md:
//
//   0   char[8]  magic "TRDNTBDL"
//   8   u32      format version (kBundleVersion)
//   12  u32      number of entries N (at most kMaxEntries)
//   16  u64      total size of the file in bytes
//   24  N x { u64 offset, u64 size, u64 checksum }   entry table
//   24+24N u64   checksum of bytes [0, 24+24N)
//   ...          entry payloads: u32 metadata size, metadata text, binary
//
// Checksums are 64-bit FNV-1a. The metadata text is `key=value` lines.
// Reading checks every size against the file before touching the bytes it
// describes: a truncated or corrupted bundle is an error, never a crash.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BUNDLE_H
#define TRIDENT_BUNDLE_H

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace trident::bundle {

inline constexpr char kMagic[8] = {'T', 'R', 'D', 'N', 'T', 'B', 'D', 'L'};
inline constexpr uint32_t kBundleVersion = 1;
inline constexpr uint32_t kMaxEntries = 4096;

/// One runtime argument of a kernel, in signature order.
struct KernelArg {
  std::string name;
  /// Triton's signature spelling: `*fp32`, `i32`, `u64`, `fp16`, ...
  std::string type;
};

/// What a runtime needs to know to launch a compiled kernel.
struct KernelMetadata {
  std::string kernel;      ///< the kernel's name (its symbol in the binary)
  std::string target;      ///< `cuda:90`, `hip:gfx942`, `cpu`, ...
  std::string backend;     ///< the backend that compiled it
  std::string backendHash; ///< everything that changes the backend's output
  std::string format;      ///< `cubin`, `ptx`, `hsaco`, `elf`, ...
  int numWarps = 4;
  int threadsPerWarp = 32;
  int numStages = 3;
  uint64_t sharedMemory = 0; ///< bytes of dynamic shared memory
  std::vector<KernelArg> args;
  /// Backend-specific facts (`key=value`), kept verbatim.
  std::map<std::string, std::string> extra;
};

struct Entry {
  KernelMetadata meta;
  std::string binary;
};

/// 64-bit FNV-1a of `data`.
uint64_t checksum(std::string_view data);

/// Serializes `entries`. Returns false with `error` set when an entry cannot
/// be represented (a newline in a metadata value, too many entries).
bool write(const std::vector<Entry> &entries, std::string &out,
           std::string &error);

/// Parses a bundle held in memory. On failure returns false with `error`
/// saying what is wrong and where; `out` is then unspecified.
bool read(std::string_view data, std::vector<Entry> &out, std::string &error);

/// The metadata as `key=value` lines, and back.
std::string formatMetadata(const KernelMetadata &meta);
bool parseMetadata(std::string_view text, KernelMetadata &meta,
                   std::string &error);

} // namespace trident::bundle

#endif // TRIDENT_BUNDLE_H
