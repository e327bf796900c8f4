//===- Encodings.cpp - nvidia_mma: fields, verifier, linear layouts -------===//
//
// The layouts are the PTX ISA's fragment tables written as linear maps.
// One tile of an m x n fragment, inner dimension `inner` (the one a
// thread's kWidth consecutive registers run along) and outer `outer`:
// kWidth registers along inner, 4 lanes along inner, 8 lanes along outer,
// m / 8 registers along outer, the rest of inner in registers. For the
// accumulator (kWidth 2, inner = columns) that is mma.sync's c0..c3:
// (lane / 4, (lane % 4) * 2 + {0, 1}), 8 rows down for c2, c3. Warps tile
// the result row-major for mma.sync and column-major for wgmma (four
// warps of a warpgroup stack their 16 rows); dot operands hold copies
// along K across warps. Repeats go to registers, inner dimension first.
// A batched (rank 3) mma.sync layout has the batch as dim0: its warps come
// after the matrix dimensions' and its repeats after theirs.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Nvidia/Encodings.h"

#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/VendorEncodingHelpers.h"

using namespace mlir;
using trident::LinearLayout;

namespace trident::nvidia {
using namespace trident::encoding;

namespace {




/// One m x n fragment tile (see the file comment) over the dimensions
/// `inner` and `outer`; a batched (rank 3) layout gets dim0 of size 1.
LinearLayout tile(int32_t m, int32_t n, int32_t kWidth, unsigned inner,
                  unsigned outer, unsigned rank) {
  LinearLayout l = LinearLayout::identity1D(kWidth, "register", dim(inner)) *
                   LinearLayout::identity1D(4, "lane", dim(inner)) *
                   LinearLayout::identity1D(8, "lane", dim(outer)) *
                   LinearLayout::identity1D(m / 8, "register", dim(outer)) *
                   LinearLayout::identity1D(n / (kWidth * 4), "register",
                                            dim(inner));
  if (rank == 3)
    l = l * LinearLayout::identity1D(1, "register", dim(0));
  return tensorOrder(l, rank);
}

/// Warps over `warps` (per dimension): of the two matrix dimensions
/// (the last two), `first` first, then the batch (dim0 of a rank-3
/// layout); along `copies` (or none: -1) they hold copies.
LinearLayout warpLayout(ArrayRef<int64_t> warps, unsigned first,
                        int copies = -1) {
  unsigned rank = unsigned(warps.size()), off = rank - 2;
  unsigned second = 2 * off + 1 - first;
  auto part = [&](unsigned d) {
    return int(d) == copies
               ? LinearLayout::zeros1D(int32_t(warps[d]), "warp", dim(d))
               : LinearLayout::identity1D(int32_t(warps[d]), "warp", dim(d));
  };
  LinearLayout l = part(first) * part(second);
  if (rank == 3)
    l = l * part(0);
  return tensorOrder(l, rank);
}


LogicalResult verifyMma(DictionaryAttr d,
                        function_ref<InFlightDiagnostic()> emitError) {
  int64_t major = integer(d, "versionMajor");
  SmallVector<int64_t> warps = ints(d, "warpsPerCTA"),
                       instr = ints(d, "instrShape");
  if (major != 2 && major != 3)
    return emitError() << "nvidia_mma versionMajor is 2 (mma.sync) or 3 "
                          "(wgmma), not "
                       << major;
  if (warps.size() != 2 && !(warps.size() == 3 && major == 2))
    return emitError() << "nvidia_mma of rank " << warps.size()
                       << ": warpsPerCTA has 2 entries (3 for a batched "
                          "mma.sync dot)";
  for (int64_t w : warps)
    if (w < 1 || !llvm::isPowerOf2_64(uint64_t(w)))
      return emitError() << "nvidia_mma warpsPerCTA entries are powers of two";
  if (major == 2 && warps.size() == 2 &&
      (instr.size() != 2 || instr[0] != 16 || instr[1] != 8))
    return emitError() << "nvidia_mma v2 instrShape is [16, 8]";
  if (major == 2 && warps.size() == 3 &&
      (instr.size() != 3 || instr[0] != 1 || instr[1] != 16 || instr[2] != 8))
    return emitError() << "a batched nvidia_mma v2 has instrShape [1, 16, 8]";
  if (major == 3 &&
      (instr.size() != 3 || instr[0] != 16 || instr[1] < 8 || instr[1] > 256 ||
       !llvm::isPowerOf2_64(uint64_t(instr[1]))))
    return emitError() << "nvidia_mma v3 instrShape is [16, N, K] with N a "
                          "power of two from 8 to 256";
  if (major == 3 && warps[0] % 4)
    return emitError() << "nvidia_mma v3 needs whole warpgroups along M "
                          "(warpsPerCTA[0] a multiple of 4)";
  for (NamedAttribute a : d)
    if (a.getName() != "versionMajor" && a.getName() != "versionMinor" &&
        a.getName() != "warpsPerCTA" && a.getName() != "instrShape")
      return emitError() << "nvidia_mma has no field '" << a.getName().strref()
                         << "' (versionMajor, versionMinor, warpsPerCTA, "
                            "instrShape)";
  return success();
}

/// Repeats fill the matrix dimensions `inner` first, then the batch.
std::vector<unsigned> repeatOrder(unsigned rank, unsigned inner) {
  unsigned off = rank - 2;
  std::vector<unsigned> order = {inner, 2 * off + 1 - inner};
  if (rank == 3)
    order.push_back(0);
  return order;
}

LinearLayout mmaLayout(DictionaryAttr d, ArrayRef<int64_t> shape) {
  bool hopper = integer(d, "versionMajor") == 3;
  SmallVector<int64_t> instr = ints(d, "instrShape"),
                       warps = ints(d, "warpsPerCTA");
  unsigned rank = unsigned(warps.size()), off = rank - 2;
  int32_t n = hopper ? int32_t(instr[1]) : 8;
  LinearLayout l = tile(16, n, 2, /*inner=*/off + 1, /*outer=*/off, rank) *
                   warpLayout(warps, hopper ? off : off + 1);
  return finish(l, shape, repeatOrder(rank, off + 1));
}

FailureOr<LinearLayout> mmaOperand(DictionaryAttr d, unsigned opIdx,
                                   unsigned kWidth, ArrayRef<int64_t> shape) {
  bool hopper = integer(d, "versionMajor") == 3;
  SmallVector<int64_t> warps = ints(d, "warpsPerCTA");
  unsigned rank = unsigned(warps.size()), off = rank - 2;
  // wgmma reads B from shared memory; kWidth 1..16 (32 bits .. 8 bits: 4
  // bytes of K per register pair, or a multiple of that).
  if (shape.size() != rank || (hopper && opIdx == 1) || kWidth < 1 ||
      kWidth > 16 || !llvm::isPowerOf2_32(kWidth))
    return failure();
  int32_t k = int32_t(kWidth);
  unsigned warpFirst = hopper ? off : off + 1;
  LinearLayout l;
  if (opIdx == 0) // A: 16 x 8*kWidth, K inner
    l = tile(16, 8 * k, k, off + 1, off, rank) *
        warpLayout(warps, warpFirst, /*copies=*/int(off + 1));
  else // B: 8*kWidth x 8, K inner
    l = tile(8, 8 * k, k, off, off + 1, rank) *
        warpLayout(warps, warpFirst, /*copies=*/int(off));
  return finish(l, shape, repeatOrder(rank, opIdx == 0 ? off + 1 : off));
}


LogicalResult verifyNvmmaShared(DictionaryAttr d,
                                function_ref<InFlightDiagnostic()> emitError) {
  int64_t swz = integer(d, "swizzlingByteWidth"),
          bits = integer(d, "elementBitWidth");
  if (swz != 0 && swz != 32 && swz != 64 && swz != 128)
    return emitError() << "nvmma_shared swizzlingByteWidth is 0, 32, 64 or "
                          "128";
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return emitError() << "nvmma_shared elementBitWidth is 8, 16, 32 or 64";
  for (NamedAttribute a : d) {
    StringRef n = a.getName().strref();
    if (n == "fp4Padded" && boolean(d, n))
      return emitError() << "nvmma_shared with fp4Padded is not supported";
    if (n == "rank" && integer(d, n) != 2)
      return emitError() << "nvmma_shared of rank other than 2 is not "
                            "supported yet";
    if (n != "swizzlingByteWidth" && n != "transposed" &&
        n != "elementBitWidth" && n != "fp4Padded" && n != "rank")
      return emitError() << "nvmma_shared has no field '" << n
                         << "' (swizzlingByteWidth, transposed, "
                            "elementBitWidth, fp4Padded, rank)";
  }
  return success();
}

/// NVIDIA's swizzled shared layout (what wgmma and TMA read and write):
/// core matrices of 8 rows by one swizzle width (or 16 bytes), 16-byte
/// chunks of row r xor-ed with (r / perPhase) % maxPhase (perPhase = 128 /
/// swizzle bytes, maxPhase = swizzle bytes / 16: the byte address's bits
/// 4..6 xor-ed with bits 7..9 for 128 bytes); the tiles stack along the
/// rows first, then side by side (a 128 x 128 fp16 buffer at 128 bytes is
/// two 128 x 64 panels). `transposed`: the contiguous dimension is dim0.
LinearLayout nvmmaSharedLayout(DictionaryAttr d, ArrayRef<int64_t> shape) {
  int32_t swz = int32_t(integer(d, "swizzlingByteWidth")),
          bits = int32_t(integer(d, "elementBitWidth"));
  bool transposed = boolean(d, "transposed");
  int32_t vec = 128 / bits;
  int32_t perPhase = swz ? 128 / swz : 1, maxPhase = swz ? swz / 16 : 1;
  int32_t tileCols = 8 * std::max(16, swz) / bits;
  // In (row, contiguous) terms, then put in tensor order.
  int32_t rows = int32_t(transposed ? shape[1] : shape[0]);
  int32_t cols = int32_t(transposed ? shape[0] : shape[1]);
  tileCols = std::min(tileCols, cols);
  std::vector<LinearLayout::Basis> bases;
  for (int32_t c = 1; c < tileCols; c *= 2)
    bases.push_back({0, c});
  for (int32_t r = 1; r < std::min(8, rows); r *= 2)
    bases.push_back({r, (vec * ((r / perPhase) % maxPhase)) % tileCols});
  for (int32_t r = 8; r < rows; r *= 2)
    bases.push_back({r, 0});
  for (int32_t c = tileCols; c < cols; c *= 2)
    bases.push_back({0, c});
  if (transposed)
    for (LinearLayout::Basis &b : bases)
      std::swap(b[0], b[1]);
  return LinearLayout({{"offset", bases}},
                      {{"dim0", int32_t(shape[0])}, {"dim1", int32_t(shape[1])}});
}

} // namespace

void registerNvidiaEncodings() {
  mlir::triton::gpu::VendorEncodingInfo mma;
  mma.name = "nvidia_mma";
  mma.alias = "mma";
  mma.printOrder = {"versionMajor", "versionMinor", "warpsPerCTA",
                    "instrShape"};
  mma.verify = verifyMma;
  mma.rank = [](DictionaryAttr d) { return unsigned(ints(d, "warpsPerCTA").size()); };
  mma.toLinearLayout = mmaLayout;
  mma.dotOperand = mmaOperand;
  // Cannot be refused: the name is not core's and every part is given.
  (void)mlir::triton::gpu::registerVendorEncoding(std::move(mma));

  mlir::triton::gpu::VendorEncodingInfo nvmma;
  nvmma.name = "nvmma_shared";
  nvmma.alias = "shared";
  nvmma.printOrder = {"swizzlingByteWidth", "transposed", "elementBitWidth",
                      "fp4Padded", "rank"};
  nvmma.verify = verifyNvmmaShared;
  nvmma.rank = [](DictionaryAttr) { return 2u; };
  nvmma.toLinearLayout = nvmmaSharedLayout;
  nvmma.shared = true;
  // The swizzle's period, 8 rows of its width (1024 bytes at 128), is read
  // off address bits: a buffer starts at a multiple of it.
  nvmma.alignment = [](DictionaryAttr d) {
    int64_t swz = integer(d, "swizzlingByteWidth");
    return uint64_t(swz ? 8 * swz : 128);
  };
  (void)mlir::triton::gpu::registerVendorEncoding(std::move(nvmma));
}

} // namespace trident::nvidia
