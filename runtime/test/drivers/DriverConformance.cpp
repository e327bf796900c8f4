//===- DriverConformance.cpp - what every driver of the runtime must do ---===//
//
// One suite, run against each driver that has a device in this process:
// cpu always; hip through the fake libamdhip64 (fake_hip.c) when ctest
// points TRIDENT_HIP_LIBRARY at it, which runs the code the HIP and CUDA
// drivers share; cuda where a GPU is (the GPU machine). A driver that
// passes it allocates, copies, orders work on streams, times with events,
// loads the bundle entries meant for it (and only those), refuses memory
// that is not its own, and launches a kernel that computes the right thing.
//
// Kernels: `add_kernel(x, y, out, n)`, out[i] = x[i] + y[i], 256 elements
// per program, in each driver's format (the cpu test kernels, the fake's
// code object, the CUDA test kernels' cubin).
//
//===----------------------------------------------------------------------===//

#include "trident/Bundle.h"
#include "trident/runtime.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace trident;

namespace {

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

#define OK(expr)                                                               \
  do {                                                                         \
    trident_status_t s_ = (expr);                                              \
    ASSERT_EQ(s_, nullptr) << #expr << ": " << trident_status_message(s_);     \
  } while (0)

/// The status's message (and frees it), or "" for success.
std::string message(trident_status_t s) {
  if (!s)
    return "";
  std::string m = trident_status_message(s);
  trident_status_free(s);
  return m;
}

class DriverConformance : public ::testing::TestWithParam<std::string> {
protected:
  void SetUp() override {
    OK(trident_runtime_create(&rt));
    for (size_t i = 0; i < trident_runtime_device_count(rt); ++i) {
      trident_device_t *d = nullptr;
      OK(trident_runtime_device(rt, i, &d));
      trident_device_info_t info{};
      info.struct_size = sizeof(info);
      OK(trident_device_info(d, &info));
      if (GetParam() == info.driver) {
        device = d;
        target = info.target;
        break;
      }
    }
    if (!device)
      GTEST_SKIP() << "no " << GetParam() << " device in this process";
  }
  void TearDown() override { trident_runtime_release(rt); }

  /// `add_kernel` for this device, or empty when there is none to test.
  bundle::Entry addKernel() {
    bundle::Entry e;
    e.meta.kernel = "add_kernel";
    e.meta.target = target;
    e.meta.numWarps = 8;
    e.meta.threadsPerWarp = 32;
    for (const char *n : {"x", "y", "out"}) {
      bundle::KernelArg a;
      a.name = n;
      a.type = "*fp32";
      e.meta.args.push_back(a);
    }
    bundle::KernelArg n;
    n.name = "n";
    n.type = "i32";
    e.meta.args.push_back(n);
    if (GetParam() == "cpu") {
      e.meta.backend = "cpu";
      e.meta.format = "host-so";
      e.meta.numWarps = 1;
      e.meta.threadsPerWarp = 1;
      e.binary = readFile(TRIDENT_TEST_KERNELS_SO);
    } else if (GetParam() == "hip") {
      e.meta.backend = "amd";
      e.meta.format = "hsaco";
      e.meta.threadsPerWarp = 64;
      e.meta.numWarps = 4;
      e.binary = std::string("FAKE-HSACO add_kernel");
    } else if (GetParam() == "cuda") {
      e.meta.backend = "nvidia";
      e.meta.format = "cubin";
      // The build's directory, or TRIDENT_TEST_KERNEL_DIR where the
      // binary was carried to a GPU machine.
      const char *dir = std::getenv("TRIDENT_TEST_KERNEL_DIR");
      e.binary = readFile(std::string(dir ? dir : TRIDENT_TEST_KERNEL_DIR) +
                          "/test_kernels.sm_90.cubin");
    }
    return e;
  }

  trident_module_t *load(const std::vector<bundle::Entry> &entries,
                         std::string &error) {
    std::string data, why;
    EXPECT_TRUE(bundle::write(entries, data, why)) << why;
    trident_module_t *m = nullptr;
    error = message(trident_module_load_memory(device, data.data(),
                                               data.size(), &m));
    return m;
  }

  trident_runtime_t *rt = nullptr;
  trident_device_t *device = nullptr;
  std::string target;
};

TEST_P(DriverConformance, DescribesItsDevice) {
  trident_device_info_t info{};
  info.struct_size = sizeof(info);
  OK(trident_device_info(device, &info));
  EXPECT_EQ(std::string(info.driver), GetParam());
  EXPECT_FALSE(std::string(info.name).empty());
  EXPECT_FALSE(target.empty());
  EXPECT_GT(info.total_memory, 0u);
}

TEST_P(DriverConformance, BuffersHoldWhatIsWritten) {
  trident_buffer_t *b = nullptr;
  OK(trident_buffer_allocate(device, 8192, &b));
  EXPECT_EQ(trident_buffer_size(b), 8192u);
  EXPECT_EQ(trident_buffer_device(b), device);
  std::vector<float> in(1000), out(1000, -1);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = float(i) * 0.5f;
  OK(trident_buffer_write(b, 64, in.data(), 4000, nullptr));
  OK(trident_buffer_read(b, 64, out.data(), 4000, nullptr));
  EXPECT_EQ(in, out);
  std::string m = message(trident_buffer_read(b, 8000, out.data(), 400, nullptr));
  EXPECT_NE(m.find("outside the buffer of 8192 bytes"), std::string::npos) << m;
  trident_buffer_release(b);
  void *host = nullptr;
  OK(trident_host_allocate(device, 4096, &host));
  ASSERT_NE(host, nullptr);
  std::memset(host, 7, 4096);
  trident_host_free(device, host);
}

TEST_P(DriverConformance, StreamsOrderCopiesAndEventsMeasure) {
  trident_stream_t *s = nullptr;
  OK(trident_stream_create(device, &s));
  trident_buffer_t *b = nullptr;
  OK(trident_buffer_allocate(device, 4096, &b));
  std::vector<int> in(1024), out(1024, 0);
  for (int i = 0; i < 1024; ++i)
    in[i] = i * 3;
  trident_event_t *e0 = nullptr, *e1 = nullptr;
  OK(trident_event_create(device, &e0));
  OK(trident_event_create(device, &e1));
  OK(trident_event_record(e0, s));
  OK(trident_buffer_write(b, 0, in.data(), 4096, s));
  OK(trident_buffer_read(b, 0, out.data(), 4096, s));
  OK(trident_event_record(e1, s));
  OK(trident_stream_synchronize(s));
  EXPECT_EQ(in, out);
  OK(trident_event_synchronize(e1));
  float ms = -1;
  OK(trident_event_elapsed_ms(e0, e1, &ms));
  EXPECT_GE(ms, 0.0f);
  EXPECT_FALSE(std::isnan(ms));
  trident_event_release(e0);
  trident_event_release(e1);
  trident_buffer_release(b);
  trident_stream_release(s);
  OK(trident_device_synchronize(device));
}

TEST_P(DriverConformance, LaunchesComputeTheResult) {
  bundle::Entry e = addKernel();
  if (e.binary.empty())
    GTEST_SKIP() << "no add_kernel binary for " << target;
  std::string error;
  trident_module_t *m = load({e}, error);
  ASSERT_NE(m, nullptr) << error;
  trident_kernel_t *k = nullptr;
  OK(trident_module_kernel(m, "add_kernel", &k));
  const int n = 1000;
  trident_buffer_t *x, *y, *out;
  OK(trident_buffer_allocate(device, n * 4, &x));
  OK(trident_buffer_allocate(device, n * 4, &y));
  OK(trident_buffer_allocate(device, n * 4, &out));
  std::vector<float> hx(n), hy(n), ho(n, NAN);
  for (int i = 0; i < n; ++i) {
    hx[i] = float(i);
    hy[i] = float(2 * i) + 0.25f;
  }
  OK(trident_buffer_write(x, 0, hx.data(), n * 4, nullptr));
  OK(trident_buffer_write(y, 0, hy.data(), n * 4, nullptr));
  OK(trident_buffer_write(out, 0, ho.data(), n * 4, nullptr));
  trident_arg_t args[4] = {};
  trident_buffer_t *bufs[3] = {x, y, out};
  for (int i = 0; i < 3; ++i) {
    args[i].kind = TRIDENT_ARG_BUFFER;
    args[i].value.buffer.buffer = bufs[i];
  }
  args[3].kind = TRIDENT_ARG_INT;
  args[3].value.i = n;
  trident_launch_config_t config = TRIDENT_LAUNCH_CONFIG_INIT;
  config.grid[0] = (n + 255) / 256;
  OK(trident_kernel_launch(k, &config, args, 4));
  OK(trident_device_synchronize(device));
  OK(trident_buffer_read(out, 0, ho.data(), n * 4, nullptr));
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(ho[i], hx[i] + hy[i]) << "element " << i;

  // Memory that is not the device's is refused, naming the argument.
  float local[4];
  args[2].kind = TRIDENT_ARG_POINTER;
  args[2].value.pointer = local;
  std::string why = message(trident_kernel_launch(k, &config, args, 4));
  EXPECT_NE(why.find("out"), std::string::npos) << why;
  EXPECT_NE(why.find("does not point"), std::string::npos) << why;

  // Device pointers the caller vouches for (a tensor's data) launch as
  // buffers do; NULL is still refused, and so is a kind past the API's.
  std::fill(ho.begin(), ho.end(), NAN);
  OK(trident_buffer_write(out, 0, ho.data(), n * 4, nullptr));
  for (int i = 0; i < 3; ++i) {
    args[i].kind = TRIDENT_ARG_DEVICE_POINTER;
    args[i].value.pointer = trident_buffer_address(bufs[i]);
  }
  OK(trident_kernel_launch(k, &config, args, 4));
  OK(trident_device_synchronize(device));
  OK(trident_buffer_read(out, 0, ho.data(), n * 4, nullptr));
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(ho[i], hx[i] + hy[i]) << "element " << i;
  args[1].value.pointer = nullptr;
  why = message(trident_kernel_launch(k, &config, args, 4));
  EXPECT_NE(why.find("the pointer is NULL"), std::string::npos) << why;
  args[1].value.pointer = trident_buffer_address(y);
  args[1].kind = trident_arg_kind_t(TRIDENT_ARG_DEVICE_POINTER + 1);
  why = message(trident_kernel_launch(k, &config, args, 4));
  EXPECT_NE(why.find("unknown argument kind 6"), std::string::npos) << why;

  trident_buffer_release(x);
  trident_buffer_release(y);
  trident_buffer_release(out);
  trident_module_release(m);
}

TEST_P(DriverConformance, LoadsOnlyEntriesMeantForIt) {
  bundle::Entry other = addKernel();
  other.meta.target = "cuda:11";
  other.meta.format = "cubin";
  other.meta.backend = "nvidia";
  other.binary = "not a binary";
  std::string error;
  trident_module_t *m = load({other}, error);
  EXPECT_EQ(m, nullptr);
  EXPECT_NE(error.find("no entry that runs on " + target), std::string::npos)
      << error;
  EXPECT_NE(error.find("add_kernel for cuda:11"), std::string::npos) << error;
  // An entry for this device whose binary the driver cannot load: its
  // error, with the kernel named.
  bundle::Entry broken = addKernel();
  if (broken.binary.empty())
    return;
  broken.binary = "garbage, not a binary of any kind";
  m = load({broken}, error);
  EXPECT_EQ(m, nullptr);
  EXPECT_NE(error.find("add_kernel"), std::string::npos) << error;
}

INSTANTIATE_TEST_SUITE_P(Drivers, DriverConformance,
                         ::testing::Values("cpu", "hip", "cuda"),
                         [](const auto &info) { return info.param; });

} // namespace
