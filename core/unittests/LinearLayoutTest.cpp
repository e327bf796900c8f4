//===- LinearLayoutTest.cpp - linear layouts and the ttg encodings' maps --===//

#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Tools/LinearLayout.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using trident::LinearLayout;

namespace {

TEST(LinearLayoutTest, IdentityAndZeros) {
  LinearLayout id = LinearLayout::identity1D(8, "register", "dim0");
  EXPECT_EQ(id.inDimSize("register"), 8);
  EXPECT_EQ(id.outDimSize("dim0"), 8);
  for (int32_t r = 0; r < 8; ++r)
    EXPECT_EQ(id.apply({{"register", r}})[0], r);
  LinearLayout z = LinearLayout::zeros1D(4, "lane", "dim0");
  EXPECT_EQ(z.outDimSize("dim0"), 1);
  EXPECT_EQ(z.freeVariableMask("lane"), 0b11u);
  EXPECT_EQ(z.apply({{"lane", 3}})[0], 0);
}

TEST(LinearLayoutTest, ProductStacksSharedDims) {
  // 4 registers, then 32 lanes above them along dim0.
  LinearLayout l = LinearLayout::identity1D(4, "register", "dim0") *
                   LinearLayout::identity1D(32, "lane", "dim0");
  EXPECT_EQ(l.outDimSize("dim0"), 128);
  EXPECT_EQ(l.apply({{"register", 3}, {"lane", 5}})[0], 5 * 4 + 3);
  // Different outputs stay apart.
  LinearLayout p = LinearLayout::identity1D(2, "register", "dim1") *
                   LinearLayout::identity1D(4, "lane", "dim0");
  EXPECT_EQ(p.outs().size(), 2u);
  EXPECT_EQ(p.apply({{"register", 1}, {"lane", 2}}),
            (std::vector<int32_t>{1, 2}));
}

TEST(LinearLayoutTest, XorLinearity) {
  LinearLayout l = LinearLayout::identity1D(4, "register", "dim0") *
                   LinearLayout::identity1D(8, "lane", "dim0");
  for (int32_t a = 0; a < 8; ++a)
    for (int32_t b = 0; b < 8; ++b)
      EXPECT_EQ(l.apply({{"lane", a ^ b}})[0],
                l.apply({{"lane", a}})[0] ^ l.apply({{"lane", b}})[0]);
}

TEST(LinearLayoutTest, ResizeRepeatsOrWraps) {
  LinearLayout tile = LinearLayout::identity1D(4, "register", "dim0") *
                      LinearLayout::identity1D(32, "lane", "dim0") *
                      LinearLayout::identity1D(4, "warp", "dim0");
  // Larger tensor: two register repeats above the tile.
  LinearLayout big = tile.resizedTo({1024}, {0}, "register");
  EXPECT_EQ(big.inDimSize("register"), 8);
  EXPECT_EQ(big.apply({{"register", 4}})[0], 512);
  EXPECT_EQ(big.numConsecutive("register", 0), 4);
  // Smaller tensor: warps wrap onto the same elements.
  LinearLayout small = tile.resizedTo({64}, {0}, "register");
  EXPECT_EQ(small.freeVariableMask("warp"), 0b11u);
  EXPECT_EQ(small.freeVariableMask("lane"), 0b10000u);
  EXPECT_EQ(small.freeVariableMask("register"), 0u);
}

TEST(LinearLayoutTest, RemovingAnOutputDropsRegisterCopies) {
  LinearLayout l = LinearLayout::identity1D(2, "register", "dim1") *
                   LinearLayout::identity1D(2, "register", "dim0") *
                   LinearLayout::identity1D(4, "lane", "dim1");
  LinearLayout s = l.withoutOutDim(0, "register"); // outputs: dim1, dim0
  EXPECT_EQ(s.outs().size(), 1u);
  EXPECT_EQ(s.outs()[0].name, "dim0");
  EXPECT_EQ(s.inDimSize("register"), 2); // the dim1 register bit is gone
  EXPECT_EQ(s.freeVariableMask("lane"), 0b11u); // lanes now hold copies
}

TEST(LinearLayoutTest, BlockedEncodings) {
  mlir::MLIRContext ctx;
  ctx.loadDialect<mlir::triton::gpu::TritonGPUDialect>();
  auto enc = mlir::triton::gpu::BlockedEncodingAttr::get(
      &ctx, {1, 4}, {8, 4}, {4, 1}, {1, 0});
  LinearLayout l = enc.toLinearLayout({32, 64});
  // 4 consecutive columns per thread, 4 lanes along columns, 8 along rows,
  // warps along rows; the 64 columns are 4 repeats of the 16-wide tile.
  EXPECT_EQ(l.numConsecutive("register", 1), 4);
  EXPECT_EQ(l.apply({{"lane", 1}}), (std::vector<int32_t>{0, 4}));
  EXPECT_EQ(l.apply({{"lane", 4}}), (std::vector<int32_t>{1, 0}));
  EXPECT_EQ(l.apply({{"warp", 1}}), (std::vector<int32_t>{8, 0}));
  EXPECT_EQ(l.apply({{"register", 4}}), (std::vector<int32_t>{0, 16}));
  EXPECT_EQ(l.inDimSize("register"), 4 * 4);
  // Triton's default: one element per thread, lanes on the minor dim.
  auto def = mlir::triton::gpu::defaultBlockedEncoding(&ctx, {16, 128}, 4, 32);
  EXPECT_EQ(def.getThreadsPerWarp(), (llvm::ArrayRef<unsigned>{1, 32}));
  EXPECT_EQ(def.getWarpsPerCTA(), (llvm::ArrayRef<unsigned>{1, 4}));
  EXPECT_EQ(def.getOrder(), (llvm::ArrayRef<unsigned>{1, 0}));
  // A slice drops a dimension; threads that differed along it hold copies.
  auto slice = mlir::triton::gpu::SliceEncodingAttr::get(&ctx, 1, enc);
  LinearLayout s = slice.toLinearLayout({32});
  EXPECT_EQ(s.inDimSize("register"), 1);
  EXPECT_EQ(s.freeVariableMask("lane"), 0b11u);
  EXPECT_EQ(s.apply({{"lane", 4}})[0], 1);
}

TEST(LinearLayoutTest, ComposeFeedsOutputsToInputs) {
  // A layout whose output "offset" is the input of a transpose-like map.
  LinearLayout a({{"register", {{1}, {2}, {4}}}}, {{"offset", 8}});
  LinearLayout b({{"offset", {{0, 1}, {0, 2}, {1, 0}}}}, {{"dim0", 2}, {"dim1", 4}});
  LinearLayout c = a.compose(b);
  EXPECT_EQ(c.outs().size(), 2u);
  EXPECT_EQ(c.apply({{"register", 4}}), (std::vector<int32_t>{1, 0}));
  EXPECT_EQ(c.apply({{"register", 3}}), (std::vector<int32_t>{0, 3}));
  // Composing with the identity changes nothing.
  LinearLayout id = LinearLayout::identity1D(8, "offset", "offset");
  EXPECT_EQ(a.compose(id), a);
}

TEST(LinearLayoutTest, InvertAndComposeFindsWhereEachElementIs) {
  mlir::MLIRContext ctx;
  ctx.loadDialect<mlir::triton::gpu::TritonGPUDialect>();
  using mlir::triton::gpu::BlockedEncodingAttr;
  LinearLayout from =
      BlockedEncodingAttr::get(&ctx, {1, 4}, {8, 4}, {4, 1}, {1, 0})
          .toLinearLayout({32, 64});
  LinearLayout to =
      BlockedEncodingAttr::get(&ctx, {4, 1}, {4, 8}, {1, 4}, {0, 1})
          .toLinearLayout({32, 64});
  LinearLayout c;
  std::string why;
  ASSERT_TRUE(from.invertAndCompose(to, c, why)) << why;
  // to(c(x)) == from(x) for every input bit of `from`, hence for all x.
  for (const auto &in : from.ins())
    for (size_t k = 0; k < in.bases.size(); ++k) {
      int32_t x = int32_t(1) << k;
      std::vector<int32_t> where = c.apply({{in.name, x}});
      std::vector<std::pair<std::string, int32_t>> args;
      for (size_t j = 0; j < c.outs().size(); ++j)
        args.push_back({c.outs()[j].name, where[j]});
      EXPECT_EQ(to.apply(args), from.apply({{in.name, x}}));
    }
  // A layout onto itself: the identity.
  LinearLayout self;
  ASSERT_TRUE(from.invertAndCompose(from, self, why));
  EXPECT_EQ(self.apply({{"lane", 5}, {"register", 3}}),
            (std::vector<int32_t>{3, 5, 0}));
  // With copies (a slice's lanes hold the same rows), the lowest input
  // that holds an element is chosen, and every element is still found.
  auto slice =
      mlir::triton::gpu::SliceEncodingAttr::get(
          &ctx, 1, BlockedEncodingAttr::get(&ctx, {1, 4}, {8, 4}, {4, 1}, {1, 0}))
          .toLinearLayout({32});
  LinearLayout one = LinearLayout::identity1D(32, "register", "dim0");
  ASSERT_TRUE(one.invertAndCompose(slice, c, why)) << why;
  EXPECT_EQ(c.apply({{"register", 4}}), (std::vector<int32_t>{0, 16, 0}));
  // An element nobody holds: refused, with the reason.
  LinearLayout half({{"register", {{1}}}}, {{"dim0", 32}});
  EXPECT_FALSE(one.invertAndCompose(half, c, why));
  EXPECT_NE(why.find("held by no input"), std::string::npos);
}

TEST(LinearLayoutTest, InvertUndoesABijection) {
  // A swizzled 8 x 8 shared layout: offset -> (row, col ^ row).
  LinearLayout swz({{"offset", {{0, 1}, {0, 2}, {0, 4}, {1, 1}, {2, 2}, {4, 4}}}},
                   {{"dim0", 8}, {"dim1", 8}});
  LinearLayout inv;
  std::string why;
  ASSERT_TRUE(swz.invert(inv, why)) << why;
  EXPECT_EQ(inv.ins().size(), 2u);
  EXPECT_EQ(inv.ins()[0].name, "dim0");
  EXPECT_EQ(inv.outs()[0].name, "offset");
  EXPECT_EQ(inv.outs()[0].size, 64);
  // inv(swz(x)) == x for every offset.
  for (int32_t x = 0; x < 64; ++x) {
    std::vector<int32_t> rc = swz.apply({{"offset", x}});
    EXPECT_EQ(inv.apply({{"dim0", rc[0]}, {"dim1", rc[1]}}),
              (std::vector<int32_t>{x}));
  }
  // Copies (a zero basis) or a missed element: no inverse, and why.
  LinearLayout copies({{"lane", {{1}, {0}}}}, {{"dim0", 4}});
  EXPECT_FALSE(copies.invert(inv, why));
  EXPECT_NE(why.find("copies"), std::string::npos);
  LinearLayout narrow({{"lane", {{1}}}}, {{"dim0", 4}});
  EXPECT_FALSE(narrow.invert(inv, why));
  EXPECT_NE(why.find("input bits"), std::string::npos);
}

TEST(LinearLayoutTest, SublayoutKeepsWhatIsAsked) {
  LinearLayout l({{"register", {{0, 1}}}, {"lane", {{1, 0}, {2, 0}}},
                  {"warp", {{0, 2}}}},
                 {{"dim0", 4}, {"dim1", 4}});
  LinearLayout s = l.sublayout({"lane"}, {"dim0"});
  ASSERT_EQ(s.ins().size(), 1u);
  EXPECT_EQ(s.ins()[0].name, "lane");
  ASSERT_EQ(s.outs().size(), 1u);
  EXPECT_EQ(s.apply({{"lane", 3}}), (std::vector<int32_t>{3}));
  // Outputs in the order asked.
  LinearLayout t = l.sublayout({"register", "warp"}, {"dim1", "dim0"});
  EXPECT_EQ(t.outs()[0].name, "dim1");
  EXPECT_EQ(t.apply({{"warp", 1}}), (std::vector<int32_t>{2, 0}));
}

TEST(LinearLayoutTest, ReshapeOutsIsRowMajor) {
  // 4 x 8 row-major identity on registers, reshaped to 32: register r is
  // element r.
  LinearLayout l = (LinearLayout::identity1D(8, "register", "dim1") *
                    LinearLayout::identity1D(4, "register", "dim0"))
                       .transposedOuts({1, 0});
  ASSERT_EQ(l.outs()[0].name, "dim0");
  LinearLayout flat = l.reshapeOuts({{"dim0", 32}});
  for (int32_t r = 0; r < 32; ++r)
    EXPECT_EQ(flat.apply({{"register", r}}), (std::vector<int32_t>{r}));
  // And to 2 x 16: element r at (r / 16, r % 16).
  LinearLayout two = l.reshapeOuts({{"dim0", 2}, {"dim1", 16}});
  EXPECT_EQ(two.apply({{"register", 19}}), (std::vector<int32_t>{1, 3}));
}

TEST(LinearLayoutTest, DivideLeftFindsTheTileAndTheRest) {
  // An 8 x 8 tile (4 lanes x 2 registers along dim1, 8 lanes along dim0)
  // repeated twice along dim1 in registers and twice along dim0 by warps.
  LinearLayout tile({{"register", {{0, 1}}},
                     {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}}},
                    {{"dim0", 8}, {"dim1", 8}});
  LinearLayout whole({{"register", {{0, 1}, {0, 8}}},
                      {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
                      {"warp", {{8, 0}}}},
                     {{"dim0", 16}, {"dim1", 16}});
  std::optional<LinearLayout> q = whole.divideLeft(tile);
  ASSERT_TRUE(q.has_value());
  // The quotient: one register repeat along dim1, one warp along dim0, in
  // units of tiles; tile * quotient is the layout again.
  EXPECT_EQ(q->outs()[0].size, 2);
  EXPECT_EQ(q->outs()[1].size, 2);
  EXPECT_EQ(q->apply({{"register", 1}}), (std::vector<int32_t>{0, 1}));
  EXPECT_EQ(q->apply({{"warp", 1}}), (std::vector<int32_t>{1, 0}));
  EXPECT_EQ(tile * *q, whole);
  // A layout whose lowest register is not the tile's: no quotient.
  LinearLayout other({{"register", {{1, 0}, {0, 8}}},
                      {"lane", {{0, 2}, {0, 4}, {0, 1}, {2, 0}, {4, 0}}},
                      {"warp", {{8, 0}}}},
                     {{"dim0", 16}, {"dim1", 16}});
  EXPECT_FALSE(other.divideLeft(tile).has_value());
}

} // namespace
