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
// Version 1 bundles (no specializations, launch parameters or
// requirements) are still read: their metadata is a subset of version 2's.
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
inline constexpr uint32_t kBundleVersion = 2;
/// The oldest format version this build still reads.
inline constexpr uint32_t kOldestReadableVersion = 1;
inline constexpr uint32_t kMaxEntries = 4096;
/// The largest num_warps a bundle may record.
inline constexpr uint32_t kMaxWarps = 1024;
/// The largest bundle file readFile reads (and write writes).
inline constexpr uint64_t kMaxFileSize = uint64_t(1) << 32;

/// One launch argument of a kernel, in signature order: every parameter
/// that is not a constexpr. Written `arg=NAME:TYPE[:SPEC]`.
struct KernelArg {
  std::string name;
  /// Triton's signature spelling: `*fp32`, `i32`, `u64`, `fp16`, ...
  std::string type;
  /// What the binary was specialized for, as in Triton's signatures:
  /// 16 -- the pointer is 16-byte aligned, or the integer divisible by 16
  /// (`*fp32:16`, `i32:16`); 1 -- nothing is promised.
  uint32_t divisibility = 1;
  /// The integer was specialized to the constant 1 (`i32:1`): the binary
  /// does not take it, the caller still passes it and the runtime checks it.
  bool equalsOne = false;

  /// `*fp32:16`, `i32:1`, `i32`.
  std::string spelling() const;
};

/// A constexpr parameter folded into the binary (`constexpr=NAME:VALUE`),
/// recorded so that tools can tell specializations apart.
struct KernelConstexpr {
  std::string name, value;
};

/// A kernel parameter that is a TMA descriptor (a 128-byte CUtensorMap
/// passed by value), which the runtime encodes at each launch from the
/// launch arguments of a tensor descriptor (DescriptorArguments.h in core):
/// args[arg] is the base pointer, then `rank` shapes, `rank` strides (in
/// elements) and the padding flag. `box` is the block each copy moves
/// (tensor order), `swizzle` the shared-memory swizzle in bytes (0, 32,
/// 64, 128). Written `tma=ARG:SWIZZLE:BOX0,BOX1,...`.
struct TensorMapArg {
  uint32_t arg = 0;
  uint32_t swizzle = 0;
  std::vector<uint32_t> box;
};

/// What a runtime needs to know to launch a compiled kernel.
struct KernelMetadata {
  std::string kernel;      ///< the kernel's name (its symbol in the binary)
  /// The kernel's symbol in the binary when it is not `kernel` (a name a
  /// target's assembler cannot take, such as `kernél`, is mangled there);
  /// empty otherwise.
  std::string symbol;
  std::string target;      ///< `cuda:90`, `hip:gfx942`, `cpu`, ...
  std::string backend;     ///< the backend that compiled it
  std::string backendHash; ///< everything that changes the backend's output
  std::string format;      ///< `cubin`, `ptx`, `hsaco`, `elf`, ...
  int numWarps = 4;
  int threadsPerWarp = 32;
  int numStages = 3;
  /// CTAs per program (Triton's num_ctas) and their cluster shape; a
  /// launch of grid G runs G[i] * clusterDims[i] blocks along each axis.
  int numCtas = 1;
  uint32_t clusterDims[3] = {1, 1, 1};
  uint64_t sharedMemory = 0; ///< bytes of dynamic shared memory per block
  /// Global scratch memory per program (Triton's global_scratch_size and
  /// alignment) and profiler scratch; passed as hidden pointer arguments
  /// after the kernel's own when `requires` has "scratch".
  uint64_t globalScratchSize = 0;
  uint64_t globalScratchAlign = 1;
  uint64_t profileScratchSize = 0;
  /// What the backend's assembler reported (0: not known): registers per
  /// thread, spilled bytes (stores + loads), local memory bytes per thread,
  /// and the most threads per block the binary can run with.
  uint32_t registers = 0;
  uint32_t spills = 0;
  uint64_t localMemory = 0;
  uint32_t maxThreads = 0;
  /// What a runtime must do to launch the binary correctly (`cluster`,
  /// `scratch`, `cooperative`, ...). A runtime that does not know one
  /// refuses the kernel, naming it.
  std::vector<std::string> requirements;
  std::vector<KernelArg> args;
  /// Arguments passed to the binary as TMA descriptors (requires "tma").
  std::vector<TensorMapArg> tensorMaps;
  std::vector<KernelConstexpr> constexprs;
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
/// be represented (a newline in a metadata value, too many entries) or its
/// metadata would not pass the reader's checks: what is written is readable.
bool write(const std::vector<Entry> &entries, std::string &out,
           std::string &error);

/// Parses a bundle held in memory. On failure returns false with `error`
/// saying what is wrong and where; `out` is then unspecified.
bool read(std::string_view data, std::vector<Entry> &out, std::string &error);

/// Reads the bundle file at `path` whole into `out`, for read(). Only a
/// regular file is read: its type and size are checked on the open
/// descriptor first (a FIFO is opened without waiting for a writer, a
/// device such as /dev/zero never ends, a directory has no bytes), it may
/// hold at most kMaxFileSize bytes, and no more than the size found is
/// read. With `noFollow` a symbolic link is refused too (O_NOFOLLOW), for
/// files in directories that others may have written to. On failure returns
/// false with `error` saying why ("No such file or directory", "it is a
/// FIFO, not a regular file") and errno set: the open's errno when the file
/// could not be opened, EINVAL when it is not a regular file, EFBIG when it
/// is too large, EIO when reading it failed or it changed size meanwhile.
/// POSIX only.
bool readFile(const std::string &path, std::string &out, std::string &error,
              bool noFollow = false);

/// The metadata as `key=value` lines, and back. Reading checks that every
/// number is in range and that each requirement and argument is well
/// formed, so a runtime can trust what it parsed.
std::string formatMetadata(const KernelMetadata &meta);
bool parseMetadata(std::string_view text, KernelMetadata &meta,
                   std::string &error);

/// Parses one `arg` value, `NAME:TYPE[:SPEC]`.
bool parseKernelArg(std::string_view text, KernelArg &out, std::string &error);

} // namespace trident::bundle

#endif // TRIDENT_BUNDLE_H
