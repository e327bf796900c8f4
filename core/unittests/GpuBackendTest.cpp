//===- GpuBackendTest.cpp - the GPU-backend kit without a vendor ----------===//
//
// A backend built from the kit alone (no NVVM, no ROCDL): what the kit
// decides -- options and their checks, option parsing, the stage list, the
// hash prefix -- is checked here once for every vendor.
//
//===----------------------------------------------------------------------===//

#include "trident/Plugin/GpuBackend.h"

#include "mlir/Pass/Pass.h"

#include "gtest/gtest.h"

namespace {

using namespace trident;

class KitOnlyBackend : public GpuBackend {
public:
  explicit KitOnlyBackend(Traits t) : GpuBackend(std::move(t)) {}
  std::vector<std::string> targets() const override { return {"kit:1"}; }
  std::string hash(const Target &t, const Options &) const override {
    return hashPrefix(t);
  }

protected:
  std::vector<OptionDef> vendorOptions() const override {
    return {{"fast", "0", "a vendor flag", checkBool}};
  }
  SharedMemoryLimit sharedMemoryLimit(const Target &) const override {
    return {1024, "scratch", "a block"};
  }
  std::unique_ptr<mlir::Pass> createLowering(const Target &,
                                             const GpuOptions &,
                                             const Options &,
                                             std::string &error) const override {
    error = "no lowering in this test";
    return nullptr;
  }
  std::vector<Stage> binaryStages(const Target &) const override {
    return {bytesStage("blob", ".bin", true,
                       [](Artifact &, StageContext &, std::string &,
                          std::string &) { return mlir::success(); })};
  }
};

GpuBackend::Traits wave64() {
  return {"kit", 64, "workgroup", 1024, false, "2", "9.9.9"};
}

const OptionDef &find(const std::vector<OptionDef> &defs,
                      const std::string &name) {
  for (const OptionDef &d : defs)
    if (d.name == name)
      return d;
  static OptionDef none{"<none>", "", "", nullptr};
  ADD_FAILURE() << "no option " << name;
  return none;
}

TEST(GpuBackend, OptionsAreTheCommonOnesThenTheVendors) {
  KitOnlyBackend amdLike(wave64());
  std::vector<OptionDef> o = amdLike.options();
  ASSERT_EQ(o.size(), 3u);
  EXPECT_EQ(o[0].name, "num_warps");
  EXPECT_EQ(o[1].name, "num_stages");
  EXPECT_EQ(o[1].defaultValue, "2");
  EXPECT_EQ(o[2].name, "fast");

  GpuBackend::Traits t32 = wave64();
  t32.threadsPerWarp = 32;
  t32.program = "CTA";
  t32.numCtasOption = true;
  KitOnlyBackend nvLike(t32);
  std::vector<OptionDef> n = nvLike.options();
  ASSERT_EQ(n.size(), 4u);
  EXPECT_EQ(n[2].name, "num_ctas");
  EXPECT_EQ(n[3].name, "fast");
}

TEST(GpuBackend, NumWarpsIsBoundedByThreadsPerProgram) {
  KitOnlyBackend amdLike(wave64());
  std::vector<OptionDef> amdOptions = amdLike.options();
  const OptionDef &warps = find(amdOptions, "num_warps");
  EXPECT_EQ(warps.check("16"), "");
  EXPECT_EQ(warps.check("32"),
            "at most 16 warps (1024 threads) per workgroup");
  EXPECT_EQ(warps.check("3"), "expected a power of two, got '3'");
  EXPECT_EQ(warps.check("x"), "expected a positive integer, got 'x'");

  GpuBackend::Traits t32 = wave64();
  t32.threadsPerWarp = 32;
  t32.program = "CTA";
  KitOnlyBackend nvLike(t32);
  std::vector<OptionDef> nvOptions = nvLike.options();
  const OptionDef &w32 = find(nvOptions, "num_warps");
  EXPECT_EQ(w32.check("32"), "");
  EXPECT_EQ(w32.check("64"), "at most 32 warps (1024 threads) per CTA");
}

TEST(GpuBackend, OptionChecks) {
  EXPECT_EQ(checkBool("0"), "");
  EXPECT_EQ(checkBool("1"), "");
  EXPECT_EQ(checkBool("2"), "0 or 1");
  auto waves = checkIntAtMost(8, "waves per EU", /*zeroMeansDefault=*/true);
  EXPECT_EQ(waves("0"), "");
  EXPECT_EQ(waves("8"), "");
  EXPECT_EQ(waves("9"), "at most 8 waves per EU");
  EXPECT_EQ(waves("-1"), "expected a positive integer, got '-1'");
  auto strict = checkIntAtMost(4, "things");
  EXPECT_EQ(strict("0"), "expected a positive integer, got '0'");
}

TEST(GpuBackend, ParsesOptionsOnceNamingTheBadOne) {
  std::string error;
  mlir::FailureOr<GpuOptions> o = GpuOptions::parse(
      {{"num_warps", "8"}, {"num_stages", "2"}, {"num_ctas", "2"}}, error);
  ASSERT_TRUE(mlir::succeeded(o)) << error;
  EXPECT_EQ(o->numWarps, 8);
  EXPECT_EQ(o->numStages, 2);
  EXPECT_EQ(o->numCtas, 2);

  // No num_ctas option: one CTA.
  o = GpuOptions::parse({{"num_warps", "4"}, {"num_stages", "3"}}, error);
  ASSERT_TRUE(mlir::succeeded(o)) << error;
  EXPECT_EQ(o->numCtas, 1);

  EXPECT_TRUE(mlir::failed(GpuOptions::parse({{"num_stages", "3"}}, error)));
  EXPECT_EQ(error, "option 'num_warps' is missing");
  EXPECT_TRUE(mlir::failed(GpuOptions::parse(
      {{"num_warps", "4"}, {"num_stages", "many"}}, error)));
  EXPECT_EQ(error, "option 'num_stages': expected an integer, got 'many'");
  EXPECT_TRUE(mlir::failed(GpuOptions::parse(
      {{"num_warps", "0"}, {"num_stages", "3"}}, error)));
  EXPECT_EQ(error, "option 'num_warps': expected a positive integer, got '0'");

  mlir::FailureOr<bool> b = boolOption({{"fast", "1"}}, "fast", error);
  ASSERT_TRUE(mlir::succeeded(b));
  EXPECT_TRUE(*b);
  EXPECT_TRUE(mlir::failed(boolOption({{"fast", "7"}}, "fast", error)));
  EXPECT_EQ(error, "option 'fast': expected 0 or 1, got '7'");
}

TEST(GpuBackend, StagesAreTheKitsThenTheVendors) {
  KitOnlyBackend b(wave64());
  Target t;
  ASSERT_TRUE(Target::parse("kit:1", t));
  std::vector<Stage> s = b.stages(t);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].name, "ttgir");
  EXPECT_EQ(s[1].name, "llir");
  EXPECT_EQ(s[2].name, "blob");
  EXPECT_EQ(b.name(), "kit");
  EXPECT_EQ(b.hash(t, {}).rfind("kit-9.9.9-llvm", 0), 0u);
  EXPECT_NE(b.hash(t, {}).find("-kit:1"), std::string::npos);
}

} // namespace
