//===- SharedSwizzleTest.cpp - conflict-free shared layouts for conversions ===//
//
// The layouts here are written out basis by basis as the encodings give
// them (blocked loads, the tensor-core operand and accumulator fragments
// of m16n8k16, a transpose), so the test needs no plugin.

#include "trident/Tools/SharedSwizzle.h"

#include <gtest/gtest.h>

#include <set>

using trident::LinearLayout;

namespace {

using Bases = std::vector<LinearLayout::Basis>;

LinearLayout layout(Bases regs, Bases lanes, Bases warps, int32_t rows,
                    int32_t cols) {
  return LinearLayout({{"register", regs}, {"lane", lanes}, {"warp", warps}},
                      {{"dim0", rows}, {"dim1", cols}});
}

/// The element moved to offset 0 .. size-1 are all different, and every
/// element has an offset: the layout is a bijection.
void expectBijective(const LinearLayout &s) {
  LinearLayout inv;
  std::string why;
  EXPECT_TRUE(s.invert(inv, why)) << why;
}

int32_t vectorOf(const LinearLayout &regs, const LinearLayout &shared,
                 int32_t bytes) {
  LinearLayout toOffset;
  std::string why;
  EXPECT_TRUE(regs.invertAndCompose(shared, toOffset, why)) << why;
  return trident::sharedVectorWidth(toOffset, bytes);
}

// A 128x32 fp16 tile loaded 8 columns per thread, to the A operand of
// m16n8k16 (2 k per register pair, rows +8, k +8) on 2x2 warps.
TEST(SharedSwizzleTest, LoadToOperandA) {
  LinearLayout from = layout({{0, 1}, {0, 2}, {0, 4}, {32, 0}, {64, 0}},
                             {{0, 8}, {0, 16}, {1, 0}, {2, 0}, {4, 0}},
                             {{8, 0}, {16, 0}}, 128, 32);
  LinearLayout to = layout({{0, 1}, {8, 0}, {0, 8}, {0, 16}, {32, 0}, {64, 0}},
                           {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                           {{16, 0}, {0, 0}}, 128, 32);
  LinearLayout s = trident::conversionSharedLayout(from, to, 2);
  expectBijective(s);
  EXPECT_EQ(vectorOf(from, s, 2), 8); // 16-byte writes
  EXPECT_EQ(vectorOf(to, s, 2), 2);   // the pair of k the operand holds
  EXPECT_EQ(trident::bankConflictWays(from, s, 2), 1);
  EXPECT_EQ(trident::bankConflictWays(to, s, 2), 1);
}

// A 32x128 fp16 tile (8 columns per thread, 16 lanes along columns) to the
// B operand, whose registers run along k (rows): nothing in common.
TEST(SharedSwizzleTest, LoadToOperandB) {
  LinearLayout from = layout({{0, 1}, {0, 2}, {0, 4}, {8, 0}, {16, 0}},
                             {{0, 8}, {0, 16}, {0, 32}, {0, 64}, {1, 0}},
                             {{2, 0}, {4, 0}}, 32, 128);
  LinearLayout to = layout({{1, 0}, {8, 0}, {0, 16}, {0, 32}, {0, 64}, {16, 0}},
                           {{2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}},
                           {{0, 0}, {0, 8}}, 32, 128);
  LinearLayout s = trident::conversionSharedLayout(from, to, 2);
  expectBijective(s);
  // 32 registers each side: 16-byte writes and 2-byte reads (4 + 64
  // accesses) or 4-byte reads and 2-byte writes (32 + 32).
  EXPECT_LE(32 / vectorOf(from, s, 2) + 64 / vectorOf(to, s, 2), 64);
  EXPECT_EQ(trident::bankConflictWays(from, s, 2), 1);
  EXPECT_EQ(trident::bankConflictWays(to, s, 2), 1);
  // Row-major placement, as a plain image of the tensor would be: the
  // operand's reads collide.
  LinearLayout rowMajor = LinearLayout::identity1D(128, "offset", "dim1") *
                          LinearLayout::identity1D(32, "offset", "dim0");
  EXPECT_GT(trident::bankConflictWays(to, rowMajor, 2), 1);
}

// The same B operand read by a matrix load of 8 rows of 16 bytes whose
// rows run along k (ldmatrix.trans): n is the row, and the eight rows of
// a phase land in eight different 16-byte bank groups.
TEST(SharedSwizzleTest, OperandBByRows) {
  LinearLayout from = layout({{0, 1}, {0, 2}, {0, 4}, {8, 0}, {16, 0}},
                             {{0, 8}, {0, 16}, {0, 32}, {0, 64}, {1, 0}},
                             {{2, 0}, {4, 0}}, 32, 128);
  LinearLayout to = layout({{1, 0}, {8, 0}, {0, 16}, {0, 32}, {0, 64}, {16, 0}},
                           {{2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}},
                           {{0, 0}, {0, 8}}, 32, 128);
  trident::SharedMatrixPattern rows{{{"lane", 2}, {"lane", 3}, {"lane", 4}},
                                  {{"register", 0}, {"lane", 0}, {"lane", 1}}};
  LinearLayout s = trident::conversionSharedLayout(from, to, 2, {}, &rows);
  expectBijective(s);
  EXPECT_EQ(vectorOf(from, s, 2), 8);
  EXPECT_EQ(trident::bankConflictWays(from, s, 2), 1);
  LinearLayout toOffset;
  std::string why;
  ASSERT_TRUE(to.invertAndCompose(s, toOffset, why)) << why;
  EXPECT_EQ(toOffset.apply({{"lane", 4}})[0], 1);
  EXPECT_EQ(toOffset.apply({{"lane", 8}})[0], 2);
  EXPECT_EQ(toOffset.apply({{"lane", 16}})[0], 4);
  std::set<int32_t> groups;
  for (int32_t r = 0; r < 8; ++r) {
    int32_t off = toOffset.apply({{"register", r & 1}, {"lane", r >> 1}})[0];
    EXPECT_EQ(off % 8, 0) << "row " << r << " is not 16-byte aligned";
    groups.insert((off / 8) % 8);
  }
  EXPECT_EQ(groups.size(), 8u);
}

// The m16n8k16 accumulator (fp32 pairs) to a 128x128 blocked store layout.
TEST(SharedSwizzleTest, AccumulatorToStoreLayout) {
  LinearLayout from =
      layout({{0, 1}, {8, 0}, {0, 16}, {0, 32}, {0, 64}, {32, 0}, {64, 0}},
             {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}, {{16, 0}, {0, 8}}, 128,
             128);
  LinearLayout to =
      layout({{0, 1}, {0, 2}, {0, 4}, {8, 0}, {16, 0}, {32, 0}, {64, 0}},
             {{0, 8}, {0, 16}, {0, 32}, {0, 64}, {1, 0}}, {{2, 0}, {4, 0}},
             128, 128);
  for (int32_t bytes : {4, 2}) {
    LinearLayout s = trident::conversionSharedLayout(from, to, bytes);
    expectBijective(s);
    EXPECT_EQ(trident::bankConflictWays(from, s, bytes), 1) << bytes;
    EXPECT_EQ(trident::bankConflictWays(to, s, bytes), 1) << bytes;
    EXPECT_GE(vectorOf(from, s, bytes) * vectorOf(to, s, bytes), 8) << bytes;
  }
}

// A transpose: 4 rows per thread to 4 columns per thread, fp32.
TEST(SharedSwizzleTest, Transpose) {
  LinearLayout from = LinearLayout({{"register", {{1, 0}, {2, 0}, {0, 8}, {0, 16}, {0, 32}}},
                       {"lane", {{4, 0}, {8, 0}, {16, 0}, {32, 0}, {0, 1}}},
                       {"warp", {{0, 2}, {0, 4}}}},
                      {{"dim0", 64}, {"dim1", 64}});
  LinearLayout to = LinearLayout(
      {{"register", {{0, 1}, {0, 2}, {8, 0}, {16, 0}, {32, 0}}},
       {"lane", {{0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 0}}},
       {"warp", {{2, 0}, {4, 0}}}},
      {{"dim0", 64}, {"dim1", 64}});
  LinearLayout s = trident::conversionSharedLayout(from, to, 4);
  expectBijective(s);
  EXPECT_EQ(trident::bankConflictWays(from, s, 4), 1);
  EXPECT_EQ(trident::bankConflictWays(to, s, 4), 1);
}

} // namespace
