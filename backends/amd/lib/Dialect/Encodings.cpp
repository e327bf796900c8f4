//===- Encodings.cpp - amd_mfma: fields, verifier, linear layouts ---------===//
//
// The layouts are the MFMA result and operand tables (AMD's CDNA ISA
// guides) as linear maps, wave64. A 32x32 instruction leaves in lane l,
// element v of its result vector, D[8 (v / 4) + 4 (l / 32) + v % 4][l % 32];
// a 16x16 one D[4 (l / 16) + v][l % 16]. With isTransposed (what Triton
// 3.6 plans for every dot) the instruction is issued with B as its first
// source and A as its second: it computes D^T, so lane l % 32 (or % 16)
// indexes M and the vector N, and each lane holds 4 consecutive columns.
// An operand lane holds kWidth consecutive K elements of row (A) or column
// (B) l % nonK, lanes l / nonK stepping K by kWidth. Warps tile the result
// with N fastest and hold copies of the operands along K. Repeats go to
// registers, N (or K, for operands) first.
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Amd/Encodings.h"

#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/VendorEncodingHelpers.h"

using namespace mlir;
using trident::LinearLayout;

namespace trident::amd {
using namespace trident::encoding;

namespace {




LogicalResult verifyMfma(DictionaryAttr d,
                         function_ref<InFlightDiagnostic()> emitError) {
  auto version = dyn_cast_or_null<IntegerAttr>(d.get("version"));
  SmallVector<int64_t> warps = ints(d, "warpsPerCTA"),
                       instr = ints(d, "instrShape");
  if (!version || version.getInt() < 2 || version.getInt() > 4)
    return emitError() << "amd_mfma version is 2 (gfx90a), 3 (gfx942) or 4 "
                          "(gfx950)";
  if (warps.size() != 2)
    return emitError() << "amd_mfma of rank " << warps.size()
                       << " is not supported: warpsPerCTA needs 2 entries";
  for (int64_t w : warps)
    if (w < 1 || !llvm::isPowerOf2_64(uint64_t(w)))
      return emitError() << "amd_mfma warpsPerCTA entries are powers of two";
  if (instr.size() != 3 || instr[0] != instr[1] ||
      (instr[0] != 32 && instr[0] != 16) || instr[2] < 1)
    return emitError() << "amd_mfma instrShape is [32, 32, K] or [16, 16, K] "
                          "(the 4x64 and 64x4 instructions are not "
                          "supported)";
  if (!isa_and_nonnull<BoolAttr>(d.get("isTransposed")))
    return emitError() << "amd_mfma needs isTransposed = true or false";
  for (NamedAttribute a : d) {
    StringRef n = a.getName().strref();
    if (n == "tilesPerWarp") {
      for (int64_t t : ints(d, n))
        if (t != 1)
          return emitError() << "amd_mfma tilesPerWarp other than 1 is not "
                                "supported";
      continue;
    }
    if (n == "elementBitWidth") {
      auto w = dyn_cast<IntegerAttr>(a.getValue());
      if (!w || w.getInt() != 32)
        return emitError() << "amd_mfma elementBitWidth other than 32 (fp64 "
                              "MFMA) is not supported";
      continue;
    }
    if (n != "version" && n != "warpsPerCTA" && n != "instrShape" &&
        n != "isTransposed")
      return emitError() << "amd_mfma has no field '" << n
                         << "' (version, warpsPerCTA, instrShape, "
                            "isTransposed, tilesPerWarp, elementBitWidth)";
  }
  return success();
}

/// Warps with N (dim1) fastest; along `copies` (or none: -1) copies.
LinearLayout warpLayout(ArrayRef<int64_t> warps, int copies = -1) {
  auto part = [&](unsigned d) {
    return int(d) == copies
               ? LinearLayout::zeros1D(int32_t(warps[d]), "warp", dim(d))
               : LinearLayout::identity1D(int32_t(warps[d]), "warp", dim(d));
  };
  return tensorOrder(part(1) * part(0), 2);
}

LinearLayout mfmaLayout(DictionaryAttr d, ArrayRef<int64_t> shape) {
  int32_t nonK = int32_t(ints(d, "instrShape")[0]);
  bool transposed = cast<BoolAttr>(d.get("isTransposed")).getValue();
  // The vector's dimension (`vec`) and the lanes' (`lane`): N and M when
  // transposed, M and N when not.
  unsigned vec = transposed ? 1 : 0, lane = 1 - vec;
  LinearLayout tile =
      LinearLayout::identity1D(4, "register", dim(vec)) *
      LinearLayout::identity1D(nonK, "lane", dim(lane)) *
      LinearLayout::identity1D(64 / nonK, "lane", dim(vec)) *
      LinearLayout::identity1D(nonK * nonK / 256, "register", dim(vec));
  return finish(tensorOrder(tile, 2) * warpLayout(ints(d, "warpsPerCTA")), shape,
                {1, 0});
}

FailureOr<LinearLayout> mfmaOperand(DictionaryAttr d, unsigned opIdx,
                                    unsigned kWidth, ArrayRef<int64_t> shape) {
  if (shape.size() != 2 || kWidth < 1 || kWidth > 32 ||
      !llvm::isPowerOf2_32(kWidth))
    return failure();
  int32_t nonK = int32_t(ints(d, "instrShape")[0]);
  unsigned k = opIdx == 0 ? 1 : 0, other = 1 - k;
  LinearLayout tile =
      LinearLayout::identity1D(int32_t(kWidth), "register", dim(k)) *
      LinearLayout::identity1D(nonK, "lane", dim(other)) *
      LinearLayout::identity1D(64 / nonK, "lane", dim(k));
  return finish(tensorOrder(tile, 2) *
                    warpLayout(ints(d, "warpsPerCTA"), /*copies=*/int(k)),
                shape, {k, other});
}

LogicalResult
verifyRotatingShared(DictionaryAttr d,
                     function_ref<InFlightDiagnostic()> emitError) {
  for (const char *k : {"vec", "perPhase", "maxPhase"}) {
    auto i = dyn_cast_or_null<IntegerAttr>(d.get(k));
    if (!i || i.getInt() < 1 || !llvm::isPowerOf2_64(uint64_t(i.getInt())))
      return emitError() << "amd_rotating_shared " << k
                         << " is a power of two";
  }
  SmallVector<int64_t> order = ints(d, "order");
  if (order.size() != 2 || order[0] == order[1] || order[0] < 0 ||
      order[0] > 1 || order[1] < 0 || order[1] > 1)
    return emitError() << "amd_rotating_shared order is [1, 0] or [0, 1]";
  for (NamedAttribute a : d) {
    StringRef n = a.getName().strref();
    if (n != "vec" && n != "perPhase" && n != "maxPhase" && n != "order")
      return emitError() << "amd_rotating_shared has no field '" << n
                         << "' (vec, perPhase, maxPhase, order)";
  }
  return success();
}

/// Triton's rotating swizzle for AMD LDS: as swizzled_shared (rows along
/// order[1], `vec`-element groups of row r xor-ed with a phase), the phase
/// being ((r / perPhase) % maxPhase) xor ((r / (perPhase maxPhase)) %
/// maxPhase): it rotates every maxPhase phases, so that rows further apart
/// than one period fall in other banks too.
LinearLayout rotatingSharedLayout(DictionaryAttr d, ArrayRef<int64_t> shape) {
  auto get = [&](StringRef k) {
    return int32_t(cast<IntegerAttr>(d.get(k)).getInt());
  };
  int32_t v = get("vec"), perPhase = get("perPhase"), maxPhase = get("maxPhase");
  SmallVector<int64_t> order = ints(d, "order");
  unsigned col = unsigned(order[0]), row = unsigned(order[1]);
  int32_t cols = int32_t(shape[col]), rows = int32_t(shape[row]);
  std::vector<LinearLayout::Basis> bases;
  auto basis = [&](int32_t r, int32_t c) {
    LinearLayout::Basis b(2, 0);
    b[row] = r;
    b[col] = c;
    return b;
  };
  for (int32_t c = 1; c < cols; c *= 2)
    bases.push_back(basis(0, c));
  for (int32_t r = 1; r < rows; r *= 2) {
    int32_t phase = ((r / perPhase) % maxPhase) ^
                    ((r / (perPhase * maxPhase)) % maxPhase);
    bases.push_back(basis(r, (v * phase) % cols));
  }
  return LinearLayout({{"offset", bases}},
                      {{"dim0", int32_t(shape[0])}, {"dim1", int32_t(shape[1])}});
}

} // namespace

void registerAmdEncodings() {
  mlir::triton::gpu::VendorEncodingInfo mfma;
  mfma.name = "amd_mfma";
  mfma.alias = "mma";
  mfma.printOrder = {"version",      "warpsPerCTA",  "instrShape",
                     "isTransposed", "tilesPerWarp", "elementBitWidth"};
  mfma.verify = verifyMfma;
  mfma.rank = [](DictionaryAttr d) {
    return unsigned(ints(d, "warpsPerCTA").size());
  };
  mfma.toLinearLayout = mfmaLayout;
  mfma.dotOperand = mfmaOperand;
  (void)mlir::triton::gpu::registerVendorEncoding(std::move(mfma));

  mlir::triton::gpu::VendorEncodingInfo rotating;
  rotating.name = "amd_rotating_shared";
  rotating.alias = "shared";
  rotating.printOrder = {"vec", "perPhase", "maxPhase", "order"};
  rotating.verify = verifyRotatingShared;
  rotating.rank = [](DictionaryAttr) { return 2u; };
  rotating.toLinearLayout = rotatingSharedLayout;
  rotating.shared = true;
  (void)mlir::triton::gpu::registerVendorEncoding(std::move(rotating));
}

} // namespace trident::amd
