//===- LinearLayout.h - layouts as linear maps over GF(2) --------*- C++ -*-===//
//
// A linear layout maps hardware indices -- a register, a lane, a warp and a
// block number (or a shared-memory offset) -- to the index of a tensor
// element, one coordinate per tensor dimension. The map is linear over
// GF(2): L(a xor b) = L(a) xor L(b), so it is given by its values at the
// powers of two of each input dimension ("bases"). Blocked layouts,
// slices, broadcasts (zero bases), transposes and swizzles are all such
// maps, and every decision the GPU lowering makes -- vector width, which
// registers hold the same element, whether a conversion stays in a thread,
// a warp or needs shared memory -- is read off them.
//
// Input dimensions are named ("register", "lane", "warp", "block",
// "offset"); output dimensions are "dim0".."dim{rank-1}" in tensor order.
// Every size is a power of two.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TOOLS_LINEARLAYOUT_H
#define TRIDENT_TOOLS_LINEARLAYOUT_H

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace trident {

class LinearLayout {
public:
  /// One basis: a value per output dimension.
  using Basis = std::vector<int32_t>;
  struct InDim {
    std::string name;
    std::vector<Basis> bases; ///< the image of 1, 2, 4, ... of this input
  };
  struct OutDim {
    std::string name;
    int32_t size;
  };

  LinearLayout() = default;
  /// Bases for each input and the output dimensions with their sizes. Every
  /// basis must have one value per output, each below that output's size.
  LinearLayout(std::vector<InDim> ins, std::vector<OutDim> outs);

  /// `size` inputs of `in` to `size` consecutive outputs of `out`.
  static LinearLayout identity1D(int32_t size, const std::string &in,
                                 const std::string &out);
  /// `size` inputs of `in`, all to output 0 of `out` (of size 1).
  static LinearLayout zeros1D(int32_t size, const std::string &in,
                              const std::string &out);

  /// The product: inputs and outputs of both; where a dimension is in
  /// both, `other`'s part comes above this one's (its input bases after
  /// this one's; its output values scaled by this one's output size).
  LinearLayout operator*(const LinearLayout &other) const;

  const std::vector<InDim> &ins() const { return ins_; }
  const std::vector<OutDim> &outs() const { return outs_; }
  bool hasInDim(const std::string &name) const;
  bool hasOutDim(const std::string &name) const;
  /// 1 for a dimension the layout does not have.
  int32_t inDimSize(const std::string &name) const;
  int32_t inDimSizeLog2(const std::string &name) const;
  int32_t outDimSize(const std::string &name) const;
  int32_t totalOutDimSize() const;
  int32_t outDimIndex(const std::string &name) const; ///< -1 when absent
  /// The basis of bit `bit` of input `in` (zeros when out of range).
  Basis basis(const std::string &in, int32_t bit) const;

  /// The output coordinates of the given input values (missing inputs are
  /// 0), one per output dimension in order.
  std::vector<int32_t>
  apply(const std::vector<std::pair<std::string, int32_t>> &inputs) const;

  /// Makes the layout cover `shape` (one size per output dimension):
  /// outputs smaller than the shape get more `repeatIn` bases (repeats, in
  /// the order `order` lists the dimensions, minor first); bases that fall
  /// outside the shape become zero (the same element held twice).
  LinearLayout resizedTo(const std::vector<int32_t> &shape,
                         const std::vector<unsigned> &order,
                         const std::string &repeatIn) const;
  /// Removes output dimension `index`: its components are dropped from
  /// every basis, and bases of `in` that become zero are removed (a
  /// register that would hold the same element twice).
  LinearLayout withoutOutDim(int32_t index,
                             const std::string &dropZerosOf) const;
  /// The same layout with output `index` of size 1 inserted at `index`.
  LinearLayout withNewOutDim(int32_t index) const;
  /// Outputs reordered: new output i is old output `perm[i]`.
  LinearLayout transposedOuts(const std::vector<int32_t> &perm) const;

  /// `outer` after this layout: this layout's outputs are `outer`'s inputs
  /// (by name; a missing one is 0); the result maps this layout's inputs to
  /// `outer`'s outputs.
  LinearLayout compose(const LinearLayout &outer) const;
  /// The layout C with outer(C(x)) = this(x) for every input x: for each
  /// element this layout places, which input of `outer` holds it. Both
  /// must have the same outputs, and `outer` must reach every element this
  /// one does; where several inputs of `outer` hold an element (a free
  /// variable), the one with the lowest bits is chosen. Inputs of C are
  /// this layout's; its outputs are `outer`'s inputs, sized as they are.
  /// Reading a tensor of layout A in layout B is A.invertAndCompose(B):
  /// from where an element is to where it must go. Returns false with
  /// `why` when `outer` misses an element.
  bool invertAndCompose(const LinearLayout &outer, LinearLayout &result,
                        std::string &why) const;

  /// The inverse map of a bijective layout: inputs named as this layout's
  /// outputs ("dim0", ...), outputs its inputs with their sizes. False
  /// with `why` when the layout is not a bijection (copies, or elements it
  /// never reaches).
  bool invert(LinearLayout &result, std::string &why) const;
  /// The layout restricted to the inputs `ins` and outputs `outs` (each
  /// kept in the order given; the other inputs are dropped, the other
  /// outputs' components removed from every basis).
  LinearLayout sublayout(const std::vector<std::string> &ins,
                         const std::vector<std::string> &outs) const;
  /// The same map onto outputs reshaped to `outs` (same total size), the
  /// element order row-major on both sides (the last output fastest), as
  /// tt.reshape reads a tensor.
  LinearLayout reshapeOuts(const std::vector<OutDim> &outs) const;
  /// The quotient Q with this == divisor * Q, when there is one: each of
  /// the divisor's inputs takes the lowest bits of this layout's input of
  /// its name, with the same bases, and every other basis of this layout
  /// is a multiple of the divisor's output sizes (what is left after a
  /// tile: an ldmatrix- or wgmma-shaped tile is a divisor of a layout).
  std::optional<LinearLayout> divideLeft(const LinearLayout &divisor) const;

  /// Which bits of input `in` leave the output unchanged (their basis is
  /// zero): threads or registers that hold copies of one element.
  uint32_t freeVariableMask(const std::string &in) const;
  /// How many consecutive values of input `in`, starting at 0, map to
  /// consecutive elements along output `out` (the others fixed): the
  /// vector width of a register run, for example.
  int32_t numConsecutive(const std::string &in, int32_t out) const;

  /// Whether the two layouts are the same map (same dims, same bases).
  bool operator==(const LinearLayout &other) const;
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }

  /// `{register = [[0, 1], [1, 0]], lane = [...], ...}`, for messages.
  std::string str() const;

private:
  std::vector<InDim> ins_;
  std::vector<OutDim> outs_;
};

} // namespace trident

#endif // TRIDENT_TOOLS_LINEARLAYOUT_H
