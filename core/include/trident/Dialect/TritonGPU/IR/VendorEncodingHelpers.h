//===- VendorEncodingHelpers.h - what every plugin's encodings need -*- C++ -*-===//
//
// The small pieces every backend's vendor encodings (VendorEncodingInfo,
// Dialect.h) are written with: reading an encoding's fields from its
// dictionary, naming tensor dimensions as layouts do, and putting a layout
// built fragment by fragment into tensor order and onto a tensor's shape.
// Plugins (backends/*/lib/Dialect/Encodings.cpp) use them instead of
// keeping copies of their own.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_TRITONGPU_IR_VENDORENCODINGHELPERS_H
#define TRIDENT_DIALECT_TRITONGPU_IR_VENDORENCODINGHELPERS_H

#include "trident/Tools/LinearLayout.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <string>
#include <vector>

namespace trident::encoding {

/// A layout's name for tensor dimension `d`: "dim0", "dim1", ...
std::string dim(unsigned d);
/// The integers of the array field `key` (empty when absent).
llvm::SmallVector<int64_t> ints(mlir::DictionaryAttr d, llvm::StringRef key);
/// The integer field `key`, or `fallback` when absent.
int64_t integer(mlir::DictionaryAttr d, llvm::StringRef key,
                int64_t fallback = -1);
/// The boolean field `key` (false when absent).
bool boolean(mlir::DictionaryAttr d, llvm::StringRef key);
/// `l` with its outputs put in tensor order (dim0 .. dim{rank-1}).
LinearLayout tensorOrder(const LinearLayout &l, unsigned rank);
/// `l` (one tile) made to cover `shape`: repeats as more registers, in
/// `repeatOrder` (minor dimension first).
LinearLayout finish(const LinearLayout &l, llvm::ArrayRef<int64_t> shape,
                    std::vector<unsigned> repeatOrder);

} // namespace trident::encoding

#endif
