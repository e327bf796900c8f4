//===- Runtime.cpp - the C API: handles, bundle selection, launches -------===//

#include "Internal.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

using namespace trident;
using namespace trident::rt;

trident_status_t trident::rt::makeStatus(trident_status_code_t code,
                                         std::string message) {
  return new trident_status_s{code, std::move(message)};
}

namespace {

trident_status_t invalid(std::string message) {
  return makeStatus(TRIDENT_INVALID_ARGUMENT, std::move(message));
}

#define REQUIRE(ptr, what)                                                     \
  do {                                                                         \
    if (!(ptr))                                                                \
      return invalid(std::string(__func__) + ": " what " is NULL");            \
  } while (0)

/// fp32 -> IEEE half, round to nearest even.
uint16_t toHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000;
  int32_t exp = int32_t((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff)
    return uint16_t(sign | 0x7c00 | (mant ? 0x200 : 0));
  if (exp >= 31)
    return uint16_t(sign | 0x7c00);
  if (exp <= 0) {
    if (exp < -10)
      return uint16_t(sign);
    mant |= 0x800000;
    uint32_t shift = uint32_t(14 - exp);
    uint32_t half = mant >> shift;
    uint32_t rem = mant & ((1u << shift) - 1);
    uint32_t mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1)))
      ++half;
    return uint16_t(sign | half);
  }
  uint32_t half = sign | (uint32_t(exp) << 10) | (mant >> 13);
  uint32_t rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (half & 1)))
    ++half;
  return uint16_t(half);
}

uint16_t toBF16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffff) > 0x7f800000)
    return uint16_t((x >> 16) | 0x40);
  uint32_t rounding = 0x7fff + ((x >> 16) & 1);
  return uint16_t((x + rounding) >> 16);
}

bool parseArgType(const std::string &type, trident_arg_spec_s &spec) {
  spec.isBF16 = false;
  spec.isSigned = false;
  if (!type.empty() && type[0] == '*') {
    spec.kind = trident_arg_spec_s::Pointer;
    spec.bits = 64;
    return true;
  }
  static const struct {
    const char *name;
    trident_arg_spec_s::Kind kind;
    int bits;
    bool isSigned, bf16;
  } table[] = {
      {"i1", trident_arg_spec_s::Int, 1, false, false},
      {"i8", trident_arg_spec_s::Int, 8, true, false},
      {"i16", trident_arg_spec_s::Int, 16, true, false},
      {"i32", trident_arg_spec_s::Int, 32, true, false},
      {"i64", trident_arg_spec_s::Int, 64, true, false},
      {"u1", trident_arg_spec_s::Int, 1, false, false},
      {"u8", trident_arg_spec_s::Int, 8, false, false},
      {"u16", trident_arg_spec_s::Int, 16, false, false},
      {"u32", trident_arg_spec_s::Int, 32, false, false},
      {"u64", trident_arg_spec_s::Int, 64, false, false},
      {"fp16", trident_arg_spec_s::Float, 16, false, false},
      {"bf16", trident_arg_spec_s::Float, 16, false, true},
      {"fp32", trident_arg_spec_s::Float, 32, false, false},
      {"f32", trident_arg_spec_s::Float, 32, false, false},
      {"fp64", trident_arg_spec_s::Float, 64, false, false},
  };
  for (const auto &t : table)
    if (type == t.name) {
      spec.kind = t.kind;
      spec.bits = t.bits;
      spec.isSigned = t.isSigned;
      spec.isBF16 = t.bf16;
      return true;
    }
  return false;
}

} // namespace

std::string trident::rt::describeEntries(const std::vector<bundle::Entry> &es) {
  std::string s;
  for (const bundle::Entry &e : es)
    s += (s.empty() ? "" : ", ") + e.meta.kernel + " for " + e.meta.target +
         " (" + e.meta.format + ")";
  return s.empty() ? "nothing" : s;
}

std::map<std::string, size_t>
trident::rt::selectEntries(const Device &device,
                           const std::vector<bundle::Entry> &entries) {
  std::map<std::string, size_t> best;
  std::map<std::string, int> score;
  for (size_t i = 0; i < entries.size(); ++i) {
    int c = device.compatibility(entries[i].meta);
    if (c <= 0)
      continue;
    const std::string &k = entries[i].meta.kernel;
    if (!score.count(k) || c > score[k]) {
      score[k] = c;
      best[k] = i;
    }
  }
  return best;
}

extern "C" {

//===-- status ---------------------------------------------------------------===//

trident_status_code_t trident_status_code(trident_status_t s) {
  return s ? s->code : TRIDENT_OK;
}
const char *trident_status_message(trident_status_t s) {
  return s ? s->message.c_str() : "";
}
void trident_status_free(trident_status_t s) { delete s; }

//===-- runtime and devices ------------------------------------------------------===//

trident_status_t trident_runtime_create(trident_runtime_t **out) {
  REQUIRE(out, "out_runtime");
  auto rt = std::make_unique<trident_runtime_s>();
  rt->drivers.push_back(createCudaDriver());
  rt->drivers.push_back(createHipDriver());
  rt->drivers.push_back(createCpuDriver());
  for (auto &d : rt->drivers)
    for (auto &dev : d->devices)
      rt->devices.push_back(std::make_unique<trident_device_s>(
          trident_device_s{rt.get(), dev.get(), rt->devices.size()}));
  *out = rt.release();
  return nullptr;
}

void trident_runtime_release(trident_runtime_t *rt) { delete rt; }

size_t trident_runtime_driver_count(const trident_runtime_t *rt) {
  return rt ? rt->drivers.size() : 0;
}
const char *trident_runtime_driver_name(const trident_runtime_t *rt,
                                        size_t i) {
  return rt && i < rt->drivers.size() ? rt->drivers[i]->name.c_str() : nullptr;
}
const char *trident_runtime_driver_unavailable_reason(
    const trident_runtime_t *rt, size_t i) {
  if (!rt || i >= rt->drivers.size() || rt->drivers[i]->unavailable.empty())
    return nullptr;
  return rt->drivers[i]->unavailable.c_str();
}

size_t trident_runtime_device_count(const trident_runtime_t *rt) {
  return rt ? rt->devices.size() : 0;
}

trident_status_t trident_runtime_device(trident_runtime_t *rt, size_t i,
                                        trident_device_t **out) {
  REQUIRE(rt, "runtime");
  REQUIRE(out, "out_device");
  if (i >= rt->devices.size())
    return makeStatus(TRIDENT_NOT_FOUND,
                      "no device " + std::to_string(i) + " (there are " +
                          std::to_string(rt->devices.size()) + ")");
  *out = rt->devices[i].get();
  return nullptr;
}

trident_status_t trident_runtime_find_device(trident_runtime_t *rt,
                                             const char *prefix,
                                             trident_device_t **out) {
  REQUIRE(rt, "runtime");
  REQUIRE(prefix, "prefix");
  REQUIRE(out, "out_device");
  std::string p = prefix;
  for (auto &d : rt->devices)
    if (d->impl->target.compare(0, p.size(), p) == 0) {
      *out = d.get();
      return nullptr;
    }
  std::string why;
  for (auto &dr : rt->drivers)
    if (!dr->unavailable.empty())
      why += "; " + dr->name + ": " + dr->unavailable;
  return makeStatus(TRIDENT_NOT_FOUND,
                    "no device with a target starting with '" + p + "'" + why);
}

trident_status_t trident_device_info(const trident_device_t *d,
                                     trident_device_info_t *out) {
  REQUIRE(d, "device");
  REQUIRE(out, "out_info");
  *out = d->impl->info;
  out->name = d->impl->name.c_str();
  out->target = d->impl->target.c_str();
  out->driver = d->impl->driver.c_str();
  return nullptr;
}

//===-- memory ---------------------------------------------------------------===//

trident_status_t trident_buffer_allocate(trident_device_t *d, size_t bytes,
                                         trident_buffer_t **out) {
  REQUIRE(d, "device");
  REQUIRE(out, "out_buffer");
  void *addr = nullptr;
  if (trident_status_t s = d->impl->allocate(bytes ? bytes : 1, &addr))
    return s;
  *out = new trident_buffer_s{d, addr, bytes};
  return nullptr;
}

void trident_buffer_release(trident_buffer_t *b) {
  if (!b)
    return;
  b->device->impl->release(b->address);
  delete b;
}

void *trident_buffer_address(const trident_buffer_t *b) {
  return b ? b->address : nullptr;
}
size_t trident_buffer_size(const trident_buffer_t *b) { return b ? b->size : 0; }
trident_device_t *trident_buffer_device(const trident_buffer_t *b) {
  return b ? b->device : nullptr;
}

static trident_status_t checkRange(const trident_buffer_t *b, size_t offset,
                                   size_t bytes, const char *what) {
  if (offset > b->size || bytes > b->size - offset)
    return invalid(std::string(what) + ": bytes [" + std::to_string(offset) +
                   ", " + std::to_string(offset + bytes) +
                   ") are outside the buffer of " + std::to_string(b->size) +
                   " bytes");
  return nullptr;
}

static trident_status_t checkStream(const trident_device_s *d,
                                    const trident_stream_t *s) {
  if (s && s->device != d)
    return invalid("the stream belongs to device " + s->device->impl->target +
                   ", not to " + d->impl->target);
  return nullptr;
}

trident_status_t trident_buffer_write(trident_buffer_t *b, size_t offset,
                                      const void *src, size_t bytes,
                                      trident_stream_t *stream) {
  REQUIRE(b, "buffer");
  REQUIRE(src || !bytes, "source");
  if (trident_status_t s = checkRange(b, offset, bytes, "trident_buffer_write"))
    return s;
  if (trident_status_t s = checkStream(b->device, stream))
    return s;
  if (!bytes)
    return nullptr;
  return b->device->impl->copyIn(static_cast<char *>(b->address) + offset, src,
                                 bytes, stream ? stream->native : nullptr);
}

trident_status_t trident_buffer_read(const trident_buffer_t *b, size_t offset,
                                     void *dst, size_t bytes,
                                     trident_stream_t *stream) {
  REQUIRE(b, "buffer");
  REQUIRE(dst || !bytes, "destination");
  if (trident_status_t s = checkRange(b, offset, bytes, "trident_buffer_read"))
    return s;
  if (trident_status_t s = checkStream(b->device, stream))
    return s;
  if (!bytes)
    return nullptr;
  return b->device->impl->copyOut(
      dst, static_cast<const char *>(b->address) + offset, bytes,
      stream ? stream->native : nullptr);
}

trident_status_t trident_host_allocate(trident_device_t *d, size_t bytes,
                                       void **out) {
  REQUIRE(d, "device");
  REQUIRE(out, "out_pointer");
  return d->impl->hostAllocate(bytes ? bytes : 1, out);
}

void trident_host_free(trident_device_t *d, void *p) {
  if (d && p)
    d->impl->hostFree(p);
}

//===-- streams and events --------------------------------------------------------===//

trident_status_t trident_stream_create(trident_device_t *d,
                                       trident_stream_t **out) {
  REQUIRE(d, "device");
  REQUIRE(out, "out_stream");
  void *native = nullptr;
  if (trident_status_t s = d->impl->streamCreate(&native))
    return s;
  *out = new trident_stream_s{d, native};
  return nullptr;
}

void trident_stream_release(trident_stream_t *s) {
  if (!s)
    return;
  s->device->impl->streamDestroy(s->native);
  delete s;
}

trident_status_t trident_stream_synchronize(trident_stream_t *s) {
  REQUIRE(s, "stream");
  return s->device->impl->streamSynchronize(s->native);
}

trident_status_t trident_device_synchronize(trident_device_t *d) {
  REQUIRE(d, "device");
  return d->impl->synchronize();
}

trident_status_t trident_event_create(trident_device_t *d,
                                      trident_event_t **out) {
  REQUIRE(d, "device");
  REQUIRE(out, "out_event");
  void *native = nullptr;
  if (trident_status_t s = d->impl->eventCreate(&native))
    return s;
  *out = new trident_event_s{d, native};
  return nullptr;
}

void trident_event_release(trident_event_t *e) {
  if (!e)
    return;
  e->device->impl->eventDestroy(e->native);
  delete e;
}

trident_status_t trident_event_record(trident_event_t *e,
                                      trident_stream_t *s) {
  REQUIRE(e, "event");
  if (trident_status_t st = checkStream(e->device, s))
    return st;
  return e->device->impl->eventRecord(e->native, s ? s->native : nullptr);
}

trident_status_t trident_event_synchronize(trident_event_t *e) {
  REQUIRE(e, "event");
  return e->device->impl->eventSynchronize(e->native);
}

trident_status_t trident_event_elapsed_ms(const trident_event_t *a,
                                          const trident_event_t *b,
                                          float *out) {
  REQUIRE(a, "start");
  REQUIRE(b, "end");
  REQUIRE(out, "out_milliseconds");
  if (a->device != b->device)
    return invalid("trident_event_elapsed_ms: the events belong to different "
                   "devices");
  return a->device->impl->eventElapsed(a->native, b->native, out);
}

//===-- modules and kernels ------------------------------------------------------===//

trident_status_t trident_module_load_memory(trident_device_t *d,
                                            const void *data, size_t size,
                                            trident_module_t **out) {
  REQUIRE(d, "device");
  REQUIRE(data || !size, "data");
  REQUIRE(out, "out_module");
  std::vector<bundle::Entry> entries;
  std::string error;
  if (!bundle::read(std::string_view(static_cast<const char *>(data), size),
                    entries, error))
    return makeStatus(TRIDENT_DATA_LOSS, "cannot load bundle: " + error);
  std::map<std::string, size_t> chosen = selectEntries(*d->impl, entries);
  std::string contents = describeEntries(entries);
  if (chosen.empty())
    return makeStatus(TRIDENT_NOT_FOUND,
                      "the bundle has no entry that runs on " +
                          d->impl->target + " (" + d->impl->name +
                          "); it holds: " + contents);
  auto m = std::make_unique<trident_module_s>();
  m->device = d;
  m->contents = contents;
  for (auto &[kernel, index] : chosen) {
    trident_module_s::Loaded l;
    l.entry = std::move(entries[index]);
    if (trident_status_t s = d->impl->loadModule(l.entry, &l.native)) {
      for (auto &[k, done] : m->loaded)
        d->impl->unloadModule(done.native);
      return s;
    }
    m->loaded[kernel] = std::move(l);
  }
  *out = m.release();
  return nullptr;
}

trident_status_t trident_module_load_file(trident_device_t *d,
                                          const char *path,
                                          trident_module_t **out) {
  REQUIRE(d, "device");
  REQUIRE(path, "path");
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return makeStatus(TRIDENT_NOT_FOUND,
                      std::string("cannot read bundle '") + path + "': " +
                          std::strerror(errno));
  std::stringstream ss;
  ss << in.rdbuf();
  std::string data = ss.str();
  trident_status_t s =
      trident_module_load_memory(d, data.data(), data.size(), out);
  if (s)
    s->message = std::string(path) + ": " + s->message;
  return s;
}

void trident_module_release(trident_module_t *m) {
  if (!m)
    return;
  for (auto &[k, l] : m->loaded)
    m->device->impl->unloadModule(l.native);
  delete m;
}

trident_status_t trident_module_kernel(trident_module_t *m, const char *name,
                                       trident_kernel_t **out) {
  REQUIRE(m, "module");
  REQUIRE(name, "name");
  REQUIRE(out, "out_kernel");
  std::lock_guard<std::mutex> lock(m->mutex);
  auto cached = m->kernels.find(name);
  if (cached != m->kernels.end()) {
    *out = cached->second.get();
    return nullptr;
  }
  auto it = m->loaded.find(name);
  if (it == m->loaded.end())
    return makeStatus(TRIDENT_NOT_FOUND,
                      std::string("no kernel '") + name + "' for " +
                          m->device->impl->target + " in the bundle; it "
                          "holds: " + m->contents);
  auto k = std::make_unique<trident_kernel_s>();
  k->module = m;
  k->meta = it->second.entry.meta;
  for (const bundle::KernelArg &a : k->meta.args) {
    trident_arg_spec_s spec{};
    if (!parseArgType(a.type, spec))
      return makeStatus(TRIDENT_DATA_LOSS, "kernel '" + k->meta.kernel +
                                               "' has argument '" + a.name +
                                               "' of unknown type '" +
                                               a.type + "'");
    spec.name = a.name;
    spec.type = a.type;
    k->args.push_back(spec);
  }
  if (trident_status_t s = m->device->impl->getFunction(
          it->second.native, k->meta, &k->function))
    return s;
  *out = k.get();
  m->kernels[name] = std::move(k);
  return nullptr;
}

trident_status_t trident_kernel_info(const trident_kernel_t *k,
                                     trident_kernel_info_t *out) {
  REQUIRE(k, "kernel");
  REQUIRE(out, "out_info");
  out->name = k->meta.kernel.c_str();
  out->target = k->meta.target.c_str();
  out->format = k->meta.format.c_str();
  out->num_warps = k->meta.numWarps;
  out->threads_per_warp = k->meta.threadsPerWarp;
  out->block_size = k->meta.numWarps * k->meta.threadsPerWarp;
  out->shared_memory = k->meta.sharedMemory;
  out->num_args = k->args.size();
  return nullptr;
}

trident_status_t trident_kernel_arg(const trident_kernel_t *k, size_t i,
                                    const char **name, const char **type) {
  REQUIRE(k, "kernel");
  if (i >= k->args.size())
    return makeStatus(TRIDENT_NOT_FOUND,
                      "kernel '" + k->meta.kernel + "' has " +
                          std::to_string(k->args.size()) + " arguments");
  if (name)
    *name = k->args[i].name.c_str();
  if (type)
    *type = k->args[i].type.c_str();
  return nullptr;
}

//===-- launch ------------------------------------------------------------------===//

trident_status_t trident_kernel_launch(trident_kernel_t *k,
                                       const trident_launch_config_t *config,
                                       const trident_arg_t *args,
                                       size_t numArgs) {
  REQUIRE(k, "kernel");
  REQUIRE(config, "config");
  REQUIRE(args || !numArgs, "args");
  trident_device_s *device = k->module->device;
  if (numArgs != k->args.size())
    return invalid("kernel '" + k->meta.kernel + "' takes " +
                   std::to_string(k->args.size()) + " arguments, got " +
                   std::to_string(numArgs));
  if (trident_status_t s = checkStream(device, config->stream))
    return s;
  uint32_t grid[3];
  for (int i = 0; i < 3; ++i)
    grid[i] = config->grid[i] ? config->grid[i] : 1;

  // One 8-byte slot per argument, and a pointer to each.
  constexpr size_t kInline = 32;
  uint64_t slotsInline[kInline];
  void *ptrsInline[kInline];
  std::vector<uint64_t> slotsHeap;
  std::vector<void *> ptrsHeap;
  uint64_t *slots = slotsInline;
  void **ptrs = ptrsInline;
  if (numArgs > kInline) {
    slotsHeap.resize(numArgs);
    ptrsHeap.resize(numArgs);
    slots = slotsHeap.data();
    ptrs = ptrsHeap.data();
  }
  auto argError = [&](size_t i, const std::string &what) {
    return invalid("argument " + std::to_string(i) + " '" + k->args[i].name +
                   "' of kernel '" + k->meta.kernel + "' (" + k->args[i].type +
                   "): " + what);
  };
  static const char *kindNames[] = {"a buffer", "a pointer", "an integer",
                                    "a float"};
  for (size_t i = 0; i < numArgs; ++i) {
    const trident_arg_spec_s &spec = k->args[i];
    const trident_arg_t &a = args[i];
    slots[i] = 0;
    ptrs[i] = &slots[i];
    if (unsigned(a.kind) > TRIDENT_ARG_FLOAT)
      return argError(i, "unknown argument kind " + std::to_string(a.kind));
    switch (spec.kind) {
    case trident_arg_spec_s::Pointer: {
      const void *address;
      if (a.kind == TRIDENT_ARG_BUFFER) {
        const trident_buffer_t *b = a.value.buffer.buffer;
        if (!b)
          return argError(i, "the buffer is NULL");
        if (b->device != device)
          return argError(i, "the buffer belongs to device " +
                                 b->device->impl->target + " (" +
                                 b->device->impl->name +
                                 "), but the kernel runs on " +
                                 device->impl->target + " (" +
                                 device->impl->name + ")");
        if (a.value.buffer.offset > b->size)
          return argError(i, "offset " +
                                 std::to_string(a.value.buffer.offset) +
                                 " is past the end of the buffer");
        address = static_cast<const char *>(b->address) + a.value.buffer.offset;
      } else if (a.kind == TRIDENT_ARG_POINTER) {
        address = a.value.pointer;
        if (address && !device->impl->owns(address))
          return argError(i, "the pointer does not point to memory of "
                             "device " + device->impl->target + " (" +
                             device->impl->name + ")");
      } else {
        return argError(i, std::string("expected a buffer or a pointer, got ") +
                               kindNames[a.kind]);
      }
      std::memcpy(&slots[i], &address, sizeof(address));
      break;
    }
    case trident_arg_spec_s::Int: {
      if (a.kind != TRIDENT_ARG_INT)
        return argError(i, std::string("expected an integer, got ") +
                               kindNames[a.kind]);
      int64_t v = a.value.i;
      bool fits;
      if (spec.bits == 1)
        fits = v == 0 || v == 1;
      else if (spec.bits == 64)
        fits = spec.isSigned || v >= 0;
      else if (spec.isSigned)
        fits = v >= -(int64_t(1) << (spec.bits - 1)) &&
               v < (int64_t(1) << (spec.bits - 1));
      else
        fits = v >= 0 && v < (int64_t(1) << spec.bits);
      if (!fits)
        return argError(i, std::to_string(v) + " does not fit");
      uint64_t u = uint64_t(v);
      if (spec.bits < 64)
        u &= (uint64_t(1) << (spec.bits == 1 ? 8 : spec.bits)) - 1;
      slots[i] = u; // little-endian: the low bytes hold the value
      break;
    }
    case trident_arg_spec_s::Float: {
      double v;
      if (a.kind == TRIDENT_ARG_FLOAT)
        v = a.value.f;
      else if (a.kind == TRIDENT_ARG_INT)
        v = double(a.value.i);
      else
        return argError(i, std::string("expected a float, got ") +
                               kindNames[a.kind]);
      if (spec.bits == 64) {
        std::memcpy(&slots[i], &v, 8);
      } else if (spec.bits == 32) {
        float f = float(v);
        std::memcpy(&slots[i], &f, 4);
      } else {
        uint16_t h = spec.isBF16 ? toBF16(float(v)) : toHalf(float(v));
        std::memcpy(&slots[i], &h, 2);
      }
      break;
    }
    }
  }
  return device->impl->launch(k->function, k->meta, grid, ptrs, numArgs,
                              config->stream ? config->stream->native
                                             : nullptr);
}

} // extern "C"
