//===- BundleTest.cpp - bundle round trips and damaged bundles ------------===//

#include "trident/Bundle.h"

#include <gtest/gtest.h>

#include <random>

using namespace trident::bundle;

namespace {

std::vector<Entry> sample() {
  Entry a;
  a.meta.kernel = "add_kernel";
  a.meta.target = "cuda:90";
  a.meta.backend = "nvidia";
  a.meta.backendHash = "abc123";
  a.meta.format = "cubin";
  a.meta.numWarps = 8;
  a.meta.sharedMemory = 49152;
  a.meta.args = {{"x_ptr", "*fp32"}, {"n", "i32"}};
  a.meta.extra["ptx_version"] = "8.7";
  a.binary = std::string("\x7f" "ELF\0\1\2binary", 13);
  Entry b = a;
  b.meta.target = "cpu";
  b.meta.backend = "cpu";
  b.meta.format = "elf";
  b.meta.threadsPerWarp = 1;
  b.binary = std::string(1000, 'x');
  return {a, b};
}

TEST(BundleTest, RoundTrip) {
  std::string data, error;
  ASSERT_TRUE(write(sample(), data, error)) << error;
  std::vector<Entry> back;
  ASSERT_TRUE(read(data, back, error)) << error;
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].meta.kernel, "add_kernel");
  EXPECT_EQ(back[0].meta.target, "cuda:90");
  EXPECT_EQ(back[0].meta.numWarps, 8);
  EXPECT_EQ(back[0].meta.sharedMemory, 49152u);
  ASSERT_EQ(back[0].meta.args.size(), 2u);
  EXPECT_EQ(back[0].meta.args[0].type, "*fp32");
  EXPECT_EQ(back[0].meta.extra.at("ptx_version"), "8.7");
  EXPECT_EQ(back[0].binary, sample()[0].binary);
  EXPECT_EQ(back[1].meta.threadsPerWarp, 1);
  EXPECT_EQ(back[1].binary, std::string(1000, 'x'));
}

TEST(BundleTest, EveryTruncationIsRejected) {
  std::string data, error;
  ASSERT_TRUE(write(sample(), data, error));
  std::vector<Entry> back;
  for (size_t len = 0; len < data.size(); ++len) {
    EXPECT_FALSE(read(std::string_view(data).substr(0, len), back, error))
        << "accepted a bundle cut to " << len << " bytes";
    EXPECT_FALSE(error.empty());
  }
}

TEST(BundleTest, EveryByteFlipIsRejected) {
  std::string data, error;
  ASSERT_TRUE(write(sample(), data, error));
  std::vector<Entry> back;
  for (size_t i = 0; i < data.size(); ++i) {
    std::string bad = data;
    bad[i] ^= 0x20;
    EXPECT_FALSE(read(bad, back, error)) << "accepted a flip at byte " << i;
  }
}

TEST(BundleTest, RandomGarbageNeverCrashes) {
  std::mt19937 rng(1234);
  std::vector<Entry> back;
  std::string error, good;
  ASSERT_TRUE(write(sample(), good, error));
  for (int t = 0; t < 2000; ++t) {
    std::string d = good.substr(0, rng() % (good.size() + 1));
    for (int k = 0; k < 4 && !d.empty(); ++k)
      d[rng() % d.size()] = char(rng());
    read(d, back, error); // must not crash or read out of bounds
  }
}

TEST(BundleTest, Messages) {
  std::string data, error;
  std::vector<Entry> back;
  EXPECT_FALSE(read("hello world, not a bundle", back, error));
  EXPECT_EQ(error, "not a Trident bundle (bad magic)");
  ASSERT_TRUE(write(sample(), data, error));
  std::string v2 = data;
  v2[8] = 2;
  EXPECT_FALSE(read(v2, back, error));
  EXPECT_EQ(error, "unsupported bundle format version 2 (this build reads "
                   "version 1)");
  EXPECT_FALSE(read(data.substr(0, data.size() - 1), back, error));
  EXPECT_EQ(error.rfind("bundle is truncated or padded", 0), 0u) << error;
  std::string flipped = data;
  flipped[data.size() - 5] ^= 1;
  EXPECT_FALSE(read(flipped, back, error));
  EXPECT_EQ(error, "bundle entry 1 fails its checksum (the file is "
                   "corrupted)");
}

TEST(BundleTest, RejectsUnrepresentableMetadata) {
  std::vector<Entry> e = sample();
  e[0].meta.kernel = "bad\nname";
  std::string data, error;
  EXPECT_FALSE(write(e, data, error));
  EXPECT_NE(error.find("newline"), std::string::npos);
}

} // namespace
