//===- VendorEncodingHelpers.cpp - what every plugin's encodings need -----===//

#include "trident/Dialect/TritonGPU/IR/VendorEncodingHelpers.h"

using namespace mlir;

namespace trident::encoding {

std::string dim(unsigned d) { return "dim" + std::to_string(d); }

SmallVector<int64_t> ints(DictionaryAttr d, StringRef key) {
  SmallVector<int64_t> out;
  if (auto a = dyn_cast_or_null<ArrayAttr>(d.get(key)))
    for (Attribute e : a)
      if (auto i = dyn_cast<IntegerAttr>(e))
        out.push_back(i.getInt());
  return out;
}

int64_t integer(DictionaryAttr d, StringRef key, int64_t fallback) {
  auto i = dyn_cast_or_null<IntegerAttr>(d.get(key));
  return i ? i.getInt() : fallback;
}

bool boolean(DictionaryAttr d, StringRef key) {
  auto b = dyn_cast_or_null<BoolAttr>(d.get(key));
  return b && b.getValue();
}

LinearLayout tensorOrder(const LinearLayout &l, unsigned rank) {
  std::vector<int32_t> perm;
  for (unsigned d = 0; d < rank; ++d)
    perm.push_back(l.outDimIndex(dim(d)));
  return l.transposedOuts(perm);
}

LinearLayout finish(const LinearLayout &l, ArrayRef<int64_t> shape,
                    std::vector<unsigned> repeatOrder) {
  std::vector<int32_t> sizes(shape.begin(), shape.end());
  return l.resizedTo(sizes, repeatOrder, "register");
}

} // namespace trident::encoding
