//===- BundleTest.cpp - bundle round trips and damaged bundles ------------===//

#include "trident/ArgType.h"
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
  a.meta.args = {{"x_ptr", "*fp32"}, {"n", "i32"}, {"stride", "i64"}};
  a.meta.args[0].divisibility = 16;
  a.meta.args[2].equalsOne = true;
  a.meta.constexprs = {{"BLOCK", "1024"}, {"DTYPE", "fp16"}};
  a.meta.numCtas = 2;
  a.meta.clusterDims[0] = 2;
  a.meta.globalScratchSize = 256;
  a.meta.globalScratchAlign = 128;
  a.meta.profileScratchSize = 64;
  a.meta.registers = 40;
  a.meta.spills = 8;
  a.meta.localMemory = 16;
  a.meta.maxThreads = 256;
  a.meta.requirements = {"cluster", "scratch"};
  a.meta.extra["ptx_version"] = "8.7";
  a.meta.symbol = "_tk_add__kern_C3_A9l";
  a.binary = std::string("\x7f" "ELF\0\1\2binary", 13);
  Entry b = a;
  b.meta.target = "cpu";
  b.meta.backend = "cpu";
  b.meta.format = "elf";
  b.meta.threadsPerWarp = 1;
  b.meta.symbol.clear();
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
  EXPECT_EQ(back[0].meta.symbol, "_tk_add__kern_C3_A9l");
  EXPECT_EQ(back[1].meta.symbol, ""); // not written when it is the name
  EXPECT_EQ(back[0].meta.target, "cuda:90");
  EXPECT_EQ(back[0].meta.numWarps, 8);
  EXPECT_EQ(back[0].meta.sharedMemory, 49152u);
  ASSERT_EQ(back[0].meta.args.size(), 3u);
  EXPECT_EQ(back[0].meta.args[0].type, "*fp32");
  EXPECT_EQ(back[0].meta.args[0].divisibility, 16u);
  EXPECT_EQ(back[0].meta.args[0].spelling(), "*fp32:16");
  EXPECT_EQ(back[0].meta.args[1].spelling(), "i32");
  EXPECT_TRUE(back[0].meta.args[2].equalsOne);
  EXPECT_EQ(back[0].meta.args[2].spelling(), "i64:1");
  ASSERT_EQ(back[0].meta.constexprs.size(), 2u);
  EXPECT_EQ(back[0].meta.constexprs[1].name, "DTYPE");
  EXPECT_EQ(back[0].meta.constexprs[1].value, "fp16");
  EXPECT_EQ(back[0].meta.numCtas, 2);
  EXPECT_EQ(back[0].meta.clusterDims[0], 2u);
  EXPECT_EQ(back[0].meta.clusterDims[1], 1u);
  EXPECT_EQ(back[0].meta.globalScratchSize, 256u);
  EXPECT_EQ(back[0].meta.globalScratchAlign, 128u);
  EXPECT_EQ(back[0].meta.profileScratchSize, 64u);
  EXPECT_EQ(back[0].meta.registers, 40u);
  EXPECT_EQ(back[0].meta.spills, 8u);
  EXPECT_EQ(back[0].meta.localMemory, 16u);
  EXPECT_EQ(back[0].meta.maxThreads, 256u);
  EXPECT_EQ(back[0].meta.requirements,
            (std::vector<std::string>{"cluster", "scratch"}));
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
  std::string v3 = data;
  v3[8] = 3;
  EXPECT_FALSE(read(v3, back, error));
  EXPECT_EQ(error, "unsupported bundle format version 3 (this build reads "
                   "versions 1 to 2; the bundle was written by a newer "
                   "Trident: rebuild it or update the runtime)");
  std::string v0 = data;
  v0[8] = 0;
  EXPECT_FALSE(read(v0, back, error));
  EXPECT_EQ(error, "unsupported bundle format version 0 (this build reads "
                   "versions 1 to 2)");
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

/// A bundle of format version 1, laid out by hand as docs/bundle-format.md
/// describes it (the writer of that version is gone).
std::string versionOneBundle(const std::string &meta, const std::string &bin) {
  auto u32 = [](std::string &o, uint32_t v) {
    for (int i = 0; i < 4; ++i)
      o.push_back(char(v >> (8 * i)));
  };
  auto u64 = [](std::string &o, uint64_t v) {
    for (int i = 0; i < 8; ++i)
      o.push_back(char(v >> (8 * i)));
  };
  std::string payload;
  u32(payload, uint32_t(meta.size()));
  payload += meta + bin;
  std::string out = "TRDNTBDL";
  u32(out, 1);
  u32(out, 1);
  u64(out, 24 + 24 + 8 + payload.size());
  u64(out, 24 + 24 + 8);
  u64(out, payload.size());
  u64(out, checksum(payload));
  u64(out, checksum(out));
  return out + payload;
}

TEST(BundleTest, ReadsVersionOne) {
  std::string v1 = versionOneBundle(
      "kernel=add_kernel\ntarget=cpu\nbackend=cpu\nbackend_hash=h\n"
      "format=host-so\nnum_warps=4\nthreads_per_warp=1\nnum_stages=3\n"
      "shared_memory=0\narg=x_ptr:*fp32\narg=n:i32\nx.note=old\n",
      "BINARY");
  std::vector<Entry> back;
  std::string error;
  ASSERT_TRUE(read(v1, back, error)) << error;
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].meta.kernel, "add_kernel");
  ASSERT_EQ(back[0].meta.args.size(), 2u);
  EXPECT_EQ(back[0].meta.args[0].spelling(), "*fp32");
  EXPECT_EQ(back[0].meta.numCtas, 1);
  EXPECT_EQ(back[0].meta.clusterDims[2], 1u);
  EXPECT_TRUE(back[0].meta.requirements.empty());
  EXPECT_EQ(back[0].meta.extra.at("note"), "old");
  EXPECT_EQ(back[0].binary, "BINARY");
}

TEST(BundleTest, RejectsBadLaunchMetadata) {
  KernelMetadata m;
  std::string error;
  const char *base = "kernel=k\ntarget=cpu\n";
  struct {
    const char *line, *message;
  } cases[] = {
      {"arg=x:*fp32:8", "metadata arg 'x:*fp32:8' has an unknown "
                        "specialization '8' (expected 16, or 1, 2, 4, 8 for "
                        "an integer)"},
      {"arg=x:*fp32:1", "metadata arg 'x:*fp32:1' has an unknown "
                        "specialization '1' (expected 16, or 1, 2, 4, 8 for "
                        "an integer)"},
      {"arg=x:i64:32", "metadata arg 'x:i64:32' has an unknown "
                       "specialization '32' (expected 16, or 1, 2, 4, 8 for "
                       "an integer)"},
      {"arg=x:", "metadata arg 'x:' is not name:type"},
      {"num_warps=0", "metadata 'num_warps' is not a valid number: '0' "
                      "(expected 1 to 1024)"},
      {"cluster_dims=2,1", "metadata 'cluster_dims' is not X,Y,Z: '2,1'"},
      {"cluster_dims=2,1,0", "metadata 'cluster_dims' is not a valid number: "
                             "'2,1,0' (expected 1 to 1024)"},
      {"global_scratch_align=3", "metadata 'global_scratch_align' is not a "
                                 "power of two: '3'"},
      {"requires=cluster,,x", "metadata 'requires' holds a malformed name: "
                              "'cluster,,x'"},
      {"constexpr=:5", "metadata constexpr ':5' is not name:value"},
  };
  for (const auto &c : cases) {
    EXPECT_FALSE(parseMetadata(std::string(base) + c.line, m, error)) << c.line;
    EXPECT_EQ(error, c.message);
  }
}

// A tensor descriptor's strides: divisible by 16 bytes' worth of elements.
TEST(BundleTest, ReadsSmallDivisibilities) {
  KernelMetadata m;
  std::string error;
  ASSERT_TRUE(parseMetadata("kernel=k\ntarget=cpu\narg=s:i64:8\narg=t:i32:2\n",
                            m, error))
      << error;
  ASSERT_EQ(m.args.size(), 2u);
  EXPECT_EQ(m.args[0].divisibility, 8u);
  EXPECT_EQ(m.args[0].spelling(), "i64:8");
  EXPECT_EQ(m.args[1].divisibility, 2u);
}

// A TMA descriptor parameter: the runtime encodes a CUtensorMap from the
// descriptor's launch arguments (base, shapes, strides, padding).
const char *kDescriptorArgs = "kernel=k\ntarget=cuda:90\nrequires=tma\n"
                              "arg=d:*fp16:16\n"
                              "arg=d.pack.shape0:i64\narg=d.pack.shape1:i64\n"
                              "arg=d.pack.stride0:i64:8\n"
                              "arg=d.pack.stride1:i64:1\n"
                              "arg=d.pack.padding:i1\narg=K:i32\n";

TEST(BundleTest, TensorMapArguments) {
  KernelMetadata m;
  std::string error;
  ASSERT_TRUE(parseMetadata(std::string(kDescriptorArgs) + "tma=0:128:128,64\n",
                            m, error))
      << error;
  ASSERT_EQ(m.tensorMaps.size(), 1u);
  EXPECT_EQ(m.tensorMaps[0].arg, 0u);
  EXPECT_EQ(m.tensorMaps[0].swizzle, 128u);
  EXPECT_EQ(m.tensorMaps[0].box, (std::vector<uint32_t>{128, 64}));
  // Written back the same.
  std::string data;
  Entry e;
  e.meta = m;
  e.binary = "x";
  ASSERT_TRUE(write({e}, data, error)) << error;
  std::vector<Entry> back;
  ASSERT_TRUE(read(data, back, error)) << error;
  ASSERT_EQ(back[0].meta.tensorMaps.size(), 1u);
  EXPECT_EQ(back[0].meta.tensorMaps[0].box, (std::vector<uint32_t>{128, 64}));
  EXPECT_EQ(back[0].meta.tensorMaps[0].swizzle, 128u);

  struct {
    const char *line, *message;
  } cases[] = {
      {"tma=0:128", "metadata tma '0:128' is malformed: expected ARG:SWIZZLE:BOX"},
      {"tma=0:48:64,64", "metadata tma '0:48:64,64' is malformed: the swizzle "
                         "is not 0, 32, 64 or 128"},
      {"tma=0:128:512,64", "metadata tma '0:128:512,64' is malformed: a box "
                           "dimension is not 1 to 256"},
      {"tma=0:0:1,1,1,1,1,1", "metadata tma '0:0:1,1,1,1,1,1' is malformed: "
                              "more than 5 dimensions"},
      {"tma=6:128:64", "metadata tma of argument 6: 'K' is not a pointer"},
      {"tma=0:128:64", "metadata tma of argument 0: argument 2 is not "
                       "'d.pack.stride0'"},
      {"tma=1:128:64", "metadata tma of argument 1: 'd.pack.shape0' is not "
                       "a pointer"},
      {"tma=0:0:8,8,8", "metadata tma of argument 0: the kernel has 7 "
                        "arguments, fewer than the descriptor's"},
      {"tma=9:0:8", "metadata tma of argument 9: the kernel has 7 arguments"},
  };
  for (const auto &c : cases) {
    EXPECT_FALSE(parseMetadata(std::string(kDescriptorArgs) + c.line, m, error))
        << c.line;
    EXPECT_EQ(error, c.message);
  }
}

TEST(BundleTest, WritesOnlyReadableMetadata) {
  std::vector<Entry> e = sample();
  e[0].meta.numWarps = 131072;
  std::string data, error;
  EXPECT_FALSE(write(e, data, error));
  EXPECT_EQ(error, "metadata of kernel 'add_kernel' would not be readable: "
                   "metadata 'num_warps' is not a valid number: '131072' "
                   "(expected 1 to 1024)");
  e = sample();
  e[0].meta.constexprs.push_back({"X", "1\nnum_warps=2"});
  EXPECT_FALSE(write(e, data, error));
  EXPECT_NE(error.find("newline"), std::string::npos) << error;
}

} // namespace

// The one reading of signature types (trident/ArgType.h).
TEST(ArgTypeTest, ReadsWhatSignaturesWrite) {
  using trident::bundle::ArgType;
  ArgType t;
  ASSERT_TRUE(ArgType::parse("*kfp16", t));
  EXPECT_TRUE(t.isPointer());
  EXPECT_EQ(t.element, "fp16");
  EXPECT_EQ(t.str(), "*fp16");
  ASSERT_TRUE(ArgType::parse("f32", t));
  EXPECT_EQ(t.str(), "fp32");
  EXPECT_EQ(t.kind, ArgType::Kind::Float);
  ASSERT_TRUE(ArgType::parse("B", t));
  EXPECT_EQ(t.element, "i1");
  EXPECT_EQ(t.storageBytes(), 1u);
  ASSERT_TRUE(ArgType::parse("u64", t));
  EXPECT_FALSE(t.isSigned);
  EXPECT_EQ(t.bits, 64u);
  ASSERT_TRUE(ArgType::parse("i16", t));
  EXPECT_TRUE(t.isSigned);
  ASSERT_TRUE(ArgType::parse("bf16", t));
  EXPECT_TRUE(t.isBF16 && t.isFloat);
  ASSERT_TRUE(ArgType::parse("*fp8e4nv", t));
  EXPECT_EQ(t.storageBytes(), 1u);
  for (const char *bad : {"", "*", "fp33", "i32:16", "**fp32", "tensordesc<fp16[64]>"})
    EXPECT_FALSE(ArgType::parse(bad, t)) << bad;
}
