//===- cuda_tma_test.cpp - TMA descriptor arguments on the CUDA driver ----===//
//
// Against the fake libcuda (fake_cuda.c, TRIDENT_CUDA_LIBRARY): a kernel
// whose metadata says its first parameter is a TMA descriptor (tma=...)
// gets, in place of the descriptor's launch arguments (base, shape,
// strides, padding), one 128-byte CUtensorMap encoded from them, followed
// by its other parameters; the fake kernel echoes the map, which the fake
// encoder filled with what it was asked for. Bad descriptors are refused
// by name; a descriptor kernel without requires=tma is refused at load.
//
//===----------------------------------------------------------------------===//

#include "fake_cuda.h"
#include "trident/Bundle.h"
#include "trident/runtime.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace {

using namespace trident::bundle;

std::string message(trident_status_t s) {
  std::string m = s ? trident_status_message(s) : "";
  trident_status_free(s);
  return m;
}

/// A bundle of tma_echo(map, out) for cuda:90 with descriptor `d` of
/// `element` over a rank-`rank` block `box`, swizzle `swizzle`.
std::string echoBundle(const std::string &element, std::vector<uint32_t> box,
                       uint32_t swizzle, bool requireTma = true) {
  Entry e;
  KernelMetadata &m = e.meta;
  m.kernel = "tma_echo";
  m.target = "cuda:90";
  m.backend = "nvidia";
  m.format = "cubin";
  if (requireTma)
    m.requirements = {"tma"};
  m.args.push_back({"d", "*" + element});
  m.args.back().divisibility = 16;
  size_t rank = box.size();
  for (size_t k = 0; k < rank; ++k)
    m.args.push_back({"d.pack.shape" + std::to_string(k), "i64"});
  for (size_t k = 0; k < rank; ++k) {
    m.args.push_back({"d.pack.stride" + std::to_string(k), "i64"});
    m.args.back().equalsOne = k + 1 == rank;
  }
  m.args.push_back({"d.pack.padding", "i1"});
  m.args.push_back({"out", "*u8"});
  TensorMapArg t;
  t.arg = 0;
  t.swizzle = swizzle;
  t.box = std::move(box);
  m.tensorMaps.push_back(t);
  e.binary = std::string("FAKE-CUBIN tma_echo") + '\0';
  std::string data, error;
  EXPECT_TRUE(write({e}, data, error)) << error;
  return data;
}

class CudaTmaTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(message(trident_runtime_create(&rt)), "");
    ASSERT_EQ(message(trident_runtime_find_device(rt, "cuda", &dev)), "");
    ASSERT_EQ(message(trident_buffer_allocate(dev, 1 << 20, &tensor)), "");
    ASSERT_EQ(message(trident_buffer_allocate(dev, 128, &out)), "");
  }
  void TearDown() override {
    if (out)
      trident_buffer_release(out);
    if (tensor)
      trident_buffer_release(tensor);
    if (module)
      trident_module_release(module);
    if (rt)
      trident_runtime_release(rt);
  }
  /// Launches with the descriptor's launch arguments; "" or the error.
  std::string launch(const std::string &bundle, std::vector<int64_t> shape,
                     std::vector<int64_t> strides, int64_t padding,
                     size_t offset = 0) {
    if (module)
      trident_module_release(module);
    module = nullptr;
    if (std::string m = message(trident_module_load_memory(
            dev, bundle.data(), bundle.size(), &module));
        !m.empty())
      return m;
    trident_kernel_t *k = nullptr;
    if (std::string m = message(trident_module_kernel(module, "tma_echo", &k));
        !m.empty())
      return m;
    std::vector<trident_arg_t> args;
    trident_arg_t a{};
    a.kind = TRIDENT_ARG_BUFFER;
    a.value.buffer.buffer = tensor;
    a.value.buffer.offset = offset;
    args.push_back(a);
    for (int64_t v : shape) {
      a = {};
      a.kind = TRIDENT_ARG_INT;
      a.value.i = v;
      args.push_back(a);
    }
    for (int64_t v : strides) {
      a = {};
      a.kind = TRIDENT_ARG_INT;
      a.value.i = v;
      args.push_back(a);
    }
    a = {};
    a.kind = TRIDENT_ARG_INT;
    a.value.i = padding;
    args.push_back(a);
    a = {};
    a.kind = TRIDENT_ARG_BUFFER;
    a.value.buffer.buffer = out;
    args.push_back(a);
    trident_launch_config_t config = TRIDENT_LAUNCH_CONFIG_INIT;
    return message(trident_kernel_launch(k, &config, args.data(), args.size()));
  }
  FakeTensorMap echoed() {
    FakeTensorMap m;
    std::memset(&m, 0, sizeof m);
    EXPECT_EQ(message(trident_buffer_read(out, 0, &m, sizeof m, nullptr)), "");
    return m;
  }

  trident_runtime_t *rt = nullptr;
  trident_device_t *dev = nullptr;
  trident_buffer_t *tensor = nullptr, *out = nullptr;
  trident_module_t *module = nullptr;
};

TEST_F(CudaTmaTest, EncodesTheDescriptorInPlaceOfItsLaunchArguments) {
  // A 100 x 200 fp16 tensor with rows 256 elements apart, 64 x 32 blocks
  // in 64-byte swizzled panels, NaN padding.
  ASSERT_EQ(launch(echoBundle("fp16", {64, 32}, 64), {100, 200}, {256, 1}, 1,
                   /*offset=*/4096),
            "");
  FakeTensorMap m = echoed();
  EXPECT_EQ(m.magic, FAKE_TENSOR_MAP_MAGIC); // the map itself reached parameter 0
  EXPECT_EQ(m.type, 6);            // CU_TENSOR_MAP_DATA_TYPE_FLOAT16
  EXPECT_EQ(m.rank, 2);
  EXPECT_EQ(m.base, uint64_t(reinterpret_cast<uintptr_t>(
                        trident_buffer_address(tensor))) +
                        4096);
  // cuda.h orders every list innermost first; strides in bytes, the
  // innermost (1) left out.
  EXPECT_EQ(m.dims[0], 200u);
  EXPECT_EQ(m.dims[1], 100u);
  EXPECT_EQ(m.strides[0], 512u);
  EXPECT_EQ(m.box[0], 32u);
  EXPECT_EQ(m.box[1], 64u);
  EXPECT_EQ(m.swizzle, 2); // CU_TENSOR_MAP_SWIZZLE_64B
  EXPECT_EQ(m.interleave, 0);
  EXPECT_EQ(m.l2, 2); // CU_TENSOR_MAP_L2_PROMOTION_L2_128B, as Triton
  EXPECT_EQ(m.fill, 1); // NaN padding
  EXPECT_EQ(m.elementStridesOne, 1);
}

TEST_F(CudaTmaTest, ThreeDimensionsAndTypes) {
  ASSERT_EQ(launch(echoBundle("bf16", {2, 8, 64}, 128), {4, 16, 64},
                   {2048, 128, 1}, 0),
            "");
  FakeTensorMap m = echoed();
  EXPECT_EQ(m.type, 9); // BFLOAT16
  EXPECT_EQ(m.rank, 3);
  EXPECT_EQ(m.dims[0], 64u);
  EXPECT_EQ(m.dims[1], 16u);
  EXPECT_EQ(m.dims[2], 4u);
  EXPECT_EQ(m.strides[0], 256u);  // 128 elements of 2 bytes
  EXPECT_EQ(m.strides[1], 4096u); // 2048 elements
  EXPECT_EQ(m.box[0], 64u);
  EXPECT_EQ(m.box[2], 2u);
  EXPECT_EQ(m.swizzle, 3);
  EXPECT_EQ(m.fill, 0);
  ASSERT_EQ(launch(echoBundle("fp8e4nv", {64, 128}, 128), {64, 128}, {128, 1},
                   0),
            "");
  EXPECT_EQ(echoed().type, 0); // bytes
  ASSERT_EQ(launch(echoBundle("fp32", {64, 32}, 128), {64, 32}, {32, 1}, 0),
            "");
  EXPECT_EQ(echoed().type, 7);
}

TEST_F(CudaTmaTest, RefusesBadDescriptors) {
  std::string b = echoBundle("fp16", {64, 32}, 64);
  EXPECT_NE(launch(b, {0, 200}, {256, 1}, 0)
                .find("a TMA descriptor's shape must be positive"),
            std::string::npos);
  // The last stride is the kernel's specialization (1).
  EXPECT_NE(launch(b, {100, 200}, {256, 2}, 0).find("d.pack.stride1"),
            std::string::npos);
  // A base not 16-byte aligned breaks *fp16:16.
  EXPECT_NE(launch(b, {100, 200}, {256, 1}, 0, /*offset=*/2).find("aligned"),
            std::string::npos);
  // Without requires=tma a descriptor kernel is not loaded.
  EXPECT_NE(launch(echoBundle("fp16", {64, 32}, 64, /*requireTma=*/false),
                   {100, 200}, {256, 1}, 0)
                .find("takes TMA descriptors but does not require 'tma'"),
            std::string::npos);
}

} // namespace
