//===- runtime.hpp - a thin C++ wrapper over trident/runtime.h ---*- C++ -*-===//
//
// RAII owners for the C API's handles, and exceptions for its statuses:
// every call that fails throws trident::Error carrying the status code and
// message. Nothing here adds behaviour; see runtime.h for the semantics.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_RUNTIME_HPP
#define TRIDENT_RUNTIME_HPP

#include "trident/runtime.h"

#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace trident {

class Error : public std::runtime_error {
public:
  Error(trident_status_code_t code, const std::string &message)
      : std::runtime_error(message), code_(code) {}
  trident_status_code_t code() const { return code_; }

private:
  trident_status_code_t code_;
};

/// Throws for a failed status (and frees it).
inline void check(trident_status_t status) {
  if (!status)
    return;
  Error e(trident_status_code(status), trident_status_message(status));
  trident_status_free(status);
  throw e;
}

/// Owns a handle and releases it with `Release`.
template <typename T, void (*Release)(T *)> class Handle {
public:
  Handle() = default;
  explicit Handle(T *h) : h_(h) {}
  Handle(Handle &&o) noexcept : h_(std::exchange(o.h_, nullptr)) {}
  Handle &operator=(Handle &&o) noexcept {
    if (this != &o) {
      reset();
      h_ = std::exchange(o.h_, nullptr);
    }
    return *this;
  }
  Handle(const Handle &) = delete;
  Handle &operator=(const Handle &) = delete;
  ~Handle() { reset(); }
  T *get() const { return h_; }
  void reset() {
    if (h_)
      Release(h_);
    h_ = nullptr;
  }

private:
  T *h_ = nullptr;
};

using Buffer = Handle<trident_buffer_t, trident_buffer_release>;
using Stream = Handle<trident_stream_t, trident_stream_release>;
using Event = Handle<trident_event_t, trident_event_release>;
using Module = Handle<trident_module_t, trident_module_release>;

/// A launch argument built from a buffer, a device address or a number.
struct Arg {
  trident_arg_t raw{};
  Arg(const Buffer &b, size_t offset = 0) {
    raw.kind = TRIDENT_ARG_BUFFER;
    raw.value.buffer.buffer = b.get();
    raw.value.buffer.offset = offset;
  }
  Arg(void *pointer) {
    raw.kind = TRIDENT_ARG_POINTER;
    raw.value.pointer = pointer;
  }
  Arg(int v) : Arg(static_cast<long long>(v)) {}
  Arg(long v) : Arg(static_cast<long long>(v)) {}
  Arg(long long v) {
    raw.kind = TRIDENT_ARG_INT;
    raw.value.i = v;
  }
  Arg(double v) {
    raw.kind = TRIDENT_ARG_FLOAT;
    raw.value.f = v;
  }
  Arg(float v) : Arg(static_cast<double>(v)) {}
};

class Device {
public:
  explicit Device(trident_device_t *d) : d_(d) {}
  trident_device_t *get() const { return d_; }
  trident_device_info_t info() const {
    trident_device_info_t i = TRIDENT_DEVICE_INFO_INIT;
    check(trident_device_info(d_, &i));
    return i;
  }
  Buffer allocate(size_t bytes) const {
    trident_buffer_t *b;
    check(trident_buffer_allocate(d_, bytes, &b));
    return Buffer(b);
  }
  Stream createStream() const {
    trident_stream_t *s;
    check(trident_stream_create(d_, &s));
    return Stream(s);
  }
  /// Wraps an application's native stream (CUstream, hipStream_t); the
  /// wrapper does not own it.
  Stream wrapStream(void *native) const {
    trident_stream_t *s;
    check(trident_stream_wrap_native(d_, native, &s));
    return Stream(s);
  }
  Event createEvent() const {
    trident_event_t *e;
    check(trident_event_create(d_, &e));
    return Event(e);
  }
  Module load(const std::string &bundlePath) const {
    trident_module_t *m;
    check(trident_module_load_file(d_, bundlePath.c_str(), &m));
    return Module(m);
  }
  Module load(const void *data, size_t size) const {
    trident_module_t *m;
    check(trident_module_load_memory(d_, data, size, &m));
    return Module(m);
  }
  void synchronize() const { check(trident_device_synchronize(d_)); }

private:
  trident_device_t *d_;
};

class Kernel {
public:
  Kernel(const Module &m, const std::string &name) {
    check(trident_module_kernel(m.get(), name.c_str(), &k_));
  }
  trident_kernel_info_t info() const {
    trident_kernel_info_t i = TRIDENT_KERNEL_INFO_INIT;
    check(trident_kernel_info(k_, &i));
    return i;
  }
  /// Launches over `grid` programs on `stream` (default: the device's).
  void launch(std::initializer_list<uint32_t> grid,
              std::initializer_list<Arg> args,
              const Stream *stream = nullptr) const {
    trident_launch_config_t c = TRIDENT_LAUNCH_CONFIG_INIT;
    c.stream = stream ? stream->get() : nullptr;
    size_t i = 0;
    for (uint32_t g : grid)
      if (i < 3)
        c.grid[i++] = g;
    std::vector<trident_arg_t> raw;
    for (const Arg &a : args)
      raw.push_back(a.raw);
    check(trident_kernel_launch(k_, &c, raw.data(), raw.size()));
  }

private:
  trident_kernel_t *k_ = nullptr;
};

class Runtime {
public:
  Runtime() { check(trident_runtime_create(&rt_)); }
  ~Runtime() { trident_runtime_release(rt_); }
  Runtime(const Runtime &) = delete;
  Runtime &operator=(const Runtime &) = delete;
  trident_runtime_t *get() const { return rt_; }
  size_t deviceCount() const { return trident_runtime_device_count(rt_); }
  Device device(size_t index) const {
    trident_device_t *d;
    check(trident_runtime_device(rt_, index, &d));
    return Device(d);
  }
  /// The first device whose target starts with `prefix`.
  Device find(const std::string &prefix) const {
    trident_device_t *d;
    check(trident_runtime_find_device(rt_, prefix.c_str(), &d));
    return Device(d);
  }

private:
  trident_runtime_t *rt_ = nullptr;
};

inline void write(const Buffer &b, const void *src, size_t bytes,
                  size_t offset = 0) {
  check(trident_buffer_write(b.get(), offset, src, bytes, nullptr));
}
inline void read(const Buffer &b, void *dst, size_t bytes, size_t offset = 0) {
  check(trident_buffer_read(b.get(), offset, dst, bytes, nullptr));
}

} // namespace trident

#endif // TRIDENT_RUNTIME_HPP
