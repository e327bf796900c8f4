//===- RuntimeTest.cpp - the C API on the cpu driver, and error paths -----===//
//
// Kernels are hand-written host kernels (runtime/test/cpu/test_kernels.c)
// put into bundles here, so that the runtime is tested apart from the
// compiler.
//
//===----------------------------------------------------------------------===//

#include "trident/Bundle.h"
#include "trident/runtime.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace trident;

namespace {

std::string readFile(const char *path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bundle::Entry hostEntry(const std::string &kernel,
                        std::vector<bundle::KernelArg> args) {
  bundle::Entry e;
  e.meta.kernel = kernel;
  e.meta.target = "cpu";
  e.meta.backend = "cpu";
  e.meta.format = "host-so";
  e.meta.numWarps = 1;
  e.meta.threadsPerWarp = 1;
  e.meta.args = std::move(args);
  e.binary = readFile(TRIDENT_TEST_KERNELS_SO);
  return e;
}

std::string makeBundle(const std::vector<bundle::Entry> &entries) {
  std::string data, error;
  EXPECT_TRUE(bundle::write(entries, data, error)) << error;
  return data;
}

/// Expects `s` to fail with `code` and a message containing `text`.
void expectError(trident_status_t s, trident_status_code_t code,
                 const std::string &text) {
  ASSERT_NE(s, nullptr) << "expected an error containing: " << text;
  EXPECT_EQ(trident_status_code(s), code) << trident_status_message(s);
  EXPECT_NE(std::string(trident_status_message(s)).find(text),
            std::string::npos)
      << "message: " << trident_status_message(s) << "\nexpected: " << text;
  trident_status_free(s);
}

#define OK(expr)                                                               \
  do {                                                                         \
    trident_status_t s_ = (expr);                                              \
    ASSERT_EQ(s_, nullptr) << #expr << ": " << trident_status_message(s_);     \
  } while (0)

class RuntimeTest : public ::testing::Test {
protected:
  void SetUp() override {
    // No vendor library, whatever the machine has: deterministic.
    setenv("TRIDENT_CUDA_LIBRARY", "/nonexistent/libcuda.so.1", 1);
    setenv("TRIDENT_HIP_LIBRARY", "/nonexistent/libamdhip64.so", 1);
    OK(trident_runtime_create(&rt));
    OK(trident_runtime_find_device(rt, "cpu", &cpu));
  }
  void TearDown() override { trident_runtime_release(rt); }

  trident_module_t *load(const std::vector<bundle::Entry> &entries) {
    std::string data = makeBundle(entries);
    trident_module_t *m = nullptr;
    trident_status_t s =
        trident_module_load_memory(cpu, data.data(), data.size(), &m);
    EXPECT_EQ(s, nullptr) << trident_status_message(s);
    trident_status_free(s);
    return m;
  }

  trident_runtime_t *rt = nullptr;
  trident_device_t *cpu = nullptr;
};

const std::vector<bundle::KernelArg> kAddArgs = {
    {"x_ptr", "*fp32"}, {"y_ptr", "*fp32"}, {"out_ptr", "*fp32"}, {"n", "i32"}};

TEST_F(RuntimeTest, VendorDriversWithoutLibrariesHaveNoDevices) {
  ASSERT_EQ(trident_runtime_driver_count(rt), 3u);
  EXPECT_STREQ(trident_runtime_driver_name(rt, 0), "cuda");
  EXPECT_STREQ(trident_runtime_driver_name(rt, 1), "hip");
  EXPECT_STREQ(trident_runtime_driver_name(rt, 2), "cpu");
  const char *cuda = trident_runtime_driver_unavailable_reason(rt, 0);
  const char *hip = trident_runtime_driver_unavailable_reason(rt, 1);
  ASSERT_NE(cuda, nullptr);
  ASSERT_NE(hip, nullptr);
  EXPECT_NE(std::string(cuda).find("/nonexistent/libcuda.so.1 could not be "
                                   "loaded"),
            std::string::npos)
      << cuda;
  EXPECT_NE(std::string(hip).find("libamdhip64.so could not be loaded"),
            std::string::npos)
      << hip;
  EXPECT_EQ(trident_runtime_driver_unavailable_reason(rt, 2), nullptr);
  EXPECT_EQ(trident_runtime_device_count(rt), 1u);
  trident_device_t *d = nullptr;
  expectError(trident_runtime_find_device(rt, "cuda", &d), TRIDENT_NOT_FOUND,
              "no device with a target starting with 'cuda'; cuda: "
              "/nonexistent/libcuda.so.1 could not be loaded");
}

TEST_F(RuntimeTest, CpuDeviceInfo) {
  trident_device_info_t info = TRIDENT_DEVICE_INFO_INIT;
  OK(trident_device_info(cpu, &info));
  EXPECT_STREQ(info.target, "cpu");
  EXPECT_STREQ(info.driver, "cpu");
  EXPECT_GT(info.multiprocessor_count, 0);
  EXPECT_EQ(info.warp_size, 1);
  EXPECT_GT(info.total_memory, 0u);
}

TEST_F(RuntimeTest, UnknownDeviceAttributesAreNotFound) {
  int64_t v = 0;
  expectError(trident_device_attribute(cpu, "clock_rate_khz", &v),
              TRIDENT_NOT_FOUND,
              "device cpu (host CPU");
  // What the host answers, for Triton's occupancy arithmetic: 32 programs'
  // worth of a core's 16 or 32 vector registers.
  OK(trident_device_attribute(cpu, "max_registers_per_block", &v));
  EXPECT_TRUE(v == 32 * 16 || v == 32 * 32) << v;
  OK(trident_device_attribute(cpu, "max_threads_per_multiprocessor", &v));
  EXPECT_EQ(v, 32);
  expectError(trident_device_attribute(cpu, nullptr, &v),
              TRIDENT_INVALID_ARGUMENT, "name is NULL");
}

// A caller built against an older header: its info structs end earlier.
// The runtime writes only what fits and never past it; a newer, larger
// struct gets zeros in what this runtime does not know.
TEST_F(RuntimeTest, InfoStructsAreVersionedBySize) {
  EXPECT_EQ(trident_runtime_api_version(), TRIDENT_RUNTIME_API_VERSION);
  struct OldDeviceInfo {
    size_t struct_size;
    const char *name;
    const char *target;
  };
  struct {
    OldDeviceInfo info;
    uint64_t canary[8];
  } old;
  std::memset(&old, 0xab, sizeof(old));
  old.info.struct_size = sizeof(OldDeviceInfo);
  OK(trident_device_info(cpu, reinterpret_cast<trident_device_info_t *>(&old.info)));
  EXPECT_EQ(old.info.struct_size, sizeof(OldDeviceInfo));
  EXPECT_STREQ(old.info.target, "cpu");
  for (uint64_t c : old.canary)
    EXPECT_EQ(c, 0xababababababababull) << "written past the caller's struct";

  struct {
    trident_device_info_t info;
    uint64_t future[4];
  } newer;
  std::memset(&newer, 0xab, sizeof(newer));
  newer.info.struct_size = sizeof(newer);
  OK(trident_device_info(cpu, reinterpret_cast<trident_device_info_t *>(&newer)));
  EXPECT_EQ(newer.info.warp_size, 1);
  for (uint64_t f : newer.future)
    EXPECT_EQ(f, 0u) << "fields this runtime does not know read as zero";

  trident_device_info_t unset;
  unset.struct_size = 0;
  expectError(trident_device_info(cpu, &unset), TRIDENT_INVALID_ARGUMENT,
              "struct_size is 0");

  trident_module_t *m = load({hostEntry("add_kernel", kAddArgs)});
  ASSERT_NE(m, nullptr);
  trident_kernel_t *k = nullptr;
  OK(trident_module_kernel(m, "add_kernel", &k));
  struct OldKernelInfo {
    size_t struct_size;
    const char *name;
    const char *target;
    const char *format;
    int num_warps;
  };
  struct {
    OldKernelInfo info;
    uint64_t canary[16];
  } oldk;
  std::memset(&oldk, 0xab, sizeof(oldk));
  oldk.info.struct_size = offsetof(OldKernelInfo, num_warps) + sizeof(int);
  OK(trident_kernel_info(k, reinterpret_cast<trident_kernel_info_t *>(&oldk.info)));
  EXPECT_STREQ(oldk.info.name, "add_kernel");
  EXPECT_STREQ(oldk.info.format, "host-so");
  const auto *tail = reinterpret_cast<const unsigned char *>(&oldk.info) +
                     oldk.info.struct_size;
  const auto *end = reinterpret_cast<const unsigned char *>(&oldk + 1);
  for (; tail < end; ++tail)
    ASSERT_EQ(*tail, 0xab) << "written past the caller's struct";
  trident_module_release(m);
}

TEST_F(RuntimeTest, AddEndToEnd) {
  trident_module_t *m = load({hostEntry("add_kernel", kAddArgs)});
  ASSERT_NE(m, nullptr);
  trident_kernel_t *k = nullptr;
  OK(trident_module_kernel(m, "add_kernel", &k));
  trident_kernel_info_t info = TRIDENT_KERNEL_INFO_INIT;
  OK(trident_kernel_info(k, &info));
  EXPECT_EQ(info.num_args, 4u);
  EXPECT_STREQ(info.format, "host-so");
  const char *name, *type;
  OK(trident_kernel_arg(k, 3, &name, &type));
  EXPECT_STREQ(name, "n");
  EXPECT_STREQ(type, "i32");

  const int n = 3000;
  std::vector<float> x(n), y(n), out(n, -1.0f);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 0.5f * float(i);
  }
  trident_buffer_t *bx, *by, *bo;
  OK(trident_buffer_allocate(cpu, n * 4, &bx));
  OK(trident_buffer_allocate(cpu, n * 4, &by));
  OK(trident_buffer_allocate(cpu, n * 4 + 64, &bo));
  OK(trident_buffer_write(bx, 0, x.data(), n * 4, nullptr));
  OK(trident_buffer_write(by, 0, y.data(), n * 4, nullptr));
  std::vector<float> poison(n + 16, 12345.0f);
  OK(trident_buffer_write(bo, 0, poison.data(), poison.size() * 4, nullptr));
  trident_arg_t args[4] = {};
  args[0].kind = TRIDENT_ARG_BUFFER;
  args[0].value.buffer.buffer = bx;
  args[1].kind = TRIDENT_ARG_POINTER; // a raw address of this device
  args[1].value.pointer = trident_buffer_address(by);
  args[2].kind = TRIDENT_ARG_BUFFER;
  args[2].value.buffer.buffer = bo;
  args[3].kind = TRIDENT_ARG_INT;
  args[3].value.i = n;
  trident_stream_t *stream;
  trident_event_t *e0, *e1;
  OK(trident_stream_create(cpu, &stream));
  OK(trident_event_create(cpu, &e0));
  OK(trident_event_create(cpu, &e1));
  trident_launch_config_t cfg = {sizeof(trident_launch_config_t), {(n + 255) / 256, 1, 1}, stream};
  OK(trident_event_record(e0, stream));
  OK(trident_kernel_launch(k, &cfg, args, 4));
  OK(trident_event_record(e1, stream));
  OK(trident_stream_synchronize(stream));
  float ms = -1;
  OK(trident_event_elapsed_ms(e0, e1, &ms));
  EXPECT_GE(ms, 0.0f);
  std::vector<float> got(n + 16);
  OK(trident_buffer_read(bo, 0, got.data(), got.size() * 4, nullptr));
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(got[i], x[i] + y[i]) << "at " << i;
  for (int i = n; i < n + 16; ++i)
    ASSERT_EQ(got[i], 12345.0f) << "wrote past n at " << i;
  trident_event_release(e0);
  trident_event_release(e1);
  trident_stream_release(stream);
  trident_buffer_release(bx);
  trident_buffer_release(by);
  trident_buffer_release(bo);
  trident_module_release(m);
}

TEST_F(RuntimeTest, GridCoversEveryProgramOnce) {
  trident_module_t *m = load({hostEntry("grid_kernel", {{"hits", "*i32"}})});
  trident_kernel_t *k;
  OK(trident_module_kernel(m, "grid_kernel", &k));
  const uint32_t gx = 7, gy = 5, gz = 3;
  trident_buffer_t *b;
  OK(trident_buffer_allocate(cpu, gx * gy * gz * 4, &b));
  std::vector<int> zero(gx * gy * gz, 0);
  OK(trident_buffer_write(b, 0, zero.data(), zero.size() * 4, nullptr));
  trident_arg_t a = {};
  a.kind = TRIDENT_ARG_BUFFER;
  a.value.buffer.buffer = b;
  trident_launch_config_t cfg = {sizeof(trident_launch_config_t), {gx, gy, gz}, nullptr};
  for (int rep = 0; rep < 3; ++rep)
    OK(trident_kernel_launch(k, &cfg, &a, 1));
  std::vector<int> hits(zero.size());
  OK(trident_buffer_read(b, 0, hits.data(), hits.size() * 4, nullptr));
  for (size_t i = 0; i < hits.size(); ++i)
    ASSERT_EQ(hits[i], 3) << "program " << i;
  trident_buffer_release(b);
  trident_module_release(m);
}

TEST_F(RuntimeTest, ArgumentPacking) {
  trident_module_t *m = load({hostEntry(
      "pack_kernel", {{"out", "*i64"}, {"a", "i8"}, {"b", "u16"}, {"c", "i32"},
                      {"d", "i64"}, {"e", "fp32"}, {"f", "fp64"}, {"g", "fp16"},
                      {"h", "bf16"}, {"i", "i1"}})});
  trident_kernel_t *k;
  OK(trident_module_kernel(m, "pack_kernel", &k));
  trident_buffer_t *b;
  OK(trident_buffer_allocate(cpu, 9 * 8, &b));
  trident_arg_t a[10] = {};
  a[0].kind = TRIDENT_ARG_BUFFER;
  a[0].value.buffer.buffer = b;
  int64_t ints[] = {-5, 65535, -2000000000, int64_t(1) << 40};
  for (int i = 0; i < 4; ++i) {
    a[1 + i].kind = TRIDENT_ARG_INT;
    a[1 + i].value.i = ints[i];
  }
  a[5].kind = TRIDENT_ARG_FLOAT;
  a[5].value.f = 1.25;
  a[6].kind = TRIDENT_ARG_INT; // an integer for a float parameter converts
  a[6].value.i = 3;
  a[7].kind = TRIDENT_ARG_FLOAT;
  a[7].value.f = -2.0; // fp16 0xc000
  a[8].kind = TRIDENT_ARG_FLOAT;
  a[8].value.f = 1.0; // bf16 0x3f80
  a[9].kind = TRIDENT_ARG_INT;
  a[9].value.i = 1;
  trident_launch_config_t cfg = {sizeof(trident_launch_config_t), {1, 1, 1}, nullptr};
  OK(trident_kernel_launch(k, &cfg, a, 10));
  int64_t got[9];
  OK(trident_buffer_read(b, 0, got, sizeof(got), nullptr));
  EXPECT_EQ(got[0], -5);
  EXPECT_EQ(got[1], 65535);
  EXPECT_EQ(got[2], -2000000000);
  EXPECT_EQ(got[3], int64_t(1) << 40);
  EXPECT_EQ(got[4], 1250);
  EXPECT_EQ(got[5], 3000);
  EXPECT_EQ(got[6], 0xc000);
  EXPECT_EQ(got[7], 0x3f80);
  EXPECT_EQ(got[8], 1);
  trident_buffer_release(b);
  trident_module_release(m);
}

TEST_F(RuntimeTest, ArgumentErrorsNameTheArgument) {
  trident_module_t *m = load({hostEntry("add_kernel", kAddArgs)});
  trident_kernel_t *k;
  OK(trident_module_kernel(m, "add_kernel", &k));
  trident_buffer_t *b;
  OK(trident_buffer_allocate(cpu, 1024, &b));
  trident_arg_t a[4] = {};
  for (int i = 0; i < 3; ++i) {
    a[i].kind = TRIDENT_ARG_BUFFER;
    a[i].value.buffer.buffer = b;
  }
  a[3].kind = TRIDENT_ARG_INT;
  a[3].value.i = 10;
  trident_launch_config_t cfg = {sizeof(trident_launch_config_t), {1, 1, 1}, nullptr};
  OK(trident_kernel_launch(k, &cfg, a, 4));

  expectError(trident_kernel_launch(k, &cfg, a, 3), TRIDENT_INVALID_ARGUMENT,
              "kernel 'add_kernel' takes 4 arguments, got 3");
  trident_arg_t bad[4];
  std::memcpy(bad, a, sizeof(a));
  bad[3].kind = TRIDENT_ARG_POINTER;
  expectError(trident_kernel_launch(k, &cfg, bad, 4), TRIDENT_INVALID_ARGUMENT,
              "argument 3 'n' of kernel 'add_kernel' (i32): expected an "
              "integer, got a pointer");
  std::memcpy(bad, a, sizeof(a));
  bad[0].kind = TRIDENT_ARG_FLOAT;
  expectError(trident_kernel_launch(k, &cfg, bad, 4), TRIDENT_INVALID_ARGUMENT,
              "argument 0 'x_ptr' of kernel 'add_kernel' (*fp32): expected a "
              "buffer or a pointer, got a float");
  std::memcpy(bad, a, sizeof(a));
  bad[3].value.i = int64_t(1) << 33;
  expectError(trident_kernel_launch(k, &cfg, bad, 4), TRIDENT_INVALID_ARGUMENT,
              "argument 3 'n' of kernel 'add_kernel' (i32): 8589934592 does "
              "not fit");
  std::memcpy(bad, a, sizeof(a));
  float notDeviceMemory[4];
  bad[1].kind = TRIDENT_ARG_POINTER;
  bad[1].value.pointer = notDeviceMemory;
  expectError(trident_kernel_launch(k, &cfg, bad, 4), TRIDENT_INVALID_ARGUMENT,
              "argument 1 'y_ptr' of kernel 'add_kernel' (*fp32): the pointer "
              "does not point to memory of device cpu");
  std::memcpy(bad, a, sizeof(a));
  bad[2].value.buffer.offset = 4096;
  expectError(trident_kernel_launch(k, &cfg, bad, 4), TRIDENT_INVALID_ARGUMENT,
              "argument 2 'out_ptr' of kernel 'add_kernel' (*fp32): offset "
              "4096 is past the end of the buffer");
  std::memcpy(bad, a, sizeof(a));
  bad[0].value.buffer.buffer = nullptr;
  expectError(trident_kernel_launch(k, &cfg, bad, 4), TRIDENT_INVALID_ARGUMENT,
              "argument 0 'x_ptr' of kernel 'add_kernel' (*fp32): the buffer "
              "is NULL");
  trident_buffer_release(b);
  trident_module_release(m);
}

TEST_F(RuntimeTest, RawPointersMustPointIntoAnAllocation) {
  trident_module_t *m = load({hostEntry("add_kernel", kAddArgs)});
  trident_kernel_t *k;
  OK(trident_module_kernel(m, "add_kernel", &k));
  trident_buffer_t *b;
  OK(trident_buffer_allocate(cpu, 1024, &b));
  char *base = static_cast<char *>(trident_buffer_address(b));
  trident_arg_t a[4] = {};
  for (int i = 0; i < 3; ++i) {
    a[i].kind = TRIDENT_ARG_BUFFER;
    a[i].value.buffer.buffer = b;
  }
  a[3].kind = TRIDENT_ARG_INT;
  a[3].value.i = 0; // the kernel touches nothing, whatever it is given
  trident_launch_config_t cfg = TRIDENT_LAUNCH_CONFIG_INIT;
  trident_arg_t bad[4];
  std::memcpy(bad, a, sizeof(a));
  bad[1].kind = TRIDENT_ARG_POINTER;
  bad[1].value.pointer = nullptr;
  expectError(trident_kernel_launch(k, &cfg, bad, 4), TRIDENT_INVALID_ARGUMENT,
              "argument 1 'y_ptr' of kernel 'add_kernel' (*fp32): the pointer "
              "is NULL");
  bad[1].value.pointer = base + 1024;
  expectError(trident_kernel_launch(k, &cfg, bad, 4), TRIDENT_INVALID_ARGUMENT,
              "argument 1 'y_ptr' of kernel 'add_kernel' (*fp32): the pointer "
              "is one past the end of a buffer of 1024 bytes of device cpu");
  // Inside the buffer, first and last byte included.
  for (size_t offset : {size_t(0), size_t(512), size_t(1023)}) {
    bad[1].value.pointer = base + offset;
    OK(trident_kernel_launch(k, &cfg, bad, 4));
  }
  // A buffer argument may end where its buffer ends: an empty view, as an
  // empty tensor's data pointer is (the kernel must not dereference it).
  std::memcpy(bad, a, sizeof(a));
  bad[1].value.buffer.offset = 1024;
  OK(trident_kernel_launch(k, &cfg, bad, 4));
  bad[1].value.buffer.offset = 1025;
  expectError(trident_kernel_launch(k, &cfg, bad, 4), TRIDENT_INVALID_ARGUMENT,
              "argument 1 'y_ptr' of kernel 'add_kernel' (*fp32): offset 1025 "
              "is past the end of the buffer");
  // An empty buffer's address is still an allocation of its own.
  trident_buffer_t *empty;
  OK(trident_buffer_allocate(cpu, 0, &empty));
  std::memcpy(bad, a, sizeof(a));
  bad[1].kind = TRIDENT_ARG_POINTER;
  bad[1].value.pointer = trident_buffer_address(empty);
  OK(trident_kernel_launch(k, &cfg, bad, 4));
  trident_buffer_release(empty);
  trident_buffer_release(b);
  trident_module_release(m);
}

TEST_F(RuntimeTest, WrappedApplicationMemoryPassesThePointerCheck) {
  trident_module_t *m = load({hostEntry("add_kernel", kAddArgs)});
  trident_kernel_t *k;
  OK(trident_module_kernel(m, "add_kernel", &k));
  std::vector<float> host(256, 1.0f); // memory Trident did not allocate
  trident_arg_t a[4] = {};
  for (int i = 0; i < 3; ++i) {
    a[i].kind = TRIDENT_ARG_POINTER;
    a[i].value.pointer = host.data() + 64;
  }
  a[3].kind = TRIDENT_ARG_INT;
  a[3].value.i = 0;
  trident_launch_config_t cfg = TRIDENT_LAUNCH_CONFIG_INIT;
  expectError(trident_kernel_launch(k, &cfg, a, 4), TRIDENT_INVALID_ARGUMENT,
              "the pointer does not point to memory of device cpu");
  // Two wrappers of overlapping views, as two tensors of one storage.
  trident_buffer_t *whole, *tail;
  OK(trident_buffer_wrap(cpu, host.data(), host.size() * sizeof(float), &whole));
  OK(trident_buffer_wrap(cpu, host.data() + 128, 128 * sizeof(float), &tail));
  EXPECT_EQ(trident_buffer_address(whole), host.data());
  EXPECT_EQ(trident_buffer_size(tail), 128 * sizeof(float));
  OK(trident_kernel_launch(k, &cfg, a, 4));
  // Copies see the application's bytes.
  float value = 3.5f, back = 0;
  OK(trident_buffer_write(tail, 4, &value, sizeof(value), nullptr));
  EXPECT_EQ(host[129], 3.5f);
  OK(trident_buffer_read(whole, 129 * sizeof(float), &back, sizeof(back),
                         nullptr));
  EXPECT_EQ(back, 3.5f);
  // Releasing the wrapper of the whole leaves the memory alone and the
  // tail still wrapped: a pointer into the head is refused again.
  trident_buffer_release(whole);
  EXPECT_EQ(host[0], 1.0f);
  expectError(trident_kernel_launch(k, &cfg, a, 4), TRIDENT_INVALID_ARGUMENT,
              "the pointer does not point to memory of device cpu");
  for (int i = 0; i < 3; ++i)
    a[i].value.pointer = host.data() + 200;
  OK(trident_kernel_launch(k, &cfg, a, 4));
  trident_buffer_release(tail);
  expectError(trident_kernel_launch(k, &cfg, a, 4), TRIDENT_INVALID_ARGUMENT,
              "the pointer does not point to memory of device cpu");
  // Bad wraps.
  trident_buffer_t *bad;
  expectError(trident_buffer_wrap(cpu, nullptr, 16, &bad),
              TRIDENT_INVALID_ARGUMENT, "address is NULL");
  expectError(trident_buffer_wrap(cpu, host.data(), SIZE_MAX - 8, &bad),
              TRIDENT_INVALID_ARGUMENT, "more than any device can hold");
  expectError(trident_buffer_wrap(cpu, reinterpret_cast<void *>(~uintptr_t(0) - 16),
                                  1024, &bad),
              TRIDENT_INVALID_ARGUMENT, "wraps around the address space");
  trident_module_release(m);
}

TEST_F(RuntimeTest, BundleSelectionAndErrors) {
  bundle::Entry gpu = hostEntry("add_kernel", kAddArgs);
  gpu.meta.target = "cuda:90";
  gpu.meta.format = "cubin";
  gpu.binary = "not really a cubin";
  // The cpu entry is chosen among others.
  trident_module_t *m = load({gpu, hostEntry("add_kernel", kAddArgs)});
  ASSERT_NE(m, nullptr);
  trident_kernel_t *k;
  OK(trident_module_kernel(m, "add_kernel", &k));
  expectError(trident_module_kernel(m, "mul_kernel", &k), TRIDENT_NOT_FOUND,
              "no kernel 'mul_kernel' for cpu in the bundle; it holds: "
              "add_kernel for cuda:90 (cubin), add_kernel for cpu (host-so)");
  trident_module_release(m);
  // Nothing for this device: the error lists what there is.
  std::string data = makeBundle({gpu});
  expectError(trident_module_load_memory(cpu, data.data(), data.size(), &m),
              TRIDENT_NOT_FOUND,
              "the bundle has no entry that runs on cpu (host CPU");
  expectError(trident_module_load_memory(cpu, data.data(), data.size(), &m),
              TRIDENT_NOT_FOUND, "it holds: add_kernel for cuda:90 (cubin)");
  // Damaged bundles.
  data = makeBundle({hostEntry("add_kernel", kAddArgs)});
  expectError(trident_module_load_memory(cpu, data.data(), data.size() - 10, &m),
              TRIDENT_DATA_LOSS, "cannot load bundle: bundle is truncated");
  data[data.size() - 100] ^= 1;
  expectError(trident_module_load_memory(cpu, data.data(), data.size(), &m),
              TRIDENT_DATA_LOSS, "fails its checksum");
  expectError(trident_module_load_file(cpu, "/nonexistent.bundle", &m),
              TRIDENT_NOT_FOUND,
              "cannot read bundle '/nonexistent.bundle': No such file");
  // A binary that is not a shared object.
  bundle::Entry junk = hostEntry("add_kernel", kAddArgs);
  junk.binary = "garbage";
  data = makeBundle({junk});
  expectError(trident_module_load_memory(cpu, data.data(), data.size(), &m),
              TRIDENT_DATA_LOSS,
              "cannot load the host binary of kernel 'add_kernel'");
  // A kernel the binary does not export.
  bundle::Entry missing = hostEntry("sub_kernel", kAddArgs);
  m = load({missing});
  expectError(trident_module_kernel(m, "sub_kernel", &k), TRIDENT_NOT_FOUND,
              "the host binary does not export kernel 'sub_kernel'");
  trident_module_release(m);
  // An argument type the runtime does not know.
  bundle::Entry weird = hostEntry("add_kernel", {{"x", "q7"}});
  m = load({weird});
  expectError(trident_module_kernel(m, "add_kernel", &k), TRIDENT_DATA_LOSS,
              "kernel 'add_kernel' has argument 'x' of unknown type 'q7'");
  trident_module_release(m);
}

TEST_F(RuntimeTest, LoadFileReadsOnlyRegularFiles) {
  // /dev/zero never ends and a FIFO without a writer blocks: neither may be
  // read as a bundle.
  trident_module_t *m = nullptr;
  expectError(trident_module_load_file(cpu, "/dev/zero", &m),
              TRIDENT_INVALID_ARGUMENT,
              "cannot read bundle '/dev/zero': it is a character device, not "
              "a regular file");
  std::string dir = ::testing::TempDir() + "trident-load-file-XXXXXX";
  ASSERT_NE(mkdtemp(dir.data()), nullptr);
  std::string fifo = dir + "/fifo.bundle";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  expectError(trident_module_load_file(cpu, fifo.c_str(), &m),
              TRIDENT_INVALID_ARGUMENT,
              "fifo.bundle': it is a FIFO, not a regular file");
  expectError(trident_module_load_file(cpu, dir.c_str(), &m),
              TRIDENT_INVALID_ARGUMENT, "it is a directory, not a regular file");
  // A symbolic link to a bundle is followed: bundles are often linked.
  std::string data = makeBundle({hostEntry("add_kernel", kAddArgs)});
  std::string file = dir + "/k.bundle", link = dir + "/link.bundle";
  std::ofstream(file, std::ios::binary) << data;
  ASSERT_EQ(symlink(file.c_str(), link.c_str()), 0);
  OK(trident_module_load_file(cpu, link.c_str(), &m));
  trident_module_release(m);
  for (const std::string &p : {fifo, file, link})
    unlink(p.c_str());
  rmdir(dir.c_str());
}

TEST_F(RuntimeTest, MemoryErrors) {
  trident_buffer_t *b;
  OK(trident_buffer_allocate(cpu, 100, &b));
  char buf[200];
  expectError(trident_buffer_write(b, 50, buf, 51, nullptr),
              TRIDENT_INVALID_ARGUMENT,
              "trident_buffer_write: bytes [50, 101) are outside the buffer "
              "of 100 bytes");
  expectError(trident_buffer_read(b, 101, buf, 0, nullptr),
              TRIDENT_INVALID_ARGUMENT, "outside the buffer");
  expectError(trident_buffer_allocate(nullptr, 10, &b),
              TRIDENT_INVALID_ARGUMENT,
              "trident_buffer_allocate: device is NULL");
  void *pinned = nullptr;
  OK(trident_host_allocate(cpu, 64, &pinned));
  trident_host_free(cpu, pinned);
  trident_buffer_release(b);
  EXPECT_EQ(trident_status_code(nullptr), TRIDENT_OK);
  EXPECT_STREQ(trident_status_message(nullptr), "");
}

TEST_F(RuntimeTest, SizesThatWouldWrapAreRefused) {
  // Rounded up to 64 bytes, SIZE_MAX - 8 used to wrap to an empty block
  // that the first write overflowed. A negative size converted to size_t
  // is the same mistake.
  const size_t huge[] = {SIZE_MAX, SIZE_MAX - 8, SIZE_MAX - 63,
                         size_t(int64_t(-100)), size_t(PTRDIFF_MAX) + 1};
  for (size_t n : huge) {
    trident_buffer_t *b = nullptr;
    expectError(trident_buffer_allocate(cpu, n, &b), TRIDENT_INVALID_ARGUMENT,
                "trident_buffer_allocate: " + std::to_string(n) +
                    " bytes is more than any device can hold");
    EXPECT_EQ(b, nullptr);
    void *p = nullptr;
    expectError(trident_host_allocate(cpu, n, &p), TRIDENT_INVALID_ARGUMENT,
                "trident_host_allocate: " + std::to_string(n) + " bytes");
    EXPECT_EQ(p, nullptr);
  }
  // Below that the driver rounds without wrapping; the host has no such
  // memory.
  trident_buffer_t *b = nullptr;
  expectError(trident_buffer_allocate(cpu, size_t(PTRDIFF_MAX), &b),
              TRIDENT_OUT_OF_MEMORY, "cannot allocate");
  // A range whose end does not fit in size_t is reported as it was asked.
  OK(trident_buffer_allocate(cpu, 100, &b));
  char c = 0;
  expectError(trident_buffer_write(b, 50, &c, SIZE_MAX, nullptr),
              TRIDENT_INVALID_ARGUMENT,
              "trident_buffer_write: bytes [50, 50 + 18446744073709551615) "
              "are outside the buffer of 100 bytes");
  trident_buffer_release(b);
}

} // namespace

// The C++ wrapper: the same end-to-end path, and errors as exceptions.
#include "trident/runtime.hpp"

namespace {

bundle::KernelArg specArg(const char *name, const char *type,
                          uint32_t divisibility = 1, bool one = false) {
  bundle::KernelArg a{name, type};
  a.divisibility = divisibility;
  a.equalsOne = one;
  return a;
}

trident_arg_t bufferArg(trident_buffer_t *b, size_t offset = 0) {
  trident_arg_t a = {};
  a.kind = TRIDENT_ARG_BUFFER;
  a.value.buffer.buffer = b;
  a.value.buffer.offset = offset;
  return a;
}

trident_arg_t intArg(int64_t v) {
  trident_arg_t a = {};
  a.kind = TRIDENT_ARG_INT;
  a.value.i = v;
  return a;
}

TEST_F(RuntimeTest, ZeroGridLaunchesNothing) {
  trident_module_t *m = load({hostEntry("grid_kernel", {{"hits", "*i32"}})});
  trident_kernel_t *k;
  OK(trident_module_kernel(m, "grid_kernel", &k));
  trident_buffer_t *b;
  OK(trident_buffer_allocate(cpu, 16 * 4, &b));
  std::vector<int> zero(16, 0);
  OK(trident_buffer_write(b, 0, zero.data(), 64, nullptr));
  trident_arg_t a = bufferArg(b);
  const uint32_t grids[][3] = {{0, 1, 1}, {4, 0, 1}, {4, 4, 0}};
  for (const auto &g : grids) {
    trident_launch_config_t cfg = TRIDENT_LAUNCH_CONFIG_INIT;
    std::copy(g, g + 3, cfg.grid);
    OK(trident_kernel_launch(k, &cfg, &a, 1));
  }
  std::vector<int> hits(16);
  OK(trident_buffer_read(b, 0, hits.data(), 64, nullptr));
  EXPECT_EQ(hits, zero) << "a grid with a 0 ran a program";
  // Above the device's limit: refused, naming it.
  trident_launch_config_t big = TRIDENT_LAUNCH_CONFIG_INIT;
  big.grid[1] = 0x80000000u;
  expectError(trident_kernel_launch(k, &big, &a, 1), TRIDENT_INVALID_ARGUMENT,
              "kernel 'grid_kernel': grid y = 2147483648 exceeds the device's "
              "limit of 2147483647 blocks along y");
  // Within each axis's limit, but the program count overflows 64 bits.
  trident_launch_config_t wide = TRIDENT_LAUNCH_CONFIG_INIT;
  wide.grid[0] = wide.grid[1] = wide.grid[2] = 0x7fffffffu;
  expectError(trident_kernel_launch(k, &wide, &a, 1), TRIDENT_INVALID_ARGUMENT,
              "kernel 'grid_kernel': a grid of 2147483647 x 2147483647 x "
              "2147483647 programs overflows a 64-bit program count");
  trident_device_info_t info = TRIDENT_DEVICE_INFO_INIT;
  OK(trident_device_info(cpu, &info));
  EXPECT_EQ(info.max_grid[0], 0x7fffffffu);
  trident_buffer_release(b);
  trident_module_release(m);
}

TEST_F(RuntimeTest, LaunchConfigIsVersionedBySize) {
  trident_module_t *m = load({hostEntry("grid_kernel", {{"hits", "*i32"}})});
  trident_kernel_t *k;
  OK(trident_module_kernel(m, "grid_kernel", &k));
  trident_buffer_t *b;
  OK(trident_buffer_allocate(cpu, 4, &b));
  std::vector<int> zero(1, 0);
  OK(trident_buffer_write(b, 0, zero.data(), 4, nullptr));
  trident_arg_t a = bufferArg(b);
  trident_launch_config_t cfg = TRIDENT_LAUNCH_CONFIG_INIT;
  cfg.struct_size = 0;
  expectError(trident_kernel_launch(k, &cfg, &a, 1), TRIDENT_INVALID_ARGUMENT,
              "config.struct_size is 0, less than the");
  // A newer caller's larger struct: fine while the fields we do not know
  // are zero, refused once one is set.
  struct Newer {
    trident_launch_config_t base;
    uint64_t future;
  } newer = {TRIDENT_LAUNCH_CONFIG_INIT, 0};
  newer.base.struct_size = sizeof(Newer);
  OK(trident_kernel_launch(k, &newer.base, &a, 1));
  newer.future = 7;
  expectError(trident_kernel_launch(k, &newer.base, &a, 1),
              TRIDENT_INVALID_ARGUMENT,
              "the config sets fields this runtime does not know");
  int hits = 0;
  OK(trident_buffer_read(b, 0, &hits, 4, nullptr));
  EXPECT_EQ(hits, 1);
  trident_buffer_release(b);
  trident_module_release(m);
}

TEST_F(RuntimeTest, SpecializationIsCheckedAtLaunch) {
  std::vector<bundle::KernelArg> args = {
      specArg("x_ptr", "*fp32", 16), specArg("y_ptr", "*fp32"),
      specArg("out_ptr", "*fp32"), specArg("unit", "i32", 1, true),
      specArg("n", "i32", 16)};
  trident_module_t *m = load({hostEntry("add_kernel", args)});
  trident_kernel_t *k;
  OK(trident_module_kernel(m, "add_kernel", &k));
  const char *spelling = nullptr;
  OK(trident_kernel_variant_arg(k, 0, 0, &spelling));
  EXPECT_STREQ(spelling, "*fp32:16");
  OK(trident_kernel_variant_arg(k, 0, 3, &spelling));
  EXPECT_STREQ(spelling, "i32:1");
  const int n = 512;
  trident_buffer_t *bx, *by, *bo;
  OK(trident_buffer_allocate(cpu, n * 4 + 64, &bx));
  OK(trident_buffer_allocate(cpu, n * 4, &by));
  OK(trident_buffer_allocate(cpu, n * 4, &bo));
  std::vector<float> x(n + 16, 1.0f), y(n, 2.0f), out(n, 0.0f);
  OK(trident_buffer_write(bx, 0, x.data(), n * 4 + 64, nullptr));
  OK(trident_buffer_write(by, 0, y.data(), n * 4, nullptr));
  trident_launch_config_t cfg = TRIDENT_LAUNCH_CONFIG_INIT;
  cfg.grid[0] = n / 256;
  // The integer specialized to 1 is checked and not passed: add_kernel
  // sees (x, y, out, n).
  trident_arg_t a[5] = {bufferArg(bx), bufferArg(by), bufferArg(bo),
                        intArg(1), intArg(n)};
  OK(trident_kernel_launch(k, &cfg, a, 5));
  OK(trident_buffer_read(bo, 0, out.data(), n * 4, nullptr));
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(out[i], 3.0f) << i;
  a[0] = bufferArg(bx, 4);
  expectError(trident_kernel_launch(k, &cfg, a, 5), TRIDENT_INVALID_ARGUMENT,
              "argument 0 'x_ptr' of kernel 'add_kernel' (*fp32): the "
              "pointer");
  expectError(trident_kernel_launch(k, &cfg, a, 5), TRIDENT_INVALID_ARGUMENT,
              "is not 16-byte aligned, as the kernel was compiled for "
              "(*fp32:16)");
  a[0] = bufferArg(bx, 16);
  OK(trident_kernel_launch(k, &cfg, a, 5));
  a[3] = intArg(2);
  expectError(trident_kernel_launch(k, &cfg, a, 5), TRIDENT_INVALID_ARGUMENT,
              "argument 3 'unit' of kernel 'add_kernel' (i32): 2 is not 1, the "
              "value the kernel was specialized for (i32:1)");
  a[3] = intArg(1);
  a[4] = intArg(500);
  expectError(trident_kernel_launch(k, &cfg, a, 5), TRIDENT_INVALID_ARGUMENT,
              "argument 4 'n' of kernel 'add_kernel' (i32): 500 is not "
              "divisible by 16, as the kernel was compiled for (i32:16)");
  trident_buffer_release(bx);
  trident_buffer_release(by);
  trident_buffer_release(bo);
  trident_module_release(m);
}

TEST_F(RuntimeTest, LaunchPicksTheMostSpecializedVariantThatFits) {
  bundle::Entry general = hostEntry("which_kernel", {specArg("out", "*i32")});
  bundle::Entry aligned =
      hostEntry("which_kernel", {specArg("out", "*i32", 16)});
  aligned.binary = readFile(TRIDENT_TEST_KERNELS_ALT_SO);
  // The general entry first: order in the bundle does not decide.
  trident_module_t *m = load({general, aligned});
  trident_kernel_t *k;
  OK(trident_module_kernel(m, "which_kernel", &k));
  trident_kernel_info_t info = TRIDENT_KERNEL_INFO_INIT;
  OK(trident_kernel_info(k, &info));
  EXPECT_EQ(info.num_variants, 2u);
  const char *spelling = nullptr;
  OK(trident_kernel_variant_arg(k, 0, 0, &spelling));
  EXPECT_STREQ(spelling, "*i32:16");
  trident_buffer_t *b;
  OK(trident_buffer_allocate(cpu, 64, &b));
  trident_launch_config_t cfg = TRIDENT_LAUNCH_CONFIG_INIT;
  int got[2] = {0, 0};
  trident_arg_t a = bufferArg(b);
  OK(trident_kernel_launch(k, &cfg, &a, 1));
  OK(trident_buffer_read(b, 0, &got[0], 4, nullptr));
  EXPECT_EQ(got[0], 2) << "an aligned pointer must run the :16 variant";
  a = bufferArg(b, 4);
  OK(trident_kernel_launch(k, &cfg, &a, 1));
  OK(trident_buffer_read(b, 4, &got[1], 4, nullptr));
  EXPECT_EQ(got[1], 1) << "a misaligned pointer must run the general variant";
  trident_buffer_release(b);
  trident_module_release(m);

  // Only specialized variants: none fits, and the message says why.
  bundle::Entry unit =
      hostEntry("which_kernel", {specArg("out", "*i32", 16), specArg("s", "i32", 1, true)});
  bundle::Entry div =
      hostEntry("which_kernel", {specArg("out", "*i32", 16), specArg("s", "i32", 16)});
  m = load({unit, div});
  OK(trident_module_kernel(m, "which_kernel", &k));
  OK(trident_buffer_allocate(cpu, 64, &b));
  trident_arg_t two[2] = {bufferArg(b), intArg(3)};
  expectError(trident_kernel_launch(k, &cfg, two, 2), TRIDENT_INVALID_ARGUMENT,
              "no variant of kernel 'which_kernel' fits the arguments:\n"
              "  variant 0: argument 1 's': 3 is not 1, the value the kernel "
              "was specialized for (i32:1)\n"
              "  variant 1: argument 1 's': 3 is not divisible by 16, as the "
              "kernel was compiled for (i32:16)");
  trident_buffer_release(b);
  trident_module_release(m);

  // Entries that disagree on the arguments are a corrupt bundle.
  bundle::Entry other = hostEntry("which_kernel", {specArg("out", "*i64")});
  m = load({general, other});
  expectError(trident_module_kernel(m, "which_kernel", &k), TRIDENT_DATA_LOSS,
              "the bundle's entries disagree on the kernel's arguments");
  trident_module_release(m);
}

TEST_F(RuntimeTest, UnknownRequirementsAreRefused) {
  bundle::Entry e = hostEntry("add_kernel", kAddArgs);
  e.meta.requirements = {"teleport"};
  trident_module_t *m = load({e});
  trident_kernel_t *k;
  expectError(trident_module_kernel(m, "add_kernel", &k), TRIDENT_UNAVAILABLE,
              "kernel 'add_kernel' for cpu requires 'teleport', which this "
              "runtime cannot do on cpu");
  trident_module_release(m);
  // Clusters do not exist on the host.
  e.meta.requirements = {"cluster"};
  e.meta.clusterDims[0] = 2;
  m = load({e});
  expectError(trident_module_kernel(m, "add_kernel", &k), TRIDENT_UNAVAILABLE,
              "requires 'cluster'");
  trident_module_release(m);
}

TEST_F(RuntimeTest, ScratchMemoryIsPassedAfterTheArguments) {
  bundle::Entry e = hostEntry("scratch_kernel", {specArg("out", "*i64")});
  e.meta.requirements = {"scratch"};
  e.meta.globalScratchSize = 8;
  e.meta.globalScratchAlign = 128;
  trident_module_t *m = load({e});
  trident_kernel_t *k;
  OK(trident_module_kernel(m, "scratch_kernel", &k));
  trident_kernel_info_t info = TRIDENT_KERNEL_INFO_INIT;
  OK(trident_kernel_info(k, &info));
  EXPECT_EQ(info.global_scratch_size, 8u);
  const int programs = 64;
  trident_buffer_t *b;
  OK(trident_buffer_allocate(cpu, programs * 8, &b));
  trident_launch_config_t cfg = TRIDENT_LAUNCH_CONFIG_INIT;
  cfg.grid[0] = programs;
  trident_arg_t a = bufferArg(b);
  OK(trident_kernel_launch(k, &cfg, &a, 1));
  std::vector<long long> out(programs);
  OK(trident_buffer_read(b, 0, out.data(), programs * 8, nullptr));
  for (int i = 0; i < programs; ++i)
    ASSERT_EQ(out[i], i) << "program " << i;
  trident_buffer_release(b);
  trident_module_release(m);
}

TEST_F(RuntimeTest, KernelInfoCarriesLaunchParameters) {
  bundle::Entry e = hostEntry("add_kernel", kAddArgs);
  e.meta.spills = 24;
  e.meta.registers = 40;
  e.meta.maxThreads = 128;
  e.meta.localMemory = 96;
  trident_module_t *m = load({e});
  trident_kernel_t *k;
  OK(trident_module_kernel(m, "add_kernel", &k));
  trident_kernel_info_t info = TRIDENT_KERNEL_INFO_INIT;
  OK(trident_kernel_info(k, &info));
  // The cpu driver reports nothing of its own: the compiler's figures.
  EXPECT_EQ(info.spills, 24);
  EXPECT_EQ(info.registers, 40);
  EXPECT_EQ(info.max_threads_per_block, 128);
  EXPECT_EQ(info.local_memory, 96u);
  EXPECT_EQ(info.num_ctas, 1);
  EXPECT_EQ(info.cluster_dims[0], 1u);
  EXPECT_EQ(info.num_variants, 1u);
  trident_module_release(m);
}

TEST_F(RuntimeTest, NativeStreamsAreWrappedNotOwned) {
  trident_stream_t *s = nullptr;
  OK(trident_stream_wrap_native(cpu, nullptr, &s));
  EXPECT_EQ(trident_stream_native(s), nullptr);
  trident_stream_release(s);
  int fake = 0;
  expectError(trident_stream_wrap_native(cpu, &fake, &s),
              TRIDENT_INVALID_ARGUMENT,
              "trident_stream_wrap_native: the host has no native streams");
}

TEST(RuntimeCppTest, WrapperLaunchesAndThrows) {
  setenv("TRIDENT_CUDA_LIBRARY", "/nonexistent/libcuda.so.1", 1);
  setenv("TRIDENT_HIP_LIBRARY", "/nonexistent/libamdhip64.so", 1);
  trident::Runtime rt;
  trident::Device cpu = rt.find("cpu");
  std::string data = makeBundle({hostEntry("add_kernel", kAddArgs)});
  trident::Module m = cpu.load(data.data(), data.size());
  trident::Kernel add(m, "add_kernel");
  const int n = 1000;
  std::vector<float> x(n, 1.5f), y(n, 2.25f), out(n, 0.0f);
  trident::Buffer bx = cpu.allocate(n * 4), by = cpu.allocate(n * 4),
                  bo = cpu.allocate(n * 4);
  trident::write(bx, x.data(), n * 4);
  trident::write(by, y.data(), n * 4);
  add.launch({(n + 255) / 256}, {bx, by, bo, n});
  trident::read(bo, out.data(), n * 4);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(out[i], 3.75f);
  try {
    add.launch({1}, {bx, by, bo});
    FAIL() << "expected an exception";
  } catch (const trident::Error &e) {
    EXPECT_EQ(e.code(), TRIDENT_INVALID_ARGUMENT);
    EXPECT_STREQ(e.what(), "kernel 'add_kernel' takes 4 arguments, got 3");
  }
  EXPECT_THROW(trident::Kernel(m, "nope"), trident::Error);
}

} // namespace
