//===- LinearLayout.cpp - layouts as linear maps over GF(2) ---------------===//

#include "trident/Tools/LinearLayout.h"

#include <cassert>
#include <sstream>

namespace trident {

LinearLayout::LinearLayout(std::vector<InDim> ins, std::vector<OutDim> outs)
    : ins_(std::move(ins)), outs_(std::move(outs)) {
#ifndef NDEBUG
  for (const InDim &d : ins_)
    for (const Basis &b : d.bases)
      assert(b.size() == outs_.size() && "one value per output");
#endif
}

LinearLayout LinearLayout::identity1D(int32_t size, const std::string &in,
                                      const std::string &out) {
  InDim d{in, {}};
  for (int32_t v = 1; v < size; v *= 2)
    d.bases.push_back({v});
  return LinearLayout({d}, {{out, size}});
}

LinearLayout LinearLayout::zeros1D(int32_t size, const std::string &in,
                                   const std::string &out) {
  InDim d{in, {}};
  for (int32_t v = 1; v < size; v *= 2)
    d.bases.push_back({0});
  return LinearLayout({d}, {{out, 1}});
}

bool LinearLayout::hasInDim(const std::string &name) const {
  for (const InDim &d : ins_)
    if (d.name == name)
      return true;
  return false;
}

bool LinearLayout::hasOutDim(const std::string &name) const {
  return outDimIndex(name) >= 0;
}

int32_t LinearLayout::inDimSizeLog2(const std::string &name) const {
  for (const InDim &d : ins_)
    if (d.name == name)
      return int32_t(d.bases.size());
  return 0;
}

int32_t LinearLayout::inDimSize(const std::string &name) const {
  return 1 << inDimSizeLog2(name);
}

int32_t LinearLayout::outDimIndex(const std::string &name) const {
  for (size_t i = 0; i < outs_.size(); ++i)
    if (outs_[i].name == name)
      return int32_t(i);
  return -1;
}

int32_t LinearLayout::outDimSize(const std::string &name) const {
  int32_t i = outDimIndex(name);
  return i < 0 ? 1 : outs_[i].size;
}

int32_t LinearLayout::totalOutDimSize() const {
  int32_t n = 1;
  for (const OutDim &o : outs_)
    n *= o.size;
  return n;
}

LinearLayout::Basis LinearLayout::basis(const std::string &in,
                                        int32_t bit) const {
  for (const InDim &d : ins_)
    if (d.name == in && bit < int32_t(d.bases.size()))
      return d.bases[bit];
  return Basis(outs_.size(), 0);
}

LinearLayout LinearLayout::operator*(const LinearLayout &o) const {
  // Outputs: ours, then the other's new ones; shared ones multiply.
  std::vector<OutDim> outs = outs_;
  std::vector<int32_t> otherOut(o.outs_.size()), scale(o.outs_.size(), 1);
  for (size_t j = 0; j < o.outs_.size(); ++j) {
    int32_t i = outDimIndex(o.outs_[j].name);
    if (i < 0) {
      otherOut[j] = int32_t(outs.size());
      outs.push_back(o.outs_[j]);
    } else {
      otherOut[j] = i;
      scale[j] = outs_[i].size;
      outs[i].size *= o.outs_[j].size;
    }
  }
  auto widen = [&](const Basis &b) { // ours, in the new outputs
    Basis w(outs.size(), 0);
    for (size_t i = 0; i < b.size(); ++i)
      w[i] = b[i];
    return w;
  };
  auto place = [&](const Basis &b) { // the other's, in the new outputs
    Basis w(outs.size(), 0);
    for (size_t j = 0; j < b.size(); ++j)
      w[otherOut[j]] = b[j] * scale[j];
    return w;
  };
  std::vector<InDim> ins;
  for (const InDim &d : ins_) {
    InDim n{d.name, {}};
    for (const Basis &b : d.bases)
      n.bases.push_back(widen(b));
    for (const InDim &e : o.ins_)
      if (e.name == d.name)
        for (const Basis &b : e.bases)
          n.bases.push_back(place(b));
    ins.push_back(std::move(n));
  }
  for (const InDim &e : o.ins_) {
    if (hasInDim(e.name))
      continue;
    InDim n{e.name, {}};
    for (const Basis &b : e.bases)
      n.bases.push_back(place(b));
    ins.push_back(std::move(n));
  }
  return LinearLayout(std::move(ins), std::move(outs));
}

std::vector<int32_t> LinearLayout::apply(
    const std::vector<std::pair<std::string, int32_t>> &inputs) const {
  std::vector<int32_t> out(outs_.size(), 0);
  for (const auto &[name, value] : inputs)
    for (const InDim &d : ins_) {
      if (d.name != name)
        continue;
      for (size_t bit = 0; bit < d.bases.size(); ++bit)
        if (value >> bit & 1)
          for (size_t i = 0; i < out.size(); ++i)
            out[i] ^= d.bases[bit][i];
    }
  return out;
}

LinearLayout LinearLayout::compose(const LinearLayout &outer) const {
  std::vector<InDim> ins;
  for (const InDim &d : ins_) {
    InDim c{d.name, {}};
    for (const Basis &b : d.bases) {
      std::vector<std::pair<std::string, int32_t>> args;
      for (size_t i = 0; i < outs_.size(); ++i)
        args.push_back({outs_[i].name, b[i]});
      c.bases.push_back(outer.apply(args));
    }
    ins.push_back(std::move(c));
  }
  return LinearLayout(std::move(ins), outer.outs_);
}

bool LinearLayout::invertAndCompose(const LinearLayout &outer,
                                    LinearLayout &result,
                                    std::string &why) const {
  // Both sides' outputs as one bit vector each: output i's coordinate
  // shifted past the bits of the outputs before it (in `outer`'s order).
  std::vector<int32_t> shift;
  int32_t bits = 0;
  for (const OutDim &o : outer.outs_) {
    shift.push_back(bits);
    int32_t s = 0;
    while ((int64_t(1) << s) < o.size)
      ++s;
    bits += s;
  }
  if (bits > 64 || outer.outs_.size() != outs_.size()) {
    why = "the layouts have different outputs";
    return false;
  }
  std::vector<int32_t> ours(outs_.size()); // our output i is outer's ours[i]
  for (size_t i = 0; i < outs_.size(); ++i) {
    ours[i] = outer.outDimIndex(outs_[i].name);
    if (ours[i] < 0 || outer.outs_[ours[i]].size != outs_[i].size) {
      why = "the layouts have different outputs";
      return false;
    }
  }
  auto flat = [&](const Basis &b, bool isOurs) {
    uint64_t v = 0;
    for (size_t i = 0; i < b.size(); ++i)
      v |= uint64_t(uint32_t(b[i])) << shift[isOurs ? ours[i] : i];
    return v;
  };
  // Gaussian elimination over GF(2) on outer's bases, remembering which
  // inputs make each row (bit j of `combo` is outer's j-th input bit).
  struct Row {
    uint64_t value, combo;
  };
  std::vector<Row> rows;
  std::vector<std::pair<size_t, int32_t>> inputBits; // (input dim, bit)
  for (size_t d = 0; d < outer.ins_.size(); ++d)
    for (size_t k = 0; k < outer.ins_[d].bases.size(); ++k) {
      if (inputBits.size() == 64) {
        why = "more than 64 input bits";
        return false;
      }
      uint64_t combo = uint64_t(1) << inputBits.size();
      inputBits.push_back({d, int32_t(k)});
      uint64_t v = flat(outer.ins_[d].bases[k], false);
      for (const Row &r : rows)
        if (v & (uint64_t(1) << (63 - __builtin_clzll(r.value)))) {
          v ^= r.value;
          combo ^= r.combo;
        }
      if (!v)
        continue; // a free variable: an earlier input reaches the same
      // Keep rows reduced: clear this pivot from the rows above.
      uint64_t pivot = uint64_t(1) << (63 - __builtin_clzll(v));
      for (Row &r : rows)
        if (r.value & pivot) {
          r.value ^= v;
          r.combo ^= combo;
        }
      rows.push_back({v, combo});
    }
  std::vector<InDim> ins;
  for (const InDim &d : ins_) {
    InDim c{d.name, {}};
    for (const Basis &b : d.bases) {
      uint64_t v = flat(b, true), combo = 0;
      for (const Row &r : rows)
        if (v & (uint64_t(1) << (63 - __builtin_clzll(r.value)))) {
          v ^= r.value;
          combo ^= r.combo;
        }
      if (v) {
        why = "an element of " + d.name + " is held by no input of the other "
              "layout";
        return false;
      }
      Basis out(outer.ins_.size(), 0);
      for (size_t j = 0; j < inputBits.size(); ++j)
        if (combo >> j & 1)
          out[inputBits[j].first] |= int32_t(1) << inputBits[j].second;
      c.bases.push_back(std::move(out));
    }
    ins.push_back(std::move(c));
  }
  std::vector<OutDim> outs;
  for (const InDim &d : outer.ins_)
    outs.push_back({d.name, int32_t(1) << d.bases.size()});
  result = LinearLayout(std::move(ins), std::move(outs));
  return true;
}

LinearLayout LinearLayout::resizedTo(const std::vector<int32_t> &shape,
                                     const std::vector<unsigned> &order,
                                     const std::string &repeatIn) const {
  assert(shape.size() == outs_.size());
  LinearLayout l = *this;
  // Too small: repeat in `repeatIn`, minor dimensions first.
  for (unsigned d : order) {
    int32_t have = l.outs_[d].size;
    if (have >= shape[d])
      continue;
    InDim *rep = nullptr;
    for (InDim &in : l.ins_)
      if (in.name == repeatIn)
        rep = &in;
    if (!rep) {
      l.ins_.insert(l.ins_.begin(), InDim{repeatIn, {}});
      rep = &l.ins_.front();
    }
    for (int32_t v = have; v < shape[d]; v *= 2) {
      Basis b(l.outs_.size(), 0);
      b[d] = v;
      rep->bases.push_back(b);
    }
    l.outs_[d].size = shape[d];
  }
  // Too large: what falls outside the shape wraps onto element 0 (a zero
  // basis), so several hardware indices hold one element.
  for (size_t d = 0; d < l.outs_.size(); ++d) {
    if (l.outs_[d].size <= shape[d])
      continue;
    for (InDim &in : l.ins_)
      for (Basis &b : in.bases)
        if (b[d] >= shape[d])
          b[d] = 0;
    l.outs_[d].size = shape[d];
  }
  return l;
}

LinearLayout LinearLayout::withoutOutDim(int32_t index,
                                         const std::string &dropZerosOf) const {
  std::vector<OutDim> outs = outs_;
  outs.erase(outs.begin() + index);
  for (size_t i = 0; i < outs.size(); ++i)
    outs[i].name = "dim" + std::to_string(i);
  std::vector<InDim> ins;
  for (const InDim &d : ins_) {
    InDim n{d.name, {}};
    for (const Basis &b : d.bases) {
      Basis c = b;
      c.erase(c.begin() + index);
      bool zero = true;
      for (int32_t v : c)
        zero &= v == 0;
      if (zero && d.name == dropZerosOf)
        continue;
      n.bases.push_back(std::move(c));
    }
    ins.push_back(std::move(n));
  }
  return LinearLayout(std::move(ins), std::move(outs));
}

LinearLayout LinearLayout::withNewOutDim(int32_t index) const {
  std::vector<OutDim> outs = outs_;
  outs.insert(outs.begin() + index, OutDim{"", 1});
  for (size_t i = 0; i < outs.size(); ++i)
    outs[i].name = "dim" + std::to_string(i);
  std::vector<InDim> ins = ins_;
  for (InDim &d : ins)
    for (Basis &b : d.bases)
      b.insert(b.begin() + index, 0);
  return LinearLayout(std::move(ins), std::move(outs));
}

LinearLayout
LinearLayout::transposedOuts(const std::vector<int32_t> &perm) const {
  std::vector<OutDim> outs;
  for (int32_t p : perm)
    outs.push_back(outs_[p]);
  for (size_t i = 0; i < outs.size(); ++i)
    outs[i].name = "dim" + std::to_string(i);
  std::vector<InDim> ins = ins_;
  for (InDim &d : ins)
    for (Basis &b : d.bases) {
      Basis c;
      for (int32_t p : perm)
        c.push_back(b[p]);
      b = c;
    }
  return LinearLayout(std::move(ins), std::move(outs));
}

uint32_t LinearLayout::freeVariableMask(const std::string &in) const {
  uint32_t mask = 0;
  for (const InDim &d : ins_) {
    if (d.name != in)
      continue;
    for (size_t bit = 0; bit < d.bases.size(); ++bit) {
      bool zero = true;
      for (int32_t v : d.bases[bit])
        zero &= v == 0;
      if (zero)
        mask |= 1u << bit;
    }
  }
  return mask;
}

int32_t LinearLayout::numConsecutive(const std::string &in, int32_t out) const {
  // Bits 0..k-1 of `in` must map to 1, 2, ..., 2^(k-1) along `out` and to
  // nothing else.
  int32_t n = 1;
  for (const InDim &d : ins_) {
    if (d.name != in)
      continue;
    for (size_t bit = 0; bit < d.bases.size(); ++bit) {
      const Basis &b = d.bases[bit];
      bool exact = b[out] == (1 << bit);
      for (size_t i = 0; i < b.size() && exact; ++i)
        exact = int32_t(i) == out || b[i] == 0;
      if (!exact)
        break;
      n *= 2;
    }
  }
  return n;
}

bool LinearLayout::operator==(const LinearLayout &o) const {
  if (outs_.size() != o.outs_.size())
    return false;
  for (size_t i = 0; i < outs_.size(); ++i)
    if (outs_[i].name != o.outs_[i].name || outs_[i].size != o.outs_[i].size)
      return false;
  // Same bases for every input either has (a missing input has none).
  auto same = [](const LinearLayout &a, const LinearLayout &b) {
    for (const InDim &d : a.ins_) {
      if (int32_t(d.bases.size()) != b.inDimSizeLog2(d.name))
        return false;
      for (size_t bit = 0; bit < d.bases.size(); ++bit)
        if (d.bases[bit] != b.basis(d.name, int32_t(bit)))
          return false;
    }
    return true;
  };
  return same(*this, o) && same(o, *this);
}

std::string LinearLayout::str() const {
  std::ostringstream os;
  os << "{";
  for (size_t k = 0; k < ins_.size(); ++k) {
    os << (k ? ", " : "") << ins_[k].name << " = [";
    for (size_t b = 0; b < ins_[k].bases.size(); ++b) {
      os << (b ? ", " : "") << "[";
      for (size_t i = 0; i < ins_[k].bases[b].size(); ++i)
        os << (i ? ", " : "") << ins_[k].bases[b][i];
      os << "]";
    }
    os << "]";
  }
  os << "} -> (";
  for (size_t i = 0; i < outs_.size(); ++i)
    os << (i ? ", " : "") << outs_[i].name << ":" << outs_[i].size;
  os << ")";
  return os.str();
}

static int32_t llvm_log2(int32_t v) {
  int32_t b = 0;
  while ((int64_t(1) << b) < v)
    ++b;
  return b;
}

bool LinearLayout::invert(LinearLayout &result, std::string &why) const {
  int32_t inBits = 0, outBits = 0;
  for (const InDim &d : ins_)
    inBits += int32_t(d.bases.size());
  for (const OutDim &o : outs_)
    outBits += int32_t(llvm_log2(o.size));
  if (inBits != outBits) {
    why = "the layout has " + std::to_string(inBits) + " input bits and " +
          std::to_string(outBits) + " output bits";
    return false;
  }
  for (const InDim &d : ins_)
    if (freeVariableMask(d.name)) {
      why = "input '" + d.name + "' holds copies";
      return false;
    }
  // The identity on the outputs, read through this layout: for each
  // element, the input that holds it.
  LinearLayout identity;
  for (const OutDim &o : outs_)
    identity = identity * identity1D(o.size, o.name, o.name);
  return identity.invertAndCompose(*this, result, why);
}

LinearLayout
LinearLayout::sublayout(const std::vector<std::string> &ins,
                        const std::vector<std::string> &outs) const {
  std::vector<int32_t> keep;
  std::vector<OutDim> newOuts;
  for (const std::string &name : outs) {
    int32_t i = outDimIndex(name);
    if (i < 0)
      continue;
    keep.push_back(i);
    newOuts.push_back(outs_[i]);
  }
  std::vector<InDim> newIns;
  for (const std::string &name : ins)
    for (const InDim &d : ins_)
      if (d.name == name) {
        InDim n{d.name, {}};
        for (const Basis &b : d.bases) {
          Basis nb;
          for (int32_t i : keep)
            nb.push_back(b[i]);
          n.bases.push_back(nb);
        }
        newIns.push_back(n);
      }
  return LinearLayout(newIns, newOuts);
}

LinearLayout LinearLayout::reshapeOuts(const std::vector<OutDim> &outs) const {
  // Row-major flattening (the last output fastest) and back.
  auto flatten = [](const Basis &b, const std::vector<OutDim> &dims) {
    int64_t v = 0;
    for (size_t i = 0; i < dims.size(); ++i)
      v = v * dims[i].size + b[i];
    return v;
  };
  auto unflatten = [](int64_t v, const std::vector<OutDim> &dims) {
    Basis b(dims.size());
    for (size_t i = dims.size(); i-- > 0;) {
      b[i] = int32_t(v % dims[i].size);
      v /= dims[i].size;
    }
    return b;
  };
  std::vector<InDim> ins;
  for (const InDim &d : ins_) {
    InDim n{d.name, {}};
    for (const Basis &b : d.bases)
      n.bases.push_back(unflatten(flatten(b, outs_), outs));
    ins.push_back(n);
  }
  return LinearLayout(ins, outs);
}

std::optional<LinearLayout>
LinearLayout::divideLeft(const LinearLayout &divisor) const {
  // Output sizes of the divisor for each of our outputs (1 where absent).
  std::vector<int32_t> scale(outs_.size(), 1);
  for (const OutDim &o : divisor.outs_) {
    int32_t i = outDimIndex(o.name);
    if (i < 0 || outs_[i].size % o.size)
      return std::nullopt;
    scale[i] = o.size;
  }
  std::vector<InDim> ins;
  for (const InDim &d : ins_) {
    const InDim *low = nullptr;
    for (const InDim &e : divisor.ins_)
      if (e.name == d.name)
        low = &e;
    size_t skip = low ? low->bases.size() : 0;
    if (skip > d.bases.size())
      return std::nullopt;
    // The divisor's bases, at the bottom, exactly.
    for (size_t k = 0; k < skip; ++k)
      for (size_t i = 0; i < outs_.size(); ++i) {
        int32_t j = divisor.outDimIndex(outs_[i].name);
        int32_t want = j < 0 ? 0 : low->bases[k][j];
        if (d.bases[k][i] != want)
          return std::nullopt;
      }
    InDim q{d.name, {}};
    for (size_t k = skip; k < d.bases.size(); ++k) {
      Basis b(outs_.size());
      for (size_t i = 0; i < outs_.size(); ++i) {
        if (d.bases[k][i] % scale[i])
          return std::nullopt;
        b[i] = d.bases[k][i] / scale[i];
      }
      q.bases.push_back(b);
    }
    ins.push_back(q);
  }
  for (const InDim &e : divisor.ins_)
    if (!hasInDim(e.name) && !e.bases.empty())
      return std::nullopt;
  std::vector<OutDim> outs;
  for (size_t i = 0; i < outs_.size(); ++i)
    outs.push_back({outs_[i].name, outs_[i].size / scale[i]});
  return LinearLayout(ins, outs);
}

} // namespace trident
