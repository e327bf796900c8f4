//===- Execute.cpp - launch a compiled case and compare with its reference -===//

#include "Execute.h"

#include "Values.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

namespace trident::conformance {

Outcome execute(trident_device_t *device, const Case &k,
                const std::vector<ArgSpec> &argSpecs,
                const std::string &bundleData, std::mt19937_64 &rng) {
  Outcome o;
  o.name = k.name;
  auto fail = [&](const std::string &m) {
    o.status = Outcome::Fail;
    o.message = m;
    return o;
  };
  // Inputs, drawn fresh and rounded to their dtype.
  Data data;
  data.t.resize(k.tensors.size());
  for (size_t i = 0; i < k.tensors.size(); ++i) {
    const TensorSpec &t = k.tensors[i];
    data.t[i].assign(t.count, kUnwritten);
    if (!t.input)
      continue;
    std::uniform_real_distribution<double> u(t.gen.lo, t.gen.hi);
    for (size_t e = 0; e < data.t[i].size(); ++e) {
      double &v = data.t[i][e];
      double x = !t.gen.values.empty() ? t.gen.values[e % t.gen.values.size()]
                 : t.gen.isConstant    ? t.gen.constant
                                       : u(rng);
      if (t.gen.positive)
        x = std::fabs(x) + 0.0625;
      if (!dtIsFloat(t.dtype))
        x = std::round(x);
      v = roundTo(t.dtype, x);
    }
  }
  Data expected = data;
  k.reference(expected);

  // Buffers: inputs written, outputs poisoned.
  trident_module_t *module = nullptr;
  std::vector<trident_buffer_t *> buffers(k.tensors.size(), nullptr);
  auto cleanup = [&]() {
    for (trident_buffer_t *b : buffers)
      trident_buffer_release(b);
    trident_module_release(module);
  };
  auto status = [&](trident_status_t s, const char *what) {
    std::string m = std::string(what) + ": " + trident_status_message(s);
    trident_status_free(s);
    cleanup();
    return fail(m);
  };
  if (trident_status_t s = trident_module_load_memory(
          device, bundleData.data(), bundleData.size(), &module))
    return status(s, "load");
  trident_kernel_t *kernel = nullptr;
  if (trident_status_t s = trident_module_kernel(module, k.kernel.c_str(), &kernel))
    return status(s, "kernel");
  std::vector<std::vector<unsigned char>> written(k.tensors.size());
  for (size_t i = 0; i < k.tensors.size(); ++i) {
    const TensorSpec &t = k.tensors[i];
    size_t bytes = t.count * dtBytes(t.dtype);
    if (trident_status_t s = trident_buffer_allocate(device, bytes, &buffers[i]))
      return status(s, "allocate");
    std::vector<unsigned char> host(bytes);
    for (size_t e = 0; e < t.count; ++e) {
      unsigned char *p = &host[e * dtBytes(t.dtype)];
      if (t.input)
        encode(t.dtype, data.t[i][e], p);
      else
        poison(t.dtype, p);
    }
    written[i] = host;
    if (trident_status_t s = trident_buffer_write(buffers[i], 0, host.data(),
                                                  bytes, nullptr))
      return status(s, "write");
  }
  std::vector<trident_arg_t> args;
  for (const ArgSpec &a : argSpecs) {
    trident_arg_t x = {};
    if (a.kind == ArgSpec::Tensor) {
      x.kind = TRIDENT_ARG_BUFFER;
      x.value.buffer.buffer = buffers[a.tensor];
    } else if (a.kind == ArgSpec::Int) {
      x.kind = TRIDENT_ARG_INT;
      x.value.i = a.i;
    } else {
      x.kind = TRIDENT_ARG_FLOAT;
      x.value.f = a.f;
    }
    args.push_back(x);
  }
  trident_launch_config_t cfg = {sizeof(trident_launch_config_t), {k.grid[0], k.grid[1], k.grid[2]}, nullptr};
  auto t0 = std::chrono::steady_clock::now();
  if (trident_status_t s =
          trident_kernel_launch(kernel, &cfg, args.data(), args.size()))
    return status(s, "launch");
  if (trident_status_t s = trident_device_synchronize(device))
    return status(s, "synchronize");
  o.milliseconds = std::chrono::duration<double, std::milli>(
                       std::chrono::steady_clock::now() - t0).count();

  // Read everything back: inputs must be as written, outputs compared.
  std::vector<std::vector<unsigned char>> after(k.tensors.size());
  Data got;
  got.t.resize(k.tensors.size());
  for (size_t i = 0; i < k.tensors.size(); ++i) {
    const TensorSpec &t = k.tensors[i];
    size_t bytes = t.count * dtBytes(t.dtype);
    after[i].resize(bytes);
    if (trident_status_t s =
            trident_buffer_read(buffers[i], 0, after[i].data(), bytes, nullptr))
      return status(s, "read");
    for (size_t e = 0; e < t.count; ++e)
      got.t[i].push_back(decode(t.dtype, &after[i][e * dtBytes(t.dtype)]));
    if (t.input && !t.output && after[i] != written[i]) {
      size_t e = 0;
      while (std::memcmp(&after[i][e * dtBytes(t.dtype)],
                         &written[i][e * dtBytes(t.dtype)], dtBytes(t.dtype)) == 0)
        ++e;
      cleanup();
      return fail(t.name + "[" + std::to_string(e) + "] is an input, but the "
                  "kernel changed it: " + fmt(data.t[i][e]) + " became " +
                  fmt(got.t[i][e]));
    }
  }
  if (k.check) {
    std::string why = k.check(got);
    if (!why.empty()) {
      cleanup();
      return fail(why);
    }
  }
  double worst = 0;
  for (size_t i = 0; i < k.tensors.size(); ++i) {
    const TensorSpec &t = k.tensors[i];
    if (!t.output)
      continue;
    if (k.checkOnly.size() == 1 && k.checkOnly[0] == -1)
      continue; // only `check` applies
    if (!k.checkOnly.empty() &&
        std::find(k.checkOnly.begin(), k.checkOnly.end(), int(i)) ==
            k.checkOnly.end())
      continue;
    const std::vector<unsigned char> &host = after[i];
    for (size_t e = 0; e < t.count; ++e) {
      double got = decode(t.dtype, &host[e * dtBytes(t.dtype)]);
      double ref = expected.t[i][e];
      bool ok;
      const unsigned char *raw = &host[e * dtBytes(t.dtype)];
      bool unwritten = isUnwritten(ref);
      if (unwritten)
        ok = isPoison(t.dtype, raw); // the kernel must not write it
      else if (std::isnan(ref))
        ok = std::isnan(got) && !(hasPoisonPayload(t.dtype) && isPoison(t.dtype, raw));
      else if (std::isinf(ref))
        ok = got == ref;
      else {
        double err = std::fabs(got - ref);
        double tol = dtIsFloat(t.dtype) ? k.atol + k.rtol * std::fabs(ref) : 0;
        ok = err <= tol;
        if (dtIsFloat(t.dtype) && std::fabs(ref) > 0)
          worst = std::max(worst, err / std::fabs(ref));
      }
      if (!ok) {
        cleanup();
        if (unwritten)
          return fail(t.name + "[" + std::to_string(e) + "]: got " + fmt(got) +
                      ", expected it left unwritten");
        if (std::isnan(ref))
          return fail(t.name + "[" + std::to_string(e) + "]: expected a NaN " +
                      "written by the kernel, got " +
                      (std::isnan(got) ? std::string("the unwritten poison")
                                       : fmt(got)));
        return fail(t.name + "[" + std::to_string(e) + "]: got " + fmt(got) +
                    ", expected " + fmt(ref) +
                    (dtIsFloat(t.dtype) ? " (rtol " + fmt(k.rtol) + ", atol " +
                                              fmt(k.atol) + ")"
                                        : std::string()));
      }
    }
  }
  cleanup();
  o.message = "max rel. error " + fmt(worst);
  return o;
}

} // namespace trident::conformance
