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
//
//===----------------------------------------------------------------------===//

#include "trident/Backends/Nvidia/Encodings.h"

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;
using trident::LinearLayout;

namespace trident::nvidia {
namespace {

std::string dim(unsigned d) { return "dim" + std::to_string(d); }

SmallVector<int64_t> ints(DictionaryAttr d, StringRef key) {
  SmallVector<int64_t> out;
  if (auto a = dyn_cast_or_null<ArrayAttr>(d.get(key)))
    for (Attribute e : a)
      if (auto i = dyn_cast<IntegerAttr>(e))
        out.push_back(i.getInt());
  return out;
}

int64_t integer(DictionaryAttr d, StringRef key) {
  auto i = dyn_cast_or_null<IntegerAttr>(d.get(key));
  return i ? i.getInt() : -1;
}

/// Outputs put in tensor order (dim0, dim1).
LinearLayout tensorOrder(const LinearLayout &l) {
  return l.transposedOuts({l.outDimIndex(dim(0)), l.outDimIndex(dim(1))});
}

/// One m x n fragment tile (see the file comment).
LinearLayout tile(int32_t m, int32_t n, int32_t kWidth, unsigned inner,
                  unsigned outer) {
  return tensorOrder(LinearLayout::identity1D(kWidth, "register", dim(inner)) *
                     LinearLayout::identity1D(4, "lane", dim(inner)) *
                     LinearLayout::identity1D(8, "lane", dim(outer)) *
                     LinearLayout::identity1D(m / 8, "register", dim(outer)) *
                     LinearLayout::identity1D(n / (kWidth * 4), "register",
                                              dim(inner)));
}

/// Warps over `warps` (per dimension), `first` dimension first; along
/// `copies` (or none: 2) they hold copies.
LinearLayout warpLayout(ArrayRef<int64_t> warps, unsigned first,
                        unsigned copies = 2) {
  unsigned second = 1 - first;
  auto part = [&](unsigned d) {
    return d == copies
               ? LinearLayout::zeros1D(int32_t(warps[d]), "warp", dim(d))
               : LinearLayout::identity1D(int32_t(warps[d]), "warp", dim(d));
  };
  return tensorOrder(part(first) * part(second));
}

LinearLayout finish(const LinearLayout &l, ArrayRef<int64_t> shape,
                    std::vector<unsigned> repeatOrder) {
  std::vector<int32_t> sizes(shape.begin(), shape.end());
  return l.resizedTo(sizes, repeatOrder, "register");
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
  if (warps.size() != 2)
    return emitError() << "nvidia_mma of rank " << warps.size()
                       << " (batched dots) is not supported yet: "
                          "warpsPerCTA needs 2 entries";
  for (int64_t w : warps)
    if (w < 1 || !llvm::isPowerOf2_64(uint64_t(w)))
      return emitError() << "nvidia_mma warpsPerCTA entries are powers of two";
  if (major == 2 && (instr.size() != 2 || instr[0] != 16 || instr[1] != 8))
    return emitError() << "nvidia_mma v2 instrShape is [16, 8]";
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

LinearLayout mmaLayout(DictionaryAttr d, ArrayRef<int64_t> shape) {
  bool hopper = integer(d, "versionMajor") == 3;
  SmallVector<int64_t> instr = ints(d, "instrShape");
  int32_t n = hopper ? int32_t(instr[1]) : 8;
  LinearLayout l = tile(16, n, 2, /*inner=*/1, /*outer=*/0) *
                   warpLayout(ints(d, "warpsPerCTA"), hopper ? 0 : 1);
  return finish(l, shape, {1, 0});
}

FailureOr<LinearLayout> mmaOperand(DictionaryAttr d, unsigned opIdx,
                                   unsigned kWidth, ArrayRef<int64_t> shape) {
  bool hopper = integer(d, "versionMajor") == 3;
  // wgmma reads B from shared memory; kWidth 1..8 (32 bits .. 8 bits: 4
  // bytes of K per register pair).
  if (shape.size() != 2 || (hopper && opIdx == 1) || kWidth < 1 ||
      kWidth > 16 || !llvm::isPowerOf2_32(kWidth))
    return failure();
  int32_t k = int32_t(kWidth);
  SmallVector<int64_t> warps = ints(d, "warpsPerCTA");
  unsigned warpFirst = hopper ? 0 : 1;
  LinearLayout l;
  if (opIdx == 0) // A: 16 x 8*kWidth, K (dim1) inner
    l = tile(16, 8 * k, k, 1, 0) * warpLayout(warps, warpFirst, /*copies=*/1);
  else // B: 8*kWidth x 8, K (dim0) inner
    l = tile(8, 8 * k, k, 0, 1) * warpLayout(warps, warpFirst, /*copies=*/0);
  return finish(l, shape, opIdx == 0 ? std::vector<unsigned>{1, 0}
                                     : std::vector<unsigned>{0, 1});
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
}

} // namespace trident::nvidia
