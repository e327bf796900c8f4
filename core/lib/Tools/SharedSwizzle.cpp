//===- SharedSwizzle.cpp - shared-memory layouts free of bank conflicts ---===//
//
// Elements are handled as bit vectors: the row-major index of an element
// (the last output fastest), so that a layout's basis is one integer and
// a placement is a choice of which element vector each offset bit moves
// to. See SharedSwizzle.h for what is chosen and why.
//
//===----------------------------------------------------------------------===//

#include "trident/Tools/SharedSwizzle.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <set>

namespace trident {
namespace {

int32_t log2Of(int64_t v) {
  int32_t l = 0;
  while ((int64_t(1) << l) < v)
    ++l;
  return l;
}

/// Row-major bit positions of a layout's outputs.
struct Flat {
  std::vector<int32_t> shift, bits;
  int32_t total = 0;
  explicit Flat(const std::vector<LinearLayout::OutDim> &outs) {
    shift.resize(outs.size());
    bits.resize(outs.size());
    for (int d = int(outs.size()) - 1; d >= 0; --d) {
      shift[d] = total;
      bits[d] = log2Of(outs[d].size);
      total += bits[d];
    }
  }
  uint32_t of(const LinearLayout::Basis &b) const {
    uint32_t v = 0;
    for (size_t d = 0; d < b.size(); ++d)
      v |= uint32_t(b[d]) << shift[d];
    return v;
  }
  LinearLayout::Basis basis(uint32_t v) const {
    LinearLayout::Basis b(shift.size());
    for (size_t d = 0; d < b.size(); ++d)
      b[d] = int32_t((v >> shift[d]) & ((uint32_t(1) << bits[d]) - 1));
    return b;
  }
};

/// A growing set of independent vectors over GF(2), each row kept with
/// which of the inserted vectors it combines, so that any vector in the
/// span can be written as a combination of the inserted ones.
class Span {
public:
  /// Inserts `v` when it is independent of what is there (its index is
  /// the number of vectors inserted before it).
  bool insert(uint32_t v) {
    auto [r, comb] = reduce(v);
    if (!r)
      return false;
    comb ^= uint32_t(1) << count;
    ++count;
    rows.push_back({r, comb});
    std::sort(rows.begin(), rows.end(),
              [](const Row &a, const Row &b) { return a.v > b.v; });
    return true;
  }
  bool contains(uint32_t v) const { return v == 0 || !reduce(v).first; }
  /// The inserted vectors (by index bits) whose xor is `v`, in the span.
  uint32_t coordinates(uint32_t v) const {
    auto [r, comb] = reduce(v);
    assert(!r && "not in the span");
    (void)r;
    return comb;
  }
  int32_t size() const { return count; }

private:
  struct Row {
    uint32_t v, comb;
  };
  std::pair<uint32_t, uint32_t> reduce(uint32_t v) const {
    uint32_t comb = 0;
    for (const Row &row : rows) { // highest leading bit first
      uint32_t lead = uint32_t(1) << (31 - __builtin_clz(row.v));
      if (v & lead) {
        v ^= row.v;
        comb ^= row.comb;
      }
    }
    return {v, comb};
  }
  std::vector<Row> rows;
  int32_t count = 0;
};

std::vector<uint32_t> flatBases(const LinearLayout &ll, const Flat &flat,
                                const char *in) {
  std::vector<uint32_t> out;
  if (!ll.hasInDim(in))
    return out;
  for (int32_t i = 0; i < ll.inDimSizeLog2(in); ++i)
    out.push_back(flat.of(ll.basis(in, i)));
  return out;
}

} // namespace

int32_t sharedVectorWidth(const LinearLayout &toOffset, int32_t elementBytes,
                          const SharedBanks &banks) {
  int32_t vec = std::min(toOffset.numConsecutive("register", 0),
                         std::max(banks.maxVectorBytes / elementBytes, 1));
  vec = std::max(vec, 1);
  // The run's start must be a multiple of the run for every thread and
  // register: no other basis may touch its low bits.
  auto touchesLowBits = [&](int32_t v) {
    for (const char *in : {"register", "lane", "warp"}) {
      if (!toOffset.hasInDim(in))
        continue;
      for (int32_t bit = 0; bit < toOffset.inDimSizeLog2(in); ++bit) {
        if (std::string(in) == "register" && (int32_t(1) << bit) < v)
          continue;
        if (toOffset.basis(in, bit)[0] & (v - 1))
          return true;
      }
    }
    return false;
  };
  while (vec > 1 && touchesLowBits(vec))
    vec /= 2;
  return vec;
}

namespace {

/// One placement: the common register run, then `extra` more register
/// bases of `from` (wideF) or of `to` as the wide side's vector.
LinearLayout placement(const LinearLayout &from, const LinearLayout &to,
                       int32_t elementBytes, const SharedBanks &banks,
                       bool wideF, int32_t extra,
                       const SharedMatrixPattern *read,
                       const SharedMatrixPattern *write) {
  const Flat flat(from.outs());
  const int32_t n = flat.total;
  std::vector<uint32_t> regsF = flatBases(from, flat, "register"),
                        regsT = flatBases(to, flat, "register"),
                        lanesF = flatBases(from, flat, "lane"),
                        lanesT = flatBases(to, flat, "lane"),
                        warpsF = flatBases(from, flat, "warp"),
                        warpsT = flatBases(to, flat, "warp");
  // Each side's run and phase: its registers and lanes, or the vendor's
  // matrix pattern.
  auto images = [&](const LinearLayout &ll,
                    const std::vector<std::pair<std::string, int32_t>> &l) {
    std::vector<uint32_t> out;
    for (const auto &[in, bit] : l)
      out.push_back(flat.of(ll.basis(in, bit)));
    return out;
  };
  std::vector<uint32_t> runT = read ? images(to, read->row) : regsT,
                        phaseT = read ? images(to, read->rows) : lanesT,
                        runF = write ? images(from, write->row) : regsF,
                        phaseF = write ? images(from, write->rows) : lanesF;

  // Offset bit i moves to element vector chosen[i].
  std::vector<uint32_t> chosen;
  Span span;
  auto take = [&](uint32_t v) {
    if (int32_t(chosen.size()) < n && v && span.insert(v)) {
      chosen.push_back(v);
      return true;
    }
    return false;
  };

  // The vectors: the register bases both layouts start with, then those
  // of the side whose run goes on further (its accesses widen; the other
  // side's stay at the common run).
  const int32_t maxVec = log2Of(std::max(banks.maxVectorBytes / elementBytes, 1));
  int32_t common = 0;
  while (common < maxVec && common < int32_t(runF.size()) &&
         common < int32_t(runT.size()) && runF[common] == runT[common] &&
         take(runF[common]))
    ++common;
  auto runOn = [&](const std::vector<uint32_t> &regs) {
    Span s = span;
    int32_t e = common;
    while (e < maxVec && e < int32_t(regs.size()) && regs[e] &&
           s.insert(regs[e]))
      ++e;
    return e;
  };
  const std::vector<uint32_t> &wideRegs = wideF ? runF : runT;
  const int32_t wideVec = std::min(runOn(wideRegs), common + extra);
  for (int32_t i = common; i < wideVec; ++i)
    take(wideRegs[i]);
  // Per side: offset bits below `low` stay within one access unit (its
  // vector, or one bank word); bits [low, highBit) pick the bank; the
  // lanes of one access phase are the lowest `phase` lane bits.
  struct Side {
    int32_t low, phase;
    std::vector<uint32_t> lanes;
  };
  auto side = [&](int32_t vecBits, const std::vector<uint32_t> &lanes) {
    int32_t unit = std::max((1 << vecBits) * elementBytes, banks.wordBytes);
    Side s;
    s.low = std::min(n, std::max(vecBits, log2Of(unit / elementBytes)));
    bool fixed = (read && &lanes == &phaseT) || (write && &lanes == &phaseF);
    s.phase = fixed ? int32_t(lanes.size()) : log2Of(banks.rowBytes / unit);
    s.lanes.assign(lanes.begin(),
                   lanes.begin() + std::min<size_t>(lanes.size(), s.phase));
    return s;
  };
  const Side wide = side(wideVec, wideF ? phaseF : phaseT);
  const Side narrow = side(common, wideF ? phaseT : phaseF);
  const int32_t highBit = std::min(
      n, std::max(wide.low, log2Of(banks.rowBytes / elementBytes)));

  // Up to the bank bits' top: the wide side's phase lanes (each flips its
  // own bank: that side is conflict-free), then the narrow side's, then
  // whatever completes them.
  using List = const std::vector<uint32_t> *;
  for (List list : {List(&wide.lanes), List(&narrow.lanes), List(&regsF),
                    List(&regsT), List(&lanesF), List(&lanesT)})
    for (uint32_t v : *list)
      if (int32_t(chosen.size()) < highBit)
        take(v);
  // The rest, in an order that keeps the writer's registers near each
  // other; then any unit vector that completes the basis.
  for (List list : {&regsF, &lanesF, &warpsF, &regsT, &lanesT, &warpsT})
    for (uint32_t v : *list)
      take(v);
  for (int32_t b = 0; b < n; ++b)
    take(uint32_t(1) << b);
  assert(int32_t(chosen.size()) == n && "the outputs are not covered");

  // The swizzle: offset(x) = [lo | bank + C*hi | hi] for x = lo + bank +
  // hi in the chosen basis, C (bank bits x high bits) picked so the narrow
  // side's lanes of a phase land in distinct banks (its bank bits start
  // at narrow.low). C is fixed on the high parts those lanes have, one
  // lane at a time; it prefers the bits above the wide side's unit, which
  // keeps that side's vectors aligned.
  const int32_t bankLow = narrow.low;
  const int32_t bankBits = std::max(highBit - bankLow, 0);
  const uint32_t bankMask = ((uint32_t(1) << bankBits) - 1) << bankLow;
  std::vector<uint32_t> cValues; // C(key i) for the keys in highSpan
  Span highSpan;
  Span reached; // bank vectors the lanes so far hit
  auto cOf = [&](uint32_t hi) {
    uint32_t c = 0, comb = highSpan.coordinates(hi);
    for (size_t i = 0; i < cValues.size(); ++i)
      if (comb & (uint32_t(1) << i))
        c ^= cValues[i];
    return c;
  };
  std::vector<int32_t> preference;
  for (int32_t b = std::max(wide.low - bankLow, 0); b < bankBits; ++b)
    preference.push_back(b);
  for (int32_t b = 0; b < std::min(wide.low - bankLow, bankBits); ++b)
    preference.push_back(b);
  for (bool fixedFirst : {true, false})
    for (uint32_t lane : narrow.lanes) {
      if (!lane)
        continue; // a copy: the same address
      uint32_t coords = span.coordinates(lane);
      uint32_t bank = (coords & bankMask) >> bankLow;
      uint32_t hi = coords >> highBit;
      if (fixedFirst != !hi)
        continue;
      if (!hi) {
        reached.insert(bank); // within one unit when 0
        continue;
      }
      if (highSpan.contains(hi)) {
        reached.insert(bank ^ cOf(hi));
        continue;
      }
      uint32_t want = 0;
      for (int32_t b : preference)
        if (!want && !reached.contains(uint32_t(1) << b))
          want = uint32_t(1) << b;
      if (!want)
        continue;
      highSpan.insert(hi);
      cValues.push_back(bank ^ want);
      reached.insert(want);
    }
  // C on each high bit: the keys' values, 0 on a completion of the keys.
  Span full = highSpan;
  std::vector<uint32_t> values = cValues;
  const int32_t highCount = n - highBit;
  for (int32_t j = 0; j < highCount; ++j)
    if (full.insert(uint32_t(1) << j))
      values.push_back(0);

  // S(offset bit i): chosen[i], with the swizzle on the high bits.
  std::vector<LinearLayout::Basis> bases;
  for (int32_t i = 0; i < n; ++i) {
    uint32_t v = chosen[i];
    if (i >= highBit) {
      uint32_t c = 0, comb = full.coordinates(uint32_t(1) << (i - highBit));
      for (size_t j = 0; j < values.size(); ++j)
        if (comb & (uint32_t(1) << j))
          c ^= values[j];
      for (int32_t b = 0; b < bankBits; ++b)
        if (c & (uint32_t(1) << b))
          v ^= chosen[bankLow + b];
    }
    bases.push_back(flat.basis(v));
  }
  return LinearLayout({{"offset", bases}}, from.outs());
}

} // namespace

LinearLayout conversionSharedLayout(const LinearLayout &from,
                                    const LinearLayout &to,
                                    int32_t elementBytes,
                                    const SharedBanks &banks,
                                    const SharedMatrixPattern *read,
                                    const SharedMatrixPattern *write) {
  // A vendor's pattern fixes its side's vector: the one placement that
  // puts its row lowest (a read pattern wins over a write pattern).
  if (read)
    return placement(from, to, elementBytes, banks, /*wideF=*/false,
                     int32_t(read->row.size()), read, nullptr);
  if (write)
    return placement(from, to, elementBytes, banks, /*wideF=*/true,
                     int32_t(write->row.size()), nullptr, write);
  // Vectors of different widths on the two sides need not both be free
  // of conflicts (a wide write's vector bits may be the bank bits the
  // narrow read needs), so the candidates are weighed: each side costs
  // its accesses per thread times the ways its phases are serialized.
  auto accesses = [&](const LinearLayout &regs, const LinearLayout &s) {
    return sharedAccessCost(regs, s, elementBytes, banks);
  };
  const int32_t maxVec = log2Of(std::max(banks.maxVectorBytes / elementBytes, 1));
  LinearLayout best;
  int64_t bestCost = 0;
  for (bool wideF : {true, false})
    for (int32_t extra = maxVec; extra >= 0; --extra) {
      LinearLayout s =
          placement(from, to, elementBytes, banks, wideF, extra, nullptr,
                    nullptr);
      int64_t cost = accesses(from, s) + accesses(to, s);
      if (best.ins().empty() || cost < bestCost) {
        best = s;
        bestCost = cost;
      }
    }
  return best;
}

int64_t sharedAccessCost(const LinearLayout &regs, const LinearLayout &shared,
                         int32_t elementBytes, const SharedBanks &banks) {
  LinearLayout toOffset;
  std::string why;
  if (!regs.invertAndCompose(shared, toOffset, why))
    return int64_t(1) << 40;
  int32_t copies = __builtin_popcount(regs.freeVariableMask("register"));
  int64_t n = int64_t(regs.inDimSize("register")) >> copies;
  int64_t vec = sharedVectorWidth(toOffset, elementBytes, banks);
  return std::max<int64_t>(n / vec, 1) *
         bankConflictWays(regs, shared, elementBytes, banks);
}

int32_t bankConflictWays(const LinearLayout &regs, const LinearLayout &shared,
                         int32_t elementBytes, const SharedBanks &banks) {
  LinearLayout toOffset;
  std::string why;
  if (!regs.invertAndCompose(shared, toOffset, why))
    return -1;
  const int32_t vec = sharedVectorWidth(toOffset, elementBytes, banks);
  const int32_t bytes = vec * elementBytes;
  const int32_t unit = std::max(bytes, banks.wordBytes);
  const int32_t lanes = toOffset.hasInDim("lane") ? toOffset.inDimSize("lane") : 1;
  const int32_t phase = std::min(lanes, std::max(banks.rowBytes / unit, 1));
  const int32_t numBanks = banks.rowBytes / banks.wordBytes;
  // Every register and warp shifts all addresses by one xor, which keeps
  // the banks' collisions: the lanes alone decide.
  int32_t worst = 1;
  for (int32_t first = 0; first < lanes; first += phase) {
    std::map<int32_t, std::set<int64_t>> words; // bank -> words hit
    for (int32_t l = first; l < first + phase; ++l) {
      int64_t addr = int64_t(toOffset.apply({{"lane", l}})[0]) * elementBytes;
      for (int64_t w = addr / banks.wordBytes;
           w <= (addr + bytes - 1) / banks.wordBytes; ++w)
        words[int32_t(w % numBanks)].insert(w);
    }
    for (auto &[bank, set] : words)
      worst = std::max(worst, int32_t(set.size()));
  }
  return worst;
}

} // namespace trident
