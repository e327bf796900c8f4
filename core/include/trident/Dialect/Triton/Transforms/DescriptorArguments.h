//===- DescriptorArguments.h - how a tensor descriptor is passed -*- C++ -*-===//
//
// A kernel parameter that is a tensor descriptor (`tensordesc<fp16[64, 64]>`
// in a signature, `!tt.tensordesc<tensor<64x64xf16>>` in TTIR) is launched,
// on targets that lower descriptors to pointers, as the pack of plain
// arguments triton-rewrite-tensor-descriptor-to-pointer gives the kernel in
// its place. One definition serves the pass (which builds the parameters)
// and the driver (which writes them into the bundle's metadata, from which
// the runtime and the Python package pass them):
//
//   NAME                  *T, 16-byte aligned (as Triton's TensorDescriptor)
//   NAME.pack.shape<k>    i64, k = 0 .. rank-1
//   NAME.pack.stride<k>   i64, k = 0 .. rank-2: in elements, a multiple of
//                         16 bytes
//   NAME.pack.stride<r-1> i64, specialized to 1 (checked, not passed)
//   NAME.pack.padding     i1: out-of-bounds elements read as NaN (else zero)
//
// In TTIR a kernel's descriptor parameter is followed by its shape (i32)
// and strides (i64), as Triton's frontend passes them (what `desc.shape`
// and `desc.strides` read); Trident's frontend names those NAME.shape<k>
// and NAME.strides<k> and specializes the last stride to 1. They are
// launch arguments of their own, after the pack.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_TRITON_TRANSFORMS_DESCRIPTORARGUMENTS_H
#define TRIDENT_DIALECT_TRITON_TRANSFORMS_DESCRIPTORARGUMENTS_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mlir::triton {

/// `tensordesc<fp16[64, 64]>` read back: the element's signature spelling
/// and the block shape. False when `text` is not one.
bool parseDescriptorSpelling(std::string_view text, std::string &element,
                             std::vector<int64_t> &block);

/// The byte size of a signature element spelling (fp16: 2), or 0.
unsigned descriptorElementBytes(std::string_view element);

struct DescriptorArgument {
  std::string name;           ///< NAME, NAME.shape0, ...
  std::string type;           ///< *fp16, i64, i1
  std::string specialization; ///< "16", "8", "1" or ""
};

/// The launch arguments of descriptor parameter `name` (in the order above).
std::vector<DescriptorArgument>
descriptorPointerArguments(const std::string &name, const std::string &element,
                           unsigned rank);

/// The divisibility, in elements, of every stride but the last: 16 bytes'
/// worth (8 for fp16), at least 1.
inline int64_t descriptorStrideDivisibility(unsigned elementBytes) {
  return elementBytes == 0 || elementBytes >= 16 ? 1 : 16 / elementBytes;
}

} // namespace mlir::triton

#endif // TRIDENT_DIALECT_TRITON_TRANSFORMS_DESCRIPTORARGUMENTS_H
